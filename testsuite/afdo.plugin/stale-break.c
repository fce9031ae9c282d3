/* A switch whose source did not change since the profile.  The
   profiled binary's jumps out of the cases have rows of their own, on
   the "break;" lines (offsets 10, 13, 17 and 23: 48 of the 180 samples,
   over the quarter off code that says a function changed).  After the
   CFG is built a break is no statement but an edge's goto_locus; the
   matcher counts those lines as code, so the function is unchanged and
   its rows stay where they are.  (With only the statements' lines, its
   rows were moved: the case of h -= x ^ 0x4157f5u lost its 23 samples.)
   Profile: the generated program of seed 173's f0_switch, -O2 -g, IP
   samples.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#define DMASK 4095
extern unsigned D[DMASK + 1];
extern unsigned char sk0[256];

__attribute__ ((noinline)) unsigned
f0_switch (unsigned n, unsigned off)
{
  unsigned h = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = D[(i + off) & DMASK];
      switch (sk0[x & 255])
	{
	case 0:
	  h -= x ^ 0x4157f5u;
	  break;
	case 1:
	  h = h * 78u + (x & 0xdbe3u);
	  break;
	case 2:
	  h = (h << 5) | (h >> 27);
	  h += x;
	  break;
	case 3:
	  h -= x ^ 0x46fb94u;
	  break;
	case 4:
	  h += x >> 1;
	  break;
	default:
	  h--;
	  break;
	}
    }
  return h;
}

/* { dg-final { scan-dump-not autofdo "matcher:" } } */
/* { dg-final { scan-dump autofdo "f0_switch/\[0-9\]+: matched 132 of 180 samples" } } */
