/* evidence-split.c with a profile of time samples in the fuzzer's
   seed 93's proportions: 35 on the load and test, 6 on the then-arm, 17
   on the else-arm, 45 on the join.  The arms' 23 miss the branch's 35
   and the join's 45 by up to 1.96 times: the samples are where the
   pipeline waited after the branch, not counts of the arms, and the
   split of 6 to 17 (27 %), well outside 50 % as Poisson counts, is
   within it once widened by that factor (arm-flow).  The branch keeps
   GCC's 50 %.  With the arms' word for it (evidence-arm-flow-off.c),
   GCC computed the else-arm before the branch in every iteration and
   unrolled the loop: 1.079 times -O2's instructions in the seed.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "evidence-split.c"

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(its arms' samples, as far off the flow as they are, do not exclude the static probability\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count \[0-9.\]+ prob 50.0% \\(guessed\\)" } } */
