/* A loop entered after a call gets no estimate from the counts (the
   samples of the call's return land on its line: the loop's entry looks
   hotter than it is, its iterations fewer), and keeps none in the pass
   after "vect" that gives one to the loops made after the handoff:
   header copying has put the loop's test between it and the call by
   then, so its statements' positions say it is that loop, also where
   the inliner or ipa-cp copies it into another function (gawk's
   check_halt_state_context in re_search_internal).  The loop runs 5 to
   12 times (8.5 on average); its counts say 5, at least 4, which would
   keep -funroll-loops from unrolling it.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */
/* { dg-final { scan-dump autofdo_estimates ";; Function walk" } } */
/* { dg-final { scan-dump-not autofdo_estimates "iterations by the counts" } } */

#define N 256

struct table
{
  unsigned used;
  int a[N];
};

static struct table t;
static long marked;

__attribute__ ((noinline)) static unsigned
size_of (const struct table *h)
{
  return h->used;
}

__attribute__ ((noinline)) static void
walk (struct table *h)
{
  unsigned n = size_of (h);
  for (unsigned i = 0; i < n; i++)
    marked += h->a[i] & 1;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    t.a[i] = i;
  for (int r = 0; r < 40000; r++)
    {
      t.used = 5 + (r & 7);
      walk (&t);
    }
  if (marked != 40000 / 8 * (2 + 3 + 3 + 4 + 4 + 5 + 5 + 6))
    __builtin_abort ();
  return 0;
}
