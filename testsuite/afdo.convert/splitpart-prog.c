/* A program for the converter's split-part test: GCC -O2 splits work
   (its loop becomes work.part.0, called from the head when k is a
   multiple of 4), inlines the head into driver's two calls and the part
   back into each inlined copy, so the DWARF has an inlined work in an
   inlined work, called at work's own declaration line.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>
#include <stdlib.h>

#include "../programs/split-work.h"

int
main (int argc, char **argv)
{
  unsigned n = argc > 1 ? (unsigned) atol (argv[1]) : 1000000;
  for (int i = 0; i < 4096; i++)
    tab[i] = i * 7919u;
  printf ("%u\n", driver (n));
  return 0;
}
