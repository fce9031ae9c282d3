/* The inliner's numeric arguments out of range or not numbers: one
   error each, no crash.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-inline-permille=1001 -fplugin-arg-afdo-inline-growth=lots -fplugin-arg-afdo-icp=2" } */
/* { dg-error "afdo: argument .inline-permille. wants 0 to 1000, not .1001." "" { target *-*-* } 0 } */
/* { dg-error "afdo: argument .inline-growth. wants 0 to 100000, not .lots." "" { target *-*-* } 0 } */
/* { dg-error "afdo: argument .icp. wants 0 or 1, not .2." "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}

/* { dg-final { scan-stderr-not "internal compiler error" } } */
