/* Included by evidence-short-arm.c and evidence-short-arm-off.c: the
   top of an interpreter's dispatch loop, which records the line of each
   instruction it runs (gawk's r_interpret).  Nearly every instruction
   has a line, so the store runs about as often as the test; but in a
   profile of time samples the load of the line takes the samples, and
   the store after the branch none.  */

struct insn
{
  int line;
  int op;
};

int current_line;

__attribute__ ((noinline)) int
run (const struct insn *pc, int n)
{
  int acc = 0;
  for (int i = 0; i < n; i++)
    {
      if (pc[i].line > 0)
	current_line = pc[i].line;
      acc += pc[i].op * 3;
    }
  return acc;
}
