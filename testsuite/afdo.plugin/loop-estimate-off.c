/* loop-estimate.c with loop-estimates=0 (ablation): the loop is
   unrolled.  */
/* { dg-do compile } */
/* { dg-options "-O2 -funroll-loops -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-loop-estimates=0 -fdump-rtl-loop2_unroll-details" } */

#include "loop-estimate.c"

/* { dg-final { scan-dump loop2_unroll "loop unrolled \[0-9\]+ times" } } */
