/* afdo benchmark program: a call chain hot in one context only.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* A call chain that is hot in one context only (the paper's Figure 5):
   foo -> bar -> baz is hot, while goo calls bar just as often on a path
   that never reaches baz.  A context-sensitive profile says baz belongs
   inlined into bar's copy in foo, not into bar's outline body.

   bench: full=120000 small=3000  (argument: rounds)  */

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
