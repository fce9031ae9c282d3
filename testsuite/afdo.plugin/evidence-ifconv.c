/* A data-dependent branch that -O2 if-converts: the profiled binary had
   a conditional move, and its line table gave the instructions of both
   arms to the then-line and none to the else-line.  The profile has the
   then-line at the loop's count and no row for the else-line.  A line
   without a row says nothing (the evidence rule): the else-arm is
   unknown, not 0, so the branch keeps its static probabilities and GCC
   if-converts it as at -O2.  Before, the else-arm counted as a block
   without samples, the branch became 100/0, and GCC emitted a jump taken
   half the time at random.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/ifconv-hash.h"

/* { dg-final { scan-dump autofdo "bb 5: no samples, no row: unknown" } } */
/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept" } } */
/* { dg-final { scan-assembler "cmov" } } */
