/* A hot indirect call promoted to a target that may not be inlined
   (noinline): the guarded direct call stays a call.  The promotion alone
   changes the CFG, so loops and call edges must be brought up to date
   (GCC's fix_loop_structure asserted here once).  The result does not
   change.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include <stdio.h>

int x;

__attribute__ ((noinline)) void
flip (void)
{
  x = -x;
}

__attribute__ ((noinline)) void
keep (void)
{
  x += 2;
}

__attribute__ ((noinline)) int
test (int c)
{
  int tmp = x;
  (c ? flip : keep) ();
  return tmp + x;
}

int
main (void)
{
  int s = 0;
  x = 1;
  for (int i = 0; i < 100; i++)
    s += test (i % 3);
  printf ("%d %d\n", s, x);
  return 0;
}

/* { dg-output "2380 69" } */
/* { dg-final { scan-dump autofdo "test/\[0-9\]+: indirect call at line 29: promoted to flip/\[0-9\]+ \\(target histogram, 900\\), fallback indirect call kept" } } */
/* { dg-final { scan-dump autofdo "call of flip at line 29 \\(instance total 900, threshold \[0-9\]+\\): not inlined: noinline \\(promoted target\\)" } } */
