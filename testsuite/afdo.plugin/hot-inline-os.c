/* hot-inline.c at -Os: a build for size keeps its inlining limit as
   given, samples or not.  */
/* { dg-do compile } */
/* { dg-options "-Os -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/hot-inline.afdo -fplugin-arg-afdo-dump -fdump-ipa-inline-details" } */

#include "hot-inline.c"

/* { dg-final { scan-dump-not inline "Inlined next_arg/\[0-9\]+ into parse/" } } */
/* { dg-final { scan-dump-not autofdo "max-inline-insns-auto 30" } } */
