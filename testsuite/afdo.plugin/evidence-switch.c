/* A switch in a loop whose dominant case -O2 computed without a branch
   of its own: case 0 and the default are a conditional move after the
   compares of cases 1 and 2, so their lines have no row in the profile
   (the converter writes none where the binary has a cmov).  Their
   counts would be the inference's guess, the rest of the switch's
   samples given to one of them, and GCC would lay out and unroll the
   loop around it (the fuzzer's seed 91: 1.09 times -O2's mispredicted
   branches).  A case without a row of its own keeps the switch's
   static probabilities (the evidence rule).  */
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

/* { dg-final { scan-dump autofdo "static probabilities kept \\(a case has no row of its own\\)" } } */
