/* noise-lines.c with noise-lines=0: the branch gets the inference's
   split of the line's count, half and half, whatever GCC's static
   estimate says.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-lines=0" } */

#include "noise-lines.c"

/* { dg-final { scan-dump-not autofdo "static probabilities kept" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1500 prob 50.0% \\(auto FDO\\)" } } */
