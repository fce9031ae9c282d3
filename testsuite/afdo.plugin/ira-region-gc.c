/* The regions as given come back after "reload", not right after
   "ira": GCC collects no garbage between the two, as the equivalences
   IRA hands to reload are not rooted.  A pass of the plugin's in
   between let the collector run, and with enough memory in use (here:
   collect at every chance) LRA read freed memory and GCC crashed
   (sqlite3's sqlite3VdbeExec).  The function of ira-region.c, with
   ira-region.afdo.  */
/* { dg-do compile } */
/* { dg-options "-O2 --param ggc-min-expand=0 --param ggc-min-heapsize=0 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/ira-region.afdo -fplugin-arg-afdo-dump" } */

#include "ira-region.c"

/* { dg-final { scan-dump autofdo_region "walk: one allocation region" } } */
