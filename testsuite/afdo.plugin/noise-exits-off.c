/* noise-exits.c with noise-exits=0: at the loop's exits the flow's
   counts set the probabilities; the break, which the samples cannot
   tell from 0, never runs, and the latch's exit is the entry count's
   share of the loop's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-exits.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-exits=0" } */

#include "noise-exits.c"

/* { dg-final { scan-dump-not autofdo "static probabilities kept" } } */
/* { dg-final { scan-dump autofdo "edge 3->6 count 0 prob never \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 5->6 count 10 prob 1.0% \\(auto FDO\\)" } } */
