/* noise-branch.c with noise-permille=0 (ablation): the samples are
   trusted, and the branch looks always taken.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-noise-permille=0 -fplugin-arg-afdo-dump=details" } */

#include "noise-branch.c"

/* { dg-final { scan-dump-not autofdo "static probabilities kept" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1180 prob always \\(auto FDO\\)" } } */
