#!/usr/bin/env bash
# afdo benchmarks: the performance fuzzer, which judges the plugin on
# small random programs (tools/afdo-progen.c) against -O2.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# For each seed: afdo-progen SEED writes a program; it is built with
# gcc -O2 -g, run under `perf record -e cpu-clock -F 20000' at its
# profiled repetitions, the samples converted by afdo-convert, the
# program built again with the plugin and that profile, and both builds
# run under cachegrind (--branch-sim=yes) at the measured repetitions.
# A seed FAILs when the plugin's build
#   insns        runs more than 1 % more instructions than -O2's,
#   mispredicts  mispredicts more than 5 % + 1,000 more branches,
#   output       prints something else (wrong code),
#   compile      does not compile (error or ICE),
# or when afdo-convert fails on the samples (convert).  A seed whose
# program, -O2 build, perf or valgrind fails is an "error" (the
# instrument's, not the plugin's).
#
# Stale profiles (FUZZ_EDIT=E, E >= 1): the profile is the one of the
# program of `afdo-progen SEED' as above (the cache's when FUZZ_CACHE
# has it: the recording of the fresh runs), but the builds judged are of
# its next release, `afdo-progen SEED --edit=E' (the same output and hot
# code, E edits: statements inserted, lines removed or joined, perhaps a
# function renamed): its -O2 build against the plugin's build with the
# old program's profile, by the same criteria.  An edited program whose
# output is not the old program's is an error (edit-output).  With
# FUZZ_EDIT_OWN=1 as well the profile is the edited program's own (its
# -O2 build recorded): the fresh profile of the next release, the
# reference for what a stale one keeps.
#
# Usage:
#   fuzz.sh run             FUZZ_N seeds from FUZZ_SEED0, then the report
#   fuzz.sh seeds SEED...   these seeds; their rows on stdout
#   fuzz.sh one SEED        one seed, everything kept, the verdict said
#   fuzz.sh blame DIR       the functions that grew in a seed's directory
#   fuzz.sh report [ROWS]   the report of a run's rows (default: the
#                           last run's) into benchmarks/results
#   fuzz.sh stale           FUZZ_N seeds four times: fresh; the next
#                           release (FUZZ_EDIT, default 3) with its own
#                           profile; with the fresh run's profile; so with
#                           -fplugin-arg-afdo-match=0; the report
#                           benchmarks/results/fuzz-stale-COMMIT.md
# Environment:
#   FUZZ_N=1000 FUZZ_SEED0=1 FUZZ_JOBS=2
#   FUZZ_BUILD=DIR        afdo-convert, afdo.so (and afdo-progen) from DIR
#                         (default build/)
#   FUZZ_PLUGIN=FILE      the plugin to judge (default FUZZ_BUILD/afdo.so)
#   FUZZ_CONVERT=FILE     the converter (default FUZZ_BUILD/afdo-convert)
#   FUZZ_PLUGIN_ARGS=...  more options for the plugin's build
#   FUZZ_EDIT=E           judge stale profiles: the programs' next release
#                         with E edits (default 0: the program profiled)
#   FUZZ_EDIT_OWN=1       (with FUZZ_EDIT) the next release's own profile
#   FUZZ_PROFILE=FILE     (one) this profile instead of a new recording
#   FUZZ_CACHE=DIR        keep each seed's profile and -O2 measurement in
#                         DIR and reuse them when there: the plugins of two
#                         trees judged on the same samples (the cache holds
#                         what the converter and generator made; clear it
#                         when either changes).  The edited program's -O2
#                         measurement (and own profile) go to
#                         DIR/seed-N/edit-E with its source, emptied when
#                         the generator makes another program
#   FUZZ_WORK=DIR         where seeds run (default benchmarks/work/fuzz)
#   FUZZ_FREQ=20000       perf's sampling frequency
#   FUZZ_PERF_ARGS=...    more options for perf record (e.g. --call-graph
#                         dwarf: call chains; a cache of such recordings
#                         is not one of IP samples alone)
#   FUZZ_CC=gcc
#   FUZZ_MINORITY=1       of a FAIL by mispredicts, also the minority
#                         outcomes of both builds' branches (minority ())
# Rows (tab-separated): seed patterns reps measure samples o2_insns
# afdo_insns o2_mispred afdo_mispred insn_ratio mispred_ratio o2_text
# afdo_text seconds verdict causes blame (of a FAIL: the functions whose
# instructions and mispredicts grew most, "i:FN:+N,m:FN:+N", from
# cachegrind's per-function counts) mode ("fresh"; "edit=E": the counts
# are the edited program's; "edit=E/own": so is the profile) minority
# (of a FAIL by mispredicts: "O2/AFDO", minority (); else "-").  A failing
# seed's directory (WORK/run/seed-N) keeps its program (prog.c, the one
# judged; orig.c, the seed's program, when edited), profile, binaries
# and logs.

set -u

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH=$SRC/benchmarks
FUZZ_BUILD=$(cd "${FUZZ_BUILD:-$SRC/build}" 2>/dev/null && pwd) \
  || { echo "fuzz: no build directory ${FUZZ_BUILD:-$SRC/build}" >&2; exit 1; }
export FUZZ_BUILD
export FUZZ_PLUGIN=${FUZZ_PLUGIN:-$FUZZ_BUILD/afdo.so}
export FUZZ_CONVERT=${FUZZ_CONVERT:-$FUZZ_BUILD/afdo-convert}
# The generator of the build judged, else this tree's: the programs of a
# seed must not depend on the plugin judged.
if [ -z "${FUZZ_PROGEN:-}" ]; then
  FUZZ_PROGEN=$FUZZ_BUILD/afdo-progen
  [ -x "$FUZZ_PROGEN" ] || FUZZ_PROGEN=$SRC/build/afdo-progen
fi
export FUZZ_PROGEN
export FUZZ_WORK=${FUZZ_WORK:-$BENCH/work/fuzz}
export FUZZ_FREQ=${FUZZ_FREQ:-20000}
export FUZZ_PERF_ARGS=${FUZZ_PERF_ARGS:-}
export FUZZ_CC=${FUZZ_CC:-gcc}
export FUZZ_PLUGIN_ARGS=${FUZZ_PLUGIN_ARGS:-}
export FUZZ_EDIT=${FUZZ_EDIT:-0} FUZZ_EDIT_OWN=${FUZZ_EDIT_OWN:-}
case $FUZZ_EDIT in
  '' | *[!0-9]*) echo "fuzz: FUZZ_EDIT=$FUZZ_EDIT is not a number" >&2; exit 1 ;;
esac
FUZZ_N=${FUZZ_N:-1000}
FUZZ_SEED0=${FUZZ_SEED0:-1}
FUZZ_JOBS=${FUZZ_JOBS:-2}

die ()
{
  echo "fuzz: $*" >&2
  exit 1
}

# cg_counts LOG: "INSNS MISPREDICTS" from cachegrind's log (the
# mispredicts of conditional and indirect branches together).
cg_counts ()
{
  tr -d , <"$1" | awk '
    /I +refs:/ { ir = $NF }
    /Mispredicts:/ { for (i = 1; i <= NF; i++) if ($i == "Mispredicts:") mp = $(i + 1) }
    END { if (ir != "" && mp != "") print ir, mp }'
}

# cg_functions OUT: "FUNCTION INSNS MISPREDICTS" for each function of
# cachegrind's out file OUT (clones such as f.constprop.0 counted as f).
cg_functions ()
{
  cg_annotate --auto=no --threshold=0 "$1" 2>/dev/null \
    | sed -n '/file:function/,$p' | sed 's/([^)]*)//g' | tr -d , \
    | awk 'NF >= 6 && $1 ~ /^[0-9]+$/ {
	     fn = $NF; sub(/^.*:/, "", fn); sub(/\..*$/, "", fn)
	     ir[fn] += $1; mp[fn] += $3 + $5
	   }
	   END { for (f in ir) print f, ir[f], mp[f] }'
}

# blame DIR: the function whose instructions grew most from cg-o2.out to
# cg-afdo.out in DIR (made when missing, from its binaries o2 and afdo),
# and the one whose mispredicts did:
# "i:FUNCTION:+N,m:FUNCTION:+N" (- when nothing grew).
blame ()
{
  local b m
  m=$(sed -n '1s/.*measure=\([0-9]*\).*/\1/p' "$1/prog.c")
  for b in o2 afdo; do
    [ -s "$1/cg-$b.out" ] || (cd "$1" && valgrind --tool=cachegrind --cache-sim=no \
      --branch-sim=yes --cachegrind-out-file="cg-$b.out" "./$b" "$m" >/dev/null 2>&1)
  done
  join -a1 -a2 -e 0 -o 0,1.2,1.3,2.2,2.3 \
    <(cg_functions "$1/cg-o2.out" | sort) <(cg_functions "$1/cg-afdo.out" | sort) \
    | awk '{ di = $4 - $2; dm = $5 - $3
	     if (di > bi) { bi = di; fi = $1 }
	     if (dm > bm) { bm = dm; fm = $1 } }
	   END { printf "i:%s:+%d,m:%s:+%d\n", (bi > 0) ? fi : "-", bi, (bm > 0) ? fm : "-", bm }'
}

# minority DIR MEASURE: "O2/AFDO", the branches of DIR's builds o2 and
# afdo, run with MEASURE, that went the way each went less often
# (callgrind's jump counts: min (taken, not taken) summed over the
# conditional branches), the mispredicts of a predictor with an entry
# for every branch; why cachegrind's can differ: benchmarks/README.md.
minority ()
{
  local b out=()
  for b in o2 afdo; do
    (cd "$1" && valgrind --tool=callgrind --collect-jumps=yes --dump-instr=yes \
       --callgrind-out-file="jumps-$b.out" "./$b" "$2" >/dev/null 2>&1) || return 1
    out+=("$(awk -F'[= /]' '/^jcnd=/ { t = $2; n = $3; s += (t < n - t) ? t : n - t }
			   END { print s + 0 }' "$1/jumps-$b.out")")
    rm -f "$1/jumps-$b.out"
  done
  echo "${out[0]}/${out[1]}"
}

# text_size BIN: the size of its text.
text_size ()
{
  size "$1" 2>/dev/null | awk 'NR == 2 { print $1 }'
}

# fuzz_seed SEED DIR: everything for one seed in DIR; the row is written
# to DIR/row.tsv and printed.  KEEP=1 keeps every file of a passing seed.
fuzz_seed ()
{
  local seed=$1 dir=$2 t0=$SECONDS edit=$((10#$FUZZ_EDIT)) mode=fresh
  local patterns=- reps=- measure=- samples=- o2i=- afi=- o2m=- afm=- ir=- mr=-
  local o2s=- afs=- verdict=error causes=() blamed=- own= minor=-
  [ "$edit" -gt 0 ] && mode=edit=$edit
  [ "$edit" -gt 0 ] && [ -n "${FUZZ_EDIT_OWN:-}" ] && own=1 mode=edit=$edit/own
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$dir" || return 1

  row ()
  {
    local IFS=$'\t' c
    c=$(IFS=+; echo "${causes[*]:-}")
    printf '%s\n' "$seed" "$patterns" "$reps" "$measure" "$samples" "$o2i" \
      "$afi" "$o2m" "$afm" "$ir" "$mr" "$o2s" "$afs" "$((SECONDS - t0))" \
      "$verdict" "${c:--}" "$blamed" "$mode" "$minor" | paste -sd '\t' >row.tsv
    cat row.tsv
  }

  # The program of the seed, ORIG, and its -O2 build, OB (when edited:
  # made only for a new recording or for its output); the program judged
  # is prog.c; the one profiled is ORIG, or with FUZZ_EDIT_OWN prog.c.
  local orig=prog.c ob=o2 pb=o2
  [ "$edit" -gt 0 ] && orig=orig.c ob=orig-o2 pb=orig-o2
  [ -n "$own" ] && pb=o2
  if ! "$FUZZ_PROGEN" "$seed" >"$orig" 2>progen.log \
     || { [ "$edit" -gt 0 ] \
	  && ! "$FUZZ_PROGEN" "$seed" --edit="$edit" >prog.c 2>>progen.log; }; then
    causes=(progen); row; return 0
  fi
  read -r reps measure < <("$FUZZ_PROGEN" "$seed" --reps)
  patterns=$(sed -n '1s/.*patterns=\([^ ]*\).*/\1/p' prog.c)

  if ! "$FUZZ_CC" -O2 -g prog.c -o o2 >build-o2.log 2>&1; then
    causes=(o2-build); row; return 0
  fi
  o2s=$(text_size o2)
  orig_build ()
  {
    [ -x "$ob" ] || "$FUZZ_CC" -O2 -g "$orig" -o "$ob" >build-orig.log 2>&1
  }

  # The cache: DIR/seed-N for the seed's program, DIR/seed-N/edit-E for
  # its edited program (emptied when that program is not this one).
  local cache= ecache=
  [ -n "${FUZZ_CACHE:-}" ] && cache=$FUZZ_CACHE/seed-$seed && mkdir -p "$cache"
  if [ -n "$cache" ] && [ "$edit" -gt 0 ]; then
    ecache=$cache/edit-$edit
    if ! cmp -s prog.c "$ecache/prog.c"; then
      rm -rf "$ecache"
      mkdir -p "$ecache"
      cp prog.c "$ecache/prog.c"
    fi
  fi

  # The profile: a new recording, FUZZ_PROFILE, or the cache's.
  local pcache=$cache
  [ -n "$own" ] && pcache=$ecache
  if [ -n "$pcache" ] && [ -s "$pcache/prof.gcov" ] && [ -s "$pcache/samples" ]; then
    cp "$pcache/prof.gcov" prof.gcov
    samples=$(cat "$pcache/samples")
  elif [ -n "${FUZZ_PROFILE:-}" ]; then
    cp "$FUZZ_PROFILE" prof.gcov || { causes=(profile); row; return 0; }
  else
    [ "$pb" = o2 ] || orig_build || { causes=(o2-build); row; return 0; }
    # shellcheck disable=SC2086
    if ! timeout 300 perf record -e cpu-clock -F "$FUZZ_FREQ" $FUZZ_PERF_ARGS -q \
	 -o perf.data -- "./$pb" "$reps" >/dev/null 2>perf.log || [ ! -s perf.data ]; then
      causes=(perf); row; return 0
    fi
    if ! "$FUZZ_CONVERT" --binary="$pb" --perf=perf.data -o prof.gcov -v \
	 >convert.log 2>&1 || [ ! -s prof.gcov ]; then
      # A run so short that no sample fell in the program (all in the
      # kernel and other binaries) judges nothing: the recording's
      # error, as when perf fails.
      if grep -q 'none of the [0-9]* samples \(is\|are\) in this binary (.*, 0 filtered out)' convert.log; then
	causes=(perf-empty); row; return 0
      fi
      verdict=FAIL causes=(convert); row; return 0
    fi
    samples=$(sed -n 's/^afdo-convert: samples in [^:]*: \([0-9]*\).*/\1/p' convert.log | head -n 1)
    [ -n "$samples" ] || samples=0
    if [ -n "$pcache" ]; then
      cp prof.gcov "$pcache/prof.gcov" && echo "$samples" >"$pcache/samples"
    fi
  fi

  # shellcheck disable=SC2086
  if ! "$FUZZ_CC" -O2 -g -fplugin="$FUZZ_PLUGIN" -fplugin-arg-afdo-profile=prof.gcov \
       $FUZZ_PLUGIN_ARGS prog.c -o afdo >build-afdo.log 2>&1 \
     || grep -q 'internal compiler error' build-afdo.log; then
    verdict=FAIL causes=(compile); row; return 0
  fi
  afs=$(text_size afdo)

  # The -O2 measurement: the cache's, or made and kept there.
  local b runs=(o2 afdo) o2cache=$cache
  [ "$edit" -gt 0 ] && o2cache=$ecache
  if [ -n "$o2cache" ] && [ -s "$o2cache/cg-o2.log" ] && [ -f "$o2cache/out-o2.txt" ]; then
    cp "$o2cache/cg-o2.log" "$o2cache/out-o2.txt" .
    [ -s "$o2cache/cg-o2.out" ] && cp "$o2cache/cg-o2.out" .
    runs=(afdo)
  fi
  for b in "${runs[@]}"; do
    if ! timeout 600 valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
	 --cachegrind-out-file="cg-$b.out" --log-file="cg-$b.log" \
	 "./$b" "$measure" >"out-$b.txt" 2>"err-$b.txt"; then
      if [ "$b" = o2 ]; then
	causes=(o2-run); row; return 0
      fi
      causes+=(output)
    fi
    if [ "$b" = o2 ] && [ -n "$o2cache" ]; then
      cp cg-o2.log cg-o2.out out-o2.txt "$o2cache/"
    fi
  done
  # An edited program prints what the seed's program does (its output at
  # the measured repetitions: the cache's, else run natively).
  if [ "$edit" -gt 0 ]; then
    if [ -n "$cache" ] && [ -f "$cache/out-o2.txt" ]; then
      cp "$cache/out-o2.txt" out-orig.txt
    elif ! orig_build || ! "./$ob" "$measure" >out-orig.txt 2>/dev/null; then
      causes=(o2-run); row; return 0
    fi
    cmp -s out-orig.txt out-o2.txt || { causes=(edit-output); row; return 0; }
  fi
  local c
  if c=$(cg_counts cg-o2.log) && [ -n "$c" ]; then
    read -r o2i o2m <<<"$c"
  else
    causes=(cachegrind); row; return 0
  fi
  if c=$(cg_counts cg-afdo.log) && [ -n "$c" ]; then
    read -r afi afm <<<"$c"
  fi
  cmp -s out-o2.txt out-afdo.txt || [[ " ${causes[*]:-} " == *" output "* ]] \
    || causes+=(output)
  if [ "$afi" != - ]; then
    ir=$(awk -v a="$afi" -v o="$o2i" 'BEGIN { printf "%.4f", (o > 0) ? a / o : 1 }')
    mr=$(awk -v a="$afm" -v o="$o2m" 'BEGIN { printf "%.4f", a / ((o > 0) ? o : 1) }')
    awk -v a="$afi" -v o="$o2i" 'BEGIN { exit !(a > o * 1.01) }' && causes+=(insns)
    awk -v a="$afm" -v o="$o2m" 'BEGIN { exit !(a > o * 1.05 + 1000) }' \
      && causes+=(mispredicts)
  fi
  if [ ${#causes[@]} -eq 0 ]; then
    verdict=pass
    [ -n "${KEEP:-}" ] || rm -f perf.data o2 afdo orig-o2 cg-o2.out cg-afdo.out
  else
    verdict=FAIL
    [ "$afi" != - ] && blamed=$(blame .)
    if [[ " ${causes[*]} " == *" mispredicts "* ]] && [ "${FUZZ_MINORITY:-1}" != 0 ]; then
      minor=$(minority . "$measure") || minor=-
    fi
  fi
  row
}

# run_seeds DIR SEED...: the seeds in parallel (FUZZ_JOBS), rows in
# DIR/rows.tsv in the order of the seeds.
run_seeds ()
{
  local dir=$1
  shift
  mkdir -p "$dir"
  printf '%s\n' "$@" | nice xargs -P "$FUZZ_JOBS" -I{} \
    bash "$BENCH/fuzz.sh" _seed {} "$dir/seed-{}" >/dev/null
  local s
  for s in "$@"; do
    if [ -f "$dir/seed-$s/row.tsv" ]; then
      cat "$dir/seed-$s/row.tsv"
    else
      printf '%s\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\terror\tharness\t-\t%s\n' "$s" \
	"$( [ "$FUZZ_EDIT" -gt 0 ] && echo "edit=$FUZZ_EDIT${FUZZ_EDIT_OWN:+/own}" || echo fresh)"
    fi
  done >"$dir/rows.tsv"
}

# run_all DIR: FUZZ_N seeds from FUZZ_SEED0 into DIR (emptied first),
# the settings in DIR/run.log.
run_all ()
{
  local dir=$1
  rm -rf "$dir"
  mkdir -p "$dir"
  {
    echo "fuzz: $FUZZ_N seeds from $FUZZ_SEED0, $FUZZ_JOBS jobs, $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "fuzz: plugin $FUZZ_PLUGIN, converter $FUZZ_CONVERT, generator $FUZZ_PROGEN"
    [ -z "$FUZZ_PLUGIN_ARGS" ] || echo "fuzz: plugin arguments $FUZZ_PLUGIN_ARGS"
    [ -z "$FUZZ_PERF_ARGS" ] || echo "fuzz: perf record $FUZZ_PERF_ARGS"
    if [ "$FUZZ_EDIT" -gt 0 ] && [ -n "${FUZZ_EDIT_OWN:-}" ]; then
      echo "fuzz: the programs' next release, $FUZZ_EDIT edits (afdo-progen --edit=$FUZZ_EDIT), with its own profile"
    elif [ "$FUZZ_EDIT" -gt 0 ]; then
      echo "fuzz: stale profiles: the programs' next release, $FUZZ_EDIT edits (afdo-progen --edit=$FUZZ_EDIT)"
    fi
    [ -z "${FUZZ_CACHE:-}" ] || echo "fuzz: profiles and -O2 measurements cached in $FUZZ_CACHE"
  } | tee "$dir/run.log"
  # shellcheck disable=SC2046
  run_seeds "$dir" $(seq "$FUZZ_SEED0" $((FUZZ_SEED0 + FUZZ_N - 1)))
  echo "fuzz: done $(date -u '+%Y-%m-%d %H:%M UTC')" | tee -a "$dir/run.log"
}

check_tools ()
{
  [ -x "$FUZZ_PROGEN" ] || die "no $FUZZ_PROGEN (make)"
  [ -x "$FUZZ_CONVERT" ] || die "no $FUZZ_CONVERT (make)"
  [ -f "$FUZZ_PLUGIN" ] || die "no plugin $FUZZ_PLUGIN (make)"
  command -v valgrind >/dev/null || die "valgrind is not installed"
  command -v perf >/dev/null || [ -n "${FUZZ_PROFILE:-}" ] \
    || die "perf is not installed"
}

cmd=${1:-run}
shift || true
case $cmd in
  _seed)
    fuzz_seed "$1" "$2"
    ;;
  one)
    [ $# -eq 1 ] || die "usage: fuzz.sh one SEED"
    check_tools
    KEEP=1 fuzz_seed "$1" "$FUZZ_WORK/one/seed-$1" >/dev/null
    row=$(cat "$FUZZ_WORK/one/seed-$1/row.tsv")
    mapfile -t f < <(tr '\t' '\n' <<<"$row")
    c=${f[15]}; [ "$c" = - ] && c=""
    echo "seed $1 (${f[17]}): ${f[14]}${c:+ ($c)}; patterns ${f[1]}; reps ${f[2]}, measured at ${f[3]}; ${f[4]} samples"
    echo "  instructions: -O2 ${f[5]}, plugin ${f[6]} (ratio ${f[9]})"
    echo "  mispredicted branches: -O2 ${f[7]}, plugin ${f[8]} (ratio ${f[10]})"
    echo "  text: -O2 ${f[11]} bytes, plugin ${f[12]} bytes"
    [ "${f[16]}" = - ] || echo "  grew most: ${f[16]} (i: instructions, m: mispredicts)"
    o=; [ "${f[17]}" = fresh ] || o="; orig.c, the program profiled"
    echo "  files in $FUZZ_WORK/one/seed-$1 (prog.c, prof.gcov, o2, afdo, *.log$o)"
    [ "${f[14]}" = pass ]
    ;;
  seeds)
    check_tools
    run_seeds "$FUZZ_WORK/seeds" "$@"
    cat "$FUZZ_WORK/seeds/rows.tsv"
    ;;
  run)
    check_tools
    run_all "$FUZZ_WORK/run"
    bash "$BENCH/lib/fuzz-report.sh" "$FUZZ_WORK/run/rows.tsv"
    ;;
  stale)
    check_tools
    [ "$FUZZ_EDIT" -gt 0 ] || FUZZ_EDIT=3
    edit=$FUZZ_EDIT
    top=$FUZZ_WORK/stale
    rm -rf "$top/fresh" "$top/own" "$top/stale" "$top/match0"
    if [ -z "${FUZZ_CACHE:-}" ]; then
      export FUZZ_CACHE=$top/cache
      rm -rf "$FUZZ_CACHE"
    fi
    args=$FUZZ_PLUGIN_ARGS
    FUZZ_EDIT=0 run_all "$top/fresh"
    FUZZ_EDIT=$edit FUZZ_EDIT_OWN=1 run_all "$top/own"
    FUZZ_EDIT=$edit FUZZ_EDIT_OWN= run_all "$top/stale"
    FUZZ_EDIT=$edit FUZZ_EDIT_OWN= FUZZ_PLUGIN_ARGS="$args -fplugin-arg-afdo-match=0" \
      run_all "$top/match0"
    bash "$BENCH/lib/fuzz-stale.sh" fresh="$top/fresh/rows.tsv" own="$top/own/rows.tsv" \
      stale="$top/stale/rows.tsv" match0="$top/match0/rows.tsv"
    ;;
  blame)
    [ $# -eq 1 ] || die "usage: fuzz.sh blame DIR (a seed's directory)"
    blame "$1"
    ;;
  report)
    bash "$BENCH/lib/fuzz-report.sh" "${1:-$FUZZ_WORK/run/rows.tsv}"
    ;;
  *)
    die "unknown command '$cmd' (run, seeds, one, blame, report, stale)"
    ;;
esac
