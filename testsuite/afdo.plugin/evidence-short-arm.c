/* evidence-short.c with a profile of time samples: 400 on the test of
   the instruction's line, a row of 0 on the store.  The store is one
   statement without a call, whose 0 is no evidence that it did not
   run (short-arm=2): the branch keeps GCC's static probabilities.
   With the samples' word for it, the store's arm got probability 0
   (evidence-short-arm-off.c), and GCC laid it out of line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "evidence-short.c"

/* { dg-final { scan-dump autofdo "static probabilities kept \\(a short arm's 0 is no evidence\\)" } } */
