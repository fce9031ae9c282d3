/* Without head counts (IP samples), the samples of the line of the
   function's opening brace, which holds the prologue in the binary, are
   its entry count: 50 entries of a loop of 1000 iterations.  The
   function's body has no statement on that line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "../programs/sum-loop.h"

/* { dg-final { scan-dump autofdo "bb 0 count 50 annotated \\(samples 50\\)" } } */
/* { dg-final { scan-dump autofdo "sum/\[0-9\]+: matched 3100 of 3100 samples" } } */
