/* entry-sums-inliner.c with entry-sums=0: no function is raised to its
   calls' sum, at annotation or before the inliner.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/entry-sums-inliner.afdo -fplugin-arg-afdo-dump -fplugin-arg-afdo-entry-sums=0" } */
/* { dg-final { scan-dump-not autofdo "raised to the" } } */
/* { dg-final { scan-dump-not autofdo_clones "before the inliner" } } */

#include "entry-sums-inliner.c"
