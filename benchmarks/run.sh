#!/usr/bin/env bash
# afdo benchmarks: build every program in every variant, profile, measure,
# and write benchmarks/results/bench-MODE.{md,png,tsv}.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: benchmarks/run.sh quick|full|quality|ablation|binquality
#
# quality: the profile quality figures only (block overlap of the
# plugin's and of GCC's -fauto-profile counts with the exact counts of
# instrumented FDO), without timing rounds or cachegrind; writes
# benchmarks/results/quality.md.
#
# binquality: afdo-convert's per-instruction execution estimates of each
# execution model against callgrind's exact counts of the same -O2
# binary on the same workload (lib/binquality.sh); writes
# benchmarks/results/binquality-COMMIT.md.
#
# Environment (all optional):
#   BENCH_PROGRAMS   programs to run (default: per mode; see below)
#   BENCH_PAIRS      timing rounds (default 7 quick, 21 full)
#   BENCH_CFLAGS     base flags of every variant (default "-O2 -g")
#   BENCH_JOBS       parallel compile jobs (default 2)
#   BENCH_PERF_FREQ  perf sampling frequency for cpu-clock (default 20000)
#   BENCH_CEILING    1: the quality step also measures the overlap with
#                    profiles made from callgrind's exact instruction
#                    counts (bench_ceiling; default 1 in full and quality
#                    modes, 0 otherwise)
#   BENCH_ABLATION   plugin arguments of the ablation variant (default:
#                    found from the plugin's -fplugin-arg-afdo-help=all)
#   AFDO_BUILD_DIR   where afdo.so and afdo-convert are (default build/)
#   BENCH_LTO        1: add the variants lto and plugin-lto (default 0)
#
# Variants, all from the same sources with the same base flags:
#   O2               the base flags alone (this binary is also profiled)
#   fdo              instrumented FDO: -fprofile-generate, the same
#                    workload, -fprofile-use (the ceiling)
#   autofdo          GCC 12's own -fauto-profile with afdo-convert's profile
#   plugin           -fplugin=afdo.so with the same profile
#   plugin-cg        the plugin with the profile of a second run recorded
#                    with --call-graph dwarf (BENCH_CG_FREQ, default 4000
#                    Hz; BENCH_CG_STACK bytes of stack, default 8192;
#                    BENCH_CALLGRAPH=0 leaves the variant out)
#   plugin-cgip      the plugin with the IP samples of plugin-cg's run
#                    (afdo-convert --no-callchains): what the call chains
#                    add, with the same samples
#   plugin-noinline  the plugin with its early inliner / ICP switched off
#   lto, plugin-lto  (BENCH_LTO=1) -flto=auto, without and with the plugin
#                    (given to the compilations and to the link)
# A variant whose tool is missing or fails is reported as not available,
# with the reason.

set -u -o pipefail

MODE=${1:-quick}
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(dirname "$BENCH")
WORK=${AFDO_BENCH_WORK:-$BENCH/work}
RESULTS=${AFDO_BENCH_RESULTS:-$BENCH/results}
BDIR=${AFDO_BUILD_DIR:-$SRC/build}
CONVERT=$BDIR/afdo-convert
PLUGIN=$BDIR/afdo.so
CC=${BENCH_CC:-gcc}
read -r -a BASE_CFLAGS <<<"${BENCH_CFLAGS:--O2 -g}"
JOBS=${BENCH_JOBS:-2}
PERF_FREQ=${BENCH_PERF_FREQ:-20000}

OWN_PROGRAMS="branches context icall loops interp discrim"
REAL_PROGRAMS="bzip2 lua5.4 sqlite3 zstd bc tcc lz4 gawk duktape"
CEILING=${BENCH_CEILING:-1}
case $MODE in
  quick)
    CEILING=${BENCH_CEILING:-0}
    PAIRS=${BENCH_PAIRS:-7}
    PROGRAMS=${BENCH_PROGRAMS:-"interp discrim lua5.4 bc"}
    ;;
  full)
    PAIRS=${BENCH_PAIRS:-21}
    PROGRAMS=${BENCH_PROGRAMS:-"$OWN_PROGRAMS $REAL_PROGRAMS"}
    ;;
  quality)
    PAIRS=0
    PROGRAMS=${BENCH_PROGRAMS:-"$OWN_PROGRAMS $REAL_PROGRAMS"}
    ;;
  ablation)
    CEILING=${BENCH_CEILING:-0}
    PAIRS=${BENCH_PAIRS:-0}
    PROGRAMS=${BENCH_PROGRAMS:-"$OWN_PROGRAMS $REAL_PROGRAMS"}
    ;;
  binquality)
    PAIRS=0
    PROGRAMS=${BENCH_PROGRAMS:-"lua5.4 bzip2 zstd bc sqlite3 tcc gawk lz4 duktape"}
    ;;
  *)
    echo "usage: $0 quick|full|quality|ablation|binquality" >&2
    exit 2
    ;;
esac
VARIANTS=(O2 fdo autofdo plugin plugin-cg plugin-cgip plugin-noinline)
[ "${BENCH_CALLGRAPH:-1}" = 0 ] && VARIANTS=(O2 fdo autofdo plugin plugin-noinline)
# (plugin-cg and plugin-cgip need the call-graph run.)
[ "${BENCH_LTO:-0}" = 1 ] && VARIANTS+=(lto plugin-lto)
# plugin-cg's profile: a second run recorded with call chains unwound
# from the stack (the machine needs no LBR and the binary no frame
# pointers); fewer samples per second than the IP profile, since each
# carries a copy of the stack.
CG_FREQ=${BENCH_CG_FREQ:-4000}
CG_STACK=${BENCH_CG_STACK:-8192}
# The quality step builds the sampled-profile variants itself.
[ "$MODE" = quality ] && VARIANTS=(O2 fdo)
# binquality builds the -O2 binary only, and at one code offset.
[ "$MODE" = binquality ] && VARIANTS=()
# Ablation: the plugin with each part of the count model, the early
# inliner and the options it switches on turned off in turn
# (doc/design.md, "The count model"); BENCH_PLUGIN_VARIANTS adds
# such variants to any mode: NAME=ARG[,ARG...] gives variant plugin-NAME
# with -fplugin-arg-afdo-ARG for each ARG (an ARG that begins with "-"
# is a compiler option, given as it is: tracer=-ftracer).
if [ "$MODE" = ablation ]; then
  VARIANTS=(O2 fdo plugin)
  : "${BENCH_PLUGIN_VARIANTS:=no-scale=scale=0 no-evidence=evidence=0,min-samples=0,min-unit-samples=0 no-mcf=mcf=0 no-unsampled-calls=unsampled-calls=0 no-entry-counts=entry-counts=0,split-parts=0 no-prologue=prologue=0 no-noise=noise-permille=0 no-noise-regions=noise-regions=0 no-noise-lines=noise-lines=0 no-dispatch=dispatch=0 no-jump-tables=jump-tables=0 no-noise-multiway=noise-multiway=0 no-entry-shares=entry-shares=0 no-noise-exits=noise-exits=0 no-call-bounds=call-bounds=0 no-entry-sums=entry-sums=0 no-noise-order=noise-order=0 no-refold=refold=0 no-loop-estimates=loop-estimates=0 no-split-parts=split-parts=0 unsampled-peel=unsampled-peel=1 no-inline=inline=0,icp=0 no-fdo-opts=fdo-opts=0 no-hot-inline=hot-inline=0 hot-990=hot-permille=990 no-unroll=-fno-unroll-loops vect-cheap=-fvect-cost-model=very-cheap tracer=-ftracer tracer-no-noise-regions=-ftracer,noise-regions=0}"
fi
declare -A PLUGIN_EXTRA=()
for pv in ${BENCH_PLUGIN_VARIANTS:-}; do
  PLUGIN_EXTRA[plugin-${pv%%=*}]=$(tr ',' '\n' <<<"${pv#*=}" | sed '/^-/!s/^/-fplugin-arg-afdo-/' | tr '\n' ' ')
  VARIANTS+=("plugin-${pv%%=*}")
done
# The variants built from a sampled profile.
SAMPLED_VARIANTS=()
for v in "${VARIANTS[@]}"; do
  case $v in O2|fdo) ;; *) SAMPLED_VARIANTS+=("$v") ;; esac
done

RUNDIR=$WORK/run/$MODE
REC=$RUNDIR/records.tsv
LOG=$RUNDIR/bench.log

. "$BENCH/lib/fetch.sh"
. "$BENCH/lib/regressions.sh"
. "$BENCH/lib/binquality.sh"

log ()
{
  printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2
}

. "$BENCH/lib/common.sh"
. "$BENCH/lib/program.sh"

# bench_gen_text BYTES SEED: pseudo-random English-like text made of the
# words of the licence texts shipped with Debian, deterministic per SEED.
bench_gen_text ()
{
  cat /usr/share/common-licenses/* /usr/share/doc/*/copyright 2>/dev/null \
    | head -c 4000000 \
    | awk -v want="$1" -v seed="$2" '
        { for (i = 1; i <= NF; i++) w[n++] = $i }
        END {
          # Park-Miller generator: exact in double precision.
          s = (seed * 7919 + 17) % 2147483647; out = 0; line = ""; ctx = 0
          while (out < want) {
            s = (s * 16807) % 2147483647
            # mostly follow the source text, sometimes jump: realistic
            # redundancy for a compressor
            if (s % 8 == 0) ctx = s % n; else ctx = (ctx + 1) % n
            line = line w[ctx] " "
            if (length(line) > 60 + s % 20) {
              print line; out += length(line) + 1; line = ""
            }
          }
        }'
}

setup_tools ()
{
  mkdir -p "$WORK/bin" "$WORK/tmp"
  if ! bench_build_benchtime "$WORK/bin/benchtime"; then
    log "cannot build benchmarks/lib/benchtime.c"
    exit 1
  fi
  BT=$WORK/bin/benchtime
  bench_optional_tools
  command -v perf >/dev/null || log "perf not available: no sampled profiles"

  # Profiles: LBR where the machine has it, else IP samples.
  bench_perf_args "$WORK/tmp"
  PERF_DESC=$PERF_ARGS_DESC

  # Snapshots of the tools, so a rebuild during the run cannot change them
  # between programs.
  mkdir -p "$RUNDIR/tools"
  # Paddings of 16, 32 and 48 bytes ahead of all other code (the linker
  # puts .text.unlikely first): the code offsets of the timing rounds.
  SHIFTS=(0)
  local k
  for k in 16 32 48; do
    printf '__asm__ (".section .text.unlikely.afdo_bench_pad,\\"ax\\",@progbits\\n\\t.skip %d, 0x90\\n\\t.previous");\n' "$k" \
      >"$RUNDIR/tools/pad$k.c"
    $CC -c "$RUNDIR/tools/pad$k.c" -o "$RUNDIR/tools/pad$k.o" 2>>"$LOG" \
      && SHIFTS+=("$k")
  done
  OVERLAP=""
  DUMP=""
  if [ -x "$BDIR/afdo-dump" ] && cp "$BDIR/afdo-dump" "$RUNDIR/tools/afdo-dump"; then
    DUMP=$RUNDIR/tools/afdo-dump
  fi
  if [ -x "$BDIR/afdo-overlap" ] && cp "$BDIR/afdo-overlap" "$RUNDIR/tools/afdo-overlap"; then
    OVERLAP=$RUNDIR/tools/afdo-overlap
  fi
  CONVERT_STATE="missing ($CONVERT)"
  if [ -x "$CONVERT" ] && cp "$CONVERT" "$RUNDIR/tools/afdo-convert"; then
    CONVERT=$RUNDIR/tools/afdo-convert
    CONVERT_STATE="present"
  fi
  PLUGIN_STATE="missing ($PLUGIN)"
  [ -f "$PLUGIN" ] && cp "$PLUGIN" "$RUNDIR/tools/afdo.so" && PLUGIN=$RUNDIR/tools/afdo.so
  PLUGIN_HELP=""
  ABLATION=()
  ABLATION_DESC=""
  EVALUATE=""
  CHECK_HOT=""
  if [ -f "$PLUGIN" ]; then
    PLUGIN_STATE="present"
    bench_plugin_help "$WORK/tmp"
    ABLATION_DESC="${ABLATION[*]:-}"
    grep -qi 'evaluate' <<<"$PLUGIN_HELP" && EVALUATE=1
    grep -q 'check-hot' <<<"$PLUGIN_HELP" && CHECK_HOT=-fplugin-arg-afdo-check-hot
  fi
}

# load_recipe P: defines SRCS, CPPFLAGS_P, LIBS_P, r_inputs, r_workload
# and KIND (own|debian).
load_recipe ()
{
  local p=$1
  PREP=$WORK/prep/$p
  DATA=$WORK/data/$p
  mkdir -p "$PREP" "$DATA"
  if [ -f "$BENCH/programs/$p.c" ]; then
    KIND=own
    SRCS=("$BENCH/programs/$p.c")
    CPPFLAGS_P=()
    LIBS_P=()
    OWN_FULL=$(sed -n 's/.*bench: full=\([0-9]*\).*/\1/p' "$BENCH/programs/$p.c")
    OWN_SMALL=$(sed -n 's/.*bench: full=[0-9]* small=\([0-9]*\).*/\1/p' \
                  "$BENCH/programs/$p.c")
    r_inputs () { :; }
    r_workload ()
    {
      local n=$OWN_SMALL
      [ "$1" = full ] && n=$OWN_FULL
      echo "\$RUN \"\$BIN\" $n"
    }
    return 0
  fi
  if [ ! -f "$BENCH/real/$p.sh" ]; then
    WHY="no such benchmark program: $p"
    return 1
  fi
  KIND=debian
  bench_real_recipe "$p"
}

# build_variant P V DIR FLAGS...: compile the whole program into DIR/P
# with the base flags plus FLAGS, through a generated makefile, timing it.
build_variant ()
{
  local p=$1 v=$2 dir=$3
  shift 3
  local flags=("$@") mk=$dir/build-$v.mk objs=()
  local linkflags=()
  local f
  for f in "${flags[@]}"; do
    case $f in -fprofile-generate*) linkflags+=("$f") ;; esac
  done
  # With -flto the link compiles: it gets every flag.
  [[ " ${flags[*]} " == *" -flto"* ]] && linkflags=("${flags[@]}")
  bench_makefile "$p" "$v" "$dir" "$mk"
  "$BT" "$dir/compile-$v.time" make -s -j"$JOBS" -f "$mk" >"$dir/build-$v.log" 2>&1 \
    || return 1
  # A timed variant is also linked behind each padding of SHIFTS: the
  # same code at other offsets (bench_program's timing).
  local k
  if [[ " ${VARIANTS[*]} " == *" $v "* ]]; then
    for k in "${SHIFTS[@]:1}"; do
      mkdir -p "$dir/shift$k"
      $CC ${BASE_CFLAGS[*]} ${linkflags[*]} -o "$dir/shift$k/$p" \
        "$RUNDIR/tools/pad$k.o" "${objs[@]}" ${LIBS_P[*]} \
        >>"$dir/build-$v.log" 2>&1 || rm -f "$dir/shift$k/$p"
    done
  fi
  return 0
}

# variant_flags V: the flags of variant V (the profile is $PROF).
variant_flags ()
{
  case $1 in
    O2) ;;
    fdo) echo -fprofile-use -Wno-missing-profile ;;
    autofdo) echo "-fauto-profile=$PROF" ;;
    plugin) echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$PROF $CHECK_HOT" ;;
    plugin-cg) echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$PROF_CG" ;;
    plugin-cgip) echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$PROF_CGIP" ;;
    plugin-noinline)
      echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$PROF ${ABLATION[*]}" ;;
    lto) echo -flto=auto ;;
    plugin-lto)
      echo "-flto=auto -fplugin=$PLUGIN -fplugin-arg-afdo-profile=$PROF" ;;
    plugin-*)
      echo "-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$PROF ${PLUGIN_EXTRA[$1]}" ;;
  esac
}

# run_cachegrind P V BIN: instruction and branch counts on the small input.
run_cachegrind ()
{
  local p=$1 v=$2 bin=$3 d=$PDIR/cg/$2
  rm -rf "$d"
  mkdir -p "$d"
  RUN="valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no --cachegrind-out-file=$d/cg.out.%p --log-file=$d/cg.%p.log" \
    bash "$PDIR/workload-small.sh" "$bin" >/dev/null 2>"$d/stderr" || return 1
  bench_cg_record "$p" "$v" "$d"
}

# bench_program P: everything for one program.  Runs in a subshell.
bench_program ()
{
  local p=$1 v why=""
  WHY=""
  PDIR=$RUNDIR/$p
  rm -rf "$PDIR"
  mkdir -p "$PDIR"
  log "== $p"
  if ! load_recipe "$p"; then
    why=$WHY
    log "$p: skipped: $why"
    for v in "${VARIANTS[@]}"; do record status "$p" "$v" na "$why"; done
    return 0
  fi
  record kind "$p" "$KIND"
  r_inputs >>"$LOG" 2>&1
  write_workload "$p" full
  write_workload "$p" small
  PROF=$PDIR/$p.gcov
  declare -A ok=()

  # -O2: the base line, and the binary that is profiled.
  log "$p: build O2"
  if ! build_variant "$p" O2 "$PDIR/O2"; then
    why="O2 build failed: $(failure_line "$PDIR/O2/build-O2.log")"
    log "$p: $why"
    for v in "${VARIANTS[@]}"; do record status "$p" "$v" na "$why"; done
    return 0
  fi
  ok[O2]=$PDIR/O2/$p
  record compile "$p" O2 $(cut -d" " -f1,2 "$PDIR/O2/compile-O2.time")

  # Sampled profile of the O2 binary, converted by afdo-convert.
  local have_prof=""
  if [ "$CONVERT_STATE" != present ]; then
    why="afdo-convert not built"
  elif ! command -v perf >/dev/null; then
    why="perf not installed"
  else
    log "$p: perf record"
    if ! perf record "${PERF_ARGS[@]}" -q -o "$PDIR/perf.data" -- \
         bash "$PDIR/workload-full.sh" "${ok[O2]}" >/dev/null 2>"$PDIR/perf.log"; then
      why="perf record failed: $(failure_line "$PDIR/perf.log")"
    else
      local samples bytes
      samples=$(perf script -i "$PDIR/perf.data" -F comm 2>/dev/null | wc -l)
      bytes=$(stat -c %s "$PDIR/perf.data")
      log "$p: afdo-convert ($samples samples)"
      if "$BT" "$PDIR/convert.time" "$CONVERT" --binary="${ok[O2]}" \
           --perf="$PDIR/perf.data" -o "$PROF" >"$PDIR/convert.log" 2>&1 \
         && [ -s "$PROF" ]; then
        have_prof=1
        record profile "$p" "$samples" "$bytes" \
          $(cut -d' ' -f1,2,5 "$PDIR/convert.time") "$(stat -c %s "$PROF")"
      else
        why="afdo-convert failed: $(failure_line "$PDIR/convert.log")"
        record profile "$p" "$samples" "$bytes" - - - -
      fi
    fi
  fi
  local noprof_why=$why

  # The call-graph profile (plugin-cg).
  local have_cg="" cg_why="no IP profile: $why"
  PROF_CG=$PDIR/$p.cg.gcov
  PROF_CGIP=$PDIR/$p.cgip.gcov
  if [ -n "$have_prof" ] && [[ " ${VARIANTS[*]} " == *" plugin-cg "* ]]; then
    log "$p: perf record --call-graph dwarf"
    if ! perf record -e cpu-clock -F "$CG_FREQ" --call-graph "dwarf,$CG_STACK" \
         -q -o "$PDIR/perf-cg.data" -- bash "$PDIR/workload-full.sh" "${ok[O2]}" \
         >/dev/null 2>"$PDIR/perf-cg.log"; then
      cg_why="perf record --call-graph dwarf failed: $(failure_line "$PDIR/perf-cg.log")"
    elif "$BT" "$PDIR/convert-cg.time" "$CONVERT" --binary="${ok[O2]}" \
           --perf="$PDIR/perf-cg.data" -o "$PROF_CG" -v >"$PDIR/convert-cg.log" 2>&1 \
         && [ -s "$PROF_CG" ]; then
      have_cg=1
      "$CONVERT" --binary="${ok[O2]}" --perf="$PDIR/perf-cg.data" \
        --no-callchains -o "$PROF_CGIP" >>"$PDIR/convert-cg.log" 2>&1 || have_cg=""
      record profile-cg "$p" "$(stat -c %s "$PDIR/perf-cg.data")" \
        $(cut -d' ' -f1,2,5 "$PDIR/convert-cg.time") "$(stat -c %s "$PROF_CG")" \
        "$(grep -o 'call chains: .*' "$PDIR/convert-cg.log" | head -1)"
    else
      cg_why="afdo-convert failed: $(failure_line "$PDIR/convert-cg.log")"
    fi
    rm -f "$PDIR/perf-cg.data"
  fi

  # Instrumented FDO, trained on the same workload.
  log "$p: build fdo (generate, train, use)"
  if ! build_variant "$p" fdo-gen "$PDIR/fdo" -fprofile-generate; then
    record status "$p" fdo na "instrumented build failed: $(failure_line "$PDIR/fdo/build-fdo-gen.log")"
  elif ! bash "$PDIR/workload-full.sh" "$PDIR/fdo/$p" >/dev/null 2>"$PDIR/fdo/train.log"; then
    record status "$p" fdo na "training run failed: $(failure_line "$PDIR/fdo/train.log")"
  elif ! build_variant "$p" fdo "$PDIR/fdo" $(variant_flags fdo); then
    record status "$p" fdo na "-fprofile-use build failed: $(failure_line "$PDIR/fdo/build-fdo.log")"
  else
    mkdir -p "$PDIR/fdo/bin"
    mv "$PDIR/fdo/$p" "$PDIR/fdo/bin/$p"
    ok[fdo]=$PDIR/fdo/bin/$p
  fi

  # The sampled-profile variants.
  for v in "${SAMPLED_VARIANTS[@]}"; do
    [ "$MODE" = quality ] && break
    if [ -z "$have_prof" ] && [ $v != lto ]; then
      record status "$p" "$v" na "no profile: $noprof_why"
      continue
    fi
    if { [ $v = plugin-cg ] || [ $v = plugin-cgip ]; } && [ -z "$have_cg" ]; then
      record status "$p" "$v" na "no call-graph profile: $cg_why"
      continue
    fi
    case $v in
      plugin*)
        if [ "$PLUGIN_STATE" != present ]; then
          record status "$p" "$v" na "afdo.so not built"
          continue
        fi
        if [ $v = plugin-noinline ] && [ ${#ABLATION[@]} = 0 ]; then
          record status "$p" "$v" na "the plugin lists no switch for its inliner (-fplugin-arg-afdo-help=all)"
          continue
        fi ;;
    esac
    bench_build "$p" "$v"
  done

  # Compile times of the builds that worked (CPU seconds of the whole build).
  for v in fdo "${SAMPLED_VARIANTS[@]}"; do
    [ -n "${ok[$v]:-}" ] || continue
    # fields: wall seconds, CPU seconds
    record compile "$p" "$v" $(cut -d" " -f1,2 "$PDIR/$v/compile-$v.time")
  done

  # Same output as O2 on the small input, or the variant is dropped.
  local ref out
  ref=$(bash "$PDIR/workload-small.sh" "${ok[O2]}" 2>"$PDIR/O2/small.err" | md5sum)
  for v in fdo "${SAMPLED_VARIANTS[@]}"; do
    [ -n "${ok[$v]:-}" ] || continue
    if ! out=$(bash "$PDIR/workload-small.sh" "${ok[$v]}" 2>"$PDIR/$v.small.err" | md5sum) \
       || [ "$out" != "$ref" ]; then
      record status "$p" "$v" na "WRONG OUTPUT or crash on the small input (miscompile?)"
      log "$p: $v: output differs from O2's"
      unset "ok[$v]"
    fi
  done

  # Deterministic counts.
  if [ "$MODE" != quality ] && command -v valgrind >/dev/null; then
    for v in "${VARIANTS[@]}"; do
      [ -n "${ok[$v]:-}" ] || continue
      log "$p: cachegrind $v"
      run_cachegrind "$p" "$v" "${ok[$v]}" || log "$p: cachegrind $v failed"
    done
  fi

  # Timing: rounds in which every available variant runs once, the order
  # rotating from round to round; each variant is paired with the O2 run
  # of the same round.  Round R runs every variant at the code offset
  # SHIFTS[R mod 4]: where a hot loop falls in its cache lines moves a
  # program's time by as much as 11 % (loops at -O2 with 16 bytes more
  # in front of its code), and one offset would make that luck part of
  # a variant's figure.
  local order=() n i r k t
  for v in "${VARIANTS[@]}"; do
    [ "$MODE" = quality ] && break   # no timing in quality mode
    [ -n "${ok[$v]:-}" ] && order+=("$v")
  done
  n=${#order[@]}
  for v in "${order[@]}"; do      # warm-up: page cache, not recorded
    bash "$PDIR/workload-full.sh" "${ok[$v]}" >/dev/null 2>&1
  done
  [ $n -gt 0 ] && log "$p: timing ${order[*]}, $PAIRS rounds"
  local sh bin
  for ((r = 0; r < PAIRS; r++)); do
    # The offset of this round, if every variant has its binary there.
    sh=${SHIFTS[$((r % ${#SHIFTS[@]}))]}
    for v in "${order[@]}"; do
      [ "$sh" = 0 ] || [ -x "$PDIR/$v/shift$sh/$p" ] || sh=0
    done
    record shift "$p" "$r" "$sh"
    for ((k = 0; k < n; k++)); do
      v=${order[$(((k + r) % n))]}
      bin=${ok[$v]}
      [ "$sh" = 0 ] || bin=$PDIR/$v/shift$sh/$p
      bench_time_run "$p" "$r" "$v" "$bin"
    done
  done
  for v in "${order[@]}"; do record status "$p" "$v" ok ""; done
  [ "$MODE" != ablation ] && [ "${BENCH_REGRESSIONS:-1}" != 0 ] \
    && bench_regressions "$p"

  bench_quality "$p"
}

# bench_quality P: profile quality (seed 003, Section IV.C), run from
# bench_program (its PDIR, PROF, have_prof and ok[] are in scope).
#   1. The plugin's evaluate mode in the -fprofile-use build: per-function
#      block overlap on the exact CFG (bench_parse_overlap), the exact
#      block counts, and a check that the objects equal -fprofile-use's.
#   2. The plugin and GCC's -fauto-profile, each built with the same
#      profile and writing its block counts (counts=FILE); afdo-overlap
#      compares both with the exact counts over the functions whose CFG
#      has the same shape in all three builds.
bench_quality ()
{
  local p=$1 q=$PDIR/quality o f
  if [ -z "$EVALUATE" ]; then
    record quality "$p" - "not available: the plugin has no evaluate mode"
    return 0
  elif [ -z "$have_prof" ] || [ -z "${ok[fdo]:-}" ]; then
    record quality "$p" - "not available: needs both the sampled profile and the FDO profile"
    return 0
  fi
  rm -rf "$q"
  mkdir -p "$q/fdo-obj"
  cp "$PDIR/fdo/obj"/*.o "$q/fdo-obj/"
  log "$p: profile quality (plugin evaluate mode)"
  # Same objects paths as the fdo build: -fprofile-use finds the .gcda
  # files by them.
  if build_variant "$p" evaluate "$PDIR/fdo" $(variant_flags fdo) \
       -fplugin="$PLUGIN" -fplugin-arg-afdo-profile="$PROF" \
       -fplugin-arg-afdo-evaluate="$q/evaluate.counts" \
       -fplugin-arg-afdo-counts="$q/exact.counts"; then
    bench_parse_overlap "$p" "$PDIR/fdo/build-evaluate.log"
    # The code of the evaluate build is that of -fprofile-use alone
    # (debug sections aside: they record the command line).
    local same=yes differ=()
    for o in "$q/fdo-obj"/*.o; do
      f=$PDIR/fdo/obj/$(basename "$o")
      objcopy --strip-debug "$o" "$q/a.o" && objcopy --strip-debug "$f" "$q/b.o" \
        && cmp -s "$q/a.o" "$q/b.o" || { same=no; differ+=("$(basename "$o")"); }
    done
    rm -f "$q/a.o" "$q/b.o"
    record samecode "$p" "$same" "$(ls "$q/fdo-obj" | wc -l) objects${differ:+; differ: ${differ[*]}}"
    [ "$CEILING" != 0 ] && bench_ceiling "$p"
  else
    record quality "$p" - "evaluate build failed: $(failure_line "$PDIR/fdo/build-evaluate.log")"
    return 0
  fi

  if [ -z "$OVERLAP" ]; then
    record overlap "$p" - "afdo-overlap not built"
    return 0
  fi
  log "$p: block counts of -fauto-profile and of the plugin"
  if ! build_variant "$p" autofdo-counts "$q/autofdo" "-fauto-profile=$PROF" \
         -fplugin="$PLUGIN" -fplugin-arg-afdo-counts="$q/gcc.counts"; then
    record overlap "$p" - "-fauto-profile build failed: $(failure_line "$q/autofdo/build-autofdo-counts.log")"
    return 0
  fi
  local kinds=(overlap overlap-build)
  # A diagnostic, not a figure of either method: GCC 12 sets a function's
  # cgraph count to the profile's head count and its CFG cleanup then
  # scales every block by head count / entry count, so a function whose
  # head count is 0 (every function of an IP-sample profile, which has no
  # head counts) while propagation gave its entry a count ends up all
  # zero.  The same profile with each missing head count set to the
  # function's total shows how much of -fauto-profile's figure that costs
  # (a function's overlap does not depend on the scale of its counts, and
  # a head count that large makes the scaling a multiplication, which
  # loses nothing).
  if [ -x "$DUMP" ] && "$DUMP" "$PROF" >"$q/profile.txt" 2>"$q/heads.log" \
     && awk -F: -v OFS=: '/^[^ #]/ && $NF == 0 { $NF = $(NF - 1) } { print }' \
          "$q/profile.txt" >"$q/heads.txt" \
     && "$CONVERT" --text "$q/heads.txt" -o "$q/heads.gcov" >>"$q/heads.log" 2>&1 \
     && build_variant "$p" autofdo-heads "$q/autofdo-heads" "-fauto-profile=$q/heads.gcov" \
          -fplugin="$PLUGIN" -fplugin-arg-afdo-counts="$q/gcc-heads.counts"; then
    kinds+=(overlap-heads)
  else
    record overlap-heads "$p" - "the head-count diagnostic failed: $(failure_line "$q/heads.log")"
  fi
  if ! build_variant "$p" plugin-counts "$q/plugin" \
         -fplugin="$PLUGIN" -fplugin-arg-afdo-profile="$PROF" \
         -fplugin-arg-afdo-counts="$q/plugin.counts"; then
    record overlap-build "$p" - "plugin build failed: $(failure_line "$q/plugin/build-plugin-counts.log")"
    kinds=("${kinds[@]/overlap-build}")
  fi
  # The plugin's counts of the evaluate build (on the CFG of the
  # -fprofile-use build before "profile", which -fauto-profile also
  # sees) and of its own build, each against -fauto-profile's.
  local kind files res
  for kind in "${kinds[@]}"; do
    [ -n "$kind" ] || continue
    case $kind in
      overlap) files=("$q/evaluate.counts" "$q/gcc.counts") ;;
      overlap-build) files=("$q/plugin.counts" "$q/gcc.counts") ;;
      overlap-heads) files=("$q/evaluate.counts" "$q/gcc-heads.counts") ;;
    esac
    if ! "$OVERLAP" --list "$q/exact.counts" "${files[@]}" >"$q/$kind.txt" 2>&1; then
      record "$kind" "$p" - "afdo-overlap failed: $(failure_line "$q/$kind.txt")"
      continue
    fi
    res=$(overlap_fields "$q/$kind.txt")
    if [ -z "$res" ]; then
      record "$kind" "$p" - "afdo-overlap printed no figures: $(failure_line "$q/$kind.txt")"
      continue
    fi
    record "$kind" "$p" "$res"
  done
}

# bench_ceiling P: what the block overlap would be with better samples
# of the same -O2 binary, from bench_quality (its scope).  Callgrind
# counts every instruction's executions over the full workload,
# lib/ceiling.awk makes IP samples of them, and the evaluate build
# measures the overlap of each profile:
#   ceiling-instr: as many samples as perf recorded in the binary, a
#     Poisson number per instruction in proportion to its executions:
#     sampling retired instructions (a PMU's `perf record -e
#     instructions'), whose only error is sampling noise;
#   ceiling-exact: two million samples in exact proportion to executions
#     (enough that rounding loses nothing that matters; made without
#     skid, so converted with --exec-model=norm): what is lost
#     with them is lost between the binary's code and the CFG (lines
#     without discriminators, code the compiler merged, inlining).
# Against the figure of the real profile (cpu-clock), the three split
# the loss into the time-based samples' bias, sampling noise, and the
# mapping.
bench_ceiling ()
{
  local p=$1 c=$PDIR/quality/ceiling bin=${ok[O2]} mode n main off va
  if ! command -v valgrind >/dev/null; then
    record ceiling-exact "$p" - "valgrind not installed"
    return 0
  fi
  rm -rf "$c"
  mkdir -p "$c"
  log "$p: exact instruction counts (callgrind) for the ceiling profiles"
  if ! RUN="valgrind --tool=callgrind --dump-instr=yes --compress-strings=no --compress-pos=no --callgrind-out-file=$c/cg.%p" \
       bash "$PDIR/workload-full.sh" "$bin" >/dev/null 2>"$c/callgrind.log"; then
    record ceiling-exact "$p" - "callgrind failed: $(failure_line "$c/callgrind.log")"
    return 0
  fi
  n=$(perf script -i "$PDIR/perf.data" -F ip,dso 2>/dev/null | grep -cF "($bin)")
  main=$(nm "$bin" 2>/dev/null | awk '$3 == "main" { print $1; exit }')
  # Virtual address less file offset of the executable segment.
  read -r off va < <(readelf -lW "$bin" 2>/dev/null | awk '$1 == "LOAD" && / E / { print $2, $3; exit }')
  if [ -z "$main" ] || [ "${n:-0}" -eq 0 ]; then
    record ceiling-exact "$p" - "no main symbol or no samples in the binary"
    return 0
  fi
  for mode in exact instr; do
    if ! awk -f "$BENCH/lib/ceiling.awk" -v bin="$bin" -v main="0x$main" \
           -v delta="$(( ${va:-0} - ${off:-0} ))" -v mode="$mode" \
           -v samples="$([ "$mode" = exact ] && echo 2000000 || echo "$n")" "$c"/cg.* \
           >"$c/$mode.script" 2>"$c/$mode.log" \
       || ! "$CONVERT" --binary="$bin" --perf-script="$c/$mode.script" \
              --exec-model=norm -o "$c/$mode.gcov" >>"$c/$mode.log" 2>&1; then
      record "ceiling-$mode" "$p" - "profile failed: $(failure_line "$c/$mode.log")"
      continue
    fi
    rm -f "$c/$mode.script"
    if build_variant "$p" "ceiling-$mode" "$PDIR/fdo" $(variant_flags fdo) \
         -fplugin="$PLUGIN" -fplugin-arg-afdo-profile="$c/$mode.gcov" \
         -fplugin-arg-afdo-evaluate="$c/$mode.counts"; then
      bench_parse_overlap "$p" "$PDIR/fdo/build-ceiling-$mode.log" "ceiling-$mode"
    else
      record "ceiling-$mode" "$p" - "evaluate build failed: $(failure_line "$PDIR/fdo/build-ceiling-$mode.log")"
    fi
  done
  rm -f "$c"/cg.*
}

# overlap_fields FILE: afdo-overlap's output as tab-separated fields:
# compared functions, functions that ran, compared share of the exact
# weight (%); then per test file: overlap %, misses, their weight %,
# all-zero functions, their weight %, functions with another CFG shape.
overlap_fields ()
{
  awk '
    /^compared: / { c = $2 "\t" $4; w = $6; sub(/%$/, "", w); c = c "\t" w }
    / weighted block overlap / {
      line = $0; sub(/^.*weighted block overlap /, "", line)
      split(line, a, /[ ;(),%]+/)
      # a: overlap over N functions misses M MW of the compared weight all-zero Z ZW not compared: X missing S other ...
      o = a[1]
      match(line, /misses [0-9]+ \([0-9.]+%/); m = substr(line, RSTART + 7, RLENGTH - 7); split(m, mm, / \(/); sub(/%/, "", mm[2])
      match(line, /all-zero [0-9]+ \([0-9.]+%/); z = substr(line, RSTART + 9, RLENGTH - 9); split(z, zz, / \(/); sub(/%/, "", zz[2])
      match(line, /[0-9]+ other CFG/); sh = substr(line, RSTART, RLENGTH); sub(/ other CFG/, "", sh)
      t = t "\t" o "\t" mm[1] "\t" mm[2] "\t" zz[1] "\t" zz[2] "\t" sh; n++
    }
    END { if (c != "" && n > 0) print c t }' "$1"
}

# bench_parse_overlap P LOG [KIND]: the weighted block overlap over the
# whole program, recorded as KIND (default quality).  The plugin prints,
# per function, a line holding "overlap", a percentage and the
# function's ground-truth weight ("weight=N" or "count=N"); the program
# figure is the weight-weighted mean (seed 003, Section IV.C).  Lines naming no weight count with weight 1.  The file
# name the lines begin with ("afdo: FILE: evaluate: ...") is dropped
# first: a path may hold any of the words that pick the lines.
bench_parse_overlap ()
{
  local p=$1 f=$2 kind=${3:-quality} res
  res=$(sed 's/^afdo: [^ ]*: /afdo: /' "$f" | grep -i 'overlap' | grep -vi 'weighted\|total\|program' | awk '
    {
      pct = ""; w = 1
      for (i = 1; i <= NF; i++) {
        if (match($i, /[0-9.]+%/)) pct = substr($i, RSTART, RLENGTH - 1)
        if (match($i, /(weight|count|total)=[0-9.]+/)) {
          split(substr($i, RSTART, RLENGTH), a, "="); w = a[2]
        }
      }
      if (pct != "") { s += pct * w; tw += w; nf++ }
    }
    END { if (tw > 0) printf "%.1f\t%d functions", s / tw, nf }')
  if [ -n "$res" ]; then
    record "$kind" "$p" "$res"
  else
    record "$kind" "$p" - "evaluate mode printed no overlap figures"
  fi
}

main ()
{
  if [ "$MODE" = binquality ]; then
    binq_main
    return
  fi
  mkdir -p "$RUNDIR" "$RESULTS"
  : >"$LOG"
  : >"$REC"
  setup_tools
  local start=$(date +%s)
  {
    printf 'meta\tmode\t%s\n' "$MODE"
    machine_meta
    printf 'meta\tpairs\t%s\n' "$PAIRS"
    printf 'meta\tshifts\t%s\n' "${SHIFTS[*]}"
    printf 'meta\tperf\t%s\n' "$PERF_DESC"
    printf 'meta\tconvert\t%s\n' "$CONVERT_STATE"
    printf 'meta\tplugin\t%s\n' "$PLUGIN_STATE"
    printf 'meta\tablation\t%s\n' "${ABLATION_DESC:-none}"
    printf 'meta\tevaluate\t%s\n' "${EVALUATE:+yes}"
    printf 'meta\tload_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  } >>"$REC"
  log "mode $MODE: programs: $PROGRAMS; $PAIRS rounds"
  log "afdo-convert: $CONVERT_STATE; afdo.so: $PLUGIN_STATE; ablation: ${ABLATION_DESC:-none}"
  local p
  for p in $PROGRAMS; do
    ( bench_program "$p" )
  done
  {
    printf 'meta\tload_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'meta\telapsed\t%s\n' "$(( $(date +%s) - start ))"
  } >>"$REC"
  if [ "$MODE" = quality ]; then
    cp "$REC" "$RESULTS/quality.tsv"
    awk -F '\t' -f "$BENCH/lib/markdown.awk" -f "$BENCH/lib/quality.awk" "$REC" >"$RESULTS/quality.md" \
      && log "wrote $RESULTS/quality.md"
  else
    bash "$BENCH/lib/report.sh" "$REC" "$RESULTS/bench-$MODE" "$VARIANTS_LIST" \
      && log "wrote $RESULTS/bench-$MODE.md"
    if ls "$RUNDIR"/*/regressions.md >/dev/null 2>&1; then
      {
        printf '# Regression finder (%s)\n\n' "$MODE"
        printf 'Written by `benchmarks/run.sh %s` (`lib/regressions.sh`) at commit `%s`, %s: where the plugin build spends more than the -O2 build, per program.\n\n' \
          "$MODE" "$(git -C "$SRC" rev-parse HEAD 2>/dev/null)" "$(date -u '+%Y-%m-%d %H:%M UTC')"
        for p in $PROGRAMS; do
          [ -f "$RUNDIR/$p/regressions.md" ] && cat "$RUNDIR/$p/regressions.md"
        done
      } >"$RESULTS/regressions-$MODE.md" && log "wrote $RESULTS/regressions-$MODE.md"
    fi
  fi
}

VARIANTS_LIST="${VARIANTS[*]}"
main
