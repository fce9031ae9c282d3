/* A file that is no profile at all (an ELF header): one error, no
   ICE.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%" } */
/* { dg-error "afdo: cannot use profile: .*foreign-profile.afdo: .*magic" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}

/* { dg-final { scan-stderr-not "internal compiler error" } } */
