/* check-hot.c built with -flto: the link compiles the functions, and
   check-hot reports from there, looking the statements up in the whole
   profile; the count of the link's partition is "link time".  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -fplugin=%plugin% -fplugin-arg-afdo-profile=%dir%/check-hot.afdo -fplugin-arg-afdo-check-hot" } */

#include "check-hot.c"

int
main (void)
{
  for (int i = 0; i < 10; i++)
    {
      rare (i);
      often (i);
    }
  return g == 360 ? 0 : 1;
}

/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot.c: not hot: rare: line 12: 500 samples" } } */
/* { dg-final { scan-stderr-not "not hot: often" } } */
/* { dg-final { scan-stderr "afdo: link time: not hot: 1 lines with 500 samples" } } */
/* Only the partition that made code reports: neither the compilation
   to bytecode nor the whole-program step.  */
/* { dg-final { scan-stderr-not "not hot: 0 lines" } } */
