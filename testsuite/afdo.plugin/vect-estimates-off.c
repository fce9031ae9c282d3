/* vect-estimates.c with vect-estimates=1: the vectorizer sees the
   estimate of 1.2 iterations the counts give, and keeps the loop
   scalar.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/vect-estimates.afdo -fplugin-arg-afdo-vect-estimates=1 -fdump-tree-vect-details" } */

#include "vect-estimates.c"

/* { dg-final { scan-dump vect ":26:25: missed:  not vectorized: estimated iteration count too small" } } */
/* { dg-final { scan-dump-not vect "loop vectorized" } } */
