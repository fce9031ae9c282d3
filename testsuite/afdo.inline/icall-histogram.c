/* No inline instance at the indirect call, but its target histogram
   (as the converter writes it from LBR call branches) names op_mul as
   the hot target: the call is promoted to a guarded call of op_mul,
   which is inlined so that the next profile holds it as an instance
   (iterating stays stable).  At run time a quarter of the calls go to
   op_add through the fallback, and the result does not change.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include <stdio.h>

#include "../programs/icall-ops.h"
static volatile int pick[8] = { 1, 1, 0, 1, 1, 1, 0, 1 };

__attribute__ ((noinline)) long
run (long acc, int n)
{
  for (int i = 0; i < n; i++)
    acc = table[pick[i & 7]] (acc, i) & 0xffffff;
  return acc;
}

int
main (void)
{
  printf ("%ld\n", run (1, 1000));
  return 0;
}

/* { dg-output "5115409" } */
/* { dg-final { scan-dump autofdo "run/\[0-9\]+: indirect call at line 19: promoted to op_mul/\[0-9\]+ \\(target histogram, 750\\), fallback indirect call kept" } } */
/* { dg-final { scan-dump autofdo "call of op_mul at line 19 \\(instance total 750, threshold \[0-9\]+\\): inlined \\(promoted target\\)" } } */
/* { dg-final { scan-dump autofdo "1 indirect call sites, 1 promoted \\(1 inlined\\)" } } */
