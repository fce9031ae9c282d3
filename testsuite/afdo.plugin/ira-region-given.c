/* ira-region.c with -fira-region=mixed on the command line, which the
   plugin keeps: IRA builds allocnos for the walk's loops.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fira-region=mixed -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/ira-region.afdo -fdump-rtl-ira" } */

#include "ira-region.c"

/* { dg-final { scan-dump ira "\\(r\\d+,l1\\)" } } */
