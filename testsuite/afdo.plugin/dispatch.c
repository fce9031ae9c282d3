/* An interpreter that dispatches with computed gotos.  Every handler
   ends the same way: a test for a hook, the fetch, the jump through the
   table.  In hot code GCC 12's cross-jumping merges those tails, and
   compgotos has few handlers left to copy the indirect jump into: at
   -O2 this function has three.  With the profile saying the dispatch is
   hot, cross-jumping is off for the function and every handler keeps a
   jump of its own (dispatch-off.c: without the rule; dispatch-run.c
   runs it).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile%" } */

extern void abort (void);

volatile int hook;
int hooks;

#define NEXT					\
  do						\
    {						\
      if (__builtin_expect (hook, 0))		\
	hooks++;				\
      op = *pc++;				\
      goto *table[op];				\
    }						\
  while (0)

__attribute__ ((noinline)) long
run (const unsigned char *pc, long acc)
{
  static void *const table[] = { &&op_halt, &&op_inc, &&op_dbl, &&op_dec,
				 &&op_neg, &&op_sq, &&op_half };
  unsigned op;
  NEXT;
op_inc:
  acc += 1;
  NEXT;
op_dbl:
  acc += acc;
  NEXT;
op_dec:
  acc -= 3;
  NEXT;
op_neg:
  acc = -acc;
  NEXT;
op_sq:
  acc = acc * acc % 1000003;
  NEXT;
op_half:
  acc >>= 1;
  NEXT;
op_halt:
  return acc;
}

int
main (void)
{
  static const unsigned char prog[] = { 1, 2, 5, 3, 4, 1, 6, 2, 3, 5, 1, 0 };
  long acc = 7;
  for (int i = 0; i < 200000; i++)
    acc = run (prog, acc) & 0xffff;
  if (acc != 0x8f95)
    abort ();
  return 0;
}

/* At least one indirect jump for each of the six handlers that
   dispatch, and the entry's.  */
/* { dg-final { scan-assembler {(?:jmp\s+\*.*){7}} } } */
