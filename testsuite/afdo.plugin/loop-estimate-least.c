/* The evidence rule for trip counts: a loop's iterations are its
   header's count over its entry's, and an entry with a few samples
   behind it says little; the estimate recorded is the least the samples
   support (the entry's count at its Poisson upper bound).  Both loops
   run about 20 iterations per entry by their counts.  In few the entry
   rests on about 6 samples: at least 7 iterations, so -funroll-loops does
   not unroll it (fuzzer seeds 21, 309, 476: 1 to 19 iterations, 10 on
   average, unrolled eight times behind a chain of tests of the
   remainder that mispredict as the trip count varies).  In many on about
   800: at least 18, and it is unrolled eight times.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-rtl-loop2_unroll" } */

__attribute__ ((noinline)) unsigned
few (const unsigned *p, unsigned n)
{
  unsigned h = 1;
  for (unsigned j = 0; j < n; j++)
    h = h * 57u + (p[j] >> (j & 31));
  return h;
}

__attribute__ ((noinline)) unsigned
many (const unsigned *p, unsigned n)
{
  unsigned h = 1;
  for (unsigned j = 0; j < n; j++)
    h = h * 57u + (p[j] >> (j & 31));
  return h;
}

/* { dg-final { scan-dump autofdo "loop 1: \[0-9\]+ iterations by the counts, at least \[0-9\] by the entry's \[0-9\]+ samples" } } */
/* { dg-final { scan-dump autofdo "loop 1: \[0-9\]+ iterations by the counts, at least (1\[6-9\]|\[2-9\]\[0-9\]) by the entry's \[0-9\]+ samples" } } */
/* { dg-final { scan-dump-times loop2_unroll ";; Not unrolling loop, doesn.t roll" 1 } } */
/* { dg-final { scan-dump-times loop2_unroll ";; Unrolled loop 7 times, counting # of iterations in runtime" 1 } } */
