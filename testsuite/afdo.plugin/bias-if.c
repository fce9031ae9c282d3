/* A biased branch: GCC's static heuristics expect "x > 0" to hold, the
   profile says the other side runs and this side never does.  The
   never-run side has a row of 0 where, at its branch's 1000 samples per
   instruction, it would have taken about 3000: it goes to GCC as "never
   executed" (cold-split) and into classify.cold, in .text.unlikely; the
   hot side falls through, and the function goes to .text.hot.  Without
   the profile GCC keeps the "x > 0" side in line.  The profile has a
   row of 0 for the never-run side, as a converter that writes rows for
   every line with code gives it: a line without a row would be unknown
   (the evidence rule), and the branch would keep its static
   probabilities.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-rtl-bbro" } */

#include "../programs/classify.h"

/* { dg-final { scan-dump autofdo "function classify/\[0-9\]+: instance classify total 3000 head 1000" } } */
/* { dg-final { scan-dump autofdo "bb 2 count 1000 annotated \\(samples 1000\\)" } } */
/* { dg-final { scan-dump autofdo "bb 3 count 0 annotated \\(samples 0\\)" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 1000 annotated" } } */
/* { dg-final { scan-dump autofdo "classify/\[0-9\]+: matched 3000 of 3000 samples \\(100.0 %\\)" } } */
/* Block reordering sees the AFDO counts: the hot path is one trace, the
   never-run block, of GCC's count 0, is left for the last round.  */
/* { dg-final { scan-dump bbro "Trace 1 \\(round 1\\):  2 \\\[\[0-9\]+ \\(auto FDO\\)\\\] \[0-9\]+ \\\[\[0-9\]+ \\(auto FDO\\)\\\]\n" } } */
/* { dg-final { scan-dump bbro "Trace 2 \\(round 4\\):  \[0-9\]+ \\\[0 \\(precise\\)\\\]\n" } } */
/* { dg-final { scan-assembler "classify\\.cold:" } } */
/* { dg-final { scan-assembler "\\.section\t\\.text\\.hot" } } */
/* { dg-final { scan-assembler "subl\t\\\$1, %eax\n\tmovl\t%eax, g\\(%rip\\)\n\tret\n.*imull" } } */
