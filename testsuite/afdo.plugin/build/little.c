/* afdo testsuite: a program of several files, built by build.exp.  */

#include "prog.h"

int
tally (int x)
{
  int s = x & 7;
  if (x % 1000 == 0)
    s += x / 1000;
  return s;
}
