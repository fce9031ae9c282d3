/* inline-growth=0: the inliner may not grow a function, so a hot
   instance is left to GCC's own inliner, and the dump says why.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-inline-growth=0 -fplugin-arg-afdo-dump" } */

extern volatile int sink[64];

int
leaf (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink[i & 63] * i + sink[(i * 3) & 63];
  return s;
}

int
top (int x)
{
  return leaf (x) + sink[2];
}

/* { dg-final { scan-dump autofdo "top/\[0-9\]+: call of leaf at line 20 \\(instance total 1000, threshold \[0-9\]+\\): not inlined: growth limit" } } */
