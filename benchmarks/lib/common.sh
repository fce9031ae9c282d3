# afdo benchmarks: shell functions the harnesses share (sourced).
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# The caller sets REC (the records file), LOG (the log file), SRC (the
# source tree), BENCH (this directory's parent), CC and BASE_CFLAGS, and
# defines log MESSAGE; what a function uses besides is said above it.

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

# benchtime (lib/benchtime.c), the harnesses' timer, built as $1.
bench_build_benchtime ()
{
  "$CC" -std=c11 -O2 -Wall -Wextra "$BENCH/lib/benchtime.c" -o "$1" \
    >>"$LOG" 2>&1
}

# gnuplot and valgrind, installed when missing and possible; the report
# does without them, and the log says so.
bench_optional_tools ()
{
  command -v gnuplot >/dev/null || bench_apt_install gnuplot-nox \
    || log "gnuplot not available: no plot"
  command -v valgrind >/dev/null || bench_apt_install valgrind \
    || log "valgrind not available: no instruction counts"
}

# PERF_ARGS: how perf records a profile here, with LBR where the machine
# has it, else IP samples (-F PERF_FREQ); PERF_ARGS_DESC says which.  $1
# is a directory for the trial recording.
bench_perf_args ()
{
  if perf record -b -o "$1/lbr.data" -q -- true >/dev/null 2>&1; then
    PERF_ARGS=(-b)
    PERF_ARGS_DESC="perf record -b (LBR)"
  else
    PERF_ARGS=(-e cpu-clock -F "$PERF_FREQ")
    PERF_ARGS_DESC="perf record -e cpu-clock -F $PERF_FREQ (IP samples; no LBR here)"
  fi
  rm -f "$1/lbr.data"*
}

# PLUGIN_HELP: the help of the plugin $PLUGIN with its tuning switches
# (help=all), also written to $RUNDIR/plugin-help.txt; ABLATION:
# $BENCH_ABLATION, else the arguments that turn off the plugin's inliner
# and indirect-call promotion, those of them its help names.  $1 is a
# directory for a scratch file.
bench_plugin_help ()
{
  echo 'int main (void) { return 0; }' >"$1/empty.c"
  PLUGIN_HELP=$("$CC" -fplugin="$PLUGIN" -fplugin-arg-afdo-help=all \
                  -c "$1/empty.c" -o /dev/null 2>&1)
  printf '%s\n' "$PLUGIN_HELP" >"$RUNDIR/plugin-help.txt"
  ABLATION=()
  if [ -n "${BENCH_ABLATION:-}" ]; then
    read -r -a ABLATION <<<"$BENCH_ABLATION"
  else
    grep -qiE '(^|[^a-z-])inline([^a-z-]|$)' <<<"$PLUGIN_HELP" \
      && ABLATION+=(-fplugin-arg-afdo-inline=0)
    grep -qiE '(^|[^a-z-])icp([^a-z-]|$)' <<<"$PLUGIN_HELP" \
      && ABLATION+=(-fplugin-arg-afdo-icp=0)
  fi
  return 0
}
