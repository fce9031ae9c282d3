/* A loop of eight iterations in a function called from a hot loop, in a
   profile of few samples.  GCC optimizes a block whose count is below
   the hot block threshold for size (no vectorization, no unrolling).
   A count is called cold only where the samples are evidence of it
   (the evidence rule): the upper end of its 99 % interval must stay
   below the hot count H, so the threshold handed to GCC is the count
   C with C + 2.576 sqrt (C) = H.  With H = 2 that is 0.39: nothing
   with a sample is cold, and the loop is vectorized as at -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-vect-details" } */

__attribute__ ((noinline)) unsigned
sum8 (const unsigned *t)
{
  unsigned s = 0;
  for (int j = 0; j < 8; j++)
    s += t[j];
  return s;
}

__attribute__ ((noinline)) unsigned
run (const unsigned *v, int n)
{
  unsigned r = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned x = v[i];
      r += sum8 (v + (x & 63)) ^ x;
      r = (r << 3) | (r >> 29);
    }
  return r;
}

/* { dg-final { scan-dump autofdo "hot block threshold 2 \\(999 per mille of 62 samples\\)" } } */
/* { dg-final { scan-dump autofdo "hot block threshold handed to GCC: count 0.39 \\(the evidence rule\\)" } } */
/* { dg-final { scan-dump vect "evidence-hot.c:16:\[0-9\]+: optimized: loop vectorized" } } */
