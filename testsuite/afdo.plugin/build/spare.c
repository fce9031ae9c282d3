/* afdo testsuite: a program of several files, built by build.exp.
   Another copy of the header's mix.  */

#include "prog.h"

int
spare (int x)
{
  return mix (x) + 1;
}
