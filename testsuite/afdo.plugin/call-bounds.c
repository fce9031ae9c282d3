/* A table's array part or a call of the hash lookup, chosen on one line
   (lua's luaV_fastgeti in lua_geti).  In the profiled binary the array
   part (a few cheap instructions) took 5 samples, the call none, and
   the lookup, called from here only, 3 in all.  The inference would
   rather raise a block without samples than one with 5 by fifty times;
   unless the call's block is bound by its callee's samples, it gets
   what the array part's samples leave of the branch's count, and the
   common array part becomes the cold side (call-bounds-off.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

struct table
{
  unsigned long n;
  int *array;
};

extern int *lookup (struct table *, long);

int
get (struct table *t, long k)
{
  int *slot = (unsigned long) k - 1 < t->n ? &t->array[k - 1] : lookup (t, k);
  return *slot;
}

/* { dg-final { scan-dump autofdo "bb 4 count 3 flow \\(its calls' samples bound it at 3\\) discriminator 2" } } */
/* { dg-final { scan-dump autofdo "edge 2->3 count 277 prob 98.9% \\(auto FDO\\)" } } */
/* { dg-final { scan-dump autofdo "edge 2->4 count 3 prob 1.1% \\(auto FDO\\)" } } */
