/* noise-multiway.c with noise-multiway=0: the switch keeps its static
   probabilities, 1/9 for each edge, the most common case's as the
   others'.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-multiway.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-multiway=0" } */

#include "noise-multiway.c"

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(the samples do not tell\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 2523 prob 11.1% \\(adjusted\\)" } } */
/* { dg-final { scan-dump-not autofdo "multiway: bounded" } } */
