/* The function of the equivalence-class tests (afdo.plugin/equiv-class.c
   and equiv-class-rules.c): the block after the "if" and the entry
   block dominate and post-dominate each other.  Their profiles count
   lines from f's declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

extern void note (int);
int a, b, c;

__attribute__ ((noinline)) int
f (int x)
{
  a = x * 2;
  if (x & 1)
    note (x);
  c = x + 5;
  return c;
}
