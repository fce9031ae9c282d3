/* A row of 0 is evidence that a block seldom ran only where samples
   were expected: at the rate of its sampled dominator (samples per
   statement), at least 5.  Here the branch's line has 1 sample and the
   rare side's line (one statement) a row of 0: had that side run as
   often as the branch, it would have taken about 1 sample, and a 0
   where 1 was expected happens one time in three.  The side is
   unknown, and the branch keeps its static probabilities.  With 1000
   samples on the branch a row of 0 makes the side cold (bias-if.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-min-samples=0 -fplugin-arg-afdo-min-unit-samples=0" } */

int g;

__attribute__ ((noinline)) int
classify (int x)
{
  if (x > 0)
    g = x;
  else
    g -= 1;
  return g;
}

/* { dg-final { scan-dump autofdo "bb 3: no samples, too few expected: unknown" } } */
/* { dg-final { scan-dump autofdo "bb 2: static probabilities kept" } } */
