/* A stale profile: the function is there by name, but its lines have
   moved, so few samples match.  A warning says so, with the rate.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-warning "afdo: profile .*stale.afdo. matches this translation unit poorly: matched 10 of 1010 profile samples \\(1.0 %\\); is it stale\\?" "" { target *-*-* } 0 } */

extern void use (int);

__attribute__ ((noinline)) void
compute (int x)
{
  use (x * x + 1);
}

/* { dg-final { scan-dump autofdo "compute/\[0-9\]+: matched 10 of 1010 profile samples \\(1.0 %\\)" } } */
