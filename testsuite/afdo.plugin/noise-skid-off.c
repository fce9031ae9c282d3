/* noise-skid.c with noise-skid=0: the flow gives the common side of the
   branch (no entry of its own) what the other side's samples leave of
   the compare's count, nothing, and GCC takes it for never taken (with
   evidence=0: evidence-skid.c shows the evidence rule alone).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-skid.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-skid=0 -fplugin-arg-afdo-evidence=0" } */

#include "noise-skid.c"

/* { dg-final { scan-dump-not autofdo "went to the join" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1 prob 0.1% \\(auto FDO\\)" } } */
