/* vect-dynamic.c with -fvect-cost-model=very-cheap on the command line,
   which the plugin keeps: no loop is vectorized.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fvect-cost-model=very-cheap -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/vect-dynamic.afdo -fdump-tree-vect-details" } */

#include "vect-dynamic.c"

/* { dg-final { scan-dump vect ":11:1: note: vectorized 0 loops in function" } } */
/* { dg-final { scan-dump-not vect "vectorized 1 loops" } } */
