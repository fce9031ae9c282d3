/* A 50/50 branch measured by IP samples: the add after the test absorbs
   the stall of the mispredicted branch into it and gets more samples
   than the test (1221 against 1157).  Its own samples leave nothing for
   the other side, so the flow makes the branch "always taken"; the
   difference is within the noise (noise-permille), so the branch keeps
   GCC's static 50 %, and if-conversion stays possible
   (noise-branch-off.c: the same with noise-permille=0).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */
unsigned
hash (const int *v, int n, int k)
{
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++)
    {
      h ^= (unsigned) (v[i] + k);
      h *= 16777619u;
      if (h & 0x1000)
	h += (unsigned) i;
    }
  return h;
}

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(the samples do not tell\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1180 prob 50.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->5 count 0 prob 50.0% \\(guessed\\)" } } */
