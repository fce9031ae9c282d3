/* A branch between two one-line prefetches in a loop.  In the profiled
   binary the common side's prefetch falls through into the join, so
   its samples landed on the join's line (1816) and its own line has no
   entry; the other side ends in a jump of its own and kept its samples
   (969); the compare has 110 (zstd's ZSTD_RowFindBestMatch_extDict_5_6,
   where giving the common side what the flow leaves made zstd 3 %
   slower than -O2).  The common side, without a row, is unknown (the
   evidence rule), not a side the samples say never ran, and so are
   the other side's samples, which may be those of both: the branch
   keeps its static probabilities.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

unsigned
collect (unsigned *buf, const unsigned *row, const char *base,
	 const char *dict, unsigned limit, unsigned n)
{
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    {
      unsigned m = row[i];
      if (m >= limit)
	__builtin_prefetch (base + m);
      else
	__builtin_prefetch (dict + m);
      buf[k++] = m;
    }
  return k;
}

/* { dg-final { scan-dump-not autofdo "went to the join" } } */
/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(an arm has no row of its own\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1 prob 50.0% \\(guessed\\)" } } */
