/* A hot indirect call whose profile holds an inline instance of op_add
   at the call site: it is promoted to a guarded direct call of op_add,
   which is inlined; the other targets go through the kept fallback
   indirect call, and the program's result does not change.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include <stdio.h>

#include "../programs/icall-ops.h"
static volatile int pick[16] = { 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1 };

__attribute__ ((noinline)) long
run (long acc, int n)
{
  for (int i = 0; i < n; i++)
    acc = table[pick[i & 15]] (acc, i) & 0xffffff;
  return acc;
}

int
main (void)
{
  printf ("%ld\n", run (1, 1000));
  return 0;
}

/* { dg-output "11522528" } */
/* { dg-final { scan-dump autofdo "indirect call at line \[0-9\]+: promoted to op_add/\[0-9\]+ \\(inline instance, 900\\), fallback indirect call kept" } } */
/* { dg-final { scan-dump autofdo "call of op_add at line \[0-9\]+ \\(instance total 900, threshold \[0-9\]+\\): inlined \\(promoted target\\)" } } */
