/* Included by evidence-arm-flow.c and evidence-arm-flow-off.c: a
   branch on random data in a loop, taken half of the time, with arms of
   one statement each that -O2 keeps as a branch (the fuzzer's seed
   93).  */

unsigned D[8192];

__attribute__ ((noinline)) unsigned
mix (unsigned n, unsigned off)
{
  unsigned h = 898u;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned x = D[(i + off) & 8191];
      if (((x >> 12) & 1023) < 512)
	h ^= x * 675u;
      else
	h -= x ^ 0x80690cu;
      h += x >> 3;
    }
  return h;
}
