/* entry-shares.c with entry-shares=0: the calls keep the 10 samples of
   their own line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/entry-shares.afdo -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-entry-shares=0 -fplugin-arg-afdo-min-samples=0" } */

#include "entry-shares.c"

/* { dg-final { scan-dump-not autofdo "sampled calls" } } */
/* { dg-final { scan-dump-times autofdo "  bb 2 count 10 annotated \\(samples 10\\)" 2 } } */
