/* A branch whose sides are short blocks: in the profiled binary the
   compare's line took 1750 samples, the 99 % side (three cheap
   instructions) 81, and the other side's line has no code of its own
   (benchmarks/programs/branches.c, process).  The few samples of a short
   block say little about how often it ran, so the branch keeps its
   static probabilities instead of sending the inference's remainder to
   the side without samples (noise-short-off.c).  With the evidence rule
   the side without a row is unknown and the branch keeps its static
   probabilities before this rule is asked (evidence-skid.c);
   evidence=0 tests the rule itself.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-evidence=0" } */

long long
step (const int *w, int n, int round)
{
  long long acc = 0;
  for (int i = 0; i < n; i++)
    {
      int x = w[i];
      acc += (long long) x * w[i + n];
      if (x < 990)
	acc += x >> 2;
      else
	acc -= round;
    }
  return acc;
}

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(its arms are short\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count \[0-9\]+ prob 50.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "bb 4: counts of the blocks it dominates scaled by 350 / 81" } } */
