/* GNU bc's long division (bc_divide in lib/number.c), reduced to its
   inner steps, with the rows its profile has for them when bc computes
   pi (echo 'scale=1800; 4*a(1)' | bc -l; -O2 -g, IP samples at 20 kHz):
   a step that adds the divisor back runs rarely, and the last line of
   that step, "% 10", has 1 sample.  One sample is no evidence that the
   block is colder than the hot count, so the block keeps -O2's code: the
   remainder by 10 by a multiplication, not by idiv (which bc's build
   with the plugin of 379cdbb had there: 3 idivs in bc_divide against
   -O2's 2).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%" } */

void mult_digit (unsigned char *num, int size, int digit,
		 unsigned char *result);

__attribute__ ((noinline)) void
divide_digits (unsigned char *num1, unsigned char *n2ptr, unsigned char *mval,
	       unsigned char *qptr, int len2, int qdigits)
{
  int qdig, qguess, borrow, carry, val, count;
  unsigned char *ptr1, *ptr2;
  for (qdig = 0; qdig < qdigits; qdig++)
    {
      qguess = num1[qdig] >= *n2ptr ? 9 : num1[qdig];
      borrow = 0;
      if (qguess != 0)
	{
	  mval[0] = 0;
	  mult_digit (n2ptr, len2, qguess, mval + 1);
	  ptr1 = num1 + qdig + len2;
	  ptr2 = mval + len2;
	  for (count = 0; count < len2 + 1; count++)
	    {
	      val = (int) *ptr1 - (int) *ptr2-- - borrow;
	      if (val < 0)
		{
		  val += 10;
		  borrow = 1;
		}
	      else
		borrow = 0;
	      *ptr1-- = val;
	    }
	}
      if (borrow == 1)
	{
	  qguess--;
	  ptr1 = num1 + qdig + len2;
	  ptr2 = n2ptr + len2 - 1;
	  carry = 0;
	  for (count = 0; count < len2; count++)
	    {
	      val = (int) *ptr1 + (int) *ptr2-- + carry;
	      if (val > 9)
		{
		  val -= 10;
		  carry = 1;
		}
	      else
		carry = 0;
	      *ptr1-- = val;
	    }
	  if (carry == 1) *ptr1 = (*ptr1 + 1) % 10;
	}
      *qptr++ = qguess;
    }
}

/* { dg-final { scan-assembler-not "idiv" } } */
