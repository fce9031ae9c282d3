/* cold-split.c without the cold partition (cold-split=0): the rare arm
   keeps an AFDO count, which GCC does not take for "never executed",
   and stays in the function.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/cold-split.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-cold-split=0" } */

#include "cold-split.c"

/* { dg-final { scan-dump autofdo "bb \[0-9\]+: no samples, 3000.0 expected\n" } } */
/* { dg-final { scan-dump-not autofdo "cold-split:" } } */
/* { dg-final { scan-assembler-not "process\\.cold" } } */
