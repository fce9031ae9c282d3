/* What must not be inlined is not, however hot the profile says it is:
   a recursive call (the profile holds walk inlined into itself, as a
   compiler that inlines recursion a level deep leaves it), a noinline
   function, and a function with other target options; each reason is
   in the dump.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fno-partial-inlining -fplugin-arg-afdo-dump" } */

extern volatile int sink[64];

int
walk (int n)
{
  int s = sink[n & 63];
  for (int i = 0; i < n; i++)
    s += sink[(i * 5) & 63] * i;
  return s ^ (n > 0 ? walk (n - 1) : 0);
}

__attribute__ ((noinline)) int
kept (int x)
{
  for (int i = 0; i < x; i++)
    sink[i & 63] += i;
  return sink[x & 63];
}

__attribute__ ((target ("avx2"))) int
wide (int x)
{
  for (int i = 0; i < x; i++)
    sink[i & 63] ^= i;
  return sink[1];
}

int
top (int x)
{
  return kept (x) + wide (x) + walk (x);
}

/* { dg-final { scan-dump autofdo "walk/\[0-9\]+: call of walk at line 17 \\(instance total 500, threshold \[0-9\]+\\): not inlined: recursive" } } */
/* { dg-final { scan-dump autofdo "top/\[0-9\]+: call of kept at line 39 \\(instance total 800, threshold \[0-9\]+\\): not inlined: noinline" } } */
/* { dg-final { scan-dump autofdo "top/\[0-9\]+: call of wide at line 39 \\(instance total 700, threshold \[0-9\]+\\): not inlined: different target or optimization options" } } */
/* { dg-final { scan-dump autofdo "top/\[0-9\]+: call of walk at line 39 \\(instance total 600, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump autofdo "early inliner: 4 profiled call sites, 1 inlined, 0 cold" } } */
