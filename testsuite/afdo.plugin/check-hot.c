/* check-hot=1: the lines with samples that GCC compiles as not hot are
   reported.  "rare" is optimized for size whatever its counts (its
   optimize attribute); "often" is hot and not reported.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-check-hot" } */

int g;

__attribute__ ((noinline, optimize ("Os"))) void
rare (int x)
{
  g += x * 3;
}

__attribute__ ((noinline)) void
often (int x)
{
  g += x * 5;
}

/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot.c: not hot: rare: line 12: 500 samples" } } */
/* { dg-final { scan-stderr-not "not hot: often" } } */
/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot.c: not hot: 1 lines with 500 samples" } } */
