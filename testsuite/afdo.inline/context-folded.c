/* A calling context the plugin cannot recreate: the profile (of IP
   samples with call chains) holds all of bar's samples under its hot
   caller foo, with baz inlined in that context, and none in bar's own
   instance.  bar is noinline, so the context is folded into bar's own
   instance; bar's call of baz, cold by bar's own instance when the
   early inliner first came by, is hot after the folding and inlined
   then (the second round on the folded profile).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern volatile int sink[64];

int
baz (int x)
{
  int s = 0;
  for (int i = 0; i < x; i++)
    s += sink[i & 63] * i + sink[(i + 7) & 63];
  return s;
}

__attribute__ ((noinline)) int
bar (int x)
{
  int s = sink[1] + sink[2] * x;
  s += baz (x + sink[3]);
  return s ^ sink[4];
}

int
foo (int x)
{
  int s = sink[5];
  s += bar (x);
  return s;
}

/* { dg-final { scan-dump autofdo "foo/\[0-9\]+: call of bar at line 34 \\(instance total 1900, threshold \[0-9\]+\\): not inlined: noinline" } } */
/* { dg-final { scan-dump autofdo "bar/\[0-9\]+: call of baz at line 26 \\(instance total 1700, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump autofdo "bar/\[0-9\]+: call of baz at line 26 \\(instance total 0, threshold \[0-9\]+\\): not inlined: cold" } } */
/* { dg-final { scan-dump autofdo "bar/\[0-9\]+: matched 1800 of 1900 samples" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+baz" } } */
