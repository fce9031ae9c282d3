/* Samples of an inline instance this compilation does not recreate are
   folded into the outline function: the profiled binary had "work"
   inlined into both callers, so the profile has no top-level instance
   of "work", only the two nested ones (here "work" is not inlined
   before the annotation).  The outline "work" gets their sum, 5 + 15 =
   20 calls reaching the rare side and 995 + 985 the common one.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/fold-work.h"

void
first (int n)
{
  for (int i = 0; i < n; i++)
    work (i);
}

void
second (int n)
{
  for (int i = 0; i < n; i++)
    work (i * 3);
}

/* { dg-final { scan-dump autofdo "folded 2 inline instances \\(4000 samples\\) that are not inlined here into their functions" } } */
/* { dg-final { scan-dump autofdo "function work/\[0-9\]+: instance work total 4000 head 0 \\(folded inline instances only\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 20 prob 1.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 1980 prob 99.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "translation unit: 3 of 3 functions in the profile, with 6002 of the profile's 6002 samples \\(100.0 %\\); matched 6002 of 6002 samples" } } */
