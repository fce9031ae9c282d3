/* Indirect calls the inliner leaves alone: the hot target the profile
   names at the first is not defined in this translation unit (counted
   and said in the dump); the second names a target defined here, but
   too cold to promote.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

typedef long (*op_fn) (long, long);

long
op_here (long a, long b)
{
  return a - b;
}

long
run (op_fn f, op_fn g, long acc, int n)
{
  for (int i = 0; i < n; i++)
    acc = f (acc, i);
  return g (acc, n);
}

/* { dg-final { scan-dump autofdo "run/\[0-9\]+: indirect call at line 20: inline instance names op_elsewhere \\(900\\): not defined in this translation unit, left as is" } } */
/* { dg-final { scan-dump autofdo "run/\[0-9\]+: indirect call at line 21: target histogram names op_here \\(1, threshold \[0-9\]+\\): cold, not promoted" } } */
/* { dg-final { scan-dump autofdo "2 indirect call sites, 0 promoted \\(0 inlined\\), 1 cold, 1 targets not here" } } */
/* { dg-final { scan-dump-not autofdo "promoted to" } } */
