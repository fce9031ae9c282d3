/* A corrupt text profile: one error naming the file and the line, no
   ICE, and the compilation stops.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%" } */
/* { dg-error "afdo: cannot use profile: .*corrupt-profile.afdo:2: " "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}

/* { dg-final { scan-stderr-not "internal compiler error" } } */
/* { dg-final { scan-stderr-not "error:.*error:" } } */
