/* evidence-ifconv.c with a profile as a converter that writes no row
   for the lines of conditional moves gives it: neither arm has a row.
   The branch's samples are its own line's; no arm has evidence of its
   own, so the static probabilities stay and GCC if-converts the branch
   as at -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/ifconv-hash.h"

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(no arm has a row of its own\\)" } } */
/* { dg-final { scan-assembler "cmov" } } */
