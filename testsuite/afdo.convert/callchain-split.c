/* A program for call-chain profiles: GCC splits probe (the head returns
   for most keys, the loop goes to probe.part.0) and inlines the head into
   scan, which calls the part.  The part's samples are probe's own, as
   the IP samples give them, not a calling context of probe nested in
   the copy of probe in scan.  */
#include <stdio.h>
#include <stdlib.h>

int ptab[4096];

int
probe (long key)
{
  if (__builtin_expect (key < 0, 1))
    return -1;
  int s = 0;
  for (int i = 0; i < 256; i++)
    {
      s += ptab[(i * key) & 4095] ^ i;
      if (s > 1000000)
	s -= 1000000;
      ptab[i & 4095] = s * 3 + (s >> 7);
    }
  for (int i = 0; i < 64; i++)
    s = s * 31 + ptab[(i * 17) & 4095];
  return s;
}

__attribute__ ((noinline)) long
scan (long n)
{
  long s = 0;
  for (long k = 0; k < n; k++)
    s += probe (k & 7 ? -k : k) + probe (k & 15 ? -k : k + 1);
  return s;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  printf ("%ld %d\n", scan (n), probe (argc - 2));
  return 0;
}
