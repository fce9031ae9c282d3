#!/usr/bin/env bash
# Torture test of afdo.so with wrong, random and foreign profiles: GCC's
# own gcc.c-torture/execute programs (read from the gcc-12-source
# package, never copied here) compiled at -O2 with the plugin and
#   perf   a profile converted from `perf record -e cpu-clock' of the
#          program itself (of 30 runs when one is too short; none when
#          even those give no sample in the program),
#   rand   a random profile over the program's real functions and lines
#          (afdo-randprof: counts 0 and 2^62, inline instances, icall
#          targets that do not exist, lines that do not exist),
#   other  the profile of a different program.
# Each must compile without an ICE and the program must still exit 0.
# Programs that do not build or pass at plain -O2 are not counted.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# Usage: scripts/torture.sh [BUILD]
# Environment: TORTURE_JOBS (default 2), TORTURE_LIMIT (first N programs),
# TORTURE_MATCH (only programs whose name matches this glob), TARGET_GCC.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "${1:-$src/build}" && pwd)
GCC=${TARGET_GCC:-gcc}
W=$B/torture
export src B GCC W
for t in afdo.so afdo-convert afdo-randprof; do
  [ -e "$B/$t" ] || { echo "torture: $B/$t missing (make all)" >&2; exit 1; }
done
gccsrc=$(bash "$src/scripts/gcc-source.sh" "$B/gcc-src") || exit 1
exe_dir=$gccsrc/testsuite/gcc.c-torture/execute
rm -rf "$W"
mkdir -p "$W/work" "$W/fail"

# The foreign profiles: a real one of the converter's test program, and
# a random one over another program's functions.
"$GCC" -O2 -g "$src/testsuite/afdo.convert/convert-prog.c" -o "$W/other-prog"
if perf record -q -e cpu-clock -F 5000 -o "$W/other.data" -- "$W/other-prog" 30000000 >/dev/null 2>&1 &&
   "$B/afdo-convert" --binary="$W/other-prog" --perf="$W/other.data" -o "$W/other-perf.gcov" 2>/dev/null; then
  :
else
  echo "torture: no perf profile of the foreign program; using a random one"
  "$B/afdo-randprof" --seed=7 --format=gcov -o "$W/other-perf.gcov" "$W/other-prog"
fi
"$B/afdo-randprof" --seed=11 -o "$W/other-rand.afdo" "$W/other-prog"

one () {
  local f=$1 n opts t=$W/work/$(basename "$1" .c) r seed
  n=$(basename "$f" .c)
  mkdir -p "$t"
  cd "$t" || return
  # The test's own options (dg-options, dg-additional-options).
  opts=$(sed -n 's/.*dg-\(additional-\)\{0,1\}options "\([^"]*\)".*/\2/p' "$f" | grep -v '{' | tr '\n' ' ')
  local cc="$GCC -w $opts"
  if ! $cc -O2 -g "$f" -o base -lm >base.log 2>&1 || ! timeout 10 ./base >/dev/null 2>&1; then
    echo "$n	base	skip"
    cd "$W" && rm -rf "$t"
    return
  fi
  seed=$(cksum <<<"$n" | cut -d' ' -f1)
  # perf: only where the program gives samples.
  local prof_perf=""
  # A program too short to be sampled in one run is sampled over 30.
  if perf record -q -e cpu-clock -F 20000 -o perf.data -- ./base >/dev/null 2>&1 &&
     "$B/afdo-convert" --binary=base --perf=perf.data -o perf.gcov >conv.log 2>&1; then
    prof_perf=perf.gcov
  elif perf record -q -e cpu-clock -F 20000 -o perf.data -- \
	 sh -c 'for i in $(seq 30); do ./base; done' >/dev/null 2>&1 &&
     "$B/afdo-convert" --binary=base --perf=perf.data -o perf.gcov >conv.log 2>&1; then
    prof_perf=perf.gcov
  fi
  local fmt=text ext=afdo
  [ $((seed % 2)) -eq 0 ] && { fmt=gcov; ext=gcov; }
  "$B/afdo-randprof" --seed="$seed" --format=$fmt -o rand.$ext base 2>randprof.log || { echo "$n	rand	randprof-failed"; }
  local other=$W/other-perf.gcov
  [ $((seed % 3)) -eq 0 ] && other=$W/other-rand.afdo
  for v in perf rand other; do
    local p
    case $v in
      perf) p=$prof_perf; [ -n "$p" ] || { echo "$n	perf	no-profile"; continue; } ;;
      rand) p=rand.$ext; [ -s "$p" ] || continue ;;
      other) p=$other ;;
    esac
    local st
    $cc -O2 -fplugin="$B/afdo.so" -fplugin-arg-afdo-profile="$p" "$f" -o "x-$v" -lm >"cc-$v.log" 2>&1
    r=$?
    if [ $r -ne 0 ]; then
      if grep -q "internal compiler error\|Segmentation fault\|Aborted\|plugin.*crash" "cc-$v.log"; then st=ice; else st=compile-error; fi
    else
      timeout 10 ./"x-$v" >"run-$v.log" 2>&1
      r=$?
      if [ $r -eq 0 ]; then st=pass; elif [ $r -eq 124 ]; then st=timeout; else st=run-fail; fi
    fi
    echo "$n	$v	$st"
    if [ $st != pass ]; then
      mkdir -p "$W/fail/$n-$v"
      cp "$f" "$p" "cc-$v.log" "$W/fail/$n-$v/" 2>/dev/null
      [ -f "run-$v.log" ] && cp "run-$v.log" "$W/fail/$n-$v/"
      echo "$cc -O2 -fplugin=$B/afdo.so -fplugin-arg-afdo-profile=$W/fail/$n-$v/$(basename "$p") $f" > "$W/fail/$n-$v/cmd"
    fi
  done
  cd "$W" && rm -rf "$t"
}
export -f one

ls "$exe_dir"/*.c | { if [ -n "${TORTURE_MATCH:-}" ]; then grep "/${TORTURE_MATCH}\.c$"; else cat; fi; } |
  head -n "${TORTURE_LIMIT:-100000}" |
  xargs -P "${TORTURE_JOBS:-2}" -I{} bash -c 'one "$@"' _ {} > "$W/results.tsv"

awk -F'\t' '
  $2 == "base" { skip++; next }
  { prog[$1] = 1; tried[$2]++; st[$2 "," $3]++;
    if ($3 != "no-profile") { comp[$2] += ($3 != "ice" && $3 != "compile-error") }
    if ($3 == "pass") pass[$2]++ }
  END {
    n = 0; for (p in prog) n++
    printf "torture: %d programs (%d more not counted: fail at plain -O2)\n", n, skip
    split("perf rand other", vs, " ")
    for (i = 1; i <= 3; i++) {
      v = vs[i]
      printf "torture: %-5s tried %d, no profile %d, compiled %d, passed %d, ICE %d, compile errors %d, run failures %d, timeouts %d\n",
        v, tried[v] - st[v ",no-profile"], st[v ",no-profile"], comp[v], pass[v], st[v ",ice"], st[v ",compile-error"], st[v ",run-fail"], st[v ",timeout"]
    }
  }' "$W/results.tsv" | tee "$W/summary.txt"
bad=$(awk -F'\t' '$3 == "ice" || $3 == "compile-error" || $3 == "run-fail" || $3 == "timeout" || $3 == "randprof-failed"' "$W/results.tsv")
if [ -n "$bad" ]; then
  echo "torture: failures (details in $W/fail/NAME-VARIANT/):"
  echo "$bad"
  exit 1
fi
