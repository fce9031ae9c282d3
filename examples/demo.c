/* The example program of `make demo`: a tiny stack-machine interpreter
   running a workload whose branches are heavily biased, the kind of
   program whose layout and inlining feedback-directed optimization
   improves.
   Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum op { PUSH, ADD, SUB, MUL, MOD, DUP, SWAP, JNZ, LOAD, STORE, CALL,
	  RET, HALT, DIV, CHK };

struct insn { enum op op; long arg; };

static long stack[256];
static long vars[16];

static void __attribute__ ((noinline))
fail (const char *what, long pc)
{
  fprintf (stderr, "demo: %s at %ld\n", what, pc);
  exit (2);
}

static long
run (const struct insn *code, long n)
{
  long sp = 0, pc = 0, rstack[32], rsp = 0;
  for (;;)
    {
      if (pc < 0 || pc >= n)
	fail ("pc out of range", pc);
      const struct insn *i = &code[pc++];
      switch (i->op)
	{
	case PUSH: stack[sp++] = i->arg; break;
	case ADD: sp--; stack[sp - 1] += stack[sp]; break;
	case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
	case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
	case DIV:
	  sp--;
	  if (stack[sp] == 0)
	    fail ("division by zero", pc);
	  stack[sp - 1] /= stack[sp];
	  break;
	case MOD:
	  sp--;
	  if (stack[sp] == 0)
	    fail ("division by zero", pc);
	  stack[sp - 1] %= stack[sp];
	  break;
	case DUP: stack[sp] = stack[sp - 1]; sp++; break;
	case SWAP:
	  {
	    long t = stack[sp - 1];
	    stack[sp - 1] = stack[sp - 2];
	    stack[sp - 2] = t;
	    break;
	  }
	case JNZ: if (stack[--sp]) pc = i->arg; break;
	case LOAD: stack[sp++] = vars[i->arg & 15]; break;
	case STORE: vars[i->arg & 15] = stack[--sp]; break;
	case CALL:
	  if (rsp == 32)
	    fail ("call stack overflow", pc);
	  rstack[rsp++] = pc;
	  pc = i->arg;
	  break;
	case RET: pc = rstack[--rsp]; break;
	case CHK:
	  if (sp < 0 || sp > 250)
	    fail ("stack out of range", pc);
	  break;
	case HALT: return sp ? stack[sp - 1] : 0;
	}
    }
}

/* sum = 0; for (i = N; i; i--) sum = (sum * 31 + f (i)) % 1000003;
   with f (x) = x * x % 7 + 1 as a subroutine.  */
static const struct insn program[] = {
  /* 0 */ { PUSH, 0 }, { STORE, 1 },		/* sum = 0 */
  /* 2 */ { LOAD, 0 }, { STORE, 2 },		/* i = N */
  /* 4 */ { CHK, 0 }, { LOAD, 1 }, { PUSH, 31 }, { MUL, 0 },
  /* 8 */ { LOAD, 2 }, { CALL, 20 }, { ADD, 0 },
  /* 11 */ { PUSH, 1000003 }, { MOD, 0 }, { STORE, 1 },
  /* 14 */ { LOAD, 2 }, { PUSH, 1 }, { SUB, 0 }, { DUP, 0 }, { STORE, 2 },
  /* 19 */ { JNZ, 4 },
  /* 20 is below */
};

static const struct insn subroutine[] = {
  /* 20 */ { DUP, 0 }, { MUL, 0 }, { PUSH, 7 }, { MOD, 0 }, { PUSH, 1 },
  /* 25 */ { ADD, 0 }, { RET, 0 },
};

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 30000000;
  struct insn code[64];
  long len = 0;
  memcpy (code, program, sizeof program);
  len = sizeof program / sizeof program[0];
  /* Patch: after the loop (pc 19 falls through to 20), jump over the
     subroutine to a HALT that leaves sum on the stack.  */
  code[len++] = (struct insn) { PUSH, 1 };
  code[len++] = (struct insn) { JNZ, 29 };
  memcpy (code + len, subroutine, sizeof subroutine);
  len += sizeof subroutine / sizeof subroutine[0];
  code[len++] = (struct insn) { LOAD, 1 };
  code[len++] = (struct insn) { HALT, 0 };
  /* The CALL targets and jumps above assume this layout.  */
  for (long k = 0; k < len; k++)
    if (code[k].op == CALL)
      code[k].arg = 22;
  vars[0] = n;
  printf ("%ld\n", run (code, len));
  return 0;
}
