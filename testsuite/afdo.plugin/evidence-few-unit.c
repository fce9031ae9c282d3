/* evidence-few.c with a profile of 4 samples in all: a translation unit
   whose profile has fewer than min-unit-samples changes nothing; every
   function keeps the code it has without a profile (the loop of run
   not vectorized by the cost model fdo-opts switches on).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-vect-details" } */

#include "../programs/evidence-few.h"

/* { dg-final { scan-dump autofdo "translation unit: about \[0-9\]+ samples, fewer than min-unit-samples \\(30\\): compiled as without a profile" } } */
/* { dg-final { scan-dump-not vect "optimized: loop vectorized" } } */
