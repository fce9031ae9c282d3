/* A loop of about two iterations per entry (500 entries, 1000
   iterations).  AFDO counts are no "reliable" counts to GCC, which then
   takes no trip count from them, and -funroll-loops would unroll the
   loop (as it did zstd's ZSTD_count); the estimate the plugin records
   from the counts (loop-estimates) keeps it from that.  */
/* { dg-do compile } */
/* { dg-options "-O2 -funroll-loops -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-rtl-loop2_unroll-details" } */

__attribute__ ((noinline)) int
count (const unsigned char *p, const unsigned char *q, int n)
{
  int i = 0;
  while (i < n && p[i] == q[i])
    i++;
  return i;
}

/* { dg-final { scan-dump-not loop2_unroll "loop unrolled" } } */
