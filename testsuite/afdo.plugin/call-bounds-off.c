/* call-bounds.c with call-bounds=0: the call's block, without samples
   of its own, takes what the array part's 5 samples leave of the
   branch's count, and the array part becomes the 1 % side.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/call-bounds.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-call-bounds=0" } */

#include "call-bounds.c"

/* { dg-final { scan-dump-not autofdo "bound it at" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 5 prob 1.3% \\(auto FDO\\)" } } */
