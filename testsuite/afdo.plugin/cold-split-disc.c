/* cold-split.c's loop with the rare arm's rows of 0 at discriminator 7,
   which this build does not give it: the profiled binary had copies of
   those lines that this build has not, and which copy the 0 belongs to
   nothing tells.  The arm's lines are known, and had it run as often
   as its test it would have taken about 3000 samples, but only a row
   of 0 at the block's own position (line and discriminator) sends it
   to the cold partition (cold-split): it keeps an AFDO count.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "cold-split.c"

/* { dg-final { scan-dump autofdo "bb \[0-9\]+: no samples, 3000.0 expected\n" } } */
/* { dg-final { scan-dump-not autofdo "cold-split:" } } */
/* { dg-final { scan-assembler-not "process\\.cold" } } */
