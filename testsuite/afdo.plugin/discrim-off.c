/* discrim.c with discriminators=0 (ablation): the entries of a line are
   merged (their MAX), so "big++" and "small++" get the same count and
   the branch is about 50/50, as with GCC 12's own reader
   (discrim-gcc.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-discriminators=0 -fplugin-arg-afdo-dump=details" } */

#include "discrim.c"

/* { dg-final { scan-dump autofdo "bb 4 count \[0-9.\]+ annotated \\(samples 1000\\) lowered discriminator 1" } } */
/* { dg-final { scan-dump autofdo "bb 5 count \[0-9.\]+ annotated \\(samples 1000\\) lowered discriminator 2" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count \[0-9.\]+ prob \[45\]\[0-9\].\[0-9\]% \\((auto FDO|guessed)\\)" } } */
