/* GCC 12's switch lowering gives the cases of a jump table even
   probabilities.  The switch of noise-multiway.c becomes a jump table,
   and after the lowering its cases have the probabilities the profile
   gave them again: 75.69 % for case 0, 0.36 % for case 7 (jump-tables-
   off.c: 12.50 % each).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-multiway.afdo -fdump-tree-optimized" } */

#include "noise-multiway.c"

/* { dg-final { scan-dump optimized "switch \\(_\[0-9\]+\\) <default: <L\[0-9\]+> \\\[10.00%\\\], case 0: <L\[0-9\]+> \\\[75.69%\\\], case 1: <L\[0-9\]+> \\\[3.00%\\\]" } } */
/* { dg-final { scan-dump optimized "case 7: <L\[0-9\]+> \\\[0.36%\\\]>" } } */
