/* evidence-clone-floor.c with clone-floor=0: rec and two of its clones
   keep ipa-cp's split of the count, and "ch" leaves their loops' headers
   for size.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/evidence-clone-floor.afdo -fplugin-arg-afdo-min-unit-samples=0 -fplugin-arg-afdo-clone-floor=0 -fplugin-arg-afdo-dump -fdump-tree-ch2-details" } */

#include "evidence-clone-floor.c"

/* { dg-final { scan-dump-not autofdo_clones "kept hot" } } */
/* { dg-final { scan-dump ch2 "Not duplicating bb \[0-9\]+: optimizing for size" } } */
