/* vect-estimates.c built with -flto: the loops are vectorized and
   unrolled at link time, where the plugin's passes around "vect" must
   run as they do without -flto.  The inner loop's estimate from its
   counts (1.2 iterations) is hidden from the vectorizer, which
   vectorizes it behind its own run-time check; without the plugin at
   link time the vectorizer reads "estimated iteration count too
   small".  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/vect-estimates.afdo -fdump-tree-vect-details" } */

/* main has no samples, and the options of -O2: fir stays out of it.  */
void fir (int) __attribute__ ((noinline));

#include "vect-estimates.c"

int
main (int argc, char **argv)
{
  for (int i = 0; i < N + 64; i++)
    signal_[i] = i % 7 - 3;
  for (int t = 0; t < 64; t++)
    taps_v[t] = t % 5 - 2;
  fir (argc + 5);	/* 6, which the link must not see.  */
  return out[0] == ((-3 * -2 + -2 * -1 + 0 + 0 + 1 * 2 + 2 * -2) >> 4) ? 0 : 1;
}

/* { dg-final { scan-ltrans-dump vect ":26:25: optimized: loop vectorized" } } */
/* { dg-final { scan-ltrans-dump-not vect "estimated iteration count too small" } } */
