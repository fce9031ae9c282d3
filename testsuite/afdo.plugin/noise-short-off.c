/* noise-short.c with noise-short=0 (and noise-skid=0, which takes this
   branch too): the inference sends what the short side's 81 samples
   leave of the compare's count to the side without samples, and the
   99 % side becomes the 12 % one.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-short.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-short=0 -fplugin-arg-afdo-noise-skid=0 -fplugin-arg-afdo-evidence=0" } */

#include "noise-short.c"

/* { dg-final { scan-dump-not autofdo "its arms are short" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 81 prob 11.6% \\(auto FDO\\)" } } */
