/* Statements of a function GCC inlined early are looked up through
   their inline stack: the caller's instance, then the instance of
   "pick" nested at the call's line, where the branch in "pick" has its
   own counts for this call site (5 against 95), whatever the outline
   "pick" says (its own profile has the opposite bias).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

extern int pick_calls;

static inline int
pick (int v)
{
  if (v > 50)
    return v * 3;
  return v - 1;
}

__attribute__ ((noinline)) int
caller (int v)
{
  return pick (v) + 1;
}

int
other (int v)
{
  return pick (v + 1) * 2;
}

/* { dg-final { scan-dump autofdo "function caller/\[0-9\]+: instance caller total 300" } } */
/* { dg-final { scan-dump autofdo "caller/\[0-9\]+: matched 300 of 300 samples \\(100.0 %\\)" } } */
/* { dg-final { scan-dump autofdo "prob 5.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "prob 95.0% \\(auto FDO\\)" } } */
