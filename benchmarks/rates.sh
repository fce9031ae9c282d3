#!/usr/bin/env bash
# afdo benchmarks: cachegrind counts of real programs built at -O2 and
# with two plugin builds, each fed the same profiles recorded at two
# sampling rates; writes benchmarks/work/run/rates/records.tsv.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: benchmarks/rates.sh OLD_PLUGIN PROGRAM...
#
# For each PROGRAM of benchmarks/real/: the -O2 -g build (run.sh's
# build_variant), one perf record of its full workload per rate of
# RATES_FREQS (default "20000 4000"; -e cpu-clock, as run.sh records
# without LBR), each converted once by this tree's afdo-convert with its
# default options; then per rate the plugin build with OLD_PLUGIN
# (variant old-F) and with this tree's build/afdo.so (variant new-F),
# both from that one profile.  Every build must print -O2's output on the
# small workload; cachegrind (run.sh's run_cachegrind: --cache-sim=no
# --branch-sim=yes, the small workload) then counts the instructions
# and mispredicted branches of each.  Records go to
# $AFDO_BENCH_WORK/run/rates/records.tsv (lines "cg P V IR BR MP",
# "samples P F N", "status P V why"); the cachegrind output files stay in
# run/rates/P/cg/V for cg_annotate.  Nothing is timed.

set -u -o pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_PLUGIN PROGRAM..." >&2
  exit 2
fi
OLD_PLUGIN=$(readlink -f "$1")
shift
RATES_PROGRAMS=("$@")
read -r -a FREQS <<<"${RATES_FREQS:-20000 4000}"

# run.sh's functions and settings, without its main.
set -- quick
eval "$(sed '/^main$/d' "$(dirname "${BASH_SOURCE[0]}")/run.sh")"
RUNDIR=$WORK/run/rates
REC=$RUNDIR/records.tsv
LOG=$RUNDIR/bench.log
# No variant is timed: build_variant links no shifted copies.
VARIANTS=()

# rates_program P: everything for one program (run in a subshell).
rates_program ()
{
  local p=$1 f v bin pl ref out
  declare -A ok=()
  PDIR=$RUNDIR/$p
  rm -rf "$PDIR"
  mkdir -p "$PDIR"
  log "== $p"
  if ! load_recipe "$p"; then
    record status "$p" all na "$WHY"
    return 0
  fi
  r_inputs >>"$LOG" 2>&1
  write_workload "$p" full
  write_workload "$p" small
  log "$p: build O2"
  if ! build_variant "$p" O2 "$PDIR/O2"; then
    record status "$p" O2 na "O2 build failed"
    return 0
  fi
  ok[O2]=$PDIR/O2/$p
  for f in "${FREQS[@]}"; do
    log "$p: perf record -F $f"
    if ! perf record -e cpu-clock -F "$f" -q -o "$PDIR/perf-$f.data" -- \
         bash "$PDIR/workload-full.sh" "${ok[O2]}" >/dev/null 2>"$PDIR/perf-$f.log"; then
      record status "$p" "$f" na "perf record failed"
      continue
    fi
    record samples "$p" "$f" \
      "$(perf script -i "$PDIR/perf-$f.data" -F comm 2>/dev/null | wc -l)"
    if ! "$CONVERT" --binary="${ok[O2]}" --perf="$PDIR/perf-$f.data" \
         -o "$PDIR/$p-$f.gcov" >"$PDIR/convert-$f.log" 2>&1; then
      record status "$p" "$f" na "afdo-convert failed"
      continue
    fi
    for pl in old new; do
      v=$pl-$f
      bin=$PLUGIN
      [ $pl = old ] && bin=$OLD_PLUGIN
      log "$p: build $v"
      if build_variant "$p" "$v" "$PDIR/$v" -fplugin="$bin" \
           -fplugin-arg-afdo-profile="$PDIR/$p-$f.gcov"; then
        ok[$v]=$PDIR/$v/$p
      else
        record status "$p" "$v" na "build failed: $(failure_line "$PDIR/$v/build-$v.log")"
      fi
    done
  done
  ref=$(bash "$PDIR/workload-small.sh" "${ok[O2]}" 2>/dev/null | md5sum)
  for v in "${!ok[@]}"; do
    [ "$v" = O2 ] && continue
    if ! out=$(bash "$PDIR/workload-small.sh" "${ok[$v]}" 2>/dev/null | md5sum) \
       || [ "$out" != "$ref" ]; then
      record status "$p" "$v" na "output differs from O2's on the small workload"
      unset "ok[$v]"
    fi
  done
  for v in O2 $(for f in "${FREQS[@]}"; do echo old-$f new-$f; done); do
    [ -n "${ok[$v]:-}" ] || continue
    log "$p: cachegrind $v"
    run_cachegrind "$p" "$v" "${ok[$v]}" || log "$p: cachegrind $v failed"
  done
}

mkdir -p "$RUNDIR"
touch "$REC" "$LOG"
setup_tools
printf 'meta\tcommit\t%s\n' "$(git -C "$SRC" rev-parse --short HEAD)" >>"$REC"
printf 'meta\told_plugin\t%s\n' "$OLD_PLUGIN" >>"$REC"
for p in "${RATES_PROGRAMS[@]}"; do
  ( rates_program "$p" )
done
