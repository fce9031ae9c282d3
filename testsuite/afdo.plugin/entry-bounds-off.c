/* entry-bounds.c with entry-bounds=0: the slow path's call is bound by
   all of its callee's samples, 616, and its block, without samples of
   its own, takes what the lookup's 40 leave of the test's 100: the
   common lookup becomes the 40 % side.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/entry-bounds.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-entry-bounds=0" } */

#include "entry-bounds.c"

/* { dg-final { scan-dump autofdo "its calls' samples bound it at 616" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 40 prob 40.0% \\(auto FDO\\)" } } */
