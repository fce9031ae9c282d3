/* The benchmarks' ceiling profiles (benchmarks/lib/ceiling.awk): a
   branch taken once in four iterations, in a function called from a
   loop, so that the callgrind output has calls to skip.  */
#include <stdlib.h>

static volatile int sink;

__attribute__ ((noinline)) static int
step (int i)
{
  if ((i & 3) == 0)
    sink += i;
  return i * 3;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 100000;
  int s = 0;
  for (int i = 0; i < n; i++)
    s += step (i);
  return s == 42;
}
