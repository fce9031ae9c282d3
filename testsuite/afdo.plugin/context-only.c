/* A profile from call chains moves all of fir's samples into an
   instance nested in main at the call (a calling context): main's own
   instance has none.  fir is not inlined, so the context goes back to
   fir; main, left without samples of its own, ran all the same (it
   called fir) and must keep its static profile.  Made cold, it went to
   .text.unlikely and GCC's IPA, seeing fir called only from cold code,
   compiled fir for size too: benchmarks/programs/loops.c ran 37 %
   slower than -O2 with such a profile.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

#define N 8192
int signal_[N + 64];
int taps_v[64];
int out[N];

__attribute__ ((noinline)) static void
fir (int taps)
{
  for (int i = 0; i < N; i++)
    {
      int acc = 0;
      for (int t = 0; t < taps; t++)
        acc += signal_[i + t] * taps_v[t];
      out[i] = acc >> 4;
    }
}

int
main (int argc, char **argv)
{
  for (int r = 0; r < argc * 1000; r++)
    fir (argc + 5);
  return out[argc];
}

/* { dg-final { scan-dump autofdo "main/\[0-9\]+: call of fir at line 33 \\(instance total 1487, threshold \[0-9\]+\\): not inlined: noinline" } } */
/* { dg-final { scan-dump autofdo "function main/\[0-9\]+: instance main total 0 head 0\n  no statement matched; static profile kept" } } */
/* { dg-final { scan-assembler-not "\\.text\\.unlikely" } } */
