/* A profile of another program matches nothing here: a warning with the
   match rate, and GCC's static profile is kept.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-warning "afdo: profile .*no-match.afdo. has no function of this translation unit: matched 0 of 300 profile samples \\(0.0 %\\)" "" { target *-*-* } 0 } */

int
compute (int x)
{
  return x * x + 1;
}

/* { dg-final { scan-dump autofdo "function compute/\[0-9\]+: no profile; static estimate kept" } } */
/* { dg-final { scan-dump autofdo "translation unit: 0 of 1 functions in the profile" } } */
