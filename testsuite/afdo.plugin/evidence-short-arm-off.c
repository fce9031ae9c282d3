/* evidence-short-arm.c with short-arm=0: the store's row of 0 against
   the test's 400 samples excludes the static probability, and the
   branch's probabilities are the counts'.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fplugin-arg-afdo-short-arm=0" } */

#include "evidence-short.c"

/* { dg-final { scan-dump-not autofdo "a short arm's 0 is no evidence" } } */
/* { dg-final { scan-dump-not autofdo "static probabilities kept" } } */
