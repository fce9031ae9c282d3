/* afdo benchmark program: indirect calls through a function-pointer table.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Indirect calls through a table of function pointers.  The target
   distribution is skewed (about 85 % one operation, 10 % a second), so
   indirect-call promotion followed by inlining pays off.

   bench: full=40000 small=1000  (argument: rounds)
   iterate: caller=run hot=op_xor  (benchmarks/iterate.sh)  */

#include <stdio.h>
#include <stdlib.h>

#define N 8192

typedef long (*op_fn) (long, long);

static long op_add (long a, long b) { return a + b; }
static long op_sub (long a, long b) { return a - b; }
static long op_mul (long a, long b) { return a * (b | 1); }
static long op_xor (long a, long b) { return a ^ b; }
static long op_shl (long a, long b) { return a << (b & 7); }
static long op_min (long a, long b) { return a < b ? a : b; }
static long op_max (long a, long b) { return a > b ? a : b; }
static long op_avg (long a, long b) { return (a + b) / 2; }

static op_fn table[8] = { op_add, op_sub, op_mul, op_xor,
                          op_shl, op_min, op_max, op_avg };

static unsigned char which[N];
static long operand[N];

__attribute__ ((noinline)) static long
run (op_fn *ops, long acc)
{
  for (int i = 0; i < N; i++)
    acc = ops[which[i]] (acc, operand[i]) & 0xffffffffL;
  return acc;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 100;
  unsigned s = 1;
  long acc = 7;
  for (int i = 0; i < N; i++)
    {
      s = s * 1103515245u + 12345u;
      unsigned r = (s >> 16) % 100;
      which[i] = r < 85 ? 3 : r < 95 ? 0 : (unsigned char) (r % 8);
      operand[i] = (long) (s >> 8) & 0xffff;
    }
  for (int r = 0; r < rounds; r++)
    acc = run (table, acc + r);
  printf ("%ld\n", acc);
  return 0;
}
