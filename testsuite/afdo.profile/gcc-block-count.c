/* GCC 12's own -fauto-profile reads a profile written by afdo-convert
   from gcc-block-count.afdo: the loop body of main gets the count the
   text profile gives its line (offset 3), the entry of work its head
   count.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fauto-profile=%gcov% -fdump-ipa-afdo-details" } */

int g;

__attribute__ ((noinline)) int
work (int x)
{
  if (x > 10)
    g += x * 3;
  else
    g -= x;
  return g;
}

int
main (void)
{
  for (int i = 0; i < 100; i++)
    work (i);
  return 0;
}

/* { dg-final { scan-dump afdo {<bb [0-9]+> \[count: 12345\]} } } */
/* { dg-final { scan-dump afdo {<bb 2> \[count: 77\]} } } */
