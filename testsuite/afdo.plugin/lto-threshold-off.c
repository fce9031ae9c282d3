/* lto-threshold.c with lto-threshold=0: the link keeps the hot block
   threshold GCC's ipa-profile takes from the whole program's counts,
   under which digits' loop is cold, and its "% 10" is a division
   instruction.  With exit-counts=0: main's loop of 100 rounds, whose
   entry has no samples, would otherwise be scaled to its static 100
   iterations from the inference's floor of one sample at its entry,
   and its counts of about 100 samples would move GCC's threshold below
   digits' loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -save-temps -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/lto-threshold.afdo -fplugin-arg-afdo-dump -fplugin-arg-afdo-lto-threshold=0 -fplugin-arg-afdo-exit-counts=0" } */

#include "lto-threshold.c"

/* { dg-final { scan-wpa-dump autofdo "hot block threshold: GCC's from the counts, \[0-9\]+" } } */
/* { dg-final { scan-ltrans-assembler-times "idivl" 1 } } */
