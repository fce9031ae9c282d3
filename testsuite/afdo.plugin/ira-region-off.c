/* ira-region.c with ira-region=0: IRA builds allocnos for the walk's
   loops, as at -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/ira-region.afdo -fplugin-arg-afdo-ira-region=0 -fdump-rtl-ira" } */

#include "ira-region.c"

/* { dg-final { scan-dump ira "\\(r\\d+,l1\\)" } } */
