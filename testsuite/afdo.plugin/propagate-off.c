/* fdo-opts.c with propagate=0: neither the minimum-cost flow nor the
   equivalence classes run, and the loop's body keeps the count of its
   1000 samples; the inference (fdo-opts.c) lowers it to what the loop's
   entries and its latch's 10 samples allow.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/fdo-opts.afdo -fplugin-arg-afdo-propagate=0 -fplugin-arg-afdo-dump=details" } */

#include "fdo-opts.c"

/* { dg-final { scan-dump autofdo "bb 3 count 1000 annotated \\(samples 1000\\) discriminator 3" } } */
/* { dg-final { scan-dump-not autofdo "lowered" } } */
