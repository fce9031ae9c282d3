/* At link time GCC's ipa-profile sets the hot block threshold from the
   counts of the whole program: the count of the blocks that, with all
   above it, hold 99 % of count times time.  Here that is a count of
   mix's loop, which has 99.5 % of the samples, and digits' loop (55
   samples) would be cold, its "% 10" a division instruction.  The
   plugin's link-time pass gives the threshold the unit was compiled
   with, the profile's 999 per mille working set, which digits' loop is
   in: the link compiles it as a build without -flto does
   (lto-threshold-off.c: GCC's threshold).  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -save-temps -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

__attribute__ ((noinline)) static int
digits (int v)
{
  int s = 0;
  while (v != 0)
    {
      s += v % 10;
      v /= 10;
    }
  return s;
}

__attribute__ ((noinline)) static unsigned
mix (const unsigned *a, int n)
{
  unsigned h = 0;
  for (int i = 0; i < n; i++)
    h = h * 31 + a[i];
  return h;
}

int
main (void)
{
  static unsigned a[1000];
  int t = 0;
  for (int r = 0; r < 100; r++)
    {
      for (int i = 0; i < 1000; i++)
	a[i] = i + r;
      t += digits ((int) (mix (a, 1000) & 0xffffff));
    }
  return t > 0 ? 0 : 1;
}

/* { dg-final { scan-wpa-dump autofdo "link time: 3 of 3 functions have the profile's counts" } } */
/* { dg-final { scan-wpa-dump autofdo "hot block threshold \[0-9\]+ \\(20 samples, 999 per mille" } } */
/* { dg-final { scan-ltrans-assembler-times "idivl" 0 } } */
