/* ira-region.c compiled twice, the second time as copy, which the
   profile does not name: walk is one region, copy keeps the regions of
   -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/ira-region.afdo -fplugin-arg-afdo-dump -fdump-rtl-ira" } */

#include "ira-region.c"
#define walk copy
#include "ira-region.c"

/* { dg-final { scan-dump autofdo_region "walk: one allocation region" } } */
/* { dg-final { scan-dump-not autofdo_region "copy: one allocation region" } } */
/* { dg-final { scan-dump ira "\\(r\\d+,l1\\)" } } */
