#!/usr/bin/env bash
# afdo benchmarks: afdo-convert's text profile for clang 19 against clang's
# own ways, on a real program; writes benchmarks/results/clang.{md,tsv}.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: benchmarks/clang.sh   (make bench-clang)
#
# One program (default lua5.4, a recipe of real/), built by clang 19 from
# the same sources with the same base flags in every variant:
#   O2           the base flags alone; this binary is profiled with
#                perf record -e cpu-clock (IP samples) over the workload
#   pgo          instrumented PGO: -fprofile-instr-generate, the same
#                workload, llvm-profdata merge, -fprofile-instr-use
#   afdo         -fprofile-sample-use= afdo-convert --format=text of the
#                samples
#   afdo-profi   the same with -fsample-profile-use-profi
#   profgen      -fprofile-sample-use= llvm-profgen --leading-ip-only of
#                the same samples (it reads IP samples only as the leading
#                IP of a branch stack, so each sample gets a made-up branch
#                record from and to its IP)
#   profgen-profi  the same with -fsample-profile-use-profi
#   profgen-sums-profi  llvm-profgen's profile with every total replaced
#                by the sum of its counts (afdo-dump writes it so), with
#                -fsample-profile-use-profi: llvm-profgen counts a
#                function's total in samples times instruction bytes, and
#                this variant shows what its positions are worth without
#                that
# Measured: CPU time of the workload in rounds that run every variant once
# in rotating order (ratio to the O2 run of the same round; median of
# BENCH_PAIRS rounds, default 21) and cachegrind's instruction count on the
# small input (of copies without debug information: valgrind 3.19 cannot
# read clang 19's DWARF 5).
#
# Environment: BENCH_PROGRAMS (default lua5.4), BENCH_PAIRS (21),
# BENCH_CLANG (clang-19), BENCH_CFLAGS ("-O2 -g -fdebug-info-for-profiling",
# the flags sample-profile builds use), BENCH_PERF_FREQ (20000),
# BENCH_JOBS (2), AFDO_BUILD_DIR, AFDO_BENCH_RESULTS.

set -u -o pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(dirname "$BENCH")
WORK=${AFDO_BENCH_WORK:-$BENCH/work}
RESULTS=${AFDO_BENCH_RESULTS:-$BENCH/results}
BDIR=${AFDO_BUILD_DIR:-$SRC/build}
CC=${BENCH_CLANG:-clang-19}
LLVM_SUFFIX=${CC##*clang}
PROFDATA=llvm-profdata$LLVM_SUFFIX
PROFGEN=llvm-profgen$LLVM_SUFFIX
read -r -a BASE_CFLAGS <<<"${BENCH_CFLAGS:--O2 -g -fdebug-info-for-profiling}"
JOBS=${BENCH_JOBS:-2}
PERF_FREQ=${BENCH_PERF_FREQ:-20000}
PAIRS=${BENCH_PAIRS:-21}
PROGRAMS=${BENCH_PROGRAMS:-lua5.4}
VARIANTS=(O2 pgo afdo afdo-profi profgen profgen-profi profgen-sums-profi)

RUNDIR=$WORK/run/clang
REC=$RUNDIR/records.tsv
LOG=$RUNDIR/bench.log

log ()
{
  printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2
}

. "$BENCH/lib/fetch.sh"
. "$BENCH/lib/common.sh"
. "$BENCH/lib/program.sh"

# The recipe interface of real/*.sh (see run.sh): SRCS, CPPFLAGS_P,
# LIBS_P, r_inputs, r_workload.
load_recipe ()
{
  local p=$1
  PREP=$WORK/prep/$p
  DATA=$WORK/data/$p
  mkdir -p "$PREP" "$DATA"
  if [ ! -f "$BENCH/real/$p.sh" ]; then
    WHY="no recipe benchmarks/real/$p.sh"
    return 1
  fi
  bench_real_recipe "$p"
}

# build_variant P V DIR FLAGS...: the whole program into DIR/P, file by
# file through a generated makefile, with the base flags plus FLAGS.
build_variant ()
{
  local p=$1 v=$2 dir=$3
  shift 3
  local flags=("$@") mk=$dir/build-$v.mk objs=() f linkflags=()
  for f in "${flags[@]}"; do
    case $f in -fprofile-instr-generate*) linkflags+=("$f") ;; esac
  done
  bench_makefile "$p" "$v" "$dir" "$mk"
  "$BT" "$dir/compile-$v.time" make -s -j"$JOBS" -f "$mk" >"$dir/build-$v.log" 2>&1
}

variant_flags ()
{
  case $1 in
    O2) ;;
    pgo) echo "-fprofile-instr-use=$PDIR/pgo/pgo.profdata" ;;
    afdo) echo "-fprofile-sample-use=$PDIR/afdo.txt" ;;
    afdo-profi) echo "-fprofile-sample-use=$PDIR/afdo.txt -fsample-profile-use-profi" ;;
    profgen) echo "-fprofile-sample-use=$PDIR/profgen.txt" ;;
    profgen-profi) echo "-fprofile-sample-use=$PDIR/profgen.txt -fsample-profile-use-profi" ;;
    profgen-sums-profi) echo "-fprofile-sample-use=$PDIR/profgen-sums.txt -fsample-profile-use-profi" ;;
  esac
}

run_cachegrind ()
{
  local p=$1 v=$2 bin=$3 d=$PDIR/cg/$2
  rm -rf "$d"
  mkdir -p "$d"
  objcopy --strip-debug "$bin" "$d/$p" || return 1
  RUN="valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no --cachegrind-out-file=/dev/null --log-file=$d/cg.%p.log" \
    bash "$PDIR/workload-small.sh" "$d/$p" >/dev/null 2>"$d/stderr" || return 1
  bench_cg_record "$p" "$v" "$d"
}

# The sum of the top-level totals of a text profile.
profile_total ()
{
  awk -F: '/^[^ #]/ { t += $(NF - 1) } END { printf "%.0f", t }' "$1"
}

bench_clang ()
{
  local p=$1 v why
  PDIR=$RUNDIR/$p
  rm -rf "$PDIR"
  mkdir -p "$PDIR"
  log "== $p"
  if ! load_recipe "$p"; then
    log "$p: skipped: $WHY"
    for v in "${VARIANTS[@]}"; do record status "$p" "$v" na "$WHY"; done
    return 0
  fi
  r_inputs >>"$LOG" 2>&1
  write_workload "$p" full
  write_workload "$p" small
  declare -A ok=()

  log "$p: build O2"
  if ! build_variant "$p" O2 "$PDIR/O2"; then
    why="O2 build failed: $(failure_line "$PDIR/O2/build-O2.log")"
    for v in "${VARIANTS[@]}"; do record status "$p" "$v" na "$why"; done
    return 0
  fi
  ok[O2]=$PDIR/O2/$p
  record aranges "$p" "$(readelf -S "${ok[O2]}" | grep -c debug_aranges)"

  # The samples, and both converters on them.
  local have_afdo="" have_profgen="" why_afdo="" why_profgen="" why_sums=""
  log "$p: perf record"
  if ! perf record -e cpu-clock -F "$PERF_FREQ" -q -o "$PDIR/perf.data" -- \
       bash "$PDIR/workload-full.sh" "${ok[O2]}" >/dev/null 2>"$PDIR/perf.log"; then
    why_afdo="perf record failed: $(failure_line "$PDIR/perf.log")"
    why_profgen=$why_afdo
  else
    record samples "$p" "$(perf script -i "$PDIR/perf.data" -F comm 2>/dev/null | wc -l)"
    log "$p: afdo-convert"
    if "$BT" "$PDIR/afdo.time" "$BDIR/afdo-convert" -v --binary="${ok[O2]}" \
         --perf="$PDIR/perf.data" --format=text -o "$PDIR/afdo.txt" \
         >"$PDIR/afdo.log" 2>&1 && [ -s "$PDIR/afdo.txt" ] \
       && ! grep -q '^# empty profile' "$PDIR/afdo.txt"; then
      have_afdo=1
      record profile "$p" afdo "$(profile_total "$PDIR/afdo.txt")" \
        "$(grep -c '^[^ #]' "$PDIR/afdo.txt")" $(cut -d' ' -f1,2 "$PDIR/afdo.time")
    else
      why_afdo="afdo-convert failed: $(failure_line "$PDIR/afdo.log")"
    fi
    log "$p: llvm-profgen --leading-ip-only"
    perf script -i "$PDIR/perf.data" -F ip --show-mmap-events 2>"$PDIR/script.log" \
      | awk '/^ *[0-9a-f]+ *$/ { printf " %s 0x%s/0x%s/P/-/-/0\n", $1, $1, $1; next }
             { print }' >"$PDIR/perf.lbr-script"
    if "$BT" "$PDIR/profgen.time" "$PROFGEN" --binary="${ok[O2]}" \
         --perfscript="$PDIR/perf.lbr-script" --leading-ip-only --format=text \
         --output="$PDIR/profgen.txt" >"$PDIR/profgen.log" 2>&1 \
       && [ -s "$PDIR/profgen.txt" ]; then
      have_profgen=1
      record profile "$p" profgen "$(profile_total "$PDIR/profgen.txt")" \
        "$(grep -c '^[^ #]' "$PDIR/profgen.txt")" $(cut -d' ' -f1,2 "$PDIR/profgen.time")
      if "$BDIR/afdo-dump" "$PDIR/profgen.txt" >"$PDIR/profgen-sums.txt" 2>"$PDIR/sums.log"; then
        record profile "$p" profgen-sums "$(profile_total "$PDIR/profgen-sums.txt")" \
          "$(grep -c '^[^ #]' "$PDIR/profgen-sums.txt")" - -
      else
        why_sums="afdo-dump failed: $(failure_line "$PDIR/sums.log")"
      fi
    else
      why_profgen="llvm-profgen failed: $(failure_line "$PDIR/profgen.log")"
    fi
  fi

  log "$p: build pgo (generate, train, merge, use)"
  if ! build_variant "$p" pgo-gen "$PDIR/pgo" -fprofile-instr-generate; then
    record status "$p" pgo na "instrumented build failed: $(failure_line "$PDIR/pgo/build-pgo-gen.log")"
  elif ! LLVM_PROFILE_FILE="$PDIR/pgo/raw-%p.profraw" \
         bash "$PDIR/workload-full.sh" "$PDIR/pgo/$p" >/dev/null 2>"$PDIR/pgo/train.log"; then
    record status "$p" pgo na "training run failed: $(failure_line "$PDIR/pgo/train.log")"
  elif ! "$PROFDATA" merge -o "$PDIR/pgo/pgo.profdata" "$PDIR/pgo"/raw-*.profraw \
         >"$PDIR/pgo/merge.log" 2>&1; then
    record status "$p" pgo na "llvm-profdata merge failed: $(failure_line "$PDIR/pgo/merge.log")"
  elif ! build_variant "$p" pgo "$PDIR/pgo" $(variant_flags pgo); then
    record status "$p" pgo na "-fprofile-instr-use build failed: $(failure_line "$PDIR/pgo/build-pgo.log")"
  else
    mkdir -p "$PDIR/pgo/bin"
    mv "$PDIR/pgo/$p" "$PDIR/pgo/bin/$p"
    ok[pgo]=$PDIR/pgo/bin/$p
  fi

  for v in afdo afdo-profi profgen profgen-profi profgen-sums-profi; do
    case $v in
      afdo*) [ -n "$have_afdo" ] || { record status "$p" "$v" na "no profile: $why_afdo"; continue; } ;;
      profgen-sums*) [ -n "$have_profgen" ] && [ -z "$why_sums" ] \
        || { record status "$p" "$v" na "no profile: $why_profgen$why_sums"; continue; } ;;
      profgen*) [ -n "$have_profgen" ] || { record status "$p" "$v" na "no profile: $why_profgen"; continue; } ;;
    esac
    bench_build "$p" "$v"
  done

  local ref out
  ref=$(bash "$PDIR/workload-small.sh" "${ok[O2]}" 2>/dev/null | md5sum)
  for v in "${VARIANTS[@]}"; do
    [ -n "${ok[$v]:-}" ] || continue
    if ! out=$(bash "$PDIR/workload-small.sh" "${ok[$v]}" 2>/dev/null | md5sum) \
       || [ "$out" != "$ref" ]; then
      record status "$p" "$v" na "WRONG OUTPUT or crash on the small input"
      unset "ok[$v]"
      continue
    fi
    record compile "$p" "$v" $(cut -d" " -f1,2 "$PDIR/$v/compile-$v.time")
  done

  if command -v valgrind >/dev/null; then
    for v in "${VARIANTS[@]}"; do
      [ -n "${ok[$v]:-}" ] || continue
      log "$p: cachegrind $v"
      run_cachegrind "$p" "$v" "${ok[$v]}" || log "$p: cachegrind $v failed"
    done
  fi

  local order=() n r k t
  for v in "${VARIANTS[@]}"; do
    [ -n "${ok[$v]:-}" ] && order+=("$v")
  done
  n=${#order[@]}
  for v in "${order[@]}"; do
    bash "$PDIR/workload-full.sh" "${ok[$v]}" >/dev/null 2>&1
  done
  log "$p: timing ${order[*]}, $PAIRS rounds"
  for ((r = 0; r < PAIRS; r++)); do
    for ((k = 0; k < n; k++)); do
      v=${order[$(((k + r) % n))]}
      bench_time_run "$p" "$r" "$v" "${ok[$v]}"
    done
  done
  for v in "${order[@]}"; do record status "$p" "$v" ok ""; done
}

main ()
{
  mkdir -p "$RUNDIR" "$RESULTS" "$WORK/bin" "$WORK/tmp"
  : >"$LOG"
  : >"$REC"
  local t
  for t in "$CC" "$PROFDATA" "$PROFGEN" perf; do
    if ! command -v "$t" >/dev/null; then
      log "$t not found (Debian: clang-19 llvm-19 libclang-rt-19-dev linux-perf)"
      exit 1
    fi
  done
  if [ ! -x "$BDIR/afdo-convert" ] || [ ! -x "$BDIR/afdo-dump" ]; then
    log "$BDIR/afdo-convert or afdo-dump not built"
    exit 1
  fi
  if ! gcc -std=c11 -O2 "$BENCH/lib/benchtime.c" -o "$WORK/bin/benchtime" >>"$LOG" 2>&1; then
    log "cannot build benchmarks/lib/benchtime.c"
    exit 1
  fi
  BT=$WORK/bin/benchtime
  local start=$(date +%s)
  {
    printf 'meta\tmode\tclang\n'
    machine_meta
    printf 'meta\tclang\t%s\n' "$("$CC" --version | head -n 1)"
    printf 'meta\tpairs\t%s\n' "$PAIRS"
    printf 'meta\tperf\tperf record -e cpu-clock -F %s (IP samples)\n' "$PERF_FREQ"
    printf 'meta\tload_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  } >>"$REC"
  log "clang benchmark: $PROGRAMS; $PAIRS rounds; $CC ${BASE_CFLAGS[*]}"
  local p
  for p in $PROGRAMS; do
    ( bench_clang "$p" )
  done
  {
    printf 'meta\tload_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'meta\telapsed\t%s\n' "$(( $(date +%s) - start ))"
  } >>"$REC"
  cp "$REC" "$RESULTS/clang.tsv"
  awk -F '\t' -f "$BENCH/lib/clang-report.awk" "$REC" >"$RESULTS/clang.md" \
    && log "wrote $RESULTS/clang.md"
}

main
