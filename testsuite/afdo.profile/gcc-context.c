/* GCC 12's own -fauto-profile reads a calling context as afdo-convert
   writes it from call chains: an instance of work nested at the direct
   call in hot, whose position names work in its target histogram too.
   GCC takes the histograms of indirect calls only (no promotion of the
   direct call, whose target it already knows), and inlines the hot
   instance: its block gets the instance's count.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fauto-profile=%gcov% -fdump-ipa-afdo-details" } */

int g;

int
work (int x)
{
  if (x & 1)
    g++;
  return g;
}

int
hot (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += work (i);
  return s;
}

/* { dg-final { scan-dump afdo {<bb [0-9]+> \[count: 777\]} } } */
/* { dg-final { scan-dump-not afdo {Indirect call} } } */
