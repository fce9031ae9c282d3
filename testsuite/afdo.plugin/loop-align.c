/* The inner loop of a FIR filter runs six times per entry, but the
   store after it takes the stall of the mispredicted loop exit into its
   samples (benchmarks/programs/loops.c: 2846 against 3799 on the loop's
   line): the counts say the loop iterates 1.3 times per entry.  GCC
   aligns a loop's head only when its counts say four iterations
   (align-loop-iterations), and the unaligned loop took 15 % more time
   than at -O2.  Without branch records the plugin asks for one
   (loop-align-off.c: the same with loop-align=0).  The vectorizer,
   which does not see the estimate (vect-estimates=0), would make this
   loop a vector loop peeled into a chain, and the peeler would peel
   the scalar loop's first iterations: both are kept out.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fno-tree-loop-vectorize -fno-peel-loops -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%" } */

#define N 8192
int signal_[N + 64];
int taps_v[64];
int out[N];

void
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

/* The head of the inner loop (its first instruction loads signal_) is
   aligned.  */
/* { dg-final { scan-assembler "\\.p2align 4,,10\n\t\\.p2align 3\n\\.L\[0-9\]+:\n\tmovl\t\\(%r\[a-z0-9\]+,%rax,4\\)" } } */
