/* A loop dividing by 10, in a part GCC's early splitting takes out of
   one_mult (one_mult.part.0, called from the head when digit > 1).  The
   profiled binary had no split: its one instance one_mult has the
   loop's samples and a few in the head, and its lines leave nothing to
   the head's call of the part.  The calls of one_mult in divide are
   cold, so GCC's inliner keeps one_mult outline and inlines the part
   back into it, scaled by the count of that call: had the call the
   count 0, the loop would be compiled for size, dividing with idiv (as
   in GNU bc's _one_mult).  The part is put back early (split-parts), a
   call that is the only way into a function gets its entry count
   (entry-counts), and no block gets less than one sample.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#include <string.h>

static void
one_mult (unsigned char *num, int size, int digit, unsigned char *result)
{
  int carry, value;
  unsigned char *nptr, *rptr;

  if (digit == 0)
    memset (result, 0, size);
  else
    {
      if (digit == 1)
	memcpy (result, num, size);
      else
	{
	  nptr = num + size - 1;
	  rptr = result + size - 1;
	  carry = 0;
	  while (size-- > 0)
	    {
	      value = *nptr-- * digit + carry;
	      *rptr-- = value % 10;
	      carry = value / 10;
	    }
	  if (carry != 0)
	    *rptr = carry;
	}
    }
}

unsigned char buf[4096], out[4096], out2[4096];

__attribute__ ((noinline)) int
divide (int size, int norm, int r)
{
  one_mult (buf, size, norm, out);
  one_mult (out, size, (r & 7) + 2, out2);
  one_mult (out2, size - 1, norm, out);
  return out[r & 1023] + out2[r & 511];
}

int
main (int argc, char **argv)
{
  int n = 0;
  for (int r = 0; r < 20000; r++)
    n += divide (argc * 1000, (r & 3) + 2, r);
  return n & 1;
}

/* { dg-final { scan-assembler-not "idiv" } } */
/* { dg-final { scan-dump autofdo "call of one_mult.part.0 at line 0 \\(instance total 22984, threshold \[0-9\]+\\): inlined \\(split part, 35 samples\\)" } } */
/* { dg-final { scan-dump autofdo "one_mult/\[0-9\]+: matched 22913 of 22984 samples" } } */
