/* The program of execcount.exp: a short loop entered often, an
   if-converted loop and code that never runs.
   Copyright (C) 2026 The afdo authors.

   This file is part of afdo.

   afdo is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   afdo is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or
   FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
   for more details.

   You should have received a copy of the GNU General Public License
   along with afdo; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

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
