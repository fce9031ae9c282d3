/* A loop's header and latch counts.  The "for" line holds three blocks
   told apart by discriminators: the initialization (0), the exit test
   in the header (1) and, in the body block that is also the latch, the
   increment (3, the discriminator of that whole block).  The body's own
   line has no discriminator in the profile, so its discriminator-0 entry
   is used.  10 calls of 100 iterations.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/sum-loop.h"

/* { dg-final { scan-dump autofdo "bb 3 count 1000 annotated \\(samples 1000\\) discriminator 3" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 1010 annotated \\(samples 1010\\) discriminator 1" } } */
/* { dg-final { scan-dump autofdo "bb 2 count 10 flow" } } */
/* { dg-final { scan-dump autofdo "bb 5 count 10 annotated" } } */
/* The back edge and the exit edge from the flow rules.  */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1000 prob always" } } */
/* { dg-final { scan-dump autofdo "edge 4->3 count 1000 prob 99.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 4->5 count 10 prob 1.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 0->2 count 10" } } */
/* { dg-final { scan-dump-not autofdo " raised( discriminator \\d+)?\n" } } */
/* { dg-final { scan-dump autofdo "sum/\[0-9\]+: matched 3020 of 3020 samples" } } */
