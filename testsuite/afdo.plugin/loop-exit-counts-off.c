/* loop-exit-counts.c with exit-counts=0: init's loops keep the
   inference's counts, 4 and 3 iterations, under the static exit
   probability of 1 %.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/loop-exit-evidence.afdo -fplugin-arg-afdo-exit-counts=0 -fplugin-arg-afdo-dump=details -fdump-tree-optimized" } */

#include "loop-exit-evidence.c"

/* { dg-final { scan-dump-times autofdo "static probabilities kept at a loop's exit" 2 } } */
/* { dg-final { scan-dump-not autofdo "to its exit's static probability" } } */
/* { dg-final { scan-dump-not optimized "<bb 3> \\\[count: 18\[0-9\]{5}\\\]" } } */
