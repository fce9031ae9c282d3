/* The evidence rule for trip counts without branch records: an inner
   loop's entry is the outer loop's body, whose instructions retire in
   the shadow of the inner loop's and take few samples also for their
   executions.  The inner loop below runs 1 to 18 iterations (9.5 on
   average); in the profile of its -O2 build (fuzzer seed 779) its
   header has 228 samples per statement and its entry 12, 33 iterations
   by the counts, at least 16 by the entry's samples, which rolls for
   the unroller's eight copies: unrolled behind a chain of tests of the
   remainder, which mispredict as the trip count varies, it ran 1.47
   times -O2's mispredicted branches.  The loop has one exit and its
   iterations are counted but not constant: the estimate the unroller
   sees is the least halved (trip-margin=2), and the loop is not unrolled
   (loop-estimate-margin-off.c: unrolled with trip-margin=1).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-rtl-loop2_unroll" } */

#define DMASK 1023u

unsigned D[1024];

__attribute__ ((noinline)) unsigned
f0_short (unsigned n, unsigned off, unsigned t)
{
  unsigned h = 1;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = D[(i + off) & DMASK];
      unsigned trip = x % t + 1;
      for (unsigned j = 0; j < trip; j++)
	h = h * 27u + (x >> (j & 31));
    }
  return h;
}

/* Samples in the same shape, a loop of two exits (zstd's loop over the
   matches of a row): the unroller counts the iterations by k, the same
   on every entry, and the loop leaves when m runs out.  It keeps its
   estimate and is unrolled.  */

__attribute__ ((noinline)) unsigned
f1_bits (unsigned n, unsigned off, unsigned t)
{
  unsigned h = 1;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = D[(i + off) & DMASK];
      unsigned k = t;
      for (unsigned m = x; m && k; m &= m - 1, k--)
	h = h * 27u + __builtin_ctz (m);
    }
  return h;
}

/* { dg-final { scan-dump autofdo "loop 2: 33 iterations by the counts, at least 16 by the entry's 12 samples" } } */
/* { dg-final { scan-dump-times autofdo_trips "loop \[0-9\]+: one exit, iterations counted, not constant, at least 16, 8 for the unroller \\(trip-margin 2\\)" 1 } } */
/* { dg-final { scan-dump-times autofdo_trips "trip-margin" 1 } } */
/* { dg-final { scan-dump-times loop2_unroll "Not unrolling loop, doesn.t roll" 1 } } */
/* { dg-final { scan-dump-times loop2_unroll "counting # of iterations in runtime" 1 } } */
