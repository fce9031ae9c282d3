/* afdo benchmark program: a switch-heavy interpreter loop.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */
/* A switch-heavy interpreter loop: a small stack machine whose program
   (a sieve, a checksum loop and a call-heavy recursion) is built at run
   time.  The opcode mix is very uneven, which a profile can exploit in
   the switch's layout and in the jump-table versus compare-chain choice.

   bench: full=110 small=3  (argument: repetitions of the program)  */

#include <stdio.h>
#include <stdlib.h>

enum op
{
  OP_PUSH, OP_POP, OP_DUP, OP_SWAP, OP_OVER, OP_ADD, OP_SUB, OP_MUL,
  OP_DIV, OP_MOD, OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR, OP_LT, OP_EQ,
  OP_NOT, OP_JMP, OP_JZ, OP_JNZ, OP_LOAD, OP_STORE, OP_LOADI, OP_STOREI,
  OP_CALL, OP_RET, OP_INC, OP_DEC, OP_HALT, OP_NOP, OP_PRINT
};

#define MEM 65536
static long mem[MEM];
static int code[4096];
static int ncode;
static long out_sum;

static int
emit (int op)
{
  code[ncode] = op;
  return ncode++;
}

static void
emit2 (int op, int arg)
{
  emit (op);
  emit (arg);
}

static long
execute (int pc)
{
  long stack[256];
  int rstack[64];
  int sp = 0, rsp = 0;
  for (;;)
    {
      int op = code[pc++];
      long a, b;
      switch (op)
        {
        case OP_PUSH: stack[sp++] = code[pc++]; break;
        case OP_POP: sp--; break;
        case OP_DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case OP_SWAP: a = stack[sp - 1]; stack[sp - 1] = stack[sp - 2];
          stack[sp - 2] = a; break;
        case OP_OVER: stack[sp] = stack[sp - 2]; sp++; break;
        case OP_ADD: b = stack[--sp]; stack[sp - 1] += b; break;
        case OP_SUB: b = stack[--sp]; stack[sp - 1] -= b; break;
        case OP_MUL: b = stack[--sp]; stack[sp - 1] *= b; break;
        case OP_DIV: b = stack[--sp]; stack[sp - 1] = b ? stack[sp - 1] / b : 0;
          break;
        case OP_MOD: b = stack[--sp]; stack[sp - 1] = b ? stack[sp - 1] % b : 0;
          break;
        case OP_AND: b = stack[--sp]; stack[sp - 1] &= b; break;
        case OP_OR: b = stack[--sp]; stack[sp - 1] |= b; break;
        case OP_XOR: b = stack[--sp]; stack[sp - 1] ^= b; break;
        case OP_SHL: b = stack[--sp]; stack[sp - 1] <<= (b & 63); break;
        case OP_SHR: b = stack[--sp]; stack[sp - 1] >>= (b & 63); break;
        case OP_LT: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] < b; break;
        case OP_EQ: b = stack[--sp]; stack[sp - 1] = stack[sp - 1] == b; break;
        case OP_NOT: stack[sp - 1] = !stack[sp - 1]; break;
        case OP_JMP: pc = code[pc]; break;
        case OP_JZ: a = stack[--sp]; pc = a ? pc + 1 : code[pc]; break;
        case OP_JNZ: a = stack[--sp]; pc = a ? code[pc] : pc + 1; break;
        case OP_LOAD: stack[sp++] = mem[code[pc++] & (MEM - 1)]; break;
        case OP_STORE: mem[code[pc++] & (MEM - 1)] = stack[--sp]; break;
        case OP_LOADI: stack[sp - 1] = mem[stack[sp - 1] & (MEM - 1)]; break;
        case OP_STOREI: a = stack[--sp]; b = stack[--sp];
          mem[a & (MEM - 1)] = b; break;
        case OP_CALL: rstack[rsp++] = pc + 1; pc = code[pc]; break;
        case OP_RET: if (rsp == 0) return stack[sp - 1];
          pc = rstack[--rsp]; break;
        case OP_INC: stack[sp - 1]++; break;
        case OP_DEC: stack[sp - 1]--; break;
        case OP_HALT: return sp ? stack[sp - 1] : 0;
        case OP_NOP: break;
        case OP_PRINT: out_sum += stack[--sp]; break;
        default:
          fprintf (stderr, "bad opcode %d at %d\n", op, pc - 1);
          exit (1);
        }
    }
}

static unsigned gen_state = 2463534242u;

static unsigned
gen (unsigned n)
{
  gen_state ^= gen_state << 13;
  gen_state ^= gen_state >> 17;
  gen_state ^= gen_state << 5;
  return gen_state % n;
}

/* Emit a stack-balanced random block of about LEN operations drawn from
   an uneven opcode mix.  SUB_PC >= 0 allows calls to a subroutine.  */
static void
emit_block (int len, int sub_pc)
{
  int depth = 0;
  for (int i = 0; i < len; i++)
    {
      unsigned r = gen (100);
      if (depth < 2 || (r < 22 && depth < 60))
        {
          if (r & 1)
            emit2 (OP_PUSH, (int) gen (1000) + 1);
          else
            emit2 (OP_LOAD, (int) gen (64) + 8);
          depth++;
        }
      else if (r < 40)
        { emit (OP_ADD); depth--; }
      else if (r < 48)
        { emit (OP_XOR); depth--; }
      else if (r < 54 && depth < 60)
        { emit (OP_DUP); depth++; }
      else if (r < 59)
        { emit (OP_MUL); depth--; }
      else if (r < 64)
        { emit2 (OP_STORE, (int) gen (64) + 8); depth--; }
      else if (r < 68)
        emit (OP_SWAP);
      else if (r < 71 && depth < 60)
        { emit (OP_OVER); depth++; }
      else if (r < 74)
        { emit (OP_SUB); depth--; }
      else if (r < 77)
        emit (OP_INC);
      else if (r < 79)
        { emit (OP_AND); depth--; }
      else if (r < 81)
        { emit (OP_PUSH); emit (3); emit (OP_SHR); }
      else if (r < 83)
        { emit (OP_LT); depth--; }
      else if (r < 86)
        {
          /* if (top & 1) top++ : a short conditional forward jump.  */
          emit (OP_DUP); emit2 (OP_PUSH, 1); emit (OP_AND);
          emit (OP_JZ); int fix = emit (0);
          emit (OP_INC);
          code[fix] = ncode;
        }
      else if (r < 88 && sub_pc >= 0)
        { emit (OP_CALL); emit (sub_pc); }
      else if (r < 89)
        { emit (OP_NOT); }
      else if (r < 90)
        { emit (OP_MOD); depth--; }
      else if (r < 91)
        { emit (OP_DIV); depth--; }
      else if (r < 92)
        { emit (OP_EQ); depth--; }
      else if (r < 93)
        { emit (OP_DEC); }
      else if (r < 94)
        { emit (OP_NOP); }
      else if (r < 96)
        { emit (OP_PUSH); emit (2); emit (OP_SHL); }
      else
        { emit (OP_OR); depth--; }
    }
  while (depth > 0)
    {
      emit (OP_PRINT);
      depth--;
    }
}

int
main (int argc, char **argv)
{
  int reps = argc > 1 ? atoi (argv[1]) : 10;
  gen_state += argc > 2 ? (unsigned) atoi (argv[2]) : 0;
  /* The subroutine: operates on memory only, stack balanced.  */
  emit2 (OP_JMP, 0);
  int sub = ncode;
  emit_block (40, -1);
  emit (OP_RET);
  code[1] = ncode;
  /* Main loop: mem[0] counts down from 20000 * reps.  */
  emit2 (OP_PUSH, 20000 * reps);
  emit2 (OP_STORE, 0);
  int loop = ncode;
  emit_block (300, sub);
  emit2 (OP_LOAD, 0);
  emit (OP_DEC);
  emit (OP_DUP);
  emit2 (OP_STORE, 0);
  emit2 (OP_JNZ, loop);
  emit (OP_HALT);
  long r = execute (0);
  printf ("%ld %ld %d\n", r, out_sum, ncode);
  return 0;
}
