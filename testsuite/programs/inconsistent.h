/* The function of the inconsistent-profile tests
   (afdo.plugin/inconsistent.c and inconsistent-rules.c): a two-way
   branch between two blocks.  Their profiles count lines from g's
   declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

extern void left (int), right (int), done (int);

__attribute__ ((noinline)) void
g (int x)
{
  int r = x * 3;
  if (x > 10)
    left (r);
  else
    right (r);
  done (r);
}
