/* Loops GCC makes after the counts are handed off get the iterations
   their counts give as their estimates too, in the pass right after
   "vect" (dump autofdo_estimates), where they have none.  Here the
   vectorizer's scalar copy of the loop it versions for aliasing, whose
   estimate was hidden from it; in bzip2's mainSort, the subloop GCC
   made for the heavy latch of a partition loop (the path of equal
   keys), which seldom runs twice in a row and was unrolled four times
   as a loop of unknown iterations (2.5 % more instructions than -O2 in
   mainSort, 2.8 % fewer with its estimate).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-final { scan-dump autofdo_estimates ";; Function add\[^\n\]*\n(\n|\[^;\n\]\[^\n\]*\n)*  loop \[0-9\]+: \[0-9\]+ iterations by the counts, at least \[0-9\]+ by the entry's \[0-9\]+ samples" } } */

#define N 4096
int a[N], b[N];

__attribute__ ((noinline)) static void
add (int *x, const int *y, int n)
{
  for (int i = 0; i < n; i++)
    x[i] += y[i] * 3;
}

int
main (int argc, char **argv)
{
  int n = argc > 5 ? 3 : 1000;
  for (int i = 0; i < N; i++)
    b[i] = i;
  for (int r = 0; r < 20000; r++)
    add (a + (r & 7), b, n + (r & 3));
  if (a[5] != 112500)
    __builtin_abort ();
  return 0;
}
