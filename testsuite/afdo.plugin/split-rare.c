/* A comparison whose first tests decide most calls (bzip2's mainGtU):
   GCC's early splitting takes the long loop that decides the rest out
   of gt (gt.part.0).  The profile's instance of gt has the head's lines
   and the loop's, and the part's first sampled line has 80 samples
   against the head's 600: the part is entered on few calls.  Put back
   early (split-parts), it would make gt too big for GCC's inliner, and
   sort's loop would call gt for every comparison; the plugin leaves it
   split, and GCC inlines gt into sort.  Only check, without samples,
   calls gt.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

static unsigned char block[65536];
static unsigned short quad[65536];

static inline int
gt (unsigned i1, unsigned i2, unsigned n)
{
  unsigned char c1, c2;
  unsigned short s1, s2;
  c1 = block[i1]; c2 = block[i2];
  if (c1 != c2) return c1 > c2;
  i1++; i2++;
  c1 = block[i1]; c2 = block[i2];
  if (c1 != c2) return c1 > c2;
  i1++; i2++;
  c1 = block[i1]; c2 = block[i2];
  if (c1 != c2) return c1 > c2;
  i1++; i2++;
  int k = n + 8;
  do
    {
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      c1 = block[i1]; c2 = block[i2];
      if (c1 != c2) return c1 > c2;
      s1 = quad[i1]; s2 = quad[i2];
      if (s1 != s2) return s1 > s2;
      i1++; i2++;
      if (i1 >= n) i1 -= n;
      if (i2 >= n) i2 -= n;
      k -= 8;
    }
  while (k >= 0);
  return 0;
}

__attribute__ ((noinline)) void
sort (unsigned *ptr, int lo, int hi, unsigned n)
{
  for (int i = lo + 1; i <= hi; i++)
    {
      unsigned v = ptr[i];
      int j = i;
      while (j > lo && gt (ptr[j - 1], v, n))
	{
	  ptr[j] = ptr[j - 1];
	  j--;
	}
      ptr[j] = v;
    }
}

int
check (unsigned *ptr, int n)
{
  for (int i = 1; i < n; i++)
    if (gt (ptr[i - 1], ptr[i], n))
      return i;
  return 0;
}

/* { dg-final { scan-dump autofdo "call of gt.part.0/\[0-9\]+ \\(instance total 4420\\): left split: entered 80 of head 600 \\(split part\\)" } } */
/* { dg-final { scan-assembler-times "call\[ \t\]+gt\n" 1 } } */
