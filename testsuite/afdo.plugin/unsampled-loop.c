/* A function without samples has its loops' estimates from GCC's static
   estimate, as if from counts: inlined into a function with samples,
   which the unroller runs in, its loop is not unrolled as one of
   unknown trip count, and keeps the code -O2 gives it (zstd's
   ZSTD_count inlined into its match finder).  The early inliner leaves
   same to the IPA inliner.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/unsampled-inline.afdo -fdump-rtl-loop2_unroll-details -fdump-ipa-inline-details" } */

int g;

int h;

static int
same (const unsigned char *p, const unsigned char *q, int n)
{
  int i = 0;
  while (i < n && p[i] == q[i])
    i++;
  if (i > 100)
    g += i;
  else
    h ^= i * 7;
  return i + (g >> 2);
}

__attribute__ ((noinline)) int
hot (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += same ((const unsigned char *) &g + i, (const unsigned char *) &s, i);
  return s;
}

/* { dg-final { scan-dump inline "Inlined same/\[0-9\]+ into hot/" } } */
/* { dg-final { scan-dump-not loop2_unroll "loop unrolled" } } */
