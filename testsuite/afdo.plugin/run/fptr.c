/* afdo run test: dispatch through a table of function pointers.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>

static long acc;

static void op_add (long v) { acc += v; }
static void op_sub (long v) { acc -= v / 2; }
static void op_mul (long v) { acc = acc * (v % 3 + 1) % 1000003; }
static void op_xor (long v) { acc ^= v << 3; }

static void (*const table[]) (long) = { op_add, op_add, op_add, op_sub,
					 op_add, op_mul, op_add, op_xor };

__attribute__ ((noinline)) static void
run (int n)
{
  unsigned s = 1;
  for (int i = 0; i < n; i++)
    {
      s = s * 22695477u + 1u;
      table[(s >> 20) & 7] (i);
    }
}

int
main (void)
{
  run (300000);
  printf ("acc %ld\n", acc);
  return 0;
}
