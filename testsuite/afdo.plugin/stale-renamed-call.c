/* A function renamed since the profile was recorded, and called, not
   inlined, in the profiled binary: the profile of IP samples knows it
   as mix_value, with a top-level instance of its own, and work's row at
   line offset 4 names it as the callee of the call there (afdo-convert
   names the callee of every direct call).  Here it is blend_value,
   called at that line; it has no profile of its own, so the matcher
   takes it for mix_value renamed, and its statements find mix_value's
   1000 samples (without the call's target, nothing names it: no
   instance is nested at the call).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

int data[4096];

__attribute__ ((noinline)) static int
blend_value (int x)
{
  if (x % 5 == 0)
    return x >> 1;
  return x * 3;
}

__attribute__ ((noinline)) int
work (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += blend_value (data[i]);
  return s;
}

/* { dg-final { scan-dump autofdo "matcher: blend_value found as mix_value in the profile \\(through its callers\\)" } } */
/* { dg-final { scan-dump autofdo "0 functions changed: 0 moved, 0 without a profile, 1 renamed" } } */
/* { dg-final { scan-dump autofdo "blend_value/\[0-9\]+: matched 1000 of 1000 samples" } } */
