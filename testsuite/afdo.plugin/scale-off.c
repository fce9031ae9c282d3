/* prologue.c with scale=0 (ablation): GCC gets the raw sample counts.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-scale=0 -fplugin-arg-afdo-dump -fdump-tree-optimized" } */

#include "prologue.c"

/* { dg-final { scan-dump autofdo "count scale 1\n" } } */
/* { dg-final { scan-dump optimized "<bb 2> \\\[count: 50\\\]" } } */
