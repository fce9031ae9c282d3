/* The plugin without profile=FILE: an error saying so.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin%" } */
/* { dg-error "afdo: missing argument .-fplugin-arg-afdo-profile=FILE." "" { target *-*-* } 0 } */

int
main (void)
{
  return 0;
}
