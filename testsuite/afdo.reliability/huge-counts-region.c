/* A corrupt profile gives the loop in one case of a switch 2^62 samples,
   the default case as many, and nothing to the other lines.  The switch
   keeps its static probabilities (its cases have no rows of their own),
   and the region each case dominates is scaled to its share of the
   switch's count: the loop's blocks, at 2^32 after the profile is scaled
   down as a whole, were multiplied by that share over the one sample of
   the case's entry, reached profile_count's limit, and GCC's ipa-profile,
   summing count times time, overflowed (with another such profile, a
   segmentation fault in profile_estimate).  No count handed to GCC
   exceeds 2^40.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-mcf=0 -fdump-ipa-profile_estimate-details" } */
/* { dg-final { scan-dump profile_estimate "Histogram:\n  1099511627776: time" } } */
/* { dg-final { scan-dump-not profile_estimate "\n  \[0-9\]{14,}: time" } } */

unsigned D[256];
unsigned char sk[256];

__attribute__ ((noinline)) static unsigned
sw (unsigned n)
{
  unsigned h = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = D[i & 255];
      switch (sk[x & 255])
	{
	case 0:
	  h += x >> 5;
	  break;
	case 1:
	  for (unsigned j = 0; j < 4; j++)
	    h = h * 33u + (x >> j);
	  break;
	case 2:
	  for (unsigned j = 0; j < 6; j++)
	    h = h * 33u + (x >> j);
	  break;
	case 3:
	  h -= x ^ 0xd1c842u;
	  break;
	default:
	  h--;
	  break;
	}
    }
  return h;
}

int
main (void)
{
  for (unsigned i = 0; i < 256; i++)
    {
      D[i] = i * 2654435761u;
      sk[i] = i % 5;
    }
  return sw (1000) != 731560460u;
}
