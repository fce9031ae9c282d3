# afdo benchmarks: order statistics of a column of numbers.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Input: one number per line.  Output: "N MEDIAN Q1 Q3 MIN MAX" with
# quartiles interpolated linearly (type 7, as R and numpy do), or "0" for
# no input.

function q(p,   h, lo)
{
  h = (n - 1) * p + 1
  lo = int(h)
  if (lo >= n)
    return v[n]
  return v[lo] + (h - lo) * (v[lo + 1] - v[lo])
}

/^[-+]?[0-9.]+([eE][-+]?[0-9]+)?$/ { v[++n] = $1 + 0 }

END {
  if (n == 0) { print 0; exit }
  # insertion sort: n is small
  for (i = 2; i <= n; i++) {
    x = v[i]
    for (j = i - 1; j >= 1 && v[j] > x; j--)
      v[j + 1] = v[j]
    v[j + 1] = x
  }
  printf "%d %.6f %.6f %.6f %.6f %.6f\n", n, q(0.5), q(0.25), q(0.75), v[1], v[n]
}
