/* check-hot=1 looks a statement up by its block's discriminator, as
   annotation does.  The macro puts a hot test, a hot update and a cold
   call of a noreturn function on one line; the profile gives the
   test's position (discriminator 0) 500 samples, the update's (2) 480
   and the call's (1) none.  The call's block is optimized for size and
   is not reported: with the line's largest count it was, with 500
   samples (bzip2's GET_MTF_VAL: 250 samples reported for line 489 of
   BZ2_decompress, from the blocks of its RETURN (BZ_DATA_ERROR)).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-check-hot" } */

extern void fail (int) __attribute__ ((noreturn, cold));

#define STEP(x)					\
  do						\
    {						\
      if ((x) == 0)				\
	fail (x);				\
      acc = acc * 31 + (x);			\
    }						\
  while (0)

__attribute__ ((noinline)) unsigned
sum (const unsigned char *p, int n)
{
  unsigned acc = 0;
  for (int i = 0; i < n; i++)
    STEP (p[i]);
  return acc;
}

/* { dg-final { scan-stderr-not "not hot: sum: line 28" } } */
/* The check ran: the copy of the loop's test that runs once per entry
   (line 27, no discriminator of its own) is the unit's one line.  */
/* { dg-final { scan-stderr "afdo: \[^ \]*check-hot-disc.c: not hot: 1 lines with 400 samples" } } */
