/* A profile with head counts (from branch records) keeps -ftracer on,
   as GCC's -fauto-profile has it; and a -ftracer the user gave is never
   switched off.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-tracer" } */

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

/* { dg-final { scan-dump-not autofdo "no head counts" } } */
/* { dg-final { scan-dump tracer "Function work" } } */
