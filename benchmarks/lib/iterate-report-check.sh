#!/usr/bin/env bash
# afdo benchmarks: check the verdict of iterate-report.sh on made-up records.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: iterate-report-check.sh
# Three series with known run-time ratios per round (9 timing rounds,
# a small spread) and instruction counts; the report must call them
# FLUCTUATES, STABLE and CHANGES.  Prints one line per case and exits 1
# when a verdict is wrong.

set -u -o pipefail
lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

{
  printf 'meta\tname\tcheck\nmeta\trounds\t3\nmeta\tseries\talt flat drift\n'
  printf 'meta\tcaller\tf\nmeta\thot\tg\n'
  awk 'BEGIN {
    # alt: 0.90, 0.98, 0.90; flat: 0.950, 0.951, 0.949; drift: 0.99, 0.95, 0.91
    split("0.90 0.98 0.90", alt, " ")
    split("0.950 0.951 0.949", flat, " ")
    split("0.99 0.95 0.91", drift, " ")
    for (r = 0; r < 9; r++) {
      j = (r % 3 - 1) * 0.002
      printf "time\t%d\tO2\t0\t1.0\t1.0\n", r
      for (k = 1; k <= 3; k++) {
        printf "time\t%d\talt\t%d\t%.4f\t1\n", r, k, alt[k] + j
        printf "time\t%d\tflat\t%d\t%.4f\t1\n", r, k, flat[k] + j
        printf "time\t%d\tdrift\t%d\t%.4f\t1\n", r, k, drift[k] + j
      }
    }
    printf "cg\tO2\t0\t1000000\t1\t1\n"
    printf "cg\talt\t1\t900000\t1\t1\ncg\talt\t2\t980000\t1\t1\ncg\talt\t3\t900000\t1\t1\n"
    printf "cg\tflat\t1\t950000\t1\t1\ncg\tflat\t2\t950100\t1\t1\ncg\tflat\t3\t949900\t1\t1\n"
    printf "cg\tdrift\t1\t990000\t1\t1\ncg\tdrift\t2\t950000\t1\t1\ncg\tdrift\t3\t910000\t1\t1\n"
  }'
} >"$tmp/records.tsv"

# The check needs no plot.
ITER_NO_PLOT=1 bash "$lib/iterate-report.sh" "$tmp/records.tsv" "$tmp/check" \
  || { echo "FAIL: iterate-report.sh failed"; exit 1; }

fail=0
expect ()
{
  local series=$1 what=$2 word=$3 line
  line=$(awk -v s="**$series**" -v w="$what" '
    index($0, s) { inside = 1 }
    inside && index($0, w) { print; exit }' "$tmp/check.md")
  if grep -q "$word" <<<"$line"; then
    echo "PASS: $series, $what: $word"
  else
    echo "FAIL: $series, $what: expected $word, got: ${line:-nothing}"
    fail=1
  fi
}
expect alt "run time" FLUCTUATES
expect alt "Instructions" FLUCTUATES
expect flat "run time" STABLE
expect flat "Instructions" STABLE
expect drift "run time" CHANGES
expect drift "Instructions" CHANGES
exit $fail
