/* A pure function called with loop-invariant arguments in a loop: -O2
   hoists the call, so the profiled run spent almost no time in the
   loop, and the profile has 4 samples of it.  The evidence rule keeps
   the loop's branches static and no block cold on so few samples, so
   the call stays hoisted (the program ran it in every
   iteration, 41 times -O2's instructions).  The function gets the
   options fdo-opts switches on like any function with samples: a gate
   that kept them from functions of fewer than 20 samples is gone (on
   the fuzzer's 1,000 programs it kept 99 from 1 % fewer instructions
   and saved none).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-optimized" } */

#include "../programs/evidence-few.h"

/* { dg-final { scan-dump-not autofdo "fewer than min-samples" } } */
/* { dg-final { scan-dump autofdo "function weight/\[0-9\]+: instance weight total 500" } } */
/* { dg-final { scan-dump autofdo "function run/\[0-9\]+: instance run total 4" } } */
/* { dg-final { scan-dump-times optimized "weight \\(t_\[0-9\]+\\(D\\), m_\[0-9\]+\\(D\\)\\)" 1 } } */
