/* evidence-switch.c's switch with every case's line in the profile,
   and few samples: 1, 2 and 1 on cases 0 to 2 (case 1 has two
   statements) and 1 on the default, against 32 on the switch.  The
   cases' samples do not exclude GCC's static probabilities (Pearson's
   test at 99 %), so they stay; from the counts, the flow would give
   the rest of the switch's samples to one case, and GCC would test it
   first (the fuzzer's seed 912: the default, 1.11 times -O2's
   mispredicted branches).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern const unsigned char kind[256];

__attribute__ ((noinline)) unsigned
mix (const unsigned *d, unsigned n)
{
  unsigned h = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = d[i];
      switch (kind[x & 255])
	{
	case 0:
	  h -= x ^ 0xc83fe1u;
	  break;
	case 1:
	  h = (h << 5) | (h >> 27);
	  h += x;
	  break;
	case 2:
	  h ^= x * 915u;
	  break;
	default:
	  h--;
	  break;
	}
    }
  return h;
}

/* { dg-final { scan-dump autofdo "static probabilities kept \\(its cases' samples do not exclude the static probabilities\\)" } } */
