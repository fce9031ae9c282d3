/* An interpreter that dispatches with computed gotos, whose OP_LOOP is
   entered from the dispatch and directly from OP_CALL, both computing
   ra + 4 (lua 5.4's OP_TFORCALL and OP_TFORLOOP).  GCC's RTL PRE makes
   the computation in OP_LOOP redundant by inserting it on the edge from
   the dispatch, which, abnormal, cannot be split: the insertion goes to
   the end of the dispatch, which every instruction runs, and compgotos
   copies it into every handler.  With the profile saying the dispatch is
   hot and OP_LOOP is not, the insertion moves to the start of OP_LOOP:
   ra + 4 is computed in OP_CALL and OP_LOOP only (dispatch-sink-off.c:
   in the dispatch's copies too; dispatch-sink-run.c runs it).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin=%plugin% -fplugin-arg-afdo-profile=%profile% -fplugin-arg-afdo-dump" } */

extern void abort (void);

long *top;
long calls;

__attribute__ ((noinline)) void
produce (long *slot)
{
  calls++;
  slot[0] = calls % 3;
  slot[1] = calls;
}

#define NEXT					\
  do						\
    {						\
      i = *pc++;				\
      ra = base + (i >> 8 & 0xff);		\
      goto *table[i & 0xff];			\
    }						\
  while (0)

__attribute__ ((noinline)) long
run (const unsigned *pc, long *base)
{
  static void *const table[] = { &&op_halt, &&op_add, &&op_inc, &&op_call,
				 &&op_loop };
  unsigned i;
  long *ra;
  NEXT;
op_add:
  ra[0] += ra[1];
  NEXT;
op_inc:
  ra[0]++;
  NEXT;
op_call:
  top = ra + 4;
  produce (ra + 4);
  i = *pc++;
  goto l_loop;
op_loop:
l_loop:
  top = ra + 4;
  if (top[0] != 0)
    {
      ra[2] = top[1];
      pc -= i >> 16;
    }
  NEXT;
op_halt:
  return base[0];
}

int
main (void)
{
  static const unsigned prog[] = { 0x001, 0x002, 0x101, 0x002, 0x102, 0x001,
				   0x002, 0x101, 0x002, 0x102, 0x003,
				   0xb0004, 0x000 };
  static long regs[16];
  long acc = 0;
  for (int r = 0; r < 300000; r++)
    {
      regs[0] = r & 7;
      regs[1] = 3;
      acc += run (prog, regs);
    }
  if (acc != 1215006900005)
    abort ();
  return 0;
}

/* { dg-final { scan-dump autofdo_sink "bb \\d+: insn \\d+, moved to the start of bb \\d+ \\(count \\d+ against \\d+\\)" } } */
/* { dg-final { scan-dump autofdo_sink "run: 1 computations moved out of hot computed jumps' blocks" } } */
/* { dg-final { scan-assembler-times {leaq\s+32\(} 2 } } */
