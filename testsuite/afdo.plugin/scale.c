/* prologue.c: the counts GCC gets are the samples times a scale that
   brings the largest position count to about 2^24 (16777 for 1000).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-optimized" } */

#include "prologue.c"

/* { dg-final { scan-dump autofdo "count scale 16777\n" } } */
/* { dg-final { scan-dump optimized "<bb 2> \\\[count: 838850\\\]" } } */
