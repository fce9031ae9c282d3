/* split-mod.c with split-parts=0 and entry-counts=0 (ablation): the
   head's call of the part gets only what the flow leaves it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-split-parts=0 -fplugin-arg-afdo-entry-counts=0 -fplugin-arg-afdo-dump" } */

#include "split-mod.c"

/* { dg-final { scan-dump-not autofdo "the only call of" } } */
