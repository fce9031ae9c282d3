/* The loop of the tracer tests (afdo.plugin/tracer-ip.c, tracer-lbr.c,
   tracer-user.c): a data-dependent branch in it, which the tracer
   duplicates the tail of.  Their profiles count lines from work's
   declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

int
work (int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (v[i] & 1)
      s += v[i];
    else
      s -= 3;
  return s;
}
