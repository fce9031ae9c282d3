/* The loop of afdo.plugin/loop-counts.c and prologue.c.  Their profiles
   count lines from sum's declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

int a[1000];

__attribute__ ((noinline)) int
sum (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
