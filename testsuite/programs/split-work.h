/* The split part's program of the converter's test (splitpart-prog.c)
   and of the plugin's (split-copy.c): GCC -O2 splits work (its loop
   becomes work.part.0, called from the head when k is a multiple of 4)
   and inlines it into driver's two calls.  Both tests count lines from
   work's and driver's declarations here.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

static unsigned tab[4096];

static unsigned
work (unsigned k)
{
  if (k & 3)
    return k;
  unsigned h = k;
  for (int i = 0; i < 64; i++)
    {
      h ^= tab[(h + i) & 4095];
      h *= 16777619u;
      if (h & 16)
	h += i;
    }
  return h;
}

__attribute__ ((noinline)) unsigned
driver (unsigned n)
{
  unsigned s = 0;
  for (unsigned k = 0; k < n; k++)
    s += work (k * 2654435761u);
  s ^= work (n);
  return s;
}
