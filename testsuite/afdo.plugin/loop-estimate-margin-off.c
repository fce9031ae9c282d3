/* loop-estimate-margin.c with trip-margin=1: the unroller sees the
   least iterations the entries' samples support as they are, 16 and
   17, and unrolls both inner loops.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-trip-margin=1 -fplugin-arg-afdo-dump -fdump-rtl-loop2_unroll" } */

#include "loop-estimate-margin.c"

/* { dg-final { scan-dump autofdo "loop 2: 33 iterations by the counts, at least 16 by the entry's 12 samples" } } */
/* { dg-final { scan-dump-times loop2_unroll "Unrolled loop \[0-9\]+ times, counting # of iterations in runtime" 2 } } */
