/* The branch of afdo.plugin/bias-if.c and gcov-name0.c.  Their profiles
   count lines from classify's declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

int g;

__attribute__ ((noinline)) int
classify (int x)
{
  if (x > 0)
    g += x * 7 + 3;
  else
    g -= 1;
  return g;
}
