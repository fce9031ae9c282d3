/* A loop of unknown trip count needs an epilogue when vectorized, which
   -O2's very cheap cost model refuses.  The plugin takes the dynamic
   model, as -fauto-profile does, for the functions with samples: scale
   is vectorized, scale_cold (no samples) keeps -O2's model and stays
   scalar.  vect-dynamic-off.c: with the model given on the command
   line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fdump-tree-vect-details" } */

void
scale (int *restrict a, const int *restrict b, int n)
{
  for (int i = 0; i < n; i++)
    a[i] += b[i] * 3;
}

void
scale_cold (int *restrict a, const int *restrict b, int n)
{
  for (int i = 0; i < n; i++)
    a[i] += b[i] * 5;
}

/* { dg-final { scan-dump vect ":11:1: note: vectorized 1 loops in function" } } */
/* { dg-final { scan-dump vect ":18:1: note: vectorized 0 loops in function" } } */
