/* A loop over an array whose rare arm (a negative element) has rows of
   0 under an `if' with 1000 samples per instruction: had the arm run as
   often as its test, its three statements would have taken about 3000
   samples, so it ran at most a small fraction of the test's runs
   (cold-split, 100 samples expected).  It is given GCC's count 0 and
   goes to the cold partition, process.cold in .text.unlikely, as
   -fprofile-use does with a block its training run never reached.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

extern void note_negative (int);

__attribute__ ((noinline)) int
process (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      int x = v[i];
      if (x < 0)
	{
	  note_negative (x);
	  s -= 3 * x;
	  continue;
	}
      s += x;
    }
  return s;
}

/* { dg-final { scan-dump autofdo "bb \[0-9\]+: no samples, \[0-9.\]+ expected: cold-split" } } */
/* { dg-final { scan-dump autofdo "cold-split: 1 blocks of 0 to the cold partition, 0 more entered only from them" } } */
/* { dg-final { scan-assembler "process\\.cold:" } } */
/* { dg-final { scan-assembler "\\.section\t\\.text\\.unlikely" } } */
