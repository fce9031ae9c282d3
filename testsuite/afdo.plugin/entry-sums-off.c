/* entry-sums.c with entry-sums=0: the function keeps the count of its
   own entries, the inlined call takes it all, and the body the other
   two calls reach divides by 10 with idiv.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/entry-sums.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-entry-sums=0" } */

#include "entry-sums.c"

/* { dg-final { scan-dump-not autofdo "raised to the" } } */
/* { dg-final { scan-assembler-times "idivl" 2 } } */
