/* ira-region.c with a second walk the profile does not name: walk is
   one region, copy keeps the regions of -O2.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/ira-region.afdo -fplugin-arg-afdo-dump -fdump-rtl-ira" } */

#include "ira-region.c"

__attribute__ ((noinline)) unsigned
copy (const unsigned short *chain, const unsigned char *buf, unsigned idx,
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
/* { dg-final { scan-dump-not autofdo_region "copy: one allocation region" } } */
/* { dg-final { scan-dump ira "\\(r\\d+,l1\\)" } } */
