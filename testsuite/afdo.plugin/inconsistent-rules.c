/* With mcf=0 (the flow rules of seed 000).  An inconsistent profile,
   as sampling gives: both sides of the branch
   have more samples between them (80 + 60) than the block before and
   the block after it (100).  The repair only raises counts: the two
   blocks around the branch become 140, no count goes down.  The branch
   keeps its static 50 %, which 80 against 60 samples do not exclude
   (the evidence rule).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-mcf=0 -fplugin-arg-afdo-dump=details" } */

#include "../programs/inconsistent.h"

/* { dg-final { scan-dump autofdo "bb 2 count 140 annotated \\(samples 100\\) raised\n" } } */
/* { dg-final { scan-dump autofdo "bb 3 count 80 annotated \\(samples 80\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 60 annotated \\(samples 60\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 5 count 140 annotated \\(samples 100\\) raised\n" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 80 prob 50.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "edge 0->2 count 140" } } */
