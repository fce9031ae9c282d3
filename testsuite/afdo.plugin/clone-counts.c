/* A clone ipa-cp makes for calls from a function without samples.  foo
   took no sample (64 calls a round against goo's 4096), so it keeps
   GCC's local estimate, which has no IPA count; ipa-cp, which fdo-opts
   switches on, clones bar for foo's constant n and gives the clone the
   sum of its calls' IPA counts: "0, globally 0".  The clone's body,
   baz's loop inlined, was then compiled as code that never runs: a
   branch mispredicted half the time where -O2 has a conditional move
   (the benchmark's "context" recorded at 100 Hz: 11 times -O2's
   mispredicts).  Its count is unknown instead, as its caller's is: a
   local estimate, with the shape of bar's samples
   (clone-counts-off.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump -fdump-tree-optimized" } */

#include <stdio.h>
#include <stdlib.h>

#define N 4096

static int data[N];
static int mode_of[N];

static unsigned
baz (const int *v, int n, int k)
{
  unsigned h = 2166136261u;
  for (int i = 0; i < n; i++)
    {
      h ^= (unsigned) (v[i] + k);
      h *= 16777619u;
      if (h & 0x1000)
        h += (unsigned) i;
    }
  return h;
}

static unsigned
cheap (int k)
{
  return (unsigned) k * 2654435761u;
}

__attribute__ ((noinline)) static unsigned
bar (int k, const int *v, int n)
{
  if (k & 1)
    return baz (v, n, k);
  if (k % 1000 == 998)
    return baz (v, n / 2, k) ^ 1;
  return cheap (k);
}

__attribute__ ((noinline)) static unsigned
foo (int round)
{
  unsigned s = 0;
  for (int i = 0; i < N; i += 64)
    s += bar (2 * (i + round) + 1, &data[i], 24);
  return s;
}

__attribute__ ((noinline)) static unsigned
goo (int round)
{
  unsigned s = 0;
  for (int i = 0; i < N; i++)
    s ^= bar (2 * (mode_of[i] + round), &data[i], 8);
  return s;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 100;
  unsigned s = 0;
  for (int i = 0; i < N; i++)
    {
      data[i] = (i * 7919) % 1009;
      mode_of[i] = i % 499;
    }
  for (int r = 0; r < rounds; r++)
    {
      s += foo (r);
      s ^= goo (r);
    }
  printf ("%u\n", s);
  return 0;
}

/* { dg-final { scan-dump autofdo_clones "bar.constprop/\[0-9\]+: a clone of bar/\[0-9\]+ called only from functions without samples" } } */
/* { dg-final { scan-dump-not optimized "\\\[count: 0\\\]" } } */
