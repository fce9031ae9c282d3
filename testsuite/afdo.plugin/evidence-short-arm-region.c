/* A short arm whose 0 is evidence: the block after the test of
   "v == 1 && h > limit" (two statements, a row of 0) branches again,
   and the arm it leads to (the pattern test) has 3 samples where the
   first test has 500.  Had the short arm run with the static 50 %,
   that arm would have had about 125 per statement: the samples exclude
   it, and the counts decide the branch (0.6 %).  lz4's
   LZ4HC_InsertAndGetWiderMatch kept a static 50 % on such a branch,
   and GCC hoisted the code of its arm into the match loop's preheader.
   A short arm that falls through to its join keeps the static
   probabilities (evidence-short-arm.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */
/* { dg-final { scan-dump-not autofdo "a short arm's 0 is no evidence" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 3 prob 0.6% \\(auto FDO\\)" } } */

unsigned
scan (const unsigned *p, unsigned n, unsigned pattern, unsigned limit)
{
  unsigned h = 0, rep = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned v = p[i];
      h = h * 31 + v;
      if (v == 1 && h > limit)
	{
	  unsigned c = i - 1;
	  if (rep == 0)
	    {
	      if (((pattern & 0xFFFF) == (pattern >> 16))
		  & ((pattern & 0xFF) == (pattern >> 24)))
		rep = 1;
	      else
		rep = 2;
	    }
	  if (rep == 1 && c > 10)
	    h ^= pattern;
	}
    }
  return h;
}
