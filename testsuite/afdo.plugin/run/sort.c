/* afdo run test: sorting pseudo-random data three ways, with a checksum.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>
#include <stdlib.h>

static unsigned seed = 12345;

static unsigned
next (void)
{
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 0x7fff;
}

static void
insertion (int *a, int n)
{
  for (int i = 1; i < n; i++)
    {
      int v = a[i], j = i - 1;
      while (j >= 0 && a[j] > v)
	{
	  a[j + 1] = a[j];
	  j--;
	}
      a[j + 1] = v;
    }
}

static void
quick (int *a, int lo, int hi)
{
  while (lo < hi)
    {
      if (hi - lo < 16)
	{
	  insertion (a + lo, hi - lo + 1);
	  return;
	}
      int p = a[(lo + hi) / 2], i = lo, j = hi;
      while (i <= j)
	{
	  while (a[i] < p)
	    i++;
	  while (a[j] > p)
	    j--;
	  if (i <= j)
	    {
	      int t = a[i];
	      a[i] = a[j];
	      a[j] = t;
	      i++;
	      j--;
	    }
	}
      if (j - lo < hi - i)
	{
	  quick (a, lo, j);
	  lo = i;
	}
      else
	{
	  quick (a, i, hi);
	  hi = j;
	}
    }
}

static int
cmp (const void *x, const void *y)
{
  int a = *(const int *) x, b = *(const int *) y;
  return (a > b) - (a < b);
}

int
main (void)
{
  enum { N = 20000 };
  static int a[N], b[N], c[N];
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = (int) next ();
  insertion (a, 2000);
  quick (b, 0, N - 1);
  qsort (c, N, sizeof c[0], cmp);
  unsigned long sum = 0;
  for (int i = 0; i < N; i++)
    {
      if (b[i] != c[i])
	{
	  printf ("mismatch at %d\n", i);
	  return 1;
	}
      sum = sum * 31 + (unsigned) b[i];
    }
  for (int i = 1; i < 2000; i++)
    if (a[i - 1] > a[i])
      return 2;
  printf ("sorted %d, checksum %lu\n", N, sum);
  return 0;
}
