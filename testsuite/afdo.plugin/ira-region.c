/* A match finder's chain walk (lz4's LZ4HC_InsertAndGetWiderMatch): a
   hot loop that follows a chain of distances, and a rare branch of it
   with a loop of its own that measures a run.  With counts from
   samples the function is one region to GCC's register allocator: no
   allocno of loop 1 or 2 in IRA's dump (ira-region-off.c: there are;
   ira-region-given.c: -fira-region=mixed kept; ira-region-unsampled.c:
   a function without samples keeps its regions).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-rtl-ira" } */

__attribute__ ((noinline)) unsigned
walk (const unsigned short *chain, const unsigned char *buf, unsigned idx,
      int attempts, unsigned limit)
{
  unsigned best = 0;
  while (attempts-- > 0 && idx > limit)
    {
      unsigned d = chain[idx & 0xffff];
      if (d == 1 && buf[idx] == 0)
	{
	  const unsigned char *p = buf + idx;
	  while (*p == buf[idx])
	    p++;
	  best += p - (buf + idx);
	}
      idx -= d;
    }
  return best;
}

/* { dg-final { scan-dump autofdo_region "walk: one allocation region" } } */
/* { dg-final { scan-dump-not ira "\\(r\\d+,l\[12\]\\)" } } */
