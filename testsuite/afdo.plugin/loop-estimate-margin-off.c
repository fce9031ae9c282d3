/* loop-estimate-margin.c with trip-margin=1: the unroller sees the
   least iterations the entry's samples support as they are, 16, and
   unrolls the inner loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-trip-margin=1 -fplugin-arg-afdo-dump -fdump-rtl-loop2_unroll" } */

#define DMASK 1023u

unsigned D[1024];

__attribute__ ((noinline)) unsigned
f0_short (unsigned n, unsigned off, unsigned t)
{
  unsigned h = 1;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = D[(i + off) & DMASK];
      unsigned trip = x % t + 1;
      for (unsigned j = 0; j < trip; j++)
	h = h * 27u + (x >> (j & 31));
    }
  return h;
}

/* { dg-final { scan-dump autofdo "loop 2: 33 iterations by the counts, at least 16 by the entry's 12 samples" } } */
/* { dg-final { scan-dump loop2_unroll "Unrolled loop \[0-9\]+ times, counting # of iterations in runtime" } } */
