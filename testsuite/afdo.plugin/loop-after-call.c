/* A loop of about 60 iterations per entry right after a call (branches'
   report_bad): the samples of the call's return land on the call's
   line, so the entering block's count (100 samples against the loop's
   1200) makes the loop look like 12 iterations.  Recorded as its
   estimate, that keeps GCC 12's unroller from unrolling it.  A loop
   entered from a block with a call gets no estimate from the counts
   (loop-estimates).  The vectorizer's cost model is -O2's, so that the
   loop stays scalar for the unroller.  */
/* { dg-do compile } */
/* { dg-options "-O2 -funroll-loops -fvect-cost-model=very-cheap -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-rtl-loop2_unroll-details" } */

#include <stdio.h>

char logbuf[256];
unsigned long long errors;

__attribute__ ((noinline)) void
report (unsigned key, int why)
{
  int len = snprintf (logbuf, sizeof logbuf, "bad record key=%u why=%d",
		      key, why);
  for (int i = 0; i < len; i++)
    errors += (unsigned char) logbuf[i] * (unsigned) (i + why);
}

/* { dg-final { scan-dump loop2_unroll "loop unrolled" } } */
