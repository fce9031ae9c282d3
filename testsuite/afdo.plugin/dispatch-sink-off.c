/* dispatch-sink.c with dispatch-sink=0: ra + 4 is computed at the end
   of the dispatch, and in each of the copies compgotos makes of it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/dispatch-sink.afdo -fplugin-arg-afdo-dispatch-sink=0" } */

#include "dispatch-sink.c"

/* { dg-final { scan-assembler-times {leaq\s+32\(} 5 } } */
