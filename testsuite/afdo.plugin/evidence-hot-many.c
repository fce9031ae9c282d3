/* The hot block threshold with many samples: the hot count H = 1000
   (the working-set count), and a count is cold where the upper end of
   its 99 % interval stays below it, C + 2.576 sqrt (C) < 1000: below
   921.8, nearly H.  The function with a sample per line is cold.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "evidence-hot.c"

/* { dg-final { scan-dump autofdo "hot block threshold 1000 \\(999 per mille of 5002 samples\\)" } } */
/* { dg-final { scan-dump autofdo "hot block threshold handed to GCC: count 921.79 \\(the evidence rule\\)" } } */
