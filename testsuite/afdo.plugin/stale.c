/* A stale profile: the function is there by name, but its lines have
   moved, so few samples match, and the file holds all of the profile's
   samples.  A warning naming the file says so, with the figures of the
   translation unit's line.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-warning "afdo: \[^ \]*stale.c: profile .*stale.afdo. matches this translation unit poorly: 1 of 1 functions in the profile, with 1010 of the profile's 1010 samples \\(100.0 %\\); matched 10 of 1010 samples \\(1.0 %\\); is it stale\\?" "" { target *-*-* } 0 } */

extern void use (int);

__attribute__ ((noinline)) void
compute (int x)
{
  use (x * x + 1);
}

/* { dg-final { scan-dump autofdo "compute/\[0-9\]+: matched 10 of 1010 samples \\(1.0 %\\)" } } */
