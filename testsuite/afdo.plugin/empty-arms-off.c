/* empty-arms.c without empty-arms (the default, given here): the flow
   gives the arm nothing, the branch is "never taken" to GCC, and no
   conditional move is left.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/empty-arms.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-empty-arms=0" } */

#include "empty-arms.c"

/* { dg-final { scan-dump-not autofdo "bb 3: static probabilities kept" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 0 prob never \\(auto FDO\\)" } } */
/* { dg-final { scan-assembler-not "cmov" } } */
