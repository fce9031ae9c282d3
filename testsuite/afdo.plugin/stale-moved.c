/* Lines inserted between two calls in the middle of a hot function
   since the profile was recorded: the three statements after the call
   of first are new.  The profile (recorded on the function without
   them, -O2 -g, IP samples) has first's inline instance at line offset
   2 and second's at 8; here second is called at 11.  The matcher aligns
   the two calls, and the rows between them follow second's, so the loop
   keeps its samples: the 5199 of the old "if" line annotate the block
   of the "if" (bb 3), not the entry block, where the new statements
   are (and where they would land without the matcher, making the entry
   block as hot as the loop).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

int data[4096];

static int
first (int n)
{
  return n * 7 + 1;
}

static int
second (int n)
{
  return n ^ (n >> 3);
}

__attribute__ ((noinline)) int
work (int n)
{
  int s = first (n);
  s += n * 3;
  s ^= n >> 1;
  s |= 4;
  for (int i = 0; i < n; i++)
    if (data[i] % 7 == 0)
      s += data[i] >> 2;
    else
      s -= data[i] & 3;
  s = second (s);
  return s;
}

/* { dg-final { scan-dump autofdo "matcher: work: source changed: 2 of 2 call sites of the profile found; rows moved" } } */
/* { dg-final { scan-dump autofdo "samples matched as they were 6, after moving 5628, dropped 0" } } */
/* { dg-final { scan-dump autofdo "bb 3 count \[0-9.\]+ annotated \\(samples 5199\\)" } } */
/* { dg-final { scan-dump-not autofdo "bb 2 count \[0-9.\]+ annotated \\(samples 5199\\)" } } */
