/* afdo testsuite: a program of several files, built by build.exp.  */

#include <stdio.h>
#include <stdlib.h>
#include "prog.h"

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 3000;
  if (n <= 0)
    usage ();
  unsigned long t = 0;
  for (long i = 0; i < n; i++)
    t += (unsigned) lookup ((int) (i % 3) - 1) + (unsigned) tally ((int) i);
  printf ("%lu\n", t);
  return 0;
}
