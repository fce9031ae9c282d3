/* A switch whose own line has more samples than its cases together: the
   load and the indirect jump of a dispatch stall, and their samples land
   on the switch.  Its edge to the default (a break, no code of its own)
   has no samples to bound it, so the samples do not tell that edge from
   0 (noise-permille).  Still they tell the cases apart: each case block
   has the switch as its only way in, and its samples are its own.  The
   cases take their probabilities from their counts, the default its
   static share up to the noise, 10 % (noise-multiway-off.c: every edge
   keeps its static 1/9).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

int
run (const unsigned char *p, int n)
{
  int acc = 0;
  for (int i = 0; i < n; i++)
    switch (p[i])
      {
      case 0: acc += 3; break;
      case 1: acc ^= 5; break;
      case 2: acc *= 7; break;
      case 3: acc -= 11; break;
      case 4: acc >>= 1; break;
      case 5: acc += i; break;
      case 6: acc |= 64; break;
      case 7: acc = ~acc; break;
      default: break;
      }
  return acc;
}

/* { dg-final { scan-dump autofdo "bb 3: multiway: bounded edges by their counts, the 1 others 10.0% by their static probabilities" } } */
/* { dg-final { scan-dump autofdo "edge 3->12 count 0 prob 10.0% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 2523 prob 75.7% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->11 count 12 prob 0.4% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump-not autofdo "static probabilities kept" } } */
