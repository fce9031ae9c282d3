/* A branch whose common arm is short and has few samples (15, where the
   compare and the join have 100), and whose other arm calls a function
   of this file that the profile has no samples of.  Had that arm run,
   repair would have samples; the minimum-cost flow raises the sampled
   arm instead of sending the remainder through the call
   (unsampled-calls-off.c).  The retry path of sqlite3's OP_Column is
   such an arm: sqlite3VdbeHandleMovedCursor never ran.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

__attribute__ ((noinline)) static int
repair (int x)
{
  return x * x - 7;
}

int
work (int x, int y)
{
  int r;
  if (x > y)
    r = x * 3 + y;
  else
    r = repair (x);
  return r + 1;
}

/* { dg-final { scan-dump autofdo "bb 3 count 90 annotated \\(samples 15\\) raised" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 0 zero \\(calls a function without samples\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 0 prob never" } } */
