/* evidence-ifconv.c with the samples of a fuller loop body: the load and
   the compare's line has 326 samples, the then-line 293, the else-line
   no row (a performance fuzzer's f4_ifconv).  The then-line's samples
   are those of the conditional-move sequence, both arms', so they do not
   measure the then-arm either: an arm without a row makes the other
   arm's samples no evidence (the evidence rule), and the branch keeps
   its static probabilities.  Before, the noise rule alone kept them
   where the arm's samples were close enough to the compare's, and here
   (33 samples apart, 10 % of 326 is 32.6) the branch became 100/0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

#include "../programs/ifconv-hash.h"

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(an arm has no row of its own\\)" } } */
/* { dg-final { scan-assembler "cmov" } } */
