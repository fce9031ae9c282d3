#!/usr/bin/env bash
# afdo benchmarks: how much of a fresh profile's gain survives a release:
# release N+1 built with the samples of release N, on real release pairs;
# writes benchmarks/results/stale.{md,tsv}.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: benchmarks/stale.sh [PROG:OLD:NEW...]
#   (default: lua:v5.4.6:v5.4.7 lua:v5.4.4:v5.4.7 zstd:v1.5.5:v1.5.6)
#
# PROG is lua or zstd; OLD and NEW are tags of its git repository.  For
# each pair, with run.sh's recipes (real/lua5.4.sh, real/zstd.sh: their
# build flags and workloads) and run.sh's builds, perf recordings,
# cachegrind runs and timing rounds:
#   1. OLD built with the base flags (-O2 -g), its workload recorded
#      (perf record -e cpu-clock -F BENCH_PERF_FREQ) and converted by this
#      tree's afdo-convert: stale.gcov;
#   2. NEW likewise: fresh.gcov;
#   3. the variants of NEW: O2; stale (the plugin with stale.gcov);
#      stale-nomatch (the same plus STALE_NOMATCH_ARGS, which turn the
#      plugin's matcher off; left out when the plugin rejects them);
#      fresh (the plugin with fresh.gcov); fdo (-fprofile-generate, the
#      same workload, -fprofile-use);
#   4. every variant must print O2's output on the small workload;
#   5. cachegrind's instructions and mispredicted branches of each on the
#      small workload, and STALE_ROUNDS timing rounds on the full one
#      (every variant once a round, the order and the code offset
#      rotating, as run.sh times);
#   6. what the plugin builds matched of their profile: the build report
#      of the plugin's report= argument (afdo-dump --build-report) and
#      the sum of the translation units' lines of its verbose output.
#
# Environment (all optional):
#   STALE_GIT_LUA, STALE_GIT_ZSTD  a git repository (bare or not) holding
#                    the tags; default: cloned from the public URL into
#                    benchmarks/work/git once
#   STALE_PLUGIN     the plugin (default: this tree's build/afdo.so)
#   STALE_NOMATCH_ARGS  plugin arguments of stale-nomatch (default
#                    -fplugin-arg-afdo-match=0)
#   STALE_ROUNDS     timing rounds (default 11; 0: no timing)
#   STALE_RECORD     full|small: the workload recorded and trained on
#                    (default full; small for a quick trial)
#   STALE_NAME       the report's name in the results (default stale)
#   STALE_RECORDINGS K (default 1): everything K times, each with its own
#                    recordings (NAME-r1 ... NAME-rK), then NAME-spread.md
#                    (lib/stale-spread.awk): one recording per release is
#                    as noisy as the staleness, K show by how much
#   BENCH_CFLAGS, BENCH_JOBS, BENCH_PERF_FREQ, AFDO_BUILD_DIR,
#   AFDO_BENCH_WORK, AFDO_BENCH_RESULTS: as for run.sh.

set -u -o pipefail

STALE_ARGS=("$@")
[ ${#STALE_ARGS[@]} -gt 0 ] \
  || STALE_ARGS=(lua:v5.4.6:v5.4.7 lua:v5.4.4:v5.4.7 zstd:v1.5.5:v1.5.6)

# run.sh's functions and settings, without its main.
set -- quick
eval "$(sed '/^main$/d' "$(dirname "${BASH_SOURCE[0]}")/run.sh")"
NAME=${STALE_NAME:-stale}
RUNDIR=$WORK/run/$NAME
REC=$RUNDIR/records.tsv
LOG=$RUNDIR/bench.log
PAIRS=${STALE_ROUNDS:-11}
RECORD=${STALE_RECORD:-full}
read -r -a NOMATCH_ARGS <<<"${STALE_NOMATCH_ARGS--fplugin-arg-afdo-match=0}"
# The timed variants (build_variant links their shifted copies).
VARIANTS=(O2 stale stale-nomatch fresh fdo)
PLUGIN=$(readlink -f "${STALE_PLUGIN:-$BDIR/afdo.so}")

# stale_repo PROG: the git repository of PROG, cloned once when the
# environment names none.
stale_repo ()
{
  local g url
  case $1 in
    lua) g=${STALE_GIT_LUA:-}; url=https://github.com/lua/lua ;;
    zstd) g=${STALE_GIT_ZSTD:-}; url=https://github.com/facebook/zstd ;;
    *) return 1 ;;
  esac
  if [ -z "$g" ]; then
    g=$WORK/git/$1.git
    if [ ! -d "$g" ]; then
      log "git clone $url"
      mkdir -p "$WORK/git"
      git clone --bare -q "$url" "$g.tmp" >>"$LOG" 2>&1 && mv "$g.tmp" "$g" \
        || { rm -rf "$g.tmp"; return 1; }
    fi
  fi
  printf '%s' "$g"
}

# stale_unpack PROG TAG DEST: the tree of TAG in DEST, once.
stale_unpack ()
{
  local g
  [ -f "$3/.afdo-unpacked" ] && return 0
  g=$(stale_repo "$1") || return 1
  rm -rf "$3"
  mkdir -p "$3"
  git -C "$g" archive --format=tar "$2" 2>>"$LOG" | tar -x -C "$3" \
    && touch "$3/.afdo-unpacked"
}

# stale_sources PROG TAG: unpack TAG and set SRCDIR, SRCS, CPPFLAGS_P and
# LIBS_P with the recipe's r_prepare.  Lua's repository holds the files
# of the release's src/ at its top, with the test library (ltests.c) and
# the whole interpreter in one file (onelua.c), which a release build
# leaves out; lua.c is the interpreter's main.
stale_sources ()
{
  local t=$WORK/src-git/$1-$2 dest f keep=()
  dest=$t
  [ "$1" = lua ] && dest=$t/src
  stale_unpack "$1" "$2" "$dest" || return 1
  SRCDIR=$t
  r_prepare >>"$LOG" 2>&1 || return 1
  for f in "${SRCS[@]}"; do
    case ${f##*/} in ltests.c|onelua.c) [ "$1" = lua ] && continue ;; esac
    keep+=("$f")
  done
  SRCS=("${keep[@]}")
  [ ${#SRCS[@]} -gt 0 ]
}

# stale_profile P BIN OUT: record the workload on BIN and convert it to
# OUT (records "profile"); false with WHY set on failure.
stale_profile ()
{
  local p=$1 bin=$2 out=$3 d
  d=$(dirname "$out")
  if ! perf record -e cpu-clock -F "$PERF_FREQ" -q -o "$d/perf.data" -- \
       bash "$PDIR/workload-$RECORD.sh" "$bin" >/dev/null 2>"$d/perf.log"; then
    WHY="perf record failed: $(failure_line "$d/perf.log")"
    return 1
  fi
  local samples
  samples=$(perf script -i "$d/perf.data" -F comm 2>/dev/null | wc -l)
  if ! "$CONVERT" --binary="$bin" --perf="$d/perf.data" -o "$out" \
       >"$d/convert.log" 2>&1 || [ ! -s "$out" ]; then
    WHY="afdo-convert failed: $(failure_line "$d/convert.log")"
    return 1
  fi
  record profile "$PNAME" "$(basename "$out" .gcov)" "$samples" \
    "$("$DUMP" --summary "$out" 2>/dev/null | awk '/total samples:/ { print $3 }')"
  rm -f "$d/perf.data"
}

# stale_matched V: what the plugin build of variant V matched of its
# profile: "matched V M S T TU_M TU_S" with the build report's matched
# samples M, the samples S of the profile's functions the build defines
# and the profile's samples T (each function once), and the sums of the
# translation units' verbose lines; then a "unit V SOURCE S M" per
# compiled file with samples (its last entry; SOURCE relative to the
# repository's top), and a "fn V NAME SOURCE S M" per function of the
# profile holding at least 0.1 % of its samples (M: the most a file
# matched of it, as afdo-dump counts).
stale_matched ()
{
  local v=$1 d=$PDIR/$1 top=$SRCDIR/ m s t tu
  [ "$PROG" = lua ] && top=$SRCDIR/src/
  "$DUMP" --build-report="$d/report.txt" --top=0 --stale-percent=0 \
    >"$d/build-report.txt" 2>&1
  t=$(sed -n 's/^profile .*: \([0-9]*\) samples.*/\1/p' "$d/build-report.txt")
  read -r m s < <(sed -n 's/^  matched \([0-9]*\) of those \([0-9]*\) samples.*/\1 \2/p' \
                    "$d/build-report.txt")
  tu=$(sed -n 's/.*: translation unit: .* with \([0-9]*\) of the profile.*; matched \([0-9]*\) of .*/\2 \1/p' \
         "$d/build-$v.log" | awk '{ m += $1; s += $2 } END { printf "%d\t%d", m, s }')
  record matched "$PNAME" "$v" "${m:-}" "${s:-}" "${t:-}" "$tu"
  awk -v p="$PNAME" -v v="$v" -v top="$top" '
    function field(k,   i) {
      for (i = 2; i <= NF; i++)
        if (index($i, k "=") == 1) return substr($i, length(k) + 2)
      return ""
    }
    $1 == "unit" {
      src = field("source"); t = field("profile-samples") + 0
      if (index(src, top) == 1) src = substr(src, length(top) + 1)
      if (!(src in S)) order[n++] = src
      S[src] = field("samples"); M[src] = field("matched")
    }
    $1 == "function" {
      f = field("name")
      if (!(f in FS_)) { forder[nf++] = f; FS_[f] = field("samples"); FF[f] = src; FM[f] = 0 }
      if (field("matched") + 0 > FM[f]) FM[f] = field("matched") + 0
    }
    END {
      for (i = 0; i < n; i++)
        if (S[order[i]] + 0 > 0) printf "unit\t%s\t%s\t%s\t%s\t%s\n", p, v, order[i], S[order[i]], M[order[i]]
      for (i = 0; i < nf; i++) {
        f = forder[i]
        if (FS_[f] * 1000 >= t && FS_[f] + 0 > 0)
          printf "fn\t%s\t%s\t%s\t%s\t%s\t%s\n", p, v, f, FF[f], FS_[f], FM[f]
      }
    }' "$d/report.txt" >>"$REC"
}

# stale_pair PROG OLD NEW: everything for one release pair (run in a
# subshell).
stale_pair ()
{
  PROG=$1
  local old=$2 new=$3 recipe p v why=""
  declare -A ok=()
  p=$PROG
  PNAME=$PROG-$old-$new
  PDIR=$RUNDIR/$PNAME
  rm -rf "$PDIR"
  mkdir -p "$PDIR"
  log "== $PNAME"
  record pair "$PNAME" "$PROG" "$old" "$new"
  case $PROG in
    lua) recipe=lua5.4 ;;
    zstd) recipe=zstd ;;
    *)
      record status "$PNAME" all na "no recipe for $PROG (lua or zstd)"
      return 0 ;;
  esac
  . "$BENCH/real/$recipe.sh"
  PREP=$PDIR/prep
  DATA=$WORK/data/$recipe
  mkdir -p "$PREP" "$DATA"
  r_inputs >>"$LOG" 2>&1
  write_workload "$PNAME" full
  write_workload "$PNAME" small

  # How much of the C code changed between the tags.
  local g ds
  if g=$(stale_repo "$PROG") \
     && ds=$(git -C "$g" diff --shortstat "$old" "$new" -- '*.c' 2>>"$LOG"); then
    record diffstat "$PNAME" $(awk '{ f = $1; i = 0; d = 0
                                      for (k = 2; k <= NF; k++) {
                                        if ($k ~ /^insertion/) i = $(k - 1)
                                        if ($k ~ /^deletion/) d = $(k - 1) }
                                      print f, i, d }' <<<"${ds:-0}")
    git -C "$g" diff --numstat "$old" "$new" -- '*.c' \
      | awk -v p="$PNAME" '{ printf "numstat\t%s\t%s\t%s\t%s\n", p, $3, $1, $2 }' >>"$REC"
  fi

  # Release N: its -O2 build and its profile, the stale one.
  log "$PNAME: $old: sources, build, profile"
  if ! stale_sources "$PROG" "$old"; then
    why="cannot prepare the sources of $old (see $LOG)"
    for v in "${VARIANTS[@]}"; do record status "$PNAME" "$v" na "$why"; done
    return 0
  fi
  local have_stale=""
  if ! build_variant "$p" old "$PDIR/old"; then
    why="build of $old failed: $(failure_line "$PDIR/old/build-old.log")"
  elif stale_profile "$p" "$PDIR/old/$p" "$PDIR/old/stale.gcov"; then
    have_stale=1
  else
    why="$old: $WHY"
  fi
  local stale_why=$why

  # Release N+1: -O2, the fresh profile, FDO.
  log "$PNAME: $new: sources, build, profile"
  if ! stale_sources "$PROG" "$new"; then
    why="cannot prepare the sources of $new (see $LOG)"
    for v in "${VARIANTS[@]}"; do record status "$PNAME" "$v" na "$why"; done
    return 0
  fi
  if ! build_variant "$p" O2 "$PDIR/O2"; then
    why="O2 build failed: $(failure_line "$PDIR/O2/build-O2.log")"
    for v in "${VARIANTS[@]}"; do record status "$PNAME" "$v" na "$why"; done
    return 0
  fi
  ok[O2]=$PDIR/O2/$p
  local have_fresh="" fresh_why=""
  mkdir -p "$PDIR/new"
  if stale_profile "$p" "${ok[O2]}" "$PDIR/new/fresh.gcov"; then
    have_fresh=1
  else
    fresh_why="$new: $WHY"
  fi

  log "$PNAME: build fdo (generate, train, use)"
  if ! build_variant "$p" fdo-gen "$PDIR/fdo" -fprofile-generate; then
    record status "$PNAME" fdo na "instrumented build failed: $(failure_line "$PDIR/fdo/build-fdo-gen.log")"
  elif ! bash "$PDIR/workload-$RECORD.sh" "$PDIR/fdo/$p" >/dev/null 2>"$PDIR/fdo/train.log"; then
    record status "$PNAME" fdo na "training run failed: $(failure_line "$PDIR/fdo/train.log")"
  elif ! build_variant "$p" fdo "$PDIR/fdo" -fprofile-use -Wno-missing-profile; then
    record status "$PNAME" fdo na "-fprofile-use build failed: $(failure_line "$PDIR/fdo/build-fdo.log")"
  else
    mkdir -p "$PDIR/fdo/bin"
    mv "$PDIR/fdo/$p" "$PDIR/fdo/bin/$p"
    ok[fdo]=$PDIR/fdo/bin/$p
  fi

  # Does the plugin take the arguments that turn its matcher off?
  local nomatch_why=""
  if [ ${#NOMATCH_ARGS[@]} = 0 ]; then
    nomatch_why="STALE_NOMATCH_ARGS is empty"
  elif [ -n "$have_stale" ] && ! "$CC" -fplugin="$PLUGIN" \
         -fplugin-arg-afdo-profile="$PDIR/old/stale.gcov" "${NOMATCH_ARGS[@]}" \
         -c "$WORK/tmp/empty.c" -o /dev/null >"$PDIR/nomatch-probe.log" 2>&1; then
    nomatch_why="the plugin rejects ${NOMATCH_ARGS[*]}: $(failure_line "$PDIR/nomatch-probe.log" | sed 's/; accepted: .*//')"
  fi

  # The plugin builds, each with its build report and verbose lines.
  local prof extra
  for v in stale stale-nomatch fresh; do
    extra=()
    case $v in
      stale) prof=$PDIR/old/stale.gcov; why=${have_stale:+ok} ;;
      stale-nomatch)
        prof=$PDIR/old/stale.gcov; why=${have_stale:+ok}
        extra=("${NOMATCH_ARGS[@]}")
        if [ -n "$nomatch_why" ] && [ -n "$have_stale" ]; then
          record status "$PNAME" "$v" na "$nomatch_why"
          continue
        fi ;;
      fresh) prof=$PDIR/new/fresh.gcov; why=${have_fresh:+ok} ;;
    esac
    if [ "$why" != ok ]; then
      record status "$PNAME" "$v" na "no profile: $([ $v = fresh ] && echo "$fresh_why" || echo "$stale_why")"
      continue
    fi
    if [ ! -f "$PLUGIN" ]; then
      record status "$PNAME" "$v" na "no plugin ($PLUGIN)"
      continue
    fi
    log "$PNAME: build $v"
    mkdir -p "$PDIR/$v"
    rm -f "$PDIR/$v/report.txt"
    if build_variant "$p" "$v" "$PDIR/$v" -fplugin="$PLUGIN" \
         -fplugin-arg-afdo-profile="$prof" "${extra[@]}" \
         -fplugin-arg-afdo-verbose -fplugin-arg-afdo-report="$PDIR/$v/report.txt"; then
      ok[$v]=$PDIR/$v/$p
      stale_matched "$v"
    else
      record status "$PNAME" "$v" na "build failed: $(failure_line "$PDIR/$v/build-$v.log")"
    fi
  done

  # Same output as O2 on the small workload, or the variant fails.
  local ref out
  ref=$(bash "$PDIR/workload-small.sh" "${ok[O2]}" 2>"$PDIR/O2/small.err" | md5sum)
  for v in "${VARIANTS[@]}"; do
    [ "$v" = O2 ] || [ -z "${ok[$v]:-}" ] && continue
    if ! out=$(bash "$PDIR/workload-small.sh" "${ok[$v]}" 2>"$PDIR/$v.small.err" | md5sum) \
       || [ "$out" != "$ref" ]; then
      record status "$PNAME" "$v" fail "WRONG OUTPUT or crash on the small workload"
      log "$PNAME: $v: output differs from O2's"
      unset "ok[$v]"
    fi
  done

  # Instructions and mispredicted branches on the small workload.
  if command -v valgrind >/dev/null; then
    for v in "${VARIANTS[@]}"; do
      [ -n "${ok[$v]:-}" ] || continue
      log "$PNAME: cachegrind $v"
      run_cachegrind "$PNAME" "$v" "${ok[$v]}" || log "$PNAME: cachegrind $v failed"
    done
  fi

  # Timing rounds on the full workload, as run.sh's bench_program times:
  # every variant once a round, the order rotating, each round at the
  # code offset SHIFTS[R mod 4] when every variant has a copy there.
  local order=() n r k sh bin
  for v in "${VARIANTS[@]}"; do
    [ -n "${ok[$v]:-}" ] && order+=("$v")
  done
  n=${#order[@]}
  if [ "$PAIRS" -gt 0 ]; then
    for v in "${order[@]}"; do      # warm-up: page cache, not recorded
      bash "$PDIR/workload-full.sh" "${ok[$v]}" >/dev/null 2>&1
    done
    log "$PNAME: timing ${order[*]}, $PAIRS rounds"
  fi
  for ((r = 0; r < PAIRS; r++)); do
    sh=${SHIFTS[$((r % ${#SHIFTS[@]}))]}
    for v in "${order[@]}"; do
      [ "$sh" = 0 ] || [ -x "$PDIR/$v/shift$sh/$p" ] || sh=0
    done
    record shift "$PNAME" "$r" "$sh"
    for ((k = 0; k < n; k++)); do
      v=${order[$(((k + r) % n))]}
      bin=${ok[$v]}
      [ "$sh" = 0 ] || bin=$PDIR/$v/shift$sh/$p
      bench_time_run "$PNAME" "$r" "$v" "$bin"
    done
  done
  for v in "${order[@]}"; do record status "$PNAME" "$v" ok ""; done
}

stale_main ()
{
  mkdir -p "$RUNDIR" "$RESULTS"
  : >"$LOG"
  : >"$REC"
  setup_tools
  echo 'int main (void) { return 0; }' >"$WORK/tmp/empty.c"
  if [ -z "$DUMP" ] || [ "$CONVERT_STATE" != present ]; then
    log "afdo-convert and afdo-dump are needed ($BDIR): make first"
    exit 1
  fi
  local start=$(date +%s) a
  {
    printf 'meta\tmode\tstale\n'
    machine_meta
    printf 'meta\trounds\t%s\n' "$PAIRS"
    printf 'meta\tshifts\t%s\n' "${SHIFTS[*]}"
    printf 'meta\tperf\tperf record -e cpu-clock -F %s\n' "$PERF_FREQ"
    printf 'meta\trecord\t%s\n' "$RECORD"
    printf 'meta\tplugin\t%s\n' "${STALE_PLUGIN:+$(basename "$STALE_PLUGIN") (STALE_PLUGIN) }md5 $(md5sum <"$PLUGIN" | cut -c1-12)"
    printf 'meta\tnomatch\t%s\n' "${NOMATCH_ARGS[*]:-}"
    printf 'meta\tload_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  } >>"$REC"
  log "stale: pairs ${STALE_ARGS[*]}; $PAIRS rounds; records $RECORD workload"
  for a in "${STALE_ARGS[@]}"; do
    IFS=: read -r -a f <<<"$a"
    if [ ${#f[@]} != 3 ]; then
      log "not PROG:OLD:NEW: $a"
      continue
    fi
    ( stale_pair "${f[0]}" "${f[1]}" "${f[2]}" )
  done
  {
    printf 'meta\tload_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'meta\telapsed\t%s\n' "$(( $(date +%s) - start ))"
  } >>"$REC"
  # The results name no directory of this machine.
  sed -e "s|$WORK/|benchmarks/work/|g" -e "s|$SRC/||g" "$REC" >"$RESULTS/$NAME.tsv"
  awk -F '\t' -v name="$NAME" -f "$BENCH/lib/markdown.awk" -f "$BENCH/lib/stale.awk" \
    "$RESULTS/$NAME.tsv" \
    >"$RESULTS/$NAME.md" && log "wrote $RESULTS/$NAME.md"
}

K=${STALE_RECORDINGS:-1}
if [ "$K" -gt 1 ] && [ -z "${STALE_RECORDING_OF:-}" ]; then
  files=()
  for ((r = 1; r <= K; r++)); do
    STALE_RECORDING_OF=$NAME STALE_NAME=$NAME-r$r STALE_RECORDINGS=1 \
      bash "${BASH_SOURCE[0]}" "${STALE_ARGS[@]}"
    files+=("$RESULTS/$NAME-r$r.tsv")
  done
  awk -F '\t' -v name="$NAME" -f "$BENCH/lib/stale-spread.awk" "${files[@]}" \
    >"$RESULTS/$NAME-spread.md" && echo "stale: wrote $RESULTS/$NAME-spread.md"
  exit 0
fi
stale_main
