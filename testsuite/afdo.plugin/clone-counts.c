/* A clone ipa-cp makes for calls from a function without samples.  foo
   took no sample (64 calls a round against goo's 4096), so it keeps
   GCC's local estimate, which has no IPA count; ipa-cp, which fdo-opts
   switches on, clones bar for foo's constant n and gives the clone the
   sum of its calls' IPA counts: "0, globally 0".  The clone's body,
   baz's loop inlined, was then compiled as code that never runs: a
   branch mispredicted half the time where -O2 has a conditional move
   (the benchmark's "context" recorded at 100 Hz: 11 times -O2's
   mispredicts).  Its count is unknown instead, as its caller's is: a
   local estimate, with the shape of bar's samples
   (clone-counts-off.c).  The program is the benchmark's, the profile
   its recording at 100 Hz with ten times the samples, which makes the
   row of 0 of cheap's line evidence the recording did not hold (180
   samples expected at its branch's rate; 18 recorded): cold-split is
   off, as the check is for blocks of count 0.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-cold-split=0 -fplugin-arg-afdo-dump -fdump-tree-optimized" } */

#include "../../benchmarks/programs/context.c"

/* { dg-final { scan-dump autofdo_clones "bar.constprop/\[0-9\]+: a clone of bar/\[0-9\]+ called only from functions without samples" } } */
/* { dg-final { scan-dump-not optimized "\\\[count: 0\\\]" } } */
