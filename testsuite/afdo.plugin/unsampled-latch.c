/* A partition loop (bzip2's mainQSort3) whose common way round passes
   two blocks of one statement each that have no samples: the test that
   leaves the loop and the latch.  No sample on a block that short says
   little, so the flow raises them rather than lowering the sampled
   header (1000 samples) or raising the rare swap path (100 samples) to
   carry the loop: the swap path keeps its count and the latch carries
   the rest.  Before, every block without samples cost as much to raise
   as a long one, the latch got 0 and the swap path 801.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

int
part (int *p, int lo, int hi, int med)
{
  while (1)
    {
      if (lo > hi)
	break;
      int n = p[lo] - med;
      if (n == 0)
	{
	  p[lo] = p[hi];
	  hi--;
	  continue;
	}
      if (n > 0)
	break;
      lo++;
    }
  return lo;
}

/* { dg-final { scan-dump autofdo "bb \[0-9\]+ count 101 annotated \\(samples 100\\) discriminator" } } */
/* { dg-final { scan-dump autofdo "bb \[0-9\]+ count 900 flow" } } */
/* { dg-final { scan-dump-not autofdo "count 0 zero" } } */
