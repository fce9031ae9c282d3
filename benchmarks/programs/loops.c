/* afdo benchmark program: loops with stable trip counts.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Loops with stable trip counts.  The trip counts come from the input
   (so the compiler cannot see them statically) but are the same on
   every execution: 6 taps, rows of 13, strings of 5.  A profile tells
   the compiler the loops are short, so peeling/unrolling and not
   vectorizing with a long epilogue are the better choices.

   bench: full=20000 small=500  (argument: rounds)  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 8192

static int signal_[N + 64];
static int taps_v[64];
static int out[N];
static char words[N][16];

__attribute__ ((noinline)) static void
fir (int taps)
{
  for (int i = 0; i < N; i++)
    {
      int acc = 0;
      for (int t = 0; t < taps; t++)
        acc += signal_[i + t] * taps_v[t];
      out[i] = acc >> 4;
    }
}

__attribute__ ((noinline)) static long
rows (int width)
{
  long s = 0;
  for (int i = 0; i + width <= N; i += width)
    {
      int m = out[i];
      for (int j = 1; j < width; j++)
        if (out[i + j] > m)
          m = out[i + j];
      s += m;
    }
  return s;
}

__attribute__ ((noinline)) static unsigned
hash_words (void)
{
  unsigned h = 0;
  for (int i = 0; i < N; i++)
    for (const char *p = words[i]; *p; p++)
      h = h * 31 + (unsigned char) *p;
  return h;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 10;
  int taps = argc > 2 ? atoi (argv[2]) : 6;
  int width = argc > 3 ? atoi (argv[3]) : 13;
  long s = 0;
  for (int i = 0; i < N + 64; i++)
    signal_[i] = (i * 37) % 255 - 127;
  for (int t = 0; t < 64; t++)
    taps_v[t] = t % 5 - 2;
  for (int i = 0; i < N; i++)
    {
      for (int k = 0; k < 5; k++)
        words[i][k] = (char) ('a' + (i * 7 + k * 3) % 26);
      words[i][5] = 0;
    }
  for (int r = 0; r < rounds; r++)
    {
      signal_[r % N] ^= r;
      fir (taps);
      s += rows (width);
      s ^= hash_words ();
    }
  printf ("%ld\n", s);
  return 0;
}
