/* call-bounds.c with call-bounds=0: the call's block, without samples
   of its own, takes what the array part's 5 samples leave of the
   branch's count; had the counts set the probabilities, the array part
   would have become the 1 % side.  5 samples against 0 do not exclude
   the static 67 % (the evidence rule), so the branch keeps it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/call-bounds.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-call-bounds=0" } */

#include "call-bounds.c"

/* { dg-final { scan-dump-not autofdo "bound it at" } } */
/* { dg-final { scan-dump autofdo "bb 2: static probabilities kept \\(its arms' samples do not exclude the static probability\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 5 prob 67.0% \\(guessed\\)" } } */
