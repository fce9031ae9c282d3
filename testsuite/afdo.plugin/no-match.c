/* A profile none of whose functions this file defines: normal for most
   files of a program (they hold no hot function), so no warning; the
   dump and the verbose line say so, naming the file, and GCC's static
   profile is kept.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fplugin-arg-afdo-verbose" } */

int
compute (int x)
{
  return x * x + 1;
}

/* { dg-final { scan-dump autofdo "function compute/\[0-9\]+: no samples; static estimate and given options kept" } } */
/* { dg-final { scan-dump autofdo "translation unit: 0 of 1 functions in the profile, with 0 of the profile's 300 samples \\(0.0 %\\); matched 0 of 0 samples \\(0.0 %\\)" } } */
/* { dg-final { scan-stderr "afdo: \[^ \]*no-match.c: translation unit: 0 of 1 functions in the profile, with 0 of the profile's 300 samples" } } */
/* { dg-final { scan-stderr-not "warning" } } */
