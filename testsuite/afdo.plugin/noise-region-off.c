/* noise-region.c with noise-regions=0 (ablation): the probabilities
   are the static ones, the add keeps the test's whole count.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-noise-regions=0 -fplugin-arg-afdo-dump=details" } */

#include "noise-branch.c"

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept" } } */
/* { dg-final { scan-dump-not autofdo "counts of the blocks it dominates scaled" } } */
