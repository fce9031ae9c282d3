/* split-mod.c with split-parts=0 (ablation): the part stays split, and
   the head's call of it, the only way into it, gets the part's entry
   count (entry-counts).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-split-parts=0 -fplugin-arg-afdo-dump" } */

#include "split-mod.c"

/* { dg-final { scan-dump-not autofdo "\\(split part\\)" } } */
/* { dg-final { scan-dump autofdo "bb \[0-9\]+: the only call of one_mult.part.0/\[0-9\]+, entered \[0-9.\]+ times" } } */
