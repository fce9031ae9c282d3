/* The indirect call targets of afdo.inline/icall-histogram.c and
   icall-promote.c, in a table the tests index.  Their profiles count
   lines from each function's declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

typedef long (*op_fn) (long, long);

static long
op_add (long a, long b)
{
  return a + b;
}

static long
op_mul (long a, long b)
{
  return a * (b | 1);
}

static op_fn table[2] = { op_add, op_mul };
