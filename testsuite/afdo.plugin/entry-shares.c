/* A static function called from two functions with samples and from one
   without (third).  Its prologue's samples say it was entered 100 times;
   the callers' calls, a few instructions that tail into it, have 10
   samples each.  The two calls from functions with samples share its
   entries, 50 each, so that GCC's inliner scales its body where it
   inlines it by its share, not by a tenth; third's call, which the
   samples say nothing of, takes none (entry-shares-off.c: the calls
   keep their own 10).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-min-samples=0" } */

static int __attribute__ ((noinline))
work (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * 3;
  return s;
}

int
first (const int *v)
{
  return work (v, 64) + 1;
}

int
second (const int *v)
{
  return work (v + 64, 64) - 1;
}

int
third (const int *v)
{
  return work (v + 128, 64);
}

/* { dg-final { scan-dump autofdo "  bb 2: one of the 2 sampled calls of work/\[0-9\]+, its share of the entries 50\n" } } */
/* { dg-final { scan-dump-times autofdo "one of the 2 sampled calls of work" 2 } } */
/* { dg-final { scan-dump-times autofdo "  bb 2 count 50 call\n" 2 } } */
/* { dg-final { scan-dump autofdo "function third/\[0-9\]+: no samples" } } */
