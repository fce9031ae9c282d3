/* afdo testsuite: a program of several files, built by build.exp.
   Nothing here runs.  */

#include <stdio.h>
#include <stdlib.h>
#include "prog.h"

void
usage (void)
{
  fputs ("usage: prog [N]\n", stderr);
  exit (2);
}
