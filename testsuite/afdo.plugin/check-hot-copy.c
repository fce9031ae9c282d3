/* check-hot=1 does not report a cold copy of a line whose samples GCC
   compiles as hot.  GCC copies the test of "prefix"'s loop in front of
   the loop (loop header copying); the copy runs once per call, has no
   discriminator, and the profile has the line only with the
   discriminator of the copy in the loop (2, as GCC 12 gives it at -O2).
   Looked up by the line, the copy in front takes the line's 300
   samples; the copy in the loop is hot, so nothing of "prefix" is
   reported (in bzip2's blocksort.c nine lines, most of them loop
   tests, 508 samples, were).
   "rare" is optimized for size whatever its counts and is reported.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-check-hot" } */

int g;

__attribute__ ((noinline, optimize ("Os"))) void
rare (int x)
{
  g += x * 3;
}

__attribute__ ((noinline)) unsigned
prefix (const unsigned *f, int n)
{
  unsigned s = 0;
  int i = n - 1;
  for (; i >= 3; i -= 4)
    s += f[i] + f[i - 1];
  return s;
}

/* { dg-final { scan-stderr-not "not hot: prefix" } } */
/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot-copy.c: not hot: rare: line 19: 500 samples" } } */
/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot-copy.c: not hot: 1 lines with 500 samples" } } */
