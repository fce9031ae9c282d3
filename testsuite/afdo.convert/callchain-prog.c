/* A program for call-chain profiles: a hot indirect call whose targets
   are named only by the call chains of the samples (run -> op_add most of
   the time), and a function called from two callers, hot from one
   (hot_caller -> work) and cold from the other (cold_caller -> work).
   work is declared inline, so GCC's limit for a hot call of it
   (max-inline-insns-single) lets the plugin inline its calling context;
   the profiled binary is built with -fno-inline.  */
#include <stdio.h>
#include <stdlib.h>

typedef long (*op_fn) (long, long);

/* A body of its own: with frame pointers, a sample on the push, pop or
   ret of a function whose body is one or two instructions has the
   caller's frame in the frame pointer, and the chain skips the caller
   (op_add or op_mul), so the targets were counted on the few samples in
   their own loops, where the stall of the mispredicted call to the rare
   op_mul lands: an Intel machine gave op_mul a third of them.  */
__attribute__ ((noipa)) long
mix (long a, long i)
{
  for (int k = 0; k < 8; k++)
    a = a * 3 + i + k;
  return a;
}

static long
op_add (long a, long b)
{
  for (int i = 0; i < 8; i++)
    a = mix (a, b + i);
  return a;
}

static long
op_mul (long a, long b)
{
  for (int i = 0; i < 8; i++)
    a = mix (a, b * i);
  return a;
}

static op_fn table[2] = { op_add, op_mul };
static volatile int pick[16] = { 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

__attribute__ ((noinline)) long
run (long acc, long n)
{
  for (long i = 0; i < n; i++)
    acc = table[pick[i & 15]] (acc, i) & 0xffffff;
  return acc;
}

static inline long
work (long x, long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      switch ((x + i) & 7)
	{
	case 0: s += mix (x, i); break;
	case 1: s ^= mix (s, i) << 1; break;
	case 2: s -= mix (i, x) >> 2; break;
	case 3: s += mix (s ^ x, 3); break;
	case 4: s *= mix (1, i) | 1; break;
	case 5: s += mix (x, s) & 0xff; break;
	case 6: s ^= mix (i, i); break;
	default: s += 7; break;
	}
    }
  return s;
}

__attribute__ ((noinline)) long
hot_caller (long n)
{
  long s = 0;
  for (long k = 0; k < n; k++)
    s += work (k, 16);
  return s;
}

__attribute__ ((noinline)) long
cold_caller (long n)
{
  long s = 0;
  for (long k = 0; k < n; k++)
    s ^= work (k * 7, 16) + work (k, 3);
  return s;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  printf ("%ld %ld %ld\n", run (1, n), hot_caller (n / 4), cold_caller (n / 40000));
  return 0;
}
