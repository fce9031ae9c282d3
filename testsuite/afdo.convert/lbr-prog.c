/* A small program for the synthetic-LBR tests (lbr.exp): loops with
   known trip counts, a biased branch, indirect calls through a table of
   function pointers and a static inline function.  It runs a few
   million instructions, so single-stepping it stays quick.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdio.h>
#include <stdlib.h>

static volatile unsigned sink;

static inline unsigned
mix (unsigned x)
{
  x ^= x >> 7;
  x *= 0x9e3779b1u;
  return x ^ (x >> 13);
}

__attribute__ ((noinline)) static unsigned
op_add (unsigned a, unsigned b)
{
  return a + b;
}

__attribute__ ((noinline)) static unsigned
op_xor (unsigned a, unsigned b)
{
  return a ^ (b << 1);
}

__attribute__ ((noinline)) static unsigned
op_mul (unsigned a, unsigned b)
{
  return a * (b | 1);
}

static unsigned (*const ops[4]) (unsigned, unsigned)
  = { op_add, op_xor, op_add, op_mul };

__attribute__ ((noinline)) static unsigned
biased (unsigned n)
{
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    {
      if (i % 16 == 0)
	s += mix (i);
      else
	s += i;
    }
  return s;
}

__attribute__ ((noinline)) static unsigned
dispatch (unsigned n)
{
  unsigned s = 1;
  for (unsigned i = 0; i < n; i++)
    s = ops[i & 3] (s, i);
  return s;
}

__attribute__ ((noinline)) static unsigned
nested (unsigned outer, unsigned inner)
{
  unsigned s = 0;
  for (unsigned i = 0; i < outer; i++)
    for (unsigned j = 0; j < inner; j++)
      s += mix (i * inner + j) & 0xff;
  return s;
}

int
main (int argc, char **argv)
{
  unsigned scale = argc > 1 ? (unsigned) atoi (argv[1]) : 1;
  unsigned total = 0;
  for (unsigned r = 0; r < scale; r++)
    {
      total += biased (12000);
      total += dispatch (9000);
      total += nested (40, 150);
    }
  sink = total;
  printf ("lbr-prog: %u\n", total);
  return 0;
}
