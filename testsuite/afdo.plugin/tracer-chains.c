/* A profile of IP samples with call chains has call targets (the samples
   taken under each call) but no head counts: its branch probabilities
   are as rough as without the chains, and the plugin does not switch
   -ftracer on for it either; the targets' counts, samples under a call,
   do not set the profile's largest count.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern int (*hook) (int);

int
work (int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (v[i] & 1)
      s += hook (v[i]);
    else
      s -= 3;
  return s;
}

/* { dg-final { scan-dump autofdo "the profile has no head counts \\(IP samples, no branch records\\): -ftracer is not switched on" } } */
/* { dg-final { scan-dump autofdo "largest count 600\[^0-9\]" } } */
