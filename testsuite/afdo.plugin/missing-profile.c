/* A profile that does not exist: one error naming it, no ICE.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%.does-not-exist" } */
/* { dg-error "afdo: cannot use profile: .*missing-profile.afdo.does-not-exist" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}

/* { dg-final { scan-stderr-not "internal compiler error" } } */
/* { dg-final { scan-stderr-not "error:.*error:" } } */
