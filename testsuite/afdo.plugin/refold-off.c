/* refold=0: the instance of "work" nested in the folded "middle" stays
   where it is, unmatched; "work" has no samples.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-refold=0" } */

#include "refold.c"

/* { dg-final { scan-dump autofdo "folded 1 inline instances \\(3000 samples\\) that are not inlined here into their functions" } } */
/* { dg-final { scan-dump-not autofdo "function work/\[0-9\]+: instance work" } } */
/* { dg-final { scan-dump autofdo "matched 2001 of 4001 samples" } } */
