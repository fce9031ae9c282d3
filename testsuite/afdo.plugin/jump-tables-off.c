/* jump-tables.c with jump-tables=0: GCC 12's switch lowering leaves
   every case of the jump table 1/8 and the default none.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/noise-multiway.afdo -fdump-tree-optimized -fplugin-arg-afdo-jump-tables=0" } */

#include "noise-multiway.c"

/* { dg-final { scan-dump optimized "switch \\(_\[0-9\]+\\) <default: <L\[0-9\]+> \\\[0.00%\\\], case 0: <L\[0-9\]+> \\\[12.50%\\\]" } } */
/* { dg-final { scan-dump optimized "case 7: <L\[0-9\]+> \\\[12.50%\\\]>" } } */
