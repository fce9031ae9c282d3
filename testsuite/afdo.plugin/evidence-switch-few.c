/* evidence-switch.c's switch with every case's line in the profile,
   and few samples: 1, 2 and 1 on cases 0 to 2 (case 1 has two
   statements) and 1 on the default, against 32 on the switch.  The
   cases' samples do not exclude GCC's static probabilities (Pearson's
   test at 99 %), so they stay; from the counts, the flow would give
   the rest of the switch's samples to one case, and GCC would test it
   first (the fuzzer's seed 912: the default, 1.11 times -O2's
   mispredicted branches).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "evidence-switch.c"

/* { dg-final { scan-dump autofdo "static probabilities kept \\(its cases' samples do not exclude the static probabilities\\)" } } */
