/* noise-branch.c: the branch keeps its static 50 %, and the block it
   guards (the add, no other way in) gets 50 % of the test's count
   instead of all of it, as the flow gave it: counts and probabilities
   agree, so the passes that read block counts (the tracer, the layout)
   see the branch as the probabilities do (noise-region-off.c: the same
   with noise-regions=0).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "noise-branch.c"

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept" } } */
/* { dg-final { scan-dump autofdo "bb 4: counts of the blocks it dominates scaled by 590 / 1180" } } */
