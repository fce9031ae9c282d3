/* Both sides of a branch on one line, and the profile has one entry for
   the line (no discriminators: the profiled binary could not tell its
   blocks apart).  Each block of the line gets the line's samples; the
   samples cannot tell which side ran how often, so the branch keeps its
   static probabilities (noise-lines-off.c: the inference's split).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

extern int f (int), g (int);

int
work (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    {
      int x = v[i];
      if (x < 0) s += f (x); else s += g (x);
    }
  return s;
}

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(its sides' samples are its own line's\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1500 prob 41.0% \\(guessed\\)" } } */
/* { dg-final { scan-dump autofdo "bb 4: counts of the blocks it dominates scaled by 1230 / 1500" } } */
