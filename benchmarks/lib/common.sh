# afdo benchmarks: shell functions the harnesses share (sourced).
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# The caller sets REC (the records file), LOG (the log file), SRC (the
# source tree), CC and BASE_CFLAGS.

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

# The "meta" records every report starts with: date, machine, commit,
# the parts of the tree that differ from it (results excluded), compiler
# and base flags.
machine_meta ()
{
  printf 'meta\tdate\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf 'meta\tuname\t%s\n' "$(uname -a)"
  printf 'meta\tnproc\t%s\n' "$(nproc)"
  printf 'meta\tcpu\t%s\n' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | sort -u | paste -sd';')"
  printf 'meta\tcommit\t%s\n' "$(git -C "$SRC" rev-parse HEAD 2>/dev/null || echo unknown)"
  printf 'meta\tdirty\t%s\n' "$(git -C "$SRC" status --porcelain -- . ':!benchmarks/results' 2>/dev/null \
    | awk '{ sub(/^.../, ""); split($0, a, "/"); print a[1] "/" }' | sort -u | paste -sd' ')"
  printf 'meta\tgcc\t%s\n' "$("$CC" --version | head -n 1)"
  printf 'meta\tcflags\t%s\n' "${BASE_CFLAGS[*]}"
}
