/* The loop of the few-samples tests (afdo.plugin/evidence-few.c and
   evidence-few-unit.c): a pure call with loop-invariant arguments,
   which -O2 hoists.  Their profiles count lines from the functions'
   declarations here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

__attribute__ ((noinline, pure)) unsigned
weight (const unsigned *t, int n)
{
  return (t[n & 63] * 2654435761u) ^ (t[(n >> 3) & 63] >> 5);
}

__attribute__ ((noinline)) unsigned
run (const unsigned *v, int n, const unsigned *t, int m)
{
  unsigned r = 0;
  for (int i = 0; i < n; i++)
    r += v[i] * weight (t, m);
  return r;
}
