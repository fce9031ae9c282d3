/* bc's _one_mult: a digit loop (value % 10) whose function has few
   samples at its entry (2) and is called once from a division's loop
   (the call's block has 200 samples) and twice before it.  GCC's inliner
   inlines the call in the loop and takes its count off the function's;
   unless the function's count is its calls' sum (entry-sums), nothing
   is left for the two calls it does not inline, and the body they call
   is compiled for size, "% 10" as a division instruction
   (entry-sums-off.c).  The one idiv left is divide's own division.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump=details" } */

static void
one_mult (unsigned char *num, int size, int digit, unsigned char *result)
{
  int carry = 0, value;
  unsigned char *nptr = num + size - 1, *rptr = result + size - 1;
  while (size-- > 0)
    {
      value = *nptr-- * digit + carry;
      *rptr-- = value % 10;
      carry = value / 10;
    }
  if (carry != 0)
    *rptr = carry;
}

void
divide (unsigned char *a, int n, unsigned char *q, int m, int norm)
{
  one_mult (a, n, norm, a);
  one_mult (q, m, norm, q);
  for (int i = 0; i < m; i++)
    {
      int guess = (a[i] * 10 + a[i + 1]) / (q[0] + 1);
      if (guess != 0)
	one_mult (q, m, guess, a + i);
    }
}

/* { dg-final { scan-dump autofdo "function one_mult/\[0-9\]+: entered 2 times, raised to the 3 calls' 98.40" } } */
/* { dg-final { scan-assembler-times "idivl" 1 } } */
