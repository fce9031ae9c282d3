/* A profile of an older version of this file: since then lines were
   inserted above both functions (which moves nothing, offsets are from
   each function's first line) and a statement with a comment of three
   lines was inserted in the middle of edited (which moves its later
   lines by two).  unchanged keeps every sample.  In edited the samples
   at offsets 6 and 7 (the old if and assignment) would fall on the new
   comment; the matcher moves them by a shift of their own, the one
   that puts all of them on code: +4, the return and the closing brace,
   not the +2 of the edit, because GCC folds the if into a MIN before
   the plugin runs and the assignment's line has no statement left.
   The return is in the MIN's block, so its 50 samples annotate the
   right block; those of the closing brace annotate none.  The dump
   reports the rates.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

/* Lines inserted
   in the new
   version.  */
extern int g;

__attribute__ ((noinline)) int
unchanged (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    if (i & 1)
      s += i;
    else
      s -= g;
  return s;
}

__attribute__ ((noinline)) int
edited (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i * g;
  g++;				/* inserted in the new
				   version, with a comment
				   of three lines */
  if (s > 100)
    s = 100;
  return s;
}

/* { dg-final { scan-dump autofdo "unchanged/\[0-9\]+: matched 1000 of 1000 samples \\(100.0 %\\)" } } */
/* { dg-final { scan-dump autofdo "edited/\[0-9\]+: matched 250 of 300 samples \\(83.3 %\\)" } } */
/* { dg-final { scan-dump autofdo "translation unit: 2 of 2 functions in the profile, with 1300 of the profile's 1300 samples \\(100.0 %\\); matched 1250 of 1300 samples \\(96.2 %\\)" } } */
