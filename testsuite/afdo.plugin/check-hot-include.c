/* check-hot.c included: a line is reported with its own file, the
   sum with the unit's.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/check-hot.afdo -fplugin-arg-afdo-check-hot" } */

#include "check-hot.c"

/* { dg-final { scan-stderr "afdo: \[^ \]*\[/\]check-hot.c: not hot: rare: line 12: 500 samples" } } */
/* { dg-final { scan-stderr-not "check-hot-include.c: not hot: rare" } } */
/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot-include.c: not hot: 1 lines with 500 samples" } } */
