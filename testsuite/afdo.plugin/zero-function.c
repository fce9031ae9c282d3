/* A function the profile says never ran is cold (.text.unlikely), not
   deleted; its neighbour with samples is hot.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern void use (int);

__attribute__ ((noinline)) void
never (int x)
{
  for (int i = 0; i < x; i++)
    use (i);
}

__attribute__ ((noinline)) void
often (int x)
{
  use (x);
}

/* { dg-final { scan-dump autofdo "function never/\[0-9\]+: instance never total 0 head 0" } } */
/* { dg-final { scan-dump autofdo "bb 2 count 0 zero" } } */
/* { dg-final { scan-assembler "\\.section\t\\.text\\.unlikely\[^\n\]*\n(\[^\n\]*\n){0,3}\[^\n\]*\\.globl\tnever" } } */
/* { dg-final { scan-assembler "\\.section\t\\.text\\.hot\[^\n\]*\n(\[^\n\]*\n){0,3}\[^\n\]*\\.globl\toften" } } */
/* { dg-final { scan-assembler "\nnever:" } } */
