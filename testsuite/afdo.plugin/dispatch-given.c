/* dispatch.c with -fcrossjumping on the command line, which the plugin
   keeps: the handlers' tails are merged, as at -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fcrossjumping -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/dispatch.afdo" } */

#include "dispatch.c"

/* { dg-final { scan-assembler-times {jmp\s+\*} 3 } } */
