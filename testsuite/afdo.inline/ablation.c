/* inline=0 and icp=0 switch the inliner off (the benchmarks' ablation
   variant): nothing is inlined or promoted, and the samples of the
   inline instances are folded into the outline functions instead
   (afdo-offline.cc), so none is lost.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-inline=0 -fplugin-arg-afdo-icp=0 -fplugin-arg-afdo-dump" } */

extern volatile int sink[64];
typedef int (*fn) (int);

int
leaf (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink[i & 63] * i + sink[(i * 7) & 63] / (i | 1);
  return s;
}

int
top (int x, fn f)
{
  int s = leaf (x);
  return s + leaf (x + 1) + f (x);
}

/* { dg-final { scan-dump-not autofdo "\\): inlined|promoted to|early inliner" } } */
/* { dg-final { scan-dump autofdo "folded 2 inline instances \\(1500 samples\\) that are not inlined here into their functions" } } */
/* { dg-final { scan-dump autofdo "leaf/\[0-9\]+: matched 1500 of 1500 samples" } } */
