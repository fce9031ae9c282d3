/* dispatch.c with dispatch=0: cross-jumping merges the handlers' tails
   and three indirect jumps are left, as at -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/dispatch.afdo -fplugin-arg-afdo-dispatch=0" } */

#include "dispatch.c"

/* { dg-final { scan-assembler-not {(?:jmp\s+\*.*){7}} } } */
/* { dg-final { scan-assembler-times {jmp\s+\*} 3 } } */
