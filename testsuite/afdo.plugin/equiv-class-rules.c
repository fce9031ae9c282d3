/* With mcf=0 (the rules of seed 000).  Equivalence classes: the block after the "if" has no samples at all,
   but it and the entry block dominate and post-dominate each other in
   the same loop nest, so it gets the entry block's count from their
   class before any flow rule runs.  The branch keeps its static
   probabilities (equiv-class.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-mcf=0 -fplugin-arg-afdo-dump=details" } */

#include "../programs/equiv-class.h"

/* { dg-final { scan-dump autofdo "bb 2 count 100 annotated \\(samples 100\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 3 count 30 annotated \\(samples 30\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 100 class\n" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 30 prob 33.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 70 prob 67.0% \\(guessed\\)" } } */
