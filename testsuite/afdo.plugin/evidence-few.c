/* A pure function called with loop-invariant arguments in a loop: -O2
   hoists the call, so the profiled run spent almost no time in the
   loop, and the profile has 4 samples of it.  Four samples are no
   evidence for any decision (the evidence rule): a function instance
   with fewer than min-samples (20) keeps the options as given, and its
   branches their static probabilities, so the loop is compiled as at
   -O2 (not vectorized by the cost model fdo-opts switches on, the call
   hoisted), while the rest of the unit, which has samples enough, gets
   its profile.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-vect-details -fdump-tree-optimized" } */

#include "../programs/evidence-few.h"

/* { dg-final { scan-dump autofdo "  run/\[0-9\]+: about \[0-9\]+ samples, fewer than min-samples \\(20\\): options as given" } } */
/* { dg-final { scan-dump autofdo "function weight/\[0-9\]+: instance weight total 500" } } */
/* { dg-final { scan-dump-not vect "optimized: loop vectorized" } } */
/* { dg-final { scan-dump-times optimized "weight \\(t_\[0-9\]+\\(D\\), m_\[0-9\]+\\(D\\)\\)" 1 } } */
