/* Seed 000, Figure 5: foo -> bar -> baz is hot only through foo.  The
   profile holds baz inlined into bar inlined into foo (hot), and an
   outline bar whose call of baz is cold.  The inliner recreates both
   levels in foo, callers first, and leaves the outline bar's call of
   baz alone; the counts of the nested instances land in foo.  */
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

int
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

int
qux (int x)
{
  return baz (x * 2);
}

/* { dg-final { scan-dump autofdo "foo/\[0-9\]+: call of bar at line 32 \\(instance total 1900, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump autofdo "foo/\[0-9\]+: call of baz at line 24 \\(instance total 1700, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump autofdo "bar/\[0-9\]+: call of baz at line 24 \\(instance total 1, threshold \[0-9\]+\\): not inlined: cold" } } */
/* { dg-final { scan-dump-not autofdo "qux/\[0-9\]+: call of" } } */
/* { dg-final { scan-dump autofdo "early inliner: 3 profiled call sites, 2 inlined, 1 cold" } } */
/* { dg-final { scan-dump autofdo "foo/\[0-9\]+: matched 1820 of 1920 samples" } } */
/* { dg-final { scan-dump autofdo "bar/\[0-9\]+: matched 29 of 29 samples" } } */
/* { dg-final { scan-assembler-not "call\[ \t\]+bar" } } */
