#!/usr/bin/env bash
# make demo: the whole AutoFDO loop on examples/demo.c, every step
# echoed so it can be copied into a real build.
set -eu
B=${1:?usage: demo.sh BUILD-DIR}
SRC=$(cd "$(dirname "$0")/.." && pwd)
D=$B/demo
mkdir -p "$D"
CC=${CC:-gcc}
N=${DEMO_N:-50000000}

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

if ! command -v perf >/dev/null; then
  echo "demo: perf is not installed (apt-get install linux-perf)" >&2
  exit 1
fi

echo "== 1. the ordinary release build, with line tables"
step $CC -O2 -g "$SRC/examples/demo.c" -o "$D/demo-O2"

echo
echo "== 2. profile it where it runs"
if perf record -b -o /dev/null true >/dev/null 2>&1; then
  echo "(this machine has LBR: recording branch stacks)"
  step perf record -b -o "$D/perf.data" "$D/demo-O2" "$N"
else
  echo "(no LBR on this machine: recording IP samples with the cpu-clock event)"
  step perf record -e cpu-clock -F 10000 -o "$D/perf.data" "$D/demo-O2" "$N"
fi

echo
echo "== 3. convert the samples to a profile"
step "$B/afdo-convert" -v --binary="$D/demo-O2" --perf="$D/perf.data" -o "$D/demo.gcov"
step "$B/afdo-dump" --summary "$D/demo.gcov"

echo
echo "== 4. rebuild with the profile"
step $CC -O2 -fplugin="$B/afdo.so" -fplugin-arg-afdo-profile="$D/demo.gcov" \
  -fplugin-arg-afdo-verbose "$SRC/examples/demo.c" -o "$D/demo-afdo"
step $CC -O2 "$SRC/examples/demo.c" -o "$D/demo-plain"

echo
echo "== 5. compare (alternating runs, median of 7)"
a=$("$D/demo-plain" "$N"); b=$("$D/demo-afdo" "$N")
if [ "$a" != "$b" ]; then
  echo "demo: outputs differ: -O2 printed $a, -O2 + afdo printed $b" >&2
  exit 1
fi
t() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
plain=() afdo=()
for i in 1 2 3 4 5 6 7; do
  plain+=("$(t "$D/demo-plain" "$N")")
  afdo+=("$(t "$D/demo-afdo" "$N")")
done
med() { printf '%s\n' "$@" | sort -n | sed -n 4p; }
mp=$(med "${plain[@]}"); ma=$(med "${afdo[@]}")
echo "-O2:          ${mp} ms (median of ${plain[*]})"
echo "-O2 + afdo:   ${ma} ms (median of ${afdo[*]})"
awk -v p="$mp" -v a="$ma" 'BEGIN { printf "speedup:      %.1f %%  (same output: %s)\n", (p / a - 1) * 100, "yes" }'
