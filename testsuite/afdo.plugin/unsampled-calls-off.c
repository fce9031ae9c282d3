/* unsampled-calls.c with unsampled-calls=0: the arm that calls repair
   (no statement of its own with samples, few statements) is the cheap
   way to carry what the compare's samples leave, and gets 85 % of
   the branch.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/unsampled-calls.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-unsampled-calls=0" } */

#include "unsampled-calls.c"

/* { dg-final { scan-dump autofdo "bb 4 count 85 flow \\(calls a function without samples\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 85 prob 85.0%" } } */
