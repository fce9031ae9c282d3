/* The callee of the folding tests (afdo.plugin/fold.c and refold.c),
   whose inline instances the profiles hold.  They count lines from
   work's declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

extern void rare (int), common (int);

__attribute__ ((noinline)) static void
work (int v)
{
  if (v % 64 == 0)
    rare (v);
  else
    common (v);
}
