/* A profile of IP samples (no head counts; with call targets or not) has rough
   branch probabilities, and the tracer makes code worse with them: the
   plugin does not switch -ftracer on for such a profile, and says so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

int
work (int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (v[i] & 1)
      s += v[i];
    else
      s -= 3;
  return s;
}

/* { dg-final { scan-dump autofdo "the profile has no head counts \\(IP samples, no branch records\\): -ftracer is not switched on" } } */
