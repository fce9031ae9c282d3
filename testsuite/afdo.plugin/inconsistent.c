/* An inconsistent profile, as sampling gives: both sides of the branch
   have more samples between them (80 + 60) than the block before and
   the block after it (100).  The minimum-cost flow spreads the
   difference: the blocks around the branch are raised a little, both
   sides lowered by about the same share (keeping their ratio), and the flow is conserved
   (inconsistent-rules.c: the flow rules only raise).  80 against 60
   samples do not exclude the branch's static 50 % (the evidence rule),
   so the branch keeps it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/inconsistent.h"

/* { dg-final { scan-dump autofdo "bb 2 count 110 annotated \\(samples 100\\) raised\n" } } */
/* { dg-final { scan-dump autofdo "bb 3 count 62 annotated \\(samples 80\\) lowered\n" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 48 annotated \\(samples 60\\) lowered\n" } } */
/* { dg-final { scan-dump autofdo "bb 5 count 110 annotated \\(samples 100\\) raised\n" } } */
/* The two sides keep about their ratio of samples, 80 : 60.  */
/* { dg-final { scan-dump autofdo "edge 2->3 count 62 prob 50.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "edge 0->2 count 110" } } */
