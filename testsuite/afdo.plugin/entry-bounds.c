/* lua's OP_GETFIELD: a table's lookup (a call with samples on its block)
   or, for anything else, a slow path whose function is called seldom
   but takes many samples in all (a loop).  In the profiled binary the
   test took 100 samples, the lookup's call 40, the slow path's call
   none; the slow function took 616, but 2 on its opening brace, which
   runs once per call.  Bound by the 616, the slow path's block, which
   is cheap to raise, got what the lookup's 40 leave of the test's 100;
   bound by its entries, 2 on a row with the samples of a few
   statements behind it, at the upper end of their 99 % interval, 7,
   the lookup's block is raised instead and stays the likely side
   (entry-bounds-off.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

struct table
{
  unsigned long n;
  int *array;
};

extern int *lookup (struct table *, long);

__attribute__ ((noinline)) int *
slow (struct table *t, long k)
{
  int *best = t->array;
  for (unsigned long i = 0; i < t->n; i++)
    if (t->array[i] == k)
      best = &t->array[i];
  return best;
}

int
get (struct table *t, long k)
{
  int *slot = t->n > 4 ? lookup (t, k) : slow (t, k);
  return *slot;
}

/* { dg-final { scan-dump autofdo "bb 4 count 7 flow \\(its calls' samples bound it at 7\\) discriminator 2" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 93 prob 93.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "function slow/0: entered 2 times, raised to the 1 calls' 7" } } */
