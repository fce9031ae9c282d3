#!/usr/bin/env bash
# The sanitized tools (make check-asan) on real input: afdo-convert on a
# real `perf record -e cpu-clock' perf.data and on its perf script text,
# afdo-dump on the result, afdo-randprof on the program.  Any ASan/UBSan
# report or leak fails.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
set -u
A=${1:?usage: asan-tools.sh ASAN_BUILD_DIR}
src=$(cd "$(dirname "$0")/.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99
fail=0
run () {
  local what=$1; shift
  if "$@" >"$t/out" 2>&1; then
    echo "asan-tools: $what: clean"
  else
    echo "asan-tools: $what: FAILED (exit $?)"; head -30 "$t/out"; fail=1
  fi
}
gcc -O2 -g "$src/testsuite/afdo.convert/convert-prog.c" -o "$t/cv"
if perf record -q -e cpu-clock -F 5000 -o "$t/perf.data" -- "$t/cv" 100000000 >/dev/null 2>&1; then
  run "afdo-convert perf.data" "$A/afdo-convert" --binary="$t/cv" --perf="$t/perf.data" -o "$t/cv.gcov" -v
  run "afdo-convert --format=text" "$A/afdo-convert" --binary="$t/cv" --perf="$t/perf.data" --format=text -o "$t/cv.txt"
  perf script -F ip --show-mmap-events -i "$t/perf.data" > "$t/script" 2>/dev/null &&
    run "afdo-convert perf script" "$A/afdo-convert" --binary="$t/cv" --perf-script="$t/script" -o "$t/cv2.gcov"
  run "afdo-dump" "$A/afdo-dump" "$t/cv.gcov"
else
  echo "asan-tools: perf record -e cpu-clock cannot run here; skipped"
fi
if [ -x "$A/afdo-lbrgen" ]; then
  run "afdo-lbrgen" "$A/afdo-lbrgen" -o "$t/lbr.data" --period 2000 -- "$t/cv" 20000
  run "afdo-convert LBR perf.data" "$A/afdo-convert" --binary="$t/cv" --perf="$t/lbr.data" -o "$t/lbr.gcov"
fi
# afdo-binoverlap on callgrind's output of the same program (plain and
# compressed) and the perf script text.
if [ -x "$A/afdo-binoverlap" ] && [ -s "$t/script" ] && command -v valgrind >/dev/null \
   && valgrind --tool=callgrind --dump-instr=yes --compress-strings=no --compress-pos=no \
        --callgrind-out-file="$t/cg.plain" "$t/cv" 100000 >/dev/null 2>&1 \
   && valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$t/cg.z" \
        "$t/cv" 100000 >/dev/null 2>&1; then
  run "afdo-binoverlap" "$A/afdo-binoverlap" --binary="$t/cv" --callgrind="$t/cg.plain" \
    --raw-perf="$t/script" --write-raw="$t/raw.ic" --write-exact="$t/exact.ic"
  run "afdo-binoverlap compressed" "$A/afdo-binoverlap" --binary="$t/cv" \
    --callgrind="$t/cg.z" "$t/raw.ic" "$t/exact.ic"
fi
[ -x "$A/afdo-randprof" ] && run "afdo-randprof" "$A/afdo-randprof" --seed=3 --format=gcov -o "$t/r.gcov" "$t/cv"
exit $fail
