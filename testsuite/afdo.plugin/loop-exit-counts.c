/* The evidence rule for a loop's exit (part 8) keeps GCC's static
   probability where the samples do not tell the loop's iterations, and
   the loop's counts then agree with it (exit-counts=1).  init's loops
   ran 8,192 and 16,384 times, once each, in a profile of a few samples:
   by the counts 4 and 3 iterations.  Their exits keep the static
   probability of 1 %, and their blocks are scaled so that each header
   runs 100 times per entry, as at -O2; with the inference's counts, the
   register allocator weighed the loop's body as hardly more frequent
   than the code around it (the fuzzer's seed 1283: 3.4 % more
   instructions than -O2 with -O2's options, the counts alone).  sum's
   loop keeps its counts: its samples tell its iterations.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/loop-exit-evidence.afdo -fplugin-arg-afdo-dump=details -fdump-tree-optimized" } */

#include "loop-exit-evidence.c"

/* { dg-final { scan-dump-times autofdo "loop \[0-9\]+: counts scaled by 100 / \[34\] to its exit's static probability" 2 } } */
/* { dg-final { scan-dump-times autofdo "to its exit's static probability" 2 } } */
/* { dg-final { scan-dump optimized "<bb 3> \\\[count: 18\[0-9\]{5}\\\]" } } */
