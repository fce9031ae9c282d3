/* afdo benchmark program: several blocks on one source line (discriminators).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Several basic blocks on one source line.  Each hot line below holds
   two or three conditionals whose blocks differ only by their
   discriminators; with discriminators the profile can tell the blocks
   apart, without them every block on the line gets the line's maximum.

   bench: full=18000 small=450  (argument: rounds)  */

#include <stdio.h>
#include <stdlib.h>

#define N 16384

static int a[N];
static int b[N];

#define CLAMP(x, lo, hi) ((x) < (lo) ? (lo) : (x) > (hi) ? (hi) : (x))

__attribute__ ((noinline)) static long
kernel (int t, int round)
{
  long s = 0, c = 0, d = 0;
  for (int i = 0; i < N; i++)
    {
      int x = a[i], y = b[i];
      /* 1/16 true, 15/16 false; then 1/32 odd-even split.  */
      s += (x & 15) == 0 ? x * 3 : x >> 1; if (y > t) c++; else d += y;
      s += CLAMP (x - y, -500, 500); if ((x ^ round) % 31 == 0) { c -= 2; s ^= y; }
      d += y < 4 ? (x < 8 ? x : y) : (x > 900 ? 1 : 2); if (d > 1000000) d -= x;
    }
  return s + c * 7 + d;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 10;
  int t = argc > 2 ? atoi (argv[2]) : 990;
  long s = 0;
  unsigned st = 7;
  for (int i = 0; i < N; i++)
    {
      st = st * 1664525u + 1013904223u;
      a[i] = (int) (st >> 20) % 1000;
      b[i] = (int) (st >> 10) % 1000;
    }
  for (int r = 0; r < rounds; r++)
    s += kernel (t, r);
  printf ("%ld\n", s);
  return 0;
}
