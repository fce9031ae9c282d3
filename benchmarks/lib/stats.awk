# afdo benchmarks: order statistics of a column of numbers.
# Copyright (C) 2026 The afdo authors.
#
# This file is part of afdo.
#
# afdo is free software; you can redistribute it and/or modify it under
# the terms of the GNU General Public License as published by the Free
# Software Foundation; either version 3, or (at your option) any later
# version.
#
# afdo is distributed in the hope that it will be useful, but WITHOUT ANY
# WARRANTY; without even the implied warranty of MERCHANTABILITY or
# FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
# for more details.
#
# You should have received a copy of the GNU General Public License
# along with afdo; see the file COPYING.  If not see
# <http://www.gnu.org/licenses/>.
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
