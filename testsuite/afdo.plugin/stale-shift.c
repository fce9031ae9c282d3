/* Two blank lines inserted above the loop of a function without calls
   since the profile was recorded: the profile (seed 209 of the
   generated programs, -O2 -g, IP samples, counts times ten) has the
   loop at offsets 7 and 8, which are the blank lines now; the loop is
   at 9 and 10.  Several shifts of the rows from 7 on put all 340
   samples on code (+2, +3 and +4: the return and the closing brace
   have code too); the matcher takes the nearest, +2, the fewest lines
   inserted, and the loop's blocks get its 110.  (Before, a shift that
   others equal was no evidence, the rows stayed, a third of the samples
   landed on code, and the function was compiled as without a
   profile.)  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

__attribute__ ((noinline)) unsigned
s2_shared (unsigned x, unsigned y)
{
  unsigned h = x ^ y;
  if (h & 1)
    h = h * 3u + 1;
  else
    h >>= 1;


  for (unsigned j = 0; j < (y & 3) + 1; j++)
    h ^= h << 5;
  return h;
}

/* { dg-final { scan-dump autofdo "matcher: s2_shared: source changed: 0 of 0 call sites of the profile found; rows moved" } } */
/* { dg-final { scan-dump autofdo "samples matched as they were 120, after moving 220, dropped 0" } } */
/* { dg-final { scan-dump autofdo "bb \[0-9\]+ count \[0-9.\]+ annotated \\(samples 110\\)" } } */
/* { dg-final { scan-dump autofdo "s2_shared/\[0-9\]+: matched 340 of 340 samples" } } */
