/* A profile with head counts (from branch records) keeps -ftracer on,
   as GCC's -fauto-profile has it; and a -ftracer the user gave is never
   switched off.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-tracer" } */

#include "../programs/tracer-work.h"

/* { dg-final { scan-dump-not autofdo "no head counts" } } */
/* { dg-final { scan-dump tracer "Function work" } } */
