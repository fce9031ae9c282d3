/* hot-inline.c with hot-inline=0: parse keeps -O2's limit, and next_arg
   stays a call there.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/hot-inline.afdo -fplugin-arg-afdo-hot-inline=0 -fplugin-arg-afdo-dump -fdump-ipa-inline-details" } */

#include "hot-inline.c"

/* { dg-final { scan-dump inline "parse/\[0-9\]+ -> next_arg/\[0-9\]+, --param max-inline-insns-auto limit reached" } } */
/* { dg-final { scan-dump-not inline "Inlined next_arg/\[0-9\]+ into parse/" } } */
/* { dg-final { scan-dump-not autofdo "max-inline-insns-auto 30" } } */
