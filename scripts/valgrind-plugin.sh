#!/usr/bin/env bash
# afdo.so under valgrind (memcheck, leak check) on small compilations:
# examples/demo.c with a random profile over its functions and
# convert-prog.c with the profile of a real perf record.  cc1 itself is
# not valgrind-clean (IRA reads uninitialised sparse sets by design), so
# the check is that no error and no lost block has afdo.so in its stack.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "${1:-$src/build}" && pwd)
GCC=${TARGET_GCC:-gcc}
CC1=$($GCC -print-prog-name=cc1)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail=0
check () {
  local name=$1 c=$2 prof=$3
  $GCC -E "$c" -o "$t/$name.i"
  valgrind --num-callers=50 --leak-check=full --errors-for-leak-kinds=definite \
    "$CC1" -quiet -O2 -fplugin="$B/afdo.so" -fplugin-arg-afdo-profile="$prof" \
    "$t/$name.i" -o "$t/$name.s" > "$t/$name.vg" 2>&1
  # Error records are separated by blank "==PID== " lines.
  local ours
  ours=$(awk '/^==[0-9]+== $/ { if (rec ~ /afdo\.so|afdo-[a-z]+\.cc|afdo_/) n++; rec = ""; next }
              /^==[0-9]+== Command:/ { next }
              { rec = rec "\n" $0 }
              END { print n + 0 }' "$t/$name.vg")
  local total
  total=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$t/$name.vg")
  if [ ! -s "$t/$name.s" ]; then
    echo "valgrind-plugin: $name: compilation failed"; tail -20 "$t/$name.vg"; fail=1
  elif [ "$ours" -ne 0 ]; then
    echo "valgrind-plugin: $name: $ours error record(s) in afdo.so"; cp "$t/$name.vg" "$B/valgrind-$name.log"; fail=1
  else
    echo "valgrind-plugin: $name: no errors in afdo.so ($total errors of cc1 itself)"
  fi
}
$GCC -O2 -g "$src/examples/demo.c" -o "$t/demo"
"$B/afdo-randprof" --seed=9 --fraction=100 -o "$t/demo.afdo" "$t/demo"
check demo-random "$src/examples/demo.c" "$t/demo.afdo"
$GCC -O2 -g "$src/testsuite/afdo.convert/convert-prog.c" -o "$t/cv"
if perf record -q -e cpu-clock -F 5000 -o "$t/cv.data" -- "$t/cv" 100000000 >/dev/null 2>&1 &&
   "$B/afdo-convert" --binary="$t/cv" --perf="$t/cv.data" -o "$t/cv.gcov"; then
  check convert-prog-perf "$src/testsuite/afdo.convert/convert-prog.c" "$t/cv.gcov"
fi
exit $fail
