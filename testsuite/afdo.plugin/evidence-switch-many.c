/* evidence-switch-few.c with samples that exclude the static
   probabilities: case 0 has 300, the others 5 or none.  The switch
   takes its probabilities from the counts.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "evidence-switch.c"

/* { dg-final { scan-dump-not autofdo "static probabilities kept \\(its cases'" } } */
/* { dg-final { scan-dump-not autofdo "bb 3: static probabilities kept" } } */
