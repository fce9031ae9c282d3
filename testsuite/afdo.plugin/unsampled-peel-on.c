/* unsampled-peel.c with unsampled-peel=1: the loop of utf8esc, inlined
   into format without samples of its own, is peeled by the estimate of
   its static guess (GCC's warning of the write before the buffer, in a
   copy no run reaches, is switched off here).  Under the evidence rule
   no loop is peeled by an estimate, so the rule is off here too.  */
/* { dg-do compile } */
/* { dg-options "-O2 -Wno-stringop-overflow -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/unsampled-peel.afdo -fplugin-arg-afdo-unsampled-peel=1 -fplugin-arg-afdo-evidence=0 -fdump-tree-cunroll-details" } */

#include "unsampled-peel.c"

/* { dg-final { scan-dump cunroll "Peeled loop \[0-9\]+, 10 times" } } */
