/* bzip2's mainQSort3: a range too small or too deep goes to the simple
   sort, the others to the partitioning loops.  The test "d > 12" has 10
   samples, the partitioning's first block 46 and its loops hundreds:
   the samples cannot tell the other side from 0 (noise-permille), but
   GCC's static probabilities would give the partitioning 42.9 %, and
   the counts below made to agree with them (noise-regions) would take
   its loops to 43 % of what the samples say (noise-order-off.c).  So
   the side with samples takes its probability from the counts and the
   other side at most the noise's share.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

extern void simple_sort (int *, int, int);

void
sort_ranges (int *a, const int *lo, const int *hi, int n, int d)
{
  for (int k = 0; k < n; k++)
    {
      if (hi[k] - lo[k] < 20 || d > 12)
	{
	  simple_sort (a, lo[k], hi[k]);
	  continue;
	}
      int med = a[(lo[k] + hi[k]) / 2] + d;
      int i = lo[k], j = hi[k];
      while (i <= j)
	{
	  while (a[i] < med)
	    i++;
	  while (a[j] > med)
	    j--;
	  if (i <= j)
	    {
	      int t = a[i];
	      a[i++] = a[j];
	      a[j--] = t;
	    }
	}
    }
}

/* { dg-final { scan-dump autofdo "bb 4: static probabilities against the samples: bounded edges by their counts, the 1 others 10.0% by their static probabilities" } } */
/* { dg-final { scan-dump autofdo "edge 4->6 count 42 prob 90.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump-not autofdo "bb 6: counts of the blocks it dominates scaled" } } */
