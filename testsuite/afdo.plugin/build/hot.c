/* afdo testsuite: a program of several files, built by build.exp.
   GCC splits probe: the likely first branch stays in probe, the rest
   goes to probe.part.0, and both have the one instance "probe" of a
   profile.  */

#include "prog.h"

int table[4096];

int
probe (int key)
{
  if (__builtin_expect (key < 0, 1))
    return -1;
  int s = 0;
  for (int i = 0; i < 4096; i++)
    {
      s += table[(i * key) & 4095] ^ i;
      if (s > 1000000)
	s -= 1000000;
      table[i & 4095] = mix (s);
    }
  for (int i = 0; i < 64; i++)
    s = s * 31 + table[i];
  return s;
}

int
lookup (int key)
{
  return probe (key) + probe (key - 1);
}
