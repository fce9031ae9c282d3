/* evidence-arm-flow.c with arm-flow=0: the arms' 6 and 17 samples
   per line are taken as Poisson counts, which exclude 50 %, and the
   branch's probabilities are the counts'.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-arm-flow=0" } */

#include "evidence-split.c"

/* { dg-final { scan-dump-not autofdo "bb 3: static probabilities kept" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count \[0-9.\]+ prob 27.1% \\(auto FDO\\)" } } */
