/* A branch between two one-line prefetches in a loop.  In the profiled
   binary the common side's prefetch falls through into the join, so
   its samples landed on the join's line (1816) and its own line has no
   entry; the other side ends in a jump of its own and kept its samples
   (969); the compare has 110 (zstd's ZSTD_RowFindBestMatch_extDict_5_6).
   The branch keeps its static probabilities instead of giving the
   common side what the flow leaves it (noise-skid-off.c).  With the
   evidence rule the common side, without a row, is unknown and the
   noise rule keeps the static probabilities before this one is asked
   (evidence-skid.c); evidence=0 tests the rule itself.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details -fplugin-arg-afdo-evidence=0" } */

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

/* { dg-final { scan-dump autofdo "bb 3: static probabilities kept \\(its lineless arm's samples went to the join\\)" } } */
/* { dg-final { scan-dump autofdo "edge 3->4 count 1 prob 50.0% \\(guessed\\)" } } */
