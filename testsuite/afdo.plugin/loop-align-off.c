/* loop-align.c with loop-align=0 (ablation): GCC's rule on the sampled
   counts leaves the inner loop unaligned.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-loop-vectorize -fno-peel-loops -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-loop-align=0" } */

#include "loop-align.c"

/* { dg-final { scan-assembler-not "\\.p2align 4,,10\n\t\\.p2align 3\n\\.L\[0-9\]+:\n\tmovl\t\\(%r\[a-z0-9\]+,%rax,4\\)" } } */
