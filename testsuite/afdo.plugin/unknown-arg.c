/* An argument the plugin does not know: an error that lists the ones it
   accepts.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-bogus=1" } */
/* { dg-error "afdo: unknown argument .bogus.; accepted: profile=FILE, verbose" "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}

/* { dg-final { scan-stderr-not "internal compiler error" } } */
