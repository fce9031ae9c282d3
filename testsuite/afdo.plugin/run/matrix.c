/* afdo run test: matrix products with a small helper inlined early.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>

#define N 96

static double a[N][N], b[N][N], c[N][N];

static inline double
dot (int i, int j)
{
  double s = 0;
  for (int k = 0; k < N; k++)
    s += a[i][k] * b[k][j];
  return s;
}

__attribute__ ((noinline)) static void
multiply (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      c[i][j] = dot (i, j);
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	a[i][j] = (i * 7 + j * 3) % 11 - 5;
	b[i][j] = (i == j) ? 2 : ((i + j) % 5 == 0);
      }
  for (int r = 0; r < 10; r++)
    {
      multiply ();
      for (int i = 0; i < N; i++)
	for (int j = 0; j < N; j++)
	  a[i][j] = c[i][j] / 4;
    }
  double trace = 0;
  for (int i = 0; i < N; i++)
    trace += c[i][i];
  printf ("trace %.3f corner %.3f\n", trace, c[N - 1][0]);
  return 0;
}
