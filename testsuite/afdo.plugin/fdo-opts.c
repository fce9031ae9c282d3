/* A function with samples gets what -fauto-profile switches on
   (fdo-opts), among them the dynamic vectorizer cost model: the loop,
   whose trip count is unknown, is vectorized with a scalar epilogue,
   which -O2's very cheap model does not do (fdo-opts-off.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-tree-vect-details" } */

void
add (int *restrict a, const int *restrict b, const int *restrict c, int n)
{
  for (int i = 0; i < n; i++)
    a[i] = b[i] + c[i];
}

/* { dg-final { scan-dump vect "optimized: loop vectorized using 16 byte vectors" } } */
