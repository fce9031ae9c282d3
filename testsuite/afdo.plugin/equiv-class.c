/* The block after the "if" has no samples at all, but it and the entry
   block dominate and post-dominate each other in the same loop nest:
   a conserved flow gives it the entry block's count (with mcf=0 it gets
   it from their equivalence class, equiv-class-rules.c).  The branch
   keeps its static 33 %, which the call's 30 samples against the
   branch's 100 do not exclude (the evidence rule).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/equiv-class.h"

/* { dg-final { scan-dump autofdo "bb 2 count 100 annotated \\(samples 100\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 3 count 30 annotated \\(samples 30\\)\n" } } */
/* { dg-final { scan-dump autofdo "bb 4 count 100 flow\n" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 30 prob 33.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 70 prob 67.0% \\(guessed\\)" } } */
