/* The loop of the if-conversion tests of the evidence rule
   (afdo.plugin/evidence-ifconv.c, -arm.c, -norow.c): a data-dependent
   branch that -O2 if-converts.  Their profiles count lines from hash's
   declaration here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#define MASK 1

unsigned
hash (const unsigned *v, int n)
{
  unsigned h = 0;
  for (int i = 0; i < n; i++)
    {
      unsigned x = v[i];
      if (x & MASK)
	h += x;
      else
	h ^= x;
    }
  return h;
}
