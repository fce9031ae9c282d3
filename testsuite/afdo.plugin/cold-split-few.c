/* cold-split.c's loop with 20 samples per instruction on its test:
   had the rare arm run as often as the test, its three statements
   would have taken about 60 samples, fewer than the 100 that a 0 must
   be measured against (cold-split) before it says the arm ran at most
   a few per cent as often.  The arm stays in the function with an AFDO
   count, as every block with no such evidence.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "cold-split.c"

/* { dg-final { scan-dump autofdo "bb \[0-9\]+: no samples, 60.0 expected\n" } } */
/* { dg-final { scan-dump-not autofdo "cold-split:" } } */
/* { dg-final { scan-assembler-not "process\\.cold" } } */
