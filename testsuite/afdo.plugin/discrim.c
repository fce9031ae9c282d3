/* Two blocks on one line told apart by their discriminators: on the
   "if" line the test is discriminator 0, "big++" 1 and "small++" 2.
   The profile says big++ ran 10 times, small++ 990 times; the plugin
   gives the two blocks those counts (discrim-gcc.c shows that GCC 12's
   own -fauto-profile cannot).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

int big, small;

__attribute__ ((noinline)) void
count (const int *x, int n)
{
  for (int i = 0; i < n; i++)
    if (x[i] > 100) big++; else small++;
}

/* { dg-final { scan-dump autofdo "bb 3 count 1000 annotated \\(samples 1000\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 10 annotated \\(samples 10\\) discriminator 1" } } */
/* { dg-final { scan-dump autofdo "bb 5 count 990 annotated \\(samples 990\\) discriminator 2" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 10 prob 1.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->5 count 990 prob 99.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "count/\[0-9\]+: matched 4001 of 4001 samples" } } */
