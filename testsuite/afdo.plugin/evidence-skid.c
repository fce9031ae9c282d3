/* noise-skid.c with noise-skid=0 and noise-short=0: the common side of
   the branch has no row in the profile, so it is unknown (the evidence
   rule), not a side the samples say never ran, and so are the other
   side's samples, which may be those of both: the branch keeps its
   static probabilities without noise-skid or noise-short.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-skid.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-noise-skid=0 -fplugin-arg-afdo-noise-short=0" } */

#include "noise-skid.c"

/* { dg-final { scan-dump-not autofdo "went to the join" } } */
/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(an arm has no row of its own\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1 prob 50.0% \\(guessed\\)" } } */
