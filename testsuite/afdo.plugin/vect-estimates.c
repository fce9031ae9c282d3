/* The inner loop runs 6 times per entry, but the block after it has
   more samples than its body: with time samples, the stall of the
   mispredicted exit lands there (benchmarks/programs/loops.c, whose
   samples these are).  The counts then say 1.2 iterations per entry.
   The vectorizer does not see that estimate (vect-estimates=0), so it
   vectorizes the loop behind its own run-time check of the iterations;
   the unroller sees it again, and does not unroll the vector loop
   that does not roll.  Complete unrolling may grow the code, as with
   -fprofile-use: the vector loop, of at most 16 iterations, is peeled
   into a chain of exits.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-tree-vect-details -fdump-tree-cunroll-details -fdump-rtl-loop2_unroll-details" } */

#define N 1024

int signal_[N + 64];
int taps_v[64];
int out[N];

void
fir (int taps)
{
  for (int i = 0; i < N; i++)
    {
      int acc = 0;
      for (int t = 0; t < taps; t++)
	acc += signal_[i + t] * taps_v[t];
      out[i] = acc >> 4;
    }
}

/* { dg-final { scan-dump vect ":26:25: optimized: loop vectorized" } } */
/* { dg-final { scan-dump cunroll "loop with 15 iterations completely unrolled" } } */
/* { dg-final { scan-dump-not loop2_unroll "loop unrolled" } } */
