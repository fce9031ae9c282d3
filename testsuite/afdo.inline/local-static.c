/* A hot instance of a function with a local static table, called once:
   GCC inlines it in place of its only outline copy, which goes away.
   The caller must then own the reference to the table, or the symbol
   table drops it, and FRE crashes when it asks whether the call of
   touch may clobber it (found on bzip2's blocksort.c).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include <stdio.h>

static volatile int data[64];

__attribute__ ((noinline)) static void
touch (int k)
{
  data[k & 63]++;
}

static int
gaps (int n)
{
  static int incs[8] = { 1, 4, 13, 40, 121, 364, 1093, 3280 };
  int s = 0;
  for (int i = 0; i < 8; i++)
    if (incs[i] < n)
      {
	touch (i);
	s += incs[i];
      }
  incs[n & 7] ^= 1;
  return s;
}

static int
sorter (int n)
{
  int s = 0;
  for (int k = 0; k < n; k++)
    s += gaps (k);
  return s;
}

int
main (void)
{
  for (int i = 0; i < 64; i++)
    data[i] = i * 3;
  printf ("%d\n", sorter (200));
  return 0;
}

/* { dg-output "19213" } */
/* { dg-final { scan-dump autofdo "main/\[0-9\]+: call of sorter at line 48 \\(instance total 1200, threshold \[0-9\]+\\): inlined" } } */
/* { dg-final { scan-dump autofdo "main/\[0-9\]+: call of gaps at line 39 \\(instance total 1100, threshold \[0-9\]+\\): inlined" } } */
