/* fdo-opts.c with fdo-opts=0: the options stay -O2's, and its very
   cheap cost model leaves the loop scalar.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/fdo-opts.afdo -fplugin-arg-afdo-fdo-opts=0 -fdump-tree-vect-details" } */

#include "fdo-opts.c"

/* { dg-final { scan-dump-not vect "optimized: loop vectorized" } } */
