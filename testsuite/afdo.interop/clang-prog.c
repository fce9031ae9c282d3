/* A program for the clang tests of afdo.interop: a loop clang unrolls
   and vectorizes (duplication factors), several blocks on one line
   (base discriminators) and a function inlined twice on one line (call
   discriminators).  */
#include <stdio.h>
#include <stdlib.h>

static int a[4096];

static inline int
mag (int x)
{
  return x > 0 ? x : -x * 3;
}

__attribute__ ((noinline)) long
work (int n)
{
  long s = 0;
  for (int r = 0; r < n; r++)
    for (int i = 0; i < 4096; i++)
      s += a[i] > 0 ? a[i] : -a[i] * 3;
  for (int i = 0; i < 4096; i += 2)
    s += mag (a[i]) + mag (a[i + 1] - n);
  return s;
}

int
main (int argc, char **argv)
{
  for (int i = 0; i < 4096; i++)
    a[i] = (i * 7919) % 201 - 100;
  printf ("%ld\n", work (argc > 1 ? atoi (argv[1]) : 100));
  return 0;
}
