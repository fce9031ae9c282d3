/* The program of execcount.exp: a short loop entered often, an
   if-converted loop and code that never runs.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdio.h>
#include <stdlib.h>

/* Called with N = 2 and 3 in turn: 2.5 trips a call.  */
__attribute__ ((noinline)) unsigned
mix (const unsigned *v, int n)
{
  unsigned h = 0;			/* mix-entry */
  for (int i = 0; i < n; i++)
    h = (h ^ v[i]) * 0x9e3779b1u;	/* mix-body */
  return h;
}

/* GCC 12 -O2 turns the branch into lea, xor, and, cmovne.  */
__attribute__ ((noinline)) unsigned
hash (const unsigned *v, int n)
{
  unsigned h = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned x = v[i];
      if (x & 1)
	h += x;				/* hash-then */
      else
	h ^= x;				/* hash-else */
    }
  return h;
}

static unsigned v[4096];

int
main (int argc, char **argv)
{
  long iters = argc > 1 ? atol (argv[1]) : 20000000;
  unsigned r = 0;
  for (int i = 0; i < 4096; i++)
    v[i] = (i * 2654435761u) >> 3;
  for (long k = 0; k < iters; k++)
    r += mix (v + (k & 31), 2 + (k & 1));
  for (long k = 0; k < iters / 4096; k++)
    {
      v[k & 4095] ^= (unsigned) k;
      r += hash (v, 4096);
    }
  if (argc > 2)
    puts ("never");			/* main-never */
  printf ("%u\n", r);
  return 0;
}
