/* prologue.c with prologue=0 (ablation): the entry count is what the
   flow gives, and the brace line's samples are not matched.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-prologue=0 -fplugin-arg-afdo-dump" } */

#include "prologue.c"

/* { dg-final { scan-dump-not autofdo "bb 0 count \[0-9.\]+ annotated" } } */
/* { dg-final { scan-dump autofdo "sum/\[0-9\]+: matched 3050 of 3100 samples" } } */
