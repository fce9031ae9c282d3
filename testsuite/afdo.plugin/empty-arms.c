/* The arm of "if (cost[t] < best) { best = cost[t]; pick = t; }" has
   no statements of its own: its assignments are arguments of PHIs in
   the join, and in the profiled binary it was two conditional moves on
   the compare's line.  The samples cannot tell how often it ran; the
   flow would give it whatever is cheapest, here nothing, and GCC would
   keep the branch (mispredicted whenever a cheaper cost turns up)
   instead of the conditional moves of -O2 (bzip2's sendMTFValues: 45
   thousand more mispredicted branches on the small input).  With
   empty-arms=1 it keeps GCC's static probabilities instead, as a
   lineless short arm does (empty-arms-off.c: the default, without the
   rule).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-empty-arms=1" } */

__attribute__ ((noinline)) int
cheapest (const unsigned short *cost, int n)
{
  int best = 999999999, pick = -1;
  for (int t = 0; t < n; t++)
    if (cost[t] < best) { best = cost[t]; pick = t; }
  return pick;
}

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(its arms are short\\)" } } */
/* { dg-final { scan-assembler "\tcmov" } } */
