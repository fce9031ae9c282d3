/* A profile of an older version of this file: since then lines were
   inserted above both functions (which moves nothing, offsets are from
   each function's first line) and one line was inserted in the middle of
   edited (which moves its later lines by three).  unchanged keeps every
   sample; edited keeps those above the new lines, and its samples at
   offsets 6 and 7 (the old if and assignment) now fall on the new
   comment and are lost; the dump reports the rates.  */
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
/* { dg-final { scan-dump autofdo "edited/\[0-9\]+: matched 200 of 300 samples \\(66.7 %\\)" } } */
/* { dg-final { scan-dump autofdo "translation unit: 2 of 2 functions in the profile, with 1300 of the profile's 1300 samples \\(100.0 %\\); matched 1200 of 1300 samples \\(92.3 %\\)" } } */
