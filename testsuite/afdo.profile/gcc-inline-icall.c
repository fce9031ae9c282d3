/* GCC 12's own -fauto-profile reads the nested inline instance and the
   indirect-call histogram of a profile written by afdo-convert from
   gcc-inline-icall.afdo: the inlined helper's block gets the count of
   the inline instance, and the indirect call is promoted to its hottest
   target.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fauto-profile=%gcov% -fdump-ipa-afdo-details" } */

int g;
__attribute__ ((noinline)) void inc (int x) { g += x; }
__attribute__ ((noinline)) void dec (int x) { g -= x; }
void (*volatile fp) (int) = inc;

static inline int
helper (int x)
{
  if (x & 1)
    g++;
  return g;
}

int
main (void)
{
  for (int i = 0; i < 100; i++)
    {
      fp (i);
      helper (i);
    }
  return 0;
}

/* { dg-final { scan-dump afdo {<bb [0-9]+> \[count: 3456\]} } } */
/* { dg-final { scan-dump afdo {Indirect call counter all: 10000, 1 values: \[[0-9]+:9000\]} } } */
/* { dg-final { scan-dump afdo {Indirect call -> direct call [^ ]+ => inc} } } */
