/* -ftracer given by the user stays on even with a profile of IP
   samples (GCC's tracer pass runs and writes its dump); the plugin's
   dump still says the profile has no branch records.  */
/* { dg-do compile } */
/* { dg-options "-O2 -ftracer -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-tracer" } */

#include "../programs/tracer-work.h"

/* { dg-final { scan-dump autofdo "the profile has no head counts \\(IP samples, no branch records\\)\n" } } */
/* { dg-final { scan-dump tracer "Function work" } } */
