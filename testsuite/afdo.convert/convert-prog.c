/* A program for the converter's end-to-end tests: a hot function with
   a loop, a static inline helper inlined into it, and a line holding
   several basic blocks (discriminators).  The tests know these line
   offsets from hot_loop's declaration (line 24):
     +3  the loop header          +5  the call of mix (inlined there)
     +6  the one-line if/else (several blocks: discriminators)
   and mix's body is at offset +2 from mix's declaration (line 16).
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>
#include <stdlib.h>

static unsigned data[4096];

static inline unsigned
mix (unsigned x)
{
  return (x * 2654435761u) ^ (x >> 7);
}

/* Keep the layout: hot_loop must stay at line 24.  */

__attribute__ ((noinline)) unsigned
hot_loop (unsigned n)
{
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned v = mix (data[i & 4095] + i);
      if (v & 1) s += v * v; else { s ^= v >> 3; data[v & 4095] += s; }
    }
  return s;
}

__attribute__ ((noinline)) unsigned
cold_init (void)
{
  for (unsigned i = 0; i < 4096; i++)
    data[i] = i * 7u;
  return data[5];
}

int
main (int argc, char **argv)
{
  unsigned n = argc > 1 ? (unsigned) atol (argv[1]) : 300000000u;
  unsigned s = cold_init ();
  s += hot_loop (n);
  printf ("convert-prog: %u\n", s);
  return 0;
}
