/* A function raised to its calls' sum (entry-sums) is raised with its
   body: GCC takes a call's frequency as its block's count over the
   function's, and the body left at the entry's own samples made each of
   its calls look that much rarer.  push, entered 7 times by its own
   samples and 240 by its calls' (the profile is of a build with
   -DPROFILED, where push and push2 were not inlined), calls push2 in every entry; with the
   body at 7, that call's frequency was 0.03, no longer "known hot" to
   GCC's inliner, which inlined push into main's three calls first and
   push2 into two of those copies only (tcc's sym_push and sym_push2,
   with its memset).  Raised with its body, push's call of push2 counts
   240, push2 is raised to it (callers come first), push2 is inlined
   into push, and push into main with it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-final { scan-dump autofdo "function push/\\d+: entered \\d+ times, raised to the 3 calls' \\d+" } } */
/* { dg-final { scan-dump autofdo "function push2/\\d+: entered \\d+ times, raised to the 1 calls' \\d+" } } */
/* { dg-final { scan-assembler-not "call\tpush2" } } */

#include <string.h>

#ifdef PROFILED
#define NOINLINE __attribute__ ((noinline))
#else
#define NOINLINE
#endif

struct sym
{
  int v, t, c;
  struct sym *prev;
  char pad[40];
};

static struct sym pool[4096];
static unsigned used;
static struct sym *top;

NOINLINE struct sym *
push2 (struct sym **ps, int v, int t)
{
  struct sym *s = &pool[used++ & 4095];
  memset (s, 0, sizeof *s);
  s->v = v;
  s->t = t;
  s->prev = *ps;
  *ps = s;
  return s;
}

NOINLINE struct sym *
push (int v, int t)
{
  struct sym *s = push2 (&top, v, t);
  if (v & 1)
    s->c = t;
  return s;
}

int
main (void)
{
  long sum = 0;
  for (int r = 0; r < 3000000; r++)
    {
      sum += push (r, r & 7)->c;
      sum += push (r + 1, 3)->c;
      if (r & 1)
	sum += push (r ^ 5, 1)->c;
    }
  return sum == 0;
}
