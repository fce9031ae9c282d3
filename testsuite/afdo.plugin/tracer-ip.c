/* A profile of IP samples (no head counts; with call targets or not) has rough
   branch probabilities, and the tracer makes code worse with them: the
   plugin does not switch -ftracer on for such a profile, and says so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include "../programs/tracer-work.h"

/* { dg-final { scan-dump autofdo "the profile has no head counts \\(IP samples, no branch records\\): -ftracer is not switched on" } } */
