/* afdo benchmark program: a hot indirect call with one dominant target.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* A loop calls a handler through a table of function pointers for every
   element; 95 % of the elements select mix_step, whose body spans several
   source lines, so that once the call is promoted and mix_step inlined,
   the profile of that binary holds a visible inline instance of mix_step
   in process and the indirect call's target histogram loses mix_step
   (seed 000, Sections 4.2.1 and 5.2: the instability of iterative
   AutoFDO).  The output is a checksum of every round, so a miscompile
   shows.

   bench: full=100000 small=2000  (argument: rounds)
   iterate: caller=process hot=mix_step  (benchmarks/iterate.sh)  */

#include <stdio.h>
#include <stdlib.h>

#define N 4096

typedef unsigned (*handler_fn) (unsigned, unsigned);

static unsigned
mix_step (unsigned h, unsigned x)
{
  h ^= x;
  h *= 0x01000193u;
  h ^= h >> 13;
  h += (x << 3) | (h >> 29);
  return h;
}

static unsigned
add_step (unsigned h, unsigned x)
{
  return h + x * 3u;
}

static unsigned
rot_step (unsigned h, unsigned x)
{
  return ((h << 5) | (h >> 27)) ^ x;
}

static unsigned
sub_step (unsigned h, unsigned x)
{
  return h - (x | 1u);
}

static unsigned
crc_step (unsigned h, unsigned x)
{
  h ^= x;
  for (int k = 0; k < 4; k++)
    h = (h >> 1) ^ (0xedb88320u & -(h & 1u));
  return h;
}

static handler_fn handlers[5] = { mix_step, add_step, rot_step, sub_step,
                                  crc_step };

static unsigned char kind[N];
static unsigned data[N];

__attribute__ ((noinline)) static unsigned
process (handler_fn const *tab, unsigned h)
{
  for (int i = 0; i < N; i++)
    h = tab[kind[i]] (h, data[i]);
  return h;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 100;
  unsigned s = 12345u;
  for (int i = 0; i < N; i++)
    {
      s = s * 1103515245u + 12345u;
      unsigned r = (s >> 16) % 100;
      kind[i] = r < 95 ? 0 : (unsigned char) (1 + r % 4);
      data[i] = s >> 7;
    }
  unsigned h = 2166136261u, sum = 0;
  for (int r = 0; r < rounds; r++)
    {
      h = process (handlers, h + (unsigned) r);
      sum = sum * 31u + h;
    }
  printf ("%u %u\n", h, sum);
  return 0;
}
