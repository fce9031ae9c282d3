/* The control-flow graph of a function of the profiled binary, built
   from its machine code with capstone (x86-64).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>
#include <string.h>

#include <capstone/capstone.h>

#include "afdo-map.h"
#include "bincfg.h"

/* How an instruction ends its block, while building.  */
enum
{
  K_NONE,
  K_JUMP,			/* direct unconditional jump */
  K_COND,			/* direct conditional jump */
  K_IJUMP,			/* indirect jump */
  K_RET,
  K_STOP			/* no successor: ud2, hlt, noreturn call */
};

/* Most entries a jump table is read for.  */
#define TABLE_MAX 4096
/* Instructions looked back at from an indirect jump for its table.  */
#define TABLE_LOOKBACK 12

/* Functions that do not return, called by name.  */
static const char *const noreturn_names[] = {
  "abort", "exit", "_exit", "_Exit", "quick_exit", "__stack_chk_fail",
  "__assert_fail", "__assert_perror_fail", "__assert", "longjmp",
  "_longjmp", "siglongjmp", "__longjmp_chk", "pthread_exit",
  "__cxa_throw", "__cxa_rethrow", "__cxa_bad_cast", "__cxa_bad_typeid",
  "__cxa_throw_bad_array_new_length", "_Unwind_Resume", "__fortify_fail",
  "__chk_fail", "err", "errx", "verr", "verrx", "error_at_line_noreturn",
  "__libc_fatal", "std::terminate", "_ZSt9terminatev",
  "__ubsan_handle_builtin_unreachable", "__builtin_unreachable", NULL
};

static bool
noreturn_name (const char *name)
{
  if (!name)
    return false;
  for (int i = 0; noreturn_names[i]; i++)
    if (!strcmp (name, noreturn_names[i]))
      return true;
  /* libstdc++'s std::__throw_* helpers.  */
  return !strncmp (name, "_ZSt", 4) && strstr (name, "__throw_") != NULL;
}

/* The instructions of one function while its CFG is built.  */
typedef struct builder
{
  const binary *bin;
  csh cs;
  cs_insn *ci;
  cfg_insn *insns;
  uint64_t *target;		/* direct jump target, per instruction */
  uint8_t *kind;
  uint8_t *part;		/* 0 hot, 1 cold */
  uint32_t *tab_first, *tab_n;	/* jump-table targets in TABS */
  uint32_t n, cap;
  uint64_t *tabs;
  uint32_t n_tabs, cap_tabs;
  /* The decoded registers and memory operands of the last instructions,
     for the jump-table pattern: kept per instruction as the capstone
     detail is not.  */
  struct insn_ops
  {
    unsigned id;
    uint8_t n_ops;
    cs_x86_op ops[2];
  } *ops;
  uint64_t lo[2], hi[2];	/* the parts' address ranges */
  uint32_t n_tables;
} builder;

static bool
grow (builder *b)
{
  if (b->n < b->cap)
    return true;
  uint32_t nc = b->cap ? 2 * b->cap : 64;
  void *p;
#define GROW(f)							\
  if (!(p = realloc (b->f, nc * sizeof *b->f)))			\
    return false;						\
  b->f = p;
  GROW (insns);
  GROW (target);
  GROW (kind);
  GROW (part);
  GROW (tab_first);
  GROW (tab_n);
  GROW (ops);
#undef GROW
  b->cap = nc;
  return true;
}

static bool
in_function (const builder *b, uint64_t a)
{
  return (a >= b->lo[0] && a < b->hi[0]) || (a >= b->lo[1] && a < b->hi[1]);
}

static bool
is_condmove (const cs_insn *ci)
{
  const char *m = ci->mnemonic;
  if (!strncmp (m, "cmov", 4) || !strncmp (m, "fcmov", 5))
    return true;
  if (!strncmp (m, "set", 3) && strcmp (m, "setssbsy") != 0)
    return true;
  /* sbb r, r: a mask of all ones or zeros from the carry flag.  */
  if (ci->id == X86_INS_SBB)
    {
      const cs_x86 *x = &ci->detail->x86;
      return x->op_count == 2 && x->operands[0].type == X86_OP_REG
	     && x->operands[1].type == X86_OP_REG
	     && x->operands[0].reg == x->operands[1].reg;
    }
  return false;
}

static bool
is_long_latency (const cs_insn *ci)
{
  const char *m = ci->mnemonic;
  return !strcmp (m, "div") || !strcmp (m, "idiv")
	 || !strncmp (m, "sqrt", 4) || !strncmp (m, "vsqrt", 5)
	 || !strncmp (m, "div", 3) || !strncmp (m, "vdiv", 4);
}

/* Decode [LO, HI) of the function as part PART.  */
static bool
decode_part (builder *b, uint64_t lo, uint64_t hi, uint8_t part)
{
  const uint8_t *p;
  size_t avail = binary_code (b->bin, lo, &p);
  size_t size = hi - lo < avail ? hi - lo : avail;
  uint64_t a = lo;
  while (size)
    {
      const uint8_t *before = p;
      if (!cs_disasm_iter (b->cs, &p, &size, &a, b->ci))
	{
	  /* Not an instruction (data in code): the previous block ends
	     there, and code resumes at the next byte.  */
	  if (b->n && b->part[b->n - 1] == part
	      && b->kind[b->n - 1] == K_NONE
	      && !(b->insns[b->n - 1].flags & CFG_I_CALL))
	    {
	      b->kind[b->n - 1] = K_STOP;
	      b->insns[b->n - 1].flags |= CFG_I_BRANCH;
	    }
	  p = before + 1;
	  size--;
	  a++;
	  continue;
	}
      if (!grow (b))
	return false;
      const cs_insn *ci = b->ci;
      const cs_x86 *x = &ci->detail->x86;
      uint32_t i = b->n++;
      cfg_insn *in = &b->insns[i];
      in->addr = ci->address;
      in->len = (uint8_t) ci->size;
      in->flags = 0;
      in->block = 0;
      b->target[i] = 0;
      b->kind[i] = K_NONE;
      b->part[i] = part;
      b->tab_first[i] = b->tab_n[i] = 0;
      b->ops[i].id = ci->id;
      b->ops[i].n_ops = x->op_count < 2 ? x->op_count : 2;
      memcpy (b->ops[i].ops, x->operands,
	      b->ops[i].n_ops * sizeof x->operands[0]);
      bool imm = x->op_count == 1 && x->operands[0].type == X86_OP_IMM;
      if (is_condmove (ci))
	in->flags |= CFG_I_CONDMOVE;
      if (ci->id == X86_INS_NOP
	  || (ci->id == X86_INS_XCHG && x->op_count == 2
	      && x->operands[0].type == X86_OP_REG
	      && x->operands[1].type == X86_OP_REG
	      && x->operands[0].reg == x->operands[1].reg))
	in->flags |= CFG_I_NOP;
      if (is_long_latency (ci))
	in->flags |= CFG_I_LONG;
      if (cs_insn_group (b->cs, ci, CS_GRP_CALL))
	{
	  in->flags |= CFG_I_CALL;
	  if (imm && noreturn_name (binary_callee_name_cs
				    (b->bin, (uint64_t) x->operands[0].imm,
				     b->cs)))
	    {
	      in->flags |= CFG_I_NORETURN | CFG_I_BRANCH;
	      b->kind[i] = K_STOP;
	    }
	}
      else if (cs_insn_group (b->cs, ci, CS_GRP_RET)
	       || ci->id == X86_INS_RETF || ci->id == X86_INS_RETFQ)
	{
	  in->flags |= CFG_I_BRANCH;
	  b->kind[i] = K_RET;
	}
      else if (cs_insn_group (b->cs, ci, CS_GRP_JUMP))
	{
	  in->flags |= CFG_I_BRANCH;
	  bool uncond = ci->id == X86_INS_JMP || ci->id == X86_INS_LJMP;
	  if (imm)
	    {
	      b->target[i] = (uint64_t) x->operands[0].imm;
	      b->kind[i] = uncond ? K_JUMP : K_COND;
	    }
	  else
	    b->kind[i] = K_IJUMP;
	}
      else if (ci->id == X86_INS_UD2 || ci->id == X86_INS_UD2B
	       || ci->id == X86_INS_HLT)
	{
	  in->flags |= CFG_I_BRANCH;
	  b->kind[i] = K_STOP;
	}
    }
  /* A call that is the last instruction of a part does not return.  */
  if (b->n && b->part[b->n - 1] == part
      && (b->insns[b->n - 1].flags & CFG_I_CALL)
      && b->kind[b->n - 1] == K_NONE)
    {
      b->insns[b->n - 1].flags |= CFG_I_NORETURN | CFG_I_BRANCH;
      b->kind[b->n - 1] = K_STOP;
    }
  return true;
}

static bool
is_reg (const struct insn_ops *o, int k, x86_reg r)
{
  return o->n_ops > k && o->ops[k].type == X86_OP_REG && o->ops[k].reg == r;
}

/* Read the jump table of the indirect jump I, when it has GCC's shape:
     lea    table(%rip), %rB
     movslq (%rB,%rY,4), %rD
     add    %rB, %rD            (either way round)
     jmp    *%rD
   with entries relative to the table, or  jmp *table(,%rY,8)  with
   absolute entries; bounded by a preceding  cmp $N, ...; ja.  The
   targets go to TABS.  False when out of memory.  */
static bool
read_table (builder *b, uint32_t i)
{
  const struct insn_ops *j = &b->ops[i];
  uint64_t table = 0;
  unsigned width = 0;		/* 4: relative entries, 8: absolute */
  uint32_t from = i;		/* where to look for the bound */
  if (j->n_ops != 1)
    return true;
  if (j->ops[0].type == X86_OP_MEM)
    {
      const x86_op_mem *m = &j->ops[0].mem;
      if (m->base != X86_REG_INVALID || m->index == X86_REG_INVALID
	  || m->scale != 8)
	return true;
      table = (uint64_t) m->disp;
      width = 8;
    }
  else if (j->ops[0].type == X86_OP_REG)
    {
      x86_reg jr = j->ops[0].reg, other = X86_REG_INVALID;
      x86_reg base = X86_REG_INVALID, dest = X86_REG_INVALID;
      uint32_t stop = i > TABLE_LOOKBACK ? i - TABLE_LOOKBACK : 0;
      for (uint32_t k = i; k-- > stop && b->part[k] == b->part[i];)
	{
	  const struct insn_ops *o = &b->ops[k];
	  if (other == X86_REG_INVALID)
	    {
	      if (o->id == X86_INS_ADD && is_reg (o, 0, jr) && o->n_ops == 2
		  && o->ops[1].type == X86_OP_REG)
		other = o->ops[1].reg;
	    }
	  else if (dest == X86_REG_INVALID)
	    {
	      if (o->id == X86_INS_MOVSXD && o->n_ops == 2
		  && o->ops[0].type == X86_OP_REG
		  && o->ops[1].type == X86_OP_MEM && o->ops[1].mem.scale == 4
		  && ((o->ops[0].reg == jr && o->ops[1].mem.base == other)
		      || (o->ops[0].reg == other
			  && o->ops[1].mem.base == jr)))
		{
		  dest = o->ops[0].reg;
		  base = o->ops[1].mem.base;
		  from = k;
		}
	    }
	  else if (o->id == X86_INS_LEA && is_reg (o, 0, base) && o->n_ops == 2
		   && o->ops[1].type == X86_OP_MEM
		   && o->ops[1].mem.base == X86_REG_RIP
		   && o->ops[1].mem.index == X86_REG_INVALID)
	    {
	      table = b->insns[k].addr + b->insns[k].len
		      + (uint64_t) o->ops[1].mem.disp;
	      width = 4;
	      if (k < from)
		from = k;
	      break;
	    }
	}
      if (!width)
	return true;
    }
  else
    return true;

  /* The bound: cmp $N, ... right before a ja, a little before.  */
  uint64_t n_max = TABLE_MAX;
  uint32_t stop = from > TABLE_LOOKBACK ? from - TABLE_LOOKBACK : 0;
  for (uint32_t k = from; k-- > stop + 1;)
    if (b->ops[k].id == X86_INS_JA && b->ops[k - 1].id == X86_INS_CMP
	&& b->ops[k - 1].n_ops == 2 && b->ops[k - 1].ops[1].type == X86_OP_IMM
	&& b->ops[k - 1].ops[1].imm >= 0
	&& b->ops[k - 1].ops[1].imm < TABLE_MAX)
      {
	n_max = (uint64_t) b->ops[k - 1].ops[1].imm + 1;
	break;
      }

  const uint8_t *p;
  size_t avail = binary_data (b->bin, table, &p);
  uint32_t first = b->n_tabs, n = 0;
  for (uint64_t e = 0; e < n_max && (e + 1) * width <= avail; e++)
    {
      uint64_t t;
      if (width == 4)
	{
	  int32_t rel;
	  memcpy (&rel, p + e * 4, 4);
	  t = table + (uint64_t) (int64_t) rel;
	}
      else
	memcpy (&t, p + e * 8, 8);
      if (!in_function (b, t))
	break;
      if (b->n_tabs == b->cap_tabs)
	{
	  uint32_t nc = b->cap_tabs ? 2 * b->cap_tabs : 64;
	  uint64_t *v = realloc (b->tabs, nc * sizeof *v);
	  if (!v)
	    return false;
	  b->tabs = v;
	  b->cap_tabs = nc;
	}
      b->tabs[b->n_tabs++] = t;
      n++;
    }
  if (n)
    {
      b->tab_first[i] = first;
      b->tab_n[i] = n;
      b->n_tables++;
    }
  return true;
}

long
cfg_insn_at (const bincfg *g, uint64_t addr)
{
  uint32_t lo = 0, hi = g->n_insns;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (g->insns[mid].addr < addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  return lo < g->n_insns && g->insns[lo].addr == addr ? (long) lo : -1;
}

/* The name of the hot part of a .cold part NAME (foo.cold, foo.cold.0),
   in BUF; false when NAME is not one.  */
static bool
hot_name (const char *name, char *buf, size_t size)
{
  const char *c = strstr (name, ".cold");
  if (!c || c == name)
    return false;
  const char *e = c + 5;
  if (*e == '.')
    for (e++; *e >= '0' && *e <= '9'; e++)
      ;
  if (*e || (size_t) (c - name) >= size)
    return false;
  memcpy (buf, name, (size_t) (c - name));
  buf[c - name] = 0;
  return true;
}

/* The hot part of the function whose symbol is FN, and its cold part in
   *COLD (NULL when none).  */
static const bin_func *
function_parts (const binary *bin, const bin_func *fn, const bin_func **cold)
{
  char buf[512];
  *cold = NULL;
  if (hot_name (fn->name, buf, sizeof buf))
    {
      const bin_func *h = binary_func_named (bin, buf, fn->addr);
      if (!h)
	return fn;
      *cold = fn;
      return h;
    }
  if (strlen (fn->name) + 6 > sizeof buf)
    return fn;
  strcpy (buf, fn->name);
  strcat (buf, ".cold");
  *cold = binary_func_named (bin, buf, fn->addr);
  return fn;
}

static void
builder_free (builder *b)
{
  free (b->insns);
  free (b->target);
  free (b->kind);
  free (b->part);
  free (b->tab_first);
  free (b->tab_n);
  free (b->ops);
  free (b->tabs);
  if (b->ci)
    cs_free (b->ci, 1);
}

void
bincfg_free (bincfg *g)
{
  if (!g)
    return;
  free (g->insns);
  free (g->blocks);
  free (g->succs);
  free (g->preds);
  free (g);
}

static int
u32_cmp (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

bincfg *
bincfg_build (const binary *bin, const bin_func *fn)
{
  return bin->cs_open ? bincfg_build_cs (bin, fn, bin->cs) : NULL;
}

bincfg *
bincfg_build_cs (const binary *bin, const bin_func *fn, size_t cs)
{
  builder b;
  memset (&b, 0, sizeof b);
  b.bin = bin;
  b.cs = (csh) cs;
  bincfg *g = calloc (1, sizeof *g);
  uint8_t *leader = NULL;
  uint32_t *nsucc = NULL;
  if (!g || !(b.ci = cs_malloc (b.cs)))
    goto fail;
  g->hot = function_parts (bin, fn, &g->cold);
  const bin_func *parts[2] = { g->hot, g->cold };
  b.lo[0] = g->hot->addr;
  b.hi[0] = g->hot->addr + (g->hot->size ? g->hot->size : 1);
  if (g->cold)
    {
      b.lo[1] = g->cold->addr;
      b.hi[1] = g->cold->addr + (g->cold->size ? g->cold->size : 1);
    }
  /* Decode the parts in address order, so that the instructions are
     sorted.  */
  int order[2] = { 0, 1 };
  if (g->cold && g->cold->addr < g->hot->addr)
    order[0] = 1, order[1] = 0;
  for (int k = 0; k < 2; k++)
    {
      const bin_func *f = parts[order[k]];
      if (f && !decode_part (&b, f->addr, f->addr + (f->size ? f->size : 1),
			     (uint8_t) order[k]))
	goto fail;
    }
  g->insns = b.insns;
  g->n_insns = b.n;
  if (!g->n_insns)
    goto fail;
  for (uint32_t i = 0; i < g->n_insns; i++)
    if (b.kind[i] == K_IJUMP && !read_table (&b, i))
      goto fail;
  g->n_tables = b.n_tables;

  /* Leaders.  */
  leader = calloc (g->n_insns + 1, 1);
  if (!leader)
    goto fail;
  leader[0] = 1;
  for (uint32_t i = 0; i < g->n_insns; i++)
    {
      long t;
      if (i + 1 < g->n_insns
	  && ((g->insns[i].flags & CFG_I_BRANCH) || b.part[i + 1] != b.part[i]
	      || g->insns[i].addr + g->insns[i].len != g->insns[i + 1].addr))
	leader[i + 1] = 1;
      /* 2: a leader that is the target of a jump.  */
      if ((b.kind[i] == K_JUMP || b.kind[i] == K_COND)
	  && (t = cfg_insn_at (g, b.target[i])) >= 0)
	leader[t] = 2;
      for (uint32_t e = 0; e < b.tab_n[i]; e++)
	if ((t = cfg_insn_at (g, b.tabs[b.tab_first[i] + e])) >= 0)
	  leader[t] = 2;
    }
  long entry = cfg_insn_at (g, g->hot->addr);
  if (entry >= 0)
    leader[entry] = 2;
  leader[0] = 2;
  uint32_t nb = 0;
  for (uint32_t i = 0; i < g->n_insns; i++)
    nb += leader[i] != 0;
  g->blocks = calloc (nb, sizeof *g->blocks);
  if (!g->blocks)
    goto fail;
  for (uint32_t i = 0, k = 0; i < g->n_insns; i++)
    {
      if (leader[i])
	{
	  k = g->n_blocks++;
	  g->blocks[k].first = i;
	  if (leader[i] == 1)
	    g->blocks[k].flags |= CFG_PAD;
	}
      if (!(g->insns[i].flags & CFG_I_NOP))
	g->blocks[k].flags &= (uint8_t) ~CFG_PAD;
      g->blocks[k].n++;
      g->insns[i].block = k;
    }
  g->entry = entry >= 0 ? g->insns[entry].block : 0;

  /* Successors: at most two, or a table's.  */
  uint32_t n_edges = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    {
      uint32_t last = g->blocks[k].first + g->blocks[k].n - 1;
      n_edges += b.kind[last] == K_IJUMP ? b.tab_n[last] : 2;
    }
  g->succs = malloc ((n_edges ? n_edges : 1) * sizeof *g->succs);
  g->preds = malloc ((n_edges ? n_edges : 1) * sizeof *g->preds);
  nsucc = calloc (g->n_blocks + 1, sizeof *nsucc);
  if (!g->succs || !g->preds || !nsucc)
    goto fail;
  uint32_t ne = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    {
      cfg_block *bl = &g->blocks[k];
      uint32_t last = bl->first + bl->n - 1;
      bool falls = b.kind[last] == K_NONE || b.kind[last] == K_COND;
      bl->succ = ne;
      if (bl->flags & CFG_PAD)
	continue;
      if (b.kind[last] == K_JUMP || b.kind[last] == K_COND)
	{
	  long t = cfg_insn_at (g, b.target[last]);
	  if (t >= 0)
	    g->succs[ne++] = g->insns[t].block;
	  else
	    bl->flags |= in_function (&b, b.target[last])
			 ? CFG_UNKNOWN : CFG_EXIT;
	}
      else if (b.kind[last] == K_IJUMP)
	{
	  if (!b.tab_n[last])
	    bl->flags |= CFG_UNKNOWN;
	  for (uint32_t e = 0; e < b.tab_n[last]; e++)
	    {
	      long t = cfg_insn_at (g, b.tabs[b.tab_first[last] + e]);
	      if (t >= 0)
		g->succs[ne++] = g->insns[t].block;
	    }
	}
      else if (b.kind[last] != K_NONE)
	bl->flags |= CFG_EXIT;
      if (falls)
	{
	  if (last + 1 < g->n_insns && b.part[last + 1] == b.part[last]
	      && g->insns[last].addr + g->insns[last].len
		 == g->insns[last + 1].addr)
	    g->succs[ne++] = k + 1;
	  else
	    bl->flags |= CFG_EXIT;
	}
      /* Each successor once.  */
      bl->n_succ = ne - bl->succ;
      if (bl->n_succ > 1)
	{
	  qsort (g->succs + bl->succ, bl->n_succ, sizeof *g->succs, u32_cmp);
	  uint32_t o = 1;
	  for (uint32_t e = 1; e < bl->n_succ; e++)
	    if (g->succs[bl->succ + e] != g->succs[bl->succ + o - 1])
	      g->succs[bl->succ + o++] = g->succs[bl->succ + e];
	  ne = bl->succ + o;
	  bl->n_succ = o;
	}
    }
  /* Predecessors, grouped by block.  */
  for (uint32_t e = 0; e < ne; e++)
    nsucc[g->succs[e]]++;
  for (uint32_t k = 0, at = 0; k < g->n_blocks; k++)
    {
      g->blocks[k].pred = at;
      at += nsucc[k];
      nsucc[k] = 0;
    }
  for (uint32_t k = 0; k < g->n_blocks; k++)
    for (uint32_t e = 0; e < g->blocks[k].n_succ; e++)
      {
	cfg_block *to = &g->blocks[g->succs[g->blocks[k].succ + e]];
	g->preds[to->pred + to->n_pred++] = k;
      }
  free (leader);
  free (nsucc);
  b.insns = NULL;
  builder_free (&b);
  return g;
fail:
  free (leader);
  free (nsucc);
  if (g && g->insns == b.insns)
    g->insns = NULL;
  builder_free (&b);
  bincfg_free (g);
  return NULL;
}

struct cfg_cache
{
  const binary *bin;
  afdo_map index;		/* (hot part's address, 0) -> position + 1 */
  bincfg **v;
  uint32_t n, cap;
  /* CFGs built ahead (cfg_cache_offer), not yet taken.  */
  afdo_map offered;		/* (hot part's address, 0) -> position + 1 */
  bincfg **o;
  uint32_t n_o, cap_o;
};

cfg_cache *
cfg_cache_new (const binary *bin)
{
  cfg_cache *c = calloc (1, sizeof *c);
  if (c)
    c->bin = bin;
  return c;
}

void
cfg_cache_free (cfg_cache *c)
{
  if (!c)
    return;
  for (uint32_t i = 0; i < c->n; i++)
    bincfg_free (c->v[i]);
  free (c->v);
  afdo_map_free (&c->index);
  for (uint32_t i = 0; i < c->n_o; i++)
    bincfg_free (c->o[i]);
  free (c->o);
  afdo_map_free (&c->offered);
  free (c);
}

bool
cfg_cache_offer (cfg_cache *c, bincfg *g)
{
  if (c->n_o == c->cap_o)
    {
      uint32_t nc = c->cap_o ? 2 * c->cap_o : 64;
      bincfg **v = realloc (c->o, nc * sizeof *v);
      if (!v)
	{
	  bincfg_free (g);
	  return false;
	}
      c->o = v;
      c->cap_o = nc;
    }
  if (!afdo_map_put (&c->offered, g->hot->addr, 0, c->n_o + 1))
    {
      bincfg_free (g);
      return false;
    }
  c->o[c->n_o++] = g;
  return true;
}

const bin_func *
cfg_hot_part (const binary *bin, uint64_t addr)
{
  const bin_func *fn = binary_func_at (bin, addr);
  const bin_func *cold;
  return fn ? function_parts (bin, fn, &cold) : NULL;
}

const bincfg *
cfg_get (cfg_cache *c, uint64_t addr)
{
  const bin_func *fn = binary_func_at (c->bin, addr);
  if (!fn)
    return NULL;
  const bin_func *cold;
  const bin_func *hot = function_parts (c->bin, fn, &cold);
  uint64_t at = afdo_map_get (&c->index, hot->addr, 0);
  if (at)
    return c->v[at - 1];
  if (c->n == c->cap)
    {
      uint32_t nc = c->cap ? 2 * c->cap : 64;
      bincfg **v = realloc (c->v, nc * sizeof *v);
      if (!v)
	return NULL;
      c->v = v;
      c->cap = nc;
    }
  bincfg *g = NULL;
  uint64_t o = afdo_map_get (&c->offered, hot->addr, 0);
  if (o && c->o[o - 1])
    {
      g = c->o[o - 1];
      c->o[o - 1] = NULL;
    }
  else
    g = bincfg_build (c->bin, hot);
  if (!g || !afdo_map_put (&c->index, hot->addr, 0, c->n + 1))
    {
      bincfg_free (g);
      return NULL;
    }
  g->id = c->n;
  c->v[c->n++] = g;
  return g;
}

const bincfg *
cfg_lookup (const cfg_cache *c, uint64_t addr)
{
  const bin_func *fn = binary_func_at (c->bin, addr);
  if (!fn)
    return NULL;
  const bin_func *cold;
  const bin_func *hot = function_parts (c->bin, fn, &cold);
  uint64_t at = afdo_map_get (&c->index, hot->addr, 0);
  return at ? c->v[at - 1] : NULL;
}

uint32_t
cfg_count (const cfg_cache *c)
{
  return c->n;
}

const bincfg *
cfg_nth (const cfg_cache *c, uint32_t i)
{
  return c->v[i];
}
