/* Two levels of hot inline instances, main -> mix -> step: GCC's early
   inliner has put step into mix already, the plugin recreates mix in
   main, and the samples of both nested instances land in main.  The
   program prints what its plain -O2 build prints.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include <stdio.h>

static volatile unsigned seed = 12345;

unsigned
step (unsigned h, unsigned v)
{
  for (int i = 0; i < 4; i++)
    h = (h ^ (v >> i)) * 16777619u + seed;
  return h;
}

unsigned
mix (unsigned h, unsigned n)
{
  unsigned v = n * 2654435761u;
  h = step (h, v);
  return h ^ (h >> 13);
}

int
main (void)
{
  unsigned h = 2166136261u;
  for (unsigned n = 0; n < 100000; n++)
    h = mix (h, n);
  printf ("%u %u\n", h, mix (7, 9));
  return 0;
}

/* { dg-output "^909616204 3399239899" } */
/* { dg-final { scan-dump autofdo "main/\[0-9\]+: call of mix at line 33 \\(instance total 9500, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump autofdo "main/\[0-9\]+: matched 9300 of 9800 samples" } } */
/* { dg-final { scan-dump autofdo "folded 0 inline instances" } } */
