/* A stale profile: the function is there by name, but it has been
   rewritten beyond matching: it has no call to anchor its rows, and
   almost all of its samples fall where it has no code now.  The matcher
   compiles it as without a profile (its 10 samples on a line with code
   included: they are not evidence of anything now), and since the file
   holds all of the profile's samples, a warning naming the file says
   so, with the figures of the translation unit's line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-warning "afdo: \[^ \]*stale.c: profile .*stale.afdo. matches this translation unit poorly: 1 of 1 functions in the profile, with 1010 of the profile's 1010 samples \\(100.0 %\\); matched 0 of 1010 samples \\(0.0 %\\); is it stale\\?" "" { target *-*-* } 0 } */

extern void use (int);

__attribute__ ((noinline)) void
compute (int x)
{
  use (x * x + 1);
}

/* { dg-final { scan-dump autofdo "matcher: compute: source changed: 0 of 0 call sites of the profile found; cannot be matched: compiled as without a profile" } } */
/* { dg-final { scan-dump autofdo "matcher: 1 functions changed: 0 moved, 1 without a profile, 0 renamed; samples matched as they were 0, after moving 0, dropped 1010" } } */
/* { dg-final { scan-dump autofdo "source changed beyond matching: static estimate and given options kept" } } */
/* { dg-final { scan-dump autofdo "compute/\[0-9\]+: matched 0 of 1010 samples \\(0.0 %\\)" } } */
