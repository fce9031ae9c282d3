/* ipa-cp divides a function's count between it and its clones by
   rules of thumb for a recursive function (clone-floor=1): here nine
   clones of rec for the constants of its recursion, which took most of
   a count that rests on a few samples.  rec itself was left with 0.20
   samples' count at its entry, its loop's header below the hot
   threshold of 0.39 handed to GCC, and "ch" did not copy the loop's
   header ("optimizing for size"): its exit mispredicted in every call
   (the fuzzer's seed 1952, 1.79 times -O2's mispredicted branches).  A
   copy of a function whose hottest block is hot keeps the count that
   keeps that block hot, up to what its callers' samples allow.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-min-unit-samples=0 -fplugin-arg-afdo-dump -fdump-tree-ch2-details" } */

unsigned D[16384];

__attribute__ ((noinline)) static unsigned
rec (unsigned lo, unsigned len, unsigned depth)
{
  if (depth == 0 || len <= 8)
    {
      unsigned h = lo;
      for (unsigned i = 0; i < len; i++)
	h = h * 7u + D[(lo + i) & 16383];
      return h;
    }
  unsigned half = len / 2;
  return rec (lo, half, depth - 1) * 3u
	 ^ rec (lo + half, len - half, depth - 1);
}

unsigned
run (unsigned v)
{
  return rec (v, 480, 5);
}

/* { dg-final { scan-dump autofdo_clones "rec/\[0-9\]+: a copy of rec/\[0-9\]+ kept hot: count 0.26 samples instead of 0.20" } } */
/* { dg-final { scan-dump-not ch2 "optimizing for size" } } */
