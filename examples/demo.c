/* The example program of `make demo': the core of a small scripting
   language, a stack-machine interpreter.  Like the dispatch loop of a
   real interpreter (Lua's luaV_execute, CPython's _PyEval_EvalFrame),
   vm_run is an exported function; its arithmetic checks for overflow and
   falls back to a slow path, and a trace hook can be switched on from
   the environment.  Those checks almost never fire, but nothing in the
   source says so: the profile does.

   Usage: demo [N]  runs a loop of N iterations in the interpreter and
   prints its result (DEMO_TRACE=1 traces every instruction).

   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum op { PUSH, ADD, SUB, MUL, MOD, DUP, SWAP, JNZ, LOAD, STORE, CALL,
	  RET, HALT, DIV, CHK };

struct insn { enum op op; long arg; };

#define STACK_MAX 256
#define CALLS_MAX 32

static long stack[STACK_MAX];
static long vars[16];

/* Set from the environment: print every instruction executed.  */
int vm_tracing;
/* How often arithmetic left the range of long.  */
long vm_overflows;

void __attribute__ ((noreturn))
vm_fail (const char *what, long pc)
{
  fprintf (stderr, "demo: %s at %ld\n", what, pc);
  exit (2);
}

void
vm_trace (long pc, long sp)
{
  fprintf (stderr, "pc %ld sp %ld top %ld\n", pc, sp,
	   sp > 0 ? stack[sp - 1] : 0);
}

/* The result of OP on A and B when it does not fit in a long: wrap
   around, and count it.  */
long
vm_slow_arith (enum op op, long a, long b)
{
  vm_overflows++;
  switch (op)
    {
    case ADD:
      return (long) ((unsigned long) a + (unsigned long) b);
    case SUB:
      return (long) ((unsigned long) a - (unsigned long) b);
    default:
      return (long) ((unsigned long) a * (unsigned long) b);
    }
}

/* Run CODE (N instructions) from its first one until HALT; return the
   top of the stack then.  */
long
vm_run (const struct insn *code, long n)
{
  long sp = 0, pc = 0, rstack[CALLS_MAX], rsp = 0;
  for (;;)
    {
      if (pc < 0 || pc >= n)
	vm_fail ("pc out of range", pc);
      const struct insn *i = &code[pc++];
      if (vm_tracing)
	vm_trace (pc - 1, sp);
      switch (i->op)
	{
	case PUSH:
	  stack[sp++] = i->arg;
	  break;
	case ADD:
	  sp--;
	  if (__builtin_add_overflow (stack[sp - 1], stack[sp],
				      &stack[sp - 1]))
	    stack[sp - 1] = vm_slow_arith (ADD, stack[sp - 1], stack[sp]);
	  break;
	case SUB:
	  sp--;
	  if (__builtin_sub_overflow (stack[sp - 1], stack[sp],
				      &stack[sp - 1]))
	    stack[sp - 1] = vm_slow_arith (SUB, stack[sp - 1], stack[sp]);
	  break;
	case MUL:
	  sp--;
	  if (__builtin_mul_overflow (stack[sp - 1], stack[sp],
				      &stack[sp - 1]))
	    stack[sp - 1] = vm_slow_arith (MUL, stack[sp - 1], stack[sp]);
	  break;
	case DIV:
	  sp--;
	  if (stack[sp] == 0)
	    vm_fail ("division by zero", pc);
	  stack[sp - 1] /= stack[sp];
	  break;
	case MOD:
	  sp--;
	  if (stack[sp] == 0)
	    vm_fail ("division by zero", pc);
	  stack[sp - 1] %= stack[sp];
	  break;
	case DUP:
	  stack[sp] = stack[sp - 1];
	  sp++;
	  break;
	case SWAP:
	  {
	    long t = stack[sp - 1];
	    stack[sp - 1] = stack[sp - 2];
	    stack[sp - 2] = t;
	    break;
	  }
	case JNZ:
	  if (stack[--sp])
	    pc = i->arg;
	  break;
	case LOAD:
	  stack[sp++] = vars[i->arg & 15];
	  break;
	case STORE:
	  vars[i->arg & 15] = stack[--sp];
	  break;
	case CALL:
	  if (rsp == CALLS_MAX)
	    vm_fail ("call stack overflow", pc);
	  rstack[rsp++] = pc;
	  pc = i->arg;
	  break;
	case RET:
	  pc = rstack[--rsp];
	  break;
	case CHK:
	  if (sp < 0 || sp > STACK_MAX - 6)
	    vm_fail ("stack out of range", pc);
	  break;
	case HALT:
	  return sp ? stack[sp - 1] : 0;
	}
    }
}

/* The script:
     sum = 0
     for i = N, 1, -1 do sum = (sum * 31 + f (i)) % 1000003 end
     return sum
   with f (x) = x * x % 7 + 1 a subroutine.  */
static const struct insn script[] = {
  /* 0 */ { PUSH, 0 }, { STORE, 1 },			/* sum = 0 */
  /* 2 */ { LOAD, 0 }, { STORE, 2 },			/* i = N */
  /* 4 */ { CHK, 0 }, { LOAD, 1 }, { PUSH, 31 }, { MUL, 0 },
  /* 8 */ { LOAD, 2 }, { CALL, 22 }, { ADD, 0 },	/* + f (i) */
  /* 11 */ { PUSH, 1000003 }, { MOD, 0 }, { STORE, 1 },
  /* 14 */ { LOAD, 2 }, { PUSH, 1 }, { SUB, 0 }, { DUP, 0 }, { STORE, 2 },
  /* 19 */ { JNZ, 4 },					/* while i != 0 */
  /* 20 */ { PUSH, 1 }, { JNZ, 29 },			/* goto 29 */
  /* 22 */ { DUP, 0 }, { MUL, 0 }, { PUSH, 7 }, { MOD, 0 },	/* f: */
  /* 26 */ { PUSH, 1 }, { ADD, 0 }, { RET, 0 },
  /* 29 */ { LOAD, 1 }, { HALT, 0 },			/* return sum */
};

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 10000000;
  if (n < 1)
    {
      fprintf (stderr, "usage: demo [N], N >= 1\n");
      return 1;
    }
  vm_tracing = getenv ("DEMO_TRACE") != NULL;
  vars[0] = n;
  printf ("%ld\n", vm_run (script, sizeof script / sizeof script[0]));
  if (vm_overflows)
    printf ("(%ld overflows)\n", vm_overflows);
  return 0;
}
