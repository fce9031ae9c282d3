#!/usr/bin/env bash
# make demo: the whole AutoFDO loop on examples/demo.c.  Every command is
# echoed before it runs, so it can be copied into a real build.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# Usage: demo.sh BUILD-DIR   (BUILD-DIR holds afdo-convert, afdo-dump,
# afdo.so; the demo works in BUILD-DIR/demo).
# Environment: DEMO_N (iterations of the example when timed, default
# 10000000), DEMO_PROFILE_N (when profiled, default 30000000),
# DEMO_PAIRS (timed pairs, default 21), DEMO_CG_N (iterations under
# cachegrind, default 1000000), CC (default gcc).
set -eu
B=${1:?usage: demo.sh BUILD-DIR}
B=$(cd "$B" && pwd)
SRC=$(cd "$(dirname "$0")/.." && pwd)
D=$B/demo
CC=${CC:-gcc}
N=${DEMO_N:-10000000}
PN=${DEMO_PROFILE_N:-30000000}
PAIRS=${DEMO_PAIRS:-21}
CG_N=${DEMO_CG_N:-1000000}
T0=$(date +%s)

bold() { if [ -t 1 ]; then printf '\033[1m%s\033[0m\n' "$*"; else printf '%s\n' "$*"; fi; }
# Echo a command (as it could be typed in $D), then run it.
step() { bold "\$ $*"; "$@"; }
die() { echo "demo: $*" >&2; exit 1; }

for f in afdo-convert afdo-dump afdo.so; do
  [ -e "$B/$f" ] || die "$B/$f is missing; run 'make' first"
done
command -v perf >/dev/null || die "perf is not installed (apt-get install linux-perf)"
perf version >/dev/null 2>&1 || die "'perf version' fails: $(perf version 2>&1 | head -1)"

rm -rf "$D"
mkdir -p "$D"
cp "$SRC/examples/demo.c" "$D/demo.c"
cd "$D"
echo "demo: working in $D (the commands below run there)"

echo
echo "== 1. The ordinary release build, with line tables (-g)"
step $CC -O2 -g demo.c -o demo-O2

echo
echo "== 2. Profile it with perf where it runs"
# Branch stacks (LBR) give exact counts of straight-line code; without
# them (most VMs, this machine if it says so) IP samples of the cpu-clock
# event are the fallback.
if perf record -b -o lbr-probe.data true >/dev/null 2>&1; then
  echo "(this machine has LBR: recording branch stacks with 'perf record -b')"
  step perf record -b -o perf.data ./demo-O2 "$PN"
elif perf record -e cpu-clock --call-graph dwarf -o cg-probe.data true >/dev/null 2>&1; then
  echo "(no LBR here: 'perf record -b' fails; recording IP samples of the cpu-clock event"
  echo " with call chains unwound from the stack, which name indirect-call targets and callers)"
  step perf record -e cpu-clock -F 4000 --call-graph dwarf -o perf.data ./demo-O2 "$PN" \
    || die "perf record failed; as a non-root user try: sysctl kernel.perf_event_paranoid=1"
else
  echo "(no LBR here: 'perf record -b' fails; recording IP samples of the cpu-clock event instead)"
  step perf record -e cpu-clock -F 20000 -o perf.data ./demo-O2 "$PN" \
    || die "perf record failed; as a non-root user try: sysctl kernel.perf_event_paranoid=1"
fi
rm -f lbr-probe.data cg-probe.data

echo
echo "== 3. Convert the samples into a profile (-v: statistics and quality)"
step "$B/afdo-convert" -v --binary=demo-O2 --perf=perf.data -o demo.gcov \
  2> convert.log || { cat convert.log >&2; die "afdo-convert failed"; }
cat convert.log
step "$B/afdo-dump" --summary demo.gcov

echo
echo "== 4. Rebuild with the profile (verbose: the plugin's match rate)"
step $CC -O2 -g -fplugin="$B/afdo.so" -fplugin-arg-afdo-profile=demo.gcov \
  -fplugin-arg-afdo-verbose demo.c -o demo-afdo 2> plugin.log \
  || { cat plugin.log >&2; die "the build with the plugin failed"; }
cat plugin.log

echo
echo "== 5. Same output?"
a=$(./demo-O2 "$N")
b=$(./demo-afdo "$N")
echo "-O2: $a    -O2 + afdo: $b"
[ "$a" = "$b" ] || die "outputs differ"

echo
echo "== 6. Time both, alternating, $PAIRS pairs of ./demo-O2 $N and ./demo-afdo $N"
# Where a hot loop falls in its cache lines moves an interpreter's time
# by tens of per cent on some machines, whatever the compiler did, so
# one link of each build measures luck as much as code.  Both builds are
# also linked behind 16, 32 and 48 bytes of padding (the same code at
# other offsets), and pair I runs both at offset OFFSETS[I mod 4], as
# benchmarks/run.sh does.
OFFSETS=(0 16 32 48)
$CC -O2 -g -c demo.c -o demo-O2.o
$CC -O2 -g -fplugin="$B/afdo.so" -fplugin-arg-afdo-profile=demo.gcov \
  -c demo.c -o demo-afdo.o 2>/dev/null
for k in "${OFFSETS[@]:1}"; do
  # In .text.unlikely, which the linker puts first: the plugin's build
  # has its hot function in .text.hot, which padding in .text would not
  # move.
  printf '\t.section .text.unlikely.afdo_demo_pad,"ax",@progbits\n\t.skip %d, 0x90\n\t.section .note.GNU-stack,"",@progbits\n' \
    "$k" >pad$k.s
  $CC -c pad$k.s -o pad$k.o
  $CC -O2 -g pad$k.o demo-O2.o -o demo-O2.$k
  $CC -O2 -g pad$k.o demo-afdo.o -o demo-afdo.$k
done
echo "(the pairs rotate over code offsets ${OFFSETS[*]} bytes: demo-O2.16, demo-afdo.16, ...)"
ms() {
  local s e
  s=$(date +%s%N)
  "$@" >/dev/null
  e=$(date +%s%N)
  echo $(( (e - s) / 1000000 ))
}
plain=() afdo=() ratio=()
declare -A at=()
for ((i = 0; i < PAIRS; i++)); do
  k=${OFFSETS[$((i % ${#OFFSETS[@]}))]}
  sfx=""
  [ "$k" = 0 ] || sfx=.$k
  p=$(ms ./demo-O2$sfx "$N")
  q=$(ms ./demo-afdo$sfx "$N")
  plain+=("$p"); afdo+=("$q")
  r=$(awk -v p="$p" -v q="$q" 'BEGIN { printf "%.4f", q ? p / q : 1 }')
  ratio+=("$r")
  at[$k]="${at[$k]:-} $r"
done
med() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mp=$(med "${plain[@]}")
ma=$(med "${afdo[@]}")
echo "-O2:         median $mp ms   (${plain[*]})"
echo "-O2 + afdo:  median $ma ms   (${afdo[*]})"
# The figure: the geometric mean over the offsets of the median ratio at
# each, every offset weighed alike.
per=() logs=0 n=0
for k in "${OFFSETS[@]}"; do
  [ -n "${at[$k]:-}" ] || continue
  m=$(med ${at[$k]})
  per+=("$k: $(awk -v r="$m" 'BEGIN { printf "%+.1f %%", (r - 1) * 100 }')")
  logs=$(awk -v s="$logs" -v r="$m" 'BEGIN { printf "%.6f", s + log(r) }')
  n=$((n + 1))
done
mr=$(awk -v s="$logs" -v n="$n" 'BEGIN { printf "%.4f", exp(s / n) }')
speedup=$(awk -v r="$mr" 'BEGIN { printf "%+.1f %%", (r - 1) * 100 }')
echo "speedup at each code offset (median of its pairs' ratios -O2 time / afdo time): ${per[*]}"
echo "speedup over the offsets (their geometric mean): $speedup"

cg=""
if command -v valgrind >/dev/null; then
  echo
  echo "== 7. Count instructions and mispredicted branches (cachegrind; exact, not noisy)"
  cgrun() {
    valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no \
      --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
      | awk '/I *refs:/ { gsub(",", "", $4); ir = $4 }
             /Mispredicts:/ { gsub(",", "", $3); mp = $3 }
             END { print ir, mp }'
  }
  VG="valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no --cachegrind-out-file=/dev/null"
  bold "\$ $VG ./demo-O2 $CG_N"
  read -r ir0 mp0 < <(cgrun ./demo-O2 "$CG_N")
  bold "\$ $VG ./demo-afdo $CG_N"
  read -r ir1 mp1 < <(cgrun ./demo-afdo "$CG_N")
  if [ -n "$ir0" ] && [ -n "$ir1" ] && [ -n "$mp0" ] && [ -n "$mp1" ]; then
    cg=$(awk -v a="$ir0" -v b="$ir1" -v c="$mp0" -v d="$mp1" 'BEGIN {
      printf "instructions %+.1f %%, mispredicted branches %+.1f %%",
        (b / a - 1) * 100, c ? (d / c - 1) * 100 : 0 }')
    printf '%-12s %15s instructions %12s mispredicted branches\n' "-O2:" "$ir0" "$mp0"
    printf '%-12s %15s instructions %12s mispredicted branches\n' "-O2 + afdo:" "$ir1" "$mp1"
    echo "$cg"
  else
    echo "(cachegrind gave no figures)"
  fi
fi

echo
echo "== Summary"
tu=$(sed -n 's/^afdo: [^ ]*: translation unit: //p' plugin.log)
echo "converter:    samples in demo-O2: $(sed -n 's/^afdo-convert: samples in demo-O2: //p' convert.log)"
echo "              of those: $(sed -n 's/^afdo-convert: of those: //p' convert.log)"
echo "plugin:       ${tu:-no match report}"
echo "time:         -O2 $mp ms, -O2 + afdo $ma ms (medians): speedup $speedup over four code offsets"
[ -n "$cg" ] && echo "cachegrind:   $cg"
if [ -n "$cg" ]; then
  # Instructions down but time up (or the reverse): say which to trust.
  awk -v r="$mr" -v a="$ir0" -v b="$ir1" 'BEGIN { exit !((r < 1) == (b < a)) }' && cat <<'EON'
note:         the timing and the instruction count disagree.  On a shared or
              virtual machine the count is the stable figure; the time also
              moves with the code layout, which changes with every profile
              (see doc/manual.md, section 11).
EON
fi
echo "demo took $(( $(date +%s) - T0 )) s.  In your own build:"
echo "  CFLAGS='-O2 -g -fplugin=$B/afdo.so -fplugin-arg-afdo-profile=$D/demo.gcov'"
echo "  (after 'make install': -fplugin=afdo; see doc/manual.md)"
