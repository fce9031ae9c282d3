# afdo benchmarks: shell functions the harnesses share (sourced).
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# The caller sets REC (the records file) and LOG (the log file).

# record KIND FIELD...: one tab-separated line of results.
record ()
{
  local IFS=$'\t'
  printf '%s\n' "$*" >>"$REC"
}

# First line of a log that looks like the reason of a failure.
failure_line ()
{
  local l
  l=$(grep -m1 -E 'error|internal compiler|Segmentation|[Ff]atal|cannot|failed|not found|No such' "$1" 2>/dev/null)
  [ -n "$l" ] || l=$(grep -v '^[[:space:]]*$' "$1" 2>/dev/null | tail -n 1)
  [ -n "$l" ] || l="(no message)"
  printf '%s' "${l:0:200}" | tr '\t' ' '
}

# Install Debian packages quietly when root; false otherwise.
bench_apt_install ()
{
  [ "$(id -u)" = 0 ] || return 1
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "$@" >>"$LOG" 2>&1
}
