/* noise-order.c with noise-order=0: the branch keeps its static
   probabilities, 42.9 % for the partitioning, and the partitioning's
   blocks are scaled to agree with them.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-order.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-order=0" } */

#include "noise-order.c"

/* { dg-final { scan-dump autofdo "bb 4: static probabilities kept \\(the samples do not tell\\)" } } */
/* { dg-final { scan-dump autofdo "edge 4->6 count 42 prob 42.9% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "bb 6: counts of the blocks it dominates scaled by 18.01 / 42" } } */
