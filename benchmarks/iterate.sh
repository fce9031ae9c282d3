#!/usr/bin/env bash
# afdo benchmarks: iterative AutoFDO (seed 000, Section 5.2, Figure 8).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: benchmarks/iterate.sh
#
# Round 0 builds the program with the base flags (-O2 -g), profiles it
# and converts the samples with afdo-convert into P0.  Round k (1..N)
# builds the program with the profile of round k-1, checks that it prints
# what the -O2 binary prints, and profiles that binary in turn.  The loop
# runs once per series:
#   plugin           -fplugin=afdo.so -fplugin-arg-afdo-profile=P
#   autofdo          GCC 12's own -fauto-profile=P
#   plugin-noinline  the plugin with its early inliner and indirect-call
#                    promotion switched off (only when the plugin lists
#                    the switches in -fplugin-arg-afdo-help=all)
# Every series starts from the same P0.  Then every binary is timed
# against -O2 (rounds in which every binary runs the full workload once,
# the order rotating; each run divided by the -O2 run of the same round)
# and counted by cachegrind on the small input, and the report says per
# series whether the speedup fluctuates every other round (the
# instability of seed 000's Figure 8) or is stable.
#
# Environment (all optional):
#   ITER_PROGRAM     a program of benchmarks/programs/ (default dispatch)
#   ITER_ROUNDS      rounds after round 0 (default 3)
#   ITER_PAIRS       timing rounds (default 9, at least 7 recommended)
#   ITER_SERIES      series to run (default "plugin autofdo plugin-noinline")
#   ITER_PROFILER    perf (default; perf record -b where the machine has
#                    LBR, else -e cpu-clock IP samples) or lbrgen (the
#                    synthetic LBR of build/afdo-lbrgen on ITER_LBRGEN_ARG,
#                    which gives indirect-call target histograms on
#                    machines without LBR; slow: it single-steps)
#   ITER_PERF_FREQ   cpu-clock sampling frequency (default 20000)
#   ITER_LBRGEN_ARG  the program's argument under afdo-lbrgen (default 10)
#   ITER_LBRGEN_PERIOD  afdo-lbrgen --period (default 1000)
#   ITER_CALLER, ITER_HOT  the function holding the hot indirect call and
#                    its hot target (default: the program's "iterate:"
#                    comment line)
#   ITER_NAME        report name (default iterate, or iterate-lbrgen; -PROGRAM
#                    added for another program than dispatch)
#   BENCH_CFLAGS     base flags (default "-O2 -g")
#   BENCH_ABLATION   plugin arguments of plugin-noinline (default: found
#                    from the plugin's -fplugin-arg-afdo-help=all)
#   AFDO_BUILD_DIR   where afdo.so, afdo-convert, afdo-dump are (default build/)
#   AFDO_BENCH_RESULTS  where the report goes (default benchmarks/results)
#   AFDO_BENCH_WORK  scratch directory (default benchmarks/work)
#
# Exit status: 0 when the report was written; 1 (with a line saying
# which) when a round's binary prints something else than the -O2 binary,
# or a build, profile or tool failed.

set -u -o pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(dirname "$BENCH")
WORK=${AFDO_BENCH_WORK:-$BENCH/work}
RESULTS=${AFDO_BENCH_RESULTS:-$BENCH/results}
BDIR=${AFDO_BUILD_DIR:-$SRC/build}
CC=${BENCH_CC:-gcc}
read -r -a BASE_CFLAGS <<<"${BENCH_CFLAGS:--O2 -g}"
PROGRAM=${ITER_PROGRAM:-dispatch}
ROUNDS=${ITER_ROUNDS:-3}
PAIRS=${ITER_PAIRS:-9}
read -r -a SERIES <<<"${ITER_SERIES:-plugin autofdo plugin-noinline}"
PROFILER=${ITER_PROFILER:-perf}
PERF_FREQ=${ITER_PERF_FREQ:-20000}
LBRGEN_ARG=${ITER_LBRGEN_ARG:-10}
LBRGEN_PERIOD=${ITER_LBRGEN_PERIOD:-1000}
SUFFIX=
[ "$PROGRAM" = dispatch ] || SUFFIX=-$PROGRAM
case $PROFILER in
  perf) NAME=${ITER_NAME:-iterate$SUFFIX} ;;
  lbrgen) NAME=${ITER_NAME:-iterate-lbrgen$SUFFIX} ;;
  *) echo "iterate.sh: ITER_PROFILER must be perf or lbrgen, not '$PROFILER'" >&2; exit 2 ;;
esac

RUNDIR=$WORK/iterate/$NAME
REC=$RUNDIR/records.tsv
LOG=$RUNDIR/iterate.log

log ()
{
  printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2
}

# die MESSAGE: the one line that says why, then exit 1.
die ()
{
  printf 'iterate.sh: FAILED: %s\n' "$*" | tee -a "$LOG" >&2
  exit 1
}

. "$BENCH/lib/common.sh"

setup ()
{
  mkdir -p "$RUNDIR/tools" "$RESULTS"
  : >"$LOG"
  : >"$REC"
  SRCFILE=$BENCH/programs/$PROGRAM.c
  [ -f "$SRCFILE" ] || die "no such program: $SRCFILE"
  FULL=$(sed -n 's/.*bench: full=\([0-9]*\).*/\1/p' "$SRCFILE")
  SMALL=$(sed -n 's/.*bench: full=[0-9]* small=\([0-9]*\).*/\1/p' "$SRCFILE")
  [ -n "$FULL" ] && [ -n "$SMALL" ] \
    || die "$SRCFILE has no 'bench: full=N small=M' line"
  CALLER=${ITER_CALLER:-$(sed -n 's/.*iterate: caller=\([A-Za-z0-9_]*\).*/\1/p' "$SRCFILE")}
  HOT=${ITER_HOT:-$(sed -n 's/.*iterate: .*hot=\([A-Za-z0-9_]*\).*/\1/p' "$SRCFILE")}
  [ -n "$CALLER" ] && [ -n "$HOT" ] \
    || die "no hot call site: set ITER_CALLER and ITER_HOT or add an 'iterate: caller=F hot=G' line to $SRCFILE"

  # Snapshots of the tools, so a rebuild during the run cannot change them.
  local t
  for t in afdo-convert afdo-dump afdo.so; do
    [ -f "$BDIR/$t" ] || die "$BDIR/$t is not built (make all, or set AFDO_BUILD_DIR)"
    cp "$BDIR/$t" "$RUNDIR/tools/$t" || die "cannot copy $BDIR/$t"
  done
  CONVERT=$RUNDIR/tools/afdo-convert
  DUMP=$RUNDIR/tools/afdo-dump
  PLUGIN=$RUNDIR/tools/afdo.so
  if [ "$PROFILER" = lbrgen ]; then
    [ -x "$BDIR/afdo-lbrgen" ] || die "$BDIR/afdo-lbrgen is not built"
    cp "$BDIR/afdo-lbrgen" "$RUNDIR/tools/" || die "cannot copy afdo-lbrgen"
    LBRGEN=$RUNDIR/tools/afdo-lbrgen
  fi

  bench_build_benchtime "$RUNDIR/tools/benchtime" \
    || die "cannot build benchmarks/lib/benchtime.c"
  BT=$RUNDIR/tools/benchtime
  bench_optional_tools
  command -v objdump >/dev/null || log "objdump not available: no code facts"

  if [ "$PROFILER" = perf ]; then
    command -v perf >/dev/null || die "perf is not installed (or use ITER_PROFILER=lbrgen)"
    bench_perf_args "$RUNDIR"
    PROF_DESC="$PERF_ARGS_DESC, full workload ($FULL)"
  else
    PROF_DESC="afdo-lbrgen --period $LBRGEN_PERIOD (synthetic LBR, single-stepped), workload $LBRGEN_ARG"
  fi

  # The plugin's switches for its inliner and indirect-call promotion.
  bench_plugin_help "$RUNDIR"
  local s keep=()
  for s in "${SERIES[@]}"; do
    case $s in
      plugin|autofdo) keep+=("$s") ;;
      plugin-noinline)
        if [ ${#ABLATION[@]} = 0 ]; then
          log "plugin-noinline: skipped: the plugin lists no switch for its inliner"
          record skipped plugin-noinline "the plugin lists no switch for its inliner (-fplugin-arg-afdo-help=all)"
        else
          keep+=("$s")
        fi ;;
      *) die "unknown series '$s' (plugin, autofdo, plugin-noinline)" ;;
    esac
  done
  SERIES=("${keep[@]}")
}

# series_flags S PROFILE: the flags of series S.
series_flags ()
{
  case $1 in
    O2) ;;
    autofdo) echo "-fauto-profile=$2" ;;
    plugin)
      echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$2 -fplugin-arg-afdo-verbose -fplugin-arg-afdo-dump" ;;
    plugin-noinline)
      echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$2 -fplugin-arg-afdo-verbose -fplugin-arg-afdo-dump ${ABLATION[*]}" ;;
  esac
}

# build S K PROFILE: compile round K of series S into $RUNDIR/S-K/prog.
build ()
{
  local s=$1 k=$2 prof=${3:-} d=$RUNDIR/$1-$2
  rm -rf "$d"
  mkdir -p "$d"
  # shellcheck disable=SC2046
  if ! (cd "$d" && "$CC" "${BASE_CFLAGS[@]}" $(series_flags "$s" "$prof") \
          "$SRCFILE" -o prog >build.log 2>&1); then
    die "round $k of $s does not build: $(failure_line "$d/build.log") (see $d/build.log)"
  fi
  printf '%s\n' "$CC ${BASE_CFLAGS[*]} $(series_flags "$s" "$prof") $SRCFILE -o prog" >"$d/command"
}

# check S K: the binary of round K of series S prints what -O2 prints on
# the small input.
check ()
{
  local s=$1 k=$2 d=$RUNDIR/$1-$2
  local rc=0
  "$d/prog" "$SMALL" >"$d/small.out" 2>"$d/small.err" || rc=$?
  if [ $rc != 0 ]; then
    record check "$s" "$k" crash
    die "round $k of $s: the binary fails on the small input (exit status $rc; see $d/small.err)"
  fi
  if ! cmp -s "$d/small.out" "$RUNDIR/O2-0/small.out"; then
    record check "$s" "$k" wrong
    die "round $k of $s: the binary prints different output from -O2 on the small input ($d/small.out vs $RUNDIR/O2-0/small.out)"
  fi
  record check "$s" "$k" ok
}

# profile S K: profile the binary of round K of series S into
# $RUNDIR/S-K/prof.gcov and record what it says about the hot call site.
profile ()
{
  local s=$1 k=$2 d=$RUNDIR/$1-$2
  if [ "$PROFILER" = perf ]; then
    perf record "${PERF_ARGS[@]}" -q -o "$d/perf.data" -- "$d/prog" "$FULL" \
      >"$d/full.out" 2>"$d/perf.log" \
      || die "perf record of round $k of $s failed: $(failure_line "$d/perf.log")"
    cmp -s "$d/full.out" "$RUNDIR/O2-0/full.out" \
      || die "round $k of $s: the binary prints different output from -O2 on the full workload"
  else
    "$LBRGEN" -o "$d/perf.data" --period "$LBRGEN_PERIOD" -- "$d/prog" "$LBRGEN_ARG" \
      >"$d/lbrgen.out" 2>"$d/perf.log" \
      || die "afdo-lbrgen of round $k of $s failed: $(failure_line "$d/perf.log")"
  fi
  "$CONVERT" --binary="$d/prog" --perf="$d/perf.data" -o "$d/prof.gcov" \
    >"$d/convert.log" 2>&1 && [ -s "$d/prof.gcov" ] \
    || die "afdo-convert of round $k of $s failed: $(failure_line "$d/convert.log")"
  "$DUMP" "$d/prof.gcov" >"$d/prof.txt" 2>"$d/dump.log" \
    || die "afdo-dump cannot read the profile of round $k of $s: $(failure_line "$d/dump.log")"
  rm -f "$d/perf.data"
  # The hot call site in the profile: the samples of the top-level
  # instances of CALLER and HOT, of HOT's inline instances (anywhere),
  # and the indirect-call target histograms of CALLER's positions.
  awk -v s="$s" -v k="$k" -v caller="$CALLER" -v hot="$HOT" '
    function base(n) { sub(/\..*/, "", n); return n }
    {
      match($0, /^ */); depth = RLENGTH
      line = substr($0, depth + 1)
    }
    depth == 0 {
      n = split(line, a, ":")
      fn = base(a[1]); total += a[2]
      top[fn] += a[2]
      stack[0] = fn
      next
    }
    {
      n = split(line, w, " ")
      # "OFF: CALLEE:TOTAL" opens an inline instance.
      if (n == 2 && w[2] ~ /^[^0-9][^:]*:[0-9]+$/) {
        split(w[2], c, ":")
        callee = base(c[1])
        stack[depth] = callee
        if (callee == hot) inl += c[2]
        if (callee == caller) nested_caller += c[2]
        ninl++
        next
      }
      # "OFF: COUNT TARGET:COUNT...": a position, maybe with targets.
      if (n > 2 && stack[depth - 1] == caller) {
        h = ""
        for (i = 3; i <= n; i++) {
          split(w[i], c, ":")
          hist_total += c[2]
          if (base(c[1]) == hot) hist_hot += c[2]
          h = h (h == "" ? "" : " ") w[i]
        }
        hist = hist (hist == "" ? "" : "; ") w[1] " " h
      }
    }
    END {
      if (hist == "") hist = "-"
      printf "prof\t%s\t%d\t%.0f\t%.0f\t%.0f\t%.0f\t%.0f\t%d\t%.0f\t%.0f\t%s\n", s, k, total,
        top[caller], top[hot], inl, nested_caller, ninl, hist_total, hist_hot, hist
    }' "$d/prof.txt" >>"$REC"
}

# facts S K: what the compiler did at the hot call site, from the code of
# CALLER (and its clones): indirect calls, direct calls to HOT, other
# references to HOT (the address comparison of a promoted call), and,
# for the plugin, its dump and verbose lines about inlining/promotion.
facts ()
{
  local s=$1 k=$2 d=$RUNDIR/$1-$2 lines=0 first="-"
  if command -v objdump >/dev/null; then
    objdump -d --no-show-raw-insn "$d/prog" | awk -v s="$s" -v k="$k" \
      -v caller="$CALLER" -v hot="$HOT" '
      /^[0-9a-f]+ <.*>:$/ {
        name = $2; gsub(/[<>:]/, "", name)
        in_caller = (name == caller || index(name, caller ".") == 1)
        next
      }
      !in_caller { next }
      /call/ && /\*/ { icalls++; next }
      /call/ && index($0, "<" hot ">") { dcalls++; next }
      /call/ && index($0, "<" hot ".") { dcalls++; next }
      index($0, "<" hot ">") || index($0, "<" hot ".") { refs++ }
      END { printf "code\t%s\t%d\t%d\t%d\t%d\n", s, k, icalls, dcalls, refs }' >>"$REC"
  fi
  case $s in
    plugin*)
      cat "$d"/*.autofdo "$d/build.log" 2>/dev/null \
        | grep -iE 'promot|inlin|icp|indirect' \
        | grep -vE '^[[:space:]#{}]|^profile |__attribute__|DEBUG' >"$d/plugin-did.txt"
      lines=$(wc -l <"$d/plugin-did.txt")
      [ "$lines" -gt 0 ] && first=$(head -n 3 "$d/plugin-did.txt" | tr '\t\n' '  ' | cut -c1-300)
      record did "$s" "$k" "$lines" "$first"
      ;;
  esac
}

# cachegrind S K: instruction and branch counts on the small input.
cachegrind ()
{
  local s=$1 k=$2 d=$RUNDIR/$1-$2
  command -v valgrind >/dev/null || return 0
  valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no \
    --cachegrind-out-file=/dev/null --log-file="$d/cg.log" \
    "$d/prog" "$SMALL" >/dev/null 2>&1 \
    || { log "cachegrind of round $k of $s failed"; return 0; }
  tr -d , <"$d/cg.log" | awk -v s="$s" -v k="$k" '
    /I +refs:/ { ir = $NF }
    /Branches:/ { for (i = 1; i <= NF; i++) if ($i == "Branches:") br = $(i + 1) }
    /Mispredicts:/ { for (i = 1; i <= NF; i++) if ($i == "Mispredicts:") mp = $(i + 1) }
    END { if (ir > 0) printf "cg\t%s\t%d\t%.0f\t%.0f\t%.0f\n", s, k, ir, br, mp }' >>"$REC"
}

main ()
{
  setup
  local start
  start=$(date +%s)
  {
    printf 'meta\tname\t%s\n' "$NAME"
    machine_meta
    printf 'meta\tprogram\t%s\n' "$PROGRAM"
    printf 'meta\tworkload\t%s\n' "full=$FULL small=$SMALL"
    printf 'meta\tcaller\t%s\n' "$CALLER"
    printf 'meta\thot\t%s\n' "$HOT"
    printf 'meta\trounds\t%s\n' "$ROUNDS"
    printf 'meta\tpairs\t%s\n' "$PAIRS"
    printf 'meta\tprofiler\t%s\n' "$PROF_DESC"
    printf 'meta\tplugin_build\t%s\n' "$BDIR"
    printf 'meta\tablation\t%s\n' "${ABLATION[*]:-none}"
    printf 'meta\tseries\t%s\n' "${SERIES[*]}"
    printf 'meta\tload_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  } >>"$REC"
  log "$PROGRAM: series ${SERIES[*]}; $ROUNDS rounds; $PROF_DESC"

  # Round 0: -O2, the reference output, and P0.
  log "round 0: build -O2"
  build O2 0
  "$RUNDIR/O2-0/prog" "$SMALL" >"$RUNDIR/O2-0/small.out" 2>"$RUNDIR/O2-0/small.err" \
    || die "the -O2 binary fails on the small input"
  "$RUNDIR/O2-0/prog" "$FULL" >"$RUNDIR/O2-0/full.out" 2>/dev/null \
    || die "the -O2 binary fails on the full workload"
  log "round 0: profile -O2"
  profile O2 0
  facts O2 0
  cachegrind O2 0

  local s k
  for s in "${SERIES[@]}"; do
    for ((k = 1; k <= ROUNDS; k++)); do
      local prev=$RUNDIR/$s-$((k - 1))/prof.gcov
      [ $k = 1 ] && prev=$RUNDIR/O2-0/prof.gcov
      log "$s: round $k: build with the profile of round $((k - 1)), check, profile"
      build "$s" "$k" "$prev"
      check "$s" "$k"
      profile "$s" "$k"
      facts "$s" "$k"
      cachegrind "$s" "$k"
    done
  done

  # The ablation: plugin and plugin-noinline both build round 1 from P0,
  # so their code differs only by what the switched-off inliner and
  # indirect-call promotion would have done.
  if [ -f "$RUNDIR/plugin-1/prog" ] && [ -f "$RUNDIR/plugin-noinline-1/prog" ] \
     && command -v objdump >/dev/null; then
    local a b
    a=$(objdump -d --no-show-raw-insn "$RUNDIR/plugin-1/prog" | tail -n +3 | md5sum)
    b=$(objdump -d --no-show-raw-insn "$RUNDIR/plugin-noinline-1/prog" | tail -n +3 | md5sum)
    record ablation "$([ "$a" = "$b" ] && echo same || echo differ)"
  fi

  # Timing: in each round every binary runs the full workload once, the
  # order rotating; each binary's CPU time is divided by the -O2 run of the
  # same round (lib/report: the ratio's median and IQR).
  local bins=(O2-0) b r i n t
  for s in "${SERIES[@]}"; do
    for ((k = 1; k <= ROUNDS; k++)); do bins+=("$s-$k"); done
  done
  n=${#bins[@]}
  for b in "${bins[@]}"; do   # warm-up, not recorded
    "$RUNDIR/$b/prog" "$FULL" >/dev/null 2>&1
  done
  log "timing: $n binaries, $PAIRS rounds"
  for ((r = 0; r < PAIRS; r++)); do
    for ((i = 0; i < n; i++)); do
      b=${bins[$(((i + r) % n))]}
      "$BT" "$RUNDIR/t.time" "$RUNDIR/$b/prog" "$FULL" >/dev/null 2>&1
      read -r -a t <"$RUNDIR/t.time"
      [ "${t[5]}" = 0 ] || die "$b exited with status ${t[5]} in timing round $r"
      record time "$r" "${b%-*}" "${b##*-}" "${t[1]}" "${t[0]}"
    done
  done
  {
    printf 'meta\tload_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'meta\telapsed\t%s\n' "$(( $(date +%s) - start ))"
  } >>"$REC"
  bash "$BENCH/lib/iterate-report.sh" "$REC" "$RESULTS/$NAME" \
    || die "the report could not be written"
  log "wrote $RESULTS/$NAME.md"
}

main
