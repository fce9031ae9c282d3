/* A function renamed since the profile was recorded: the profile knows
   it as mix_value, inlined into work at line offset 4; here it is
   blend_value.  The call of work at that line is the only one the
   profile has there, and blend_value has no profile of its own, so the
   matcher takes it for mix_value renamed: the statements inlined from
   it find the profile's inline instance, and work matches 1990 of its
   2000 samples (without the matcher, 1010: the 980 of the instance are
   left unmatched).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

int data[4096];

static int
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
/* { dg-final { scan-dump autofdo "work/\[0-9\]+: matched 1990 of 2000 samples" } } */
