/* Lines removed between two calls in the middle of a hot function since
   the profile was recorded: three statements after the call of first
   are gone.  The profile (recorded with them, -O2 -g, IP samples) has
   first's inline instance at line offset 2 and second's at 11; here
   second is called at 8.  The matcher aligns the two calls and the rows
   between them follow second's up, so the loop keeps its samples: the
   2970 of the old "if" line annotate the block of the "if" (bb 3).
   Without the matcher they fall on the line of the "else" arm's
   statement, and the "if" block gets 1 sample.  */
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
  for (int i = 0; i < n; i++)
    if (data[i] % 7 == 0)
      s += data[i] >> 2;
    else
      s -= data[i] & 3;
  s = second (s);
  return s;
}

/* { dg-final { scan-dump autofdo "matcher: work: source changed: 2 of 2 call sites of the profile found; rows moved" } } */
/* { dg-final { scan-dump autofdo "samples matched as they were 10, after moving 4352, dropped 0" } } */
/* { dg-final { scan-dump autofdo "bb 3 count \[0-9.\]+ annotated \\(samples 2970\\)" } } */
/* { dg-final { scan-dump autofdo "work/\[0-9\]+: matched 4353 of 4359 samples" } } */
