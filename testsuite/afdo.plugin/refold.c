/* An inline instance nested in a folded one is folded too when this
   compilation does not inline it either: the profiled binary had
   "middle" inlined into "first" and "work" inlined into "middle"; here
   neither is inlined before the annotation.  "middle" gets its nested
   instance from "first", and the instance of "work" it brought along
   goes on to the outline "work" (5 calls reaching the rare side, 995
   the common one), not lost.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/fold-work.h"

__attribute__ ((noinline)) static void
middle (int v)
{
  work (v + 1);
}

void
first (int n)
{
  for (int i = 0; i < n; i++)
    middle (i);
}

/* { dg-final { scan-dump autofdo "folded 2 inline instances \\(3000 samples\\) that are not inlined here into their functions" } } */
/* { dg-final { scan-dump autofdo "function work/\[0-9\]+: instance work total 2000 head 0 \\(folded inline instances only\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 5 prob 0.5% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 995 prob 99.5% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "matched 4001 of 4001 samples" } } */
