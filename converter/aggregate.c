/* Aggregation (seed paper 000, Algorithm 1): the binary-level profile,
   symbolized address by address, becomes the profile tree.  A source
   position's count is the MAX over the instructions mapped to it; with
   LBR, instruction counts come from a sweep over the ranges; branches to
   function entries give head counts and indirect-call targets.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"

typedef struct agg
{
  afdo_profile *prof;
  symbolizer *sym;
  const binary *bin;
} agg;

/* The profile instance of SCOPE (cached in its aux field).  */
static afdo_function *
instance (agg *g, sym_scope *sc)
{
  if (sc->aux)
    return sc->aux;
  if (!sc->name)
    return NULL;
  afdo_function *f;
  uint32_t name = afdo_intern_str (g->prof, sc->name);
  if (!sc->parent)
    f = afdo_top (g->prof, name, true);
  else
    {
      afdo_function *p = instance (g, sc->parent);
      if (!p)
	return NULL;
      afdo_key_t key = AFDO_KEY ((uint32_t) sc->call_line
				 - (uint32_t) sc->parent->decl_line,
				 sc->call_disc);
      f = afdo_callee (g->prof, p, key, name, true);
    }
  sc->aux = f;
  return f;
}

/* The outermost scope of the function whose entry is ADDR; NULL when
   ADDR is not the address of a function symbol or has no DWARF.  */
static sym_scope *
entry_scope (agg *g, uint64_t addr)
{
  const bin_func *fn = binary_func_at (g->bin, addr);
  if (!fn || fn->addr != addr)
    return NULL;
  sym_result r;
  symbolize (g->sym, addr, &r);
  if (!r.scope)
    return NULL;
  const sym_scope *top = r.scope;
  while (top->parent)
    top = top->parent;
  return (sym_scope *) top;
}

/* The top-level instance of the function whose entry is ADDR, or
   NULL.  */
static afdo_function *
entry_instance (agg *g, uint64_t addr)
{
  sym_scope *top = entry_scope (g, addr);
  return top ? instance (g, top) : NULL;
}

/* Whether ADDR is a part GCC split off a function (NAME.part.N): a call
   to it is no call of the source, but the jump to the rest of a
   function, often the caller's own.  */
static bool
split_part_p (agg *g, uint64_t addr)
{
  const bin_func *fn = binary_func_at (g->bin, addr);
  return fn && fn->name && strstr (fn->name, ".part.");
}

/* The profile's name of the function a direct call to ADDR calls,
   interned; UINT32_MAX for no function of the binary with DWARF (a PLT
   entry, a function of another object) and for a split part.  */
static uint32_t
entry_name (agg *g, uint64_t addr)
{
  if (split_part_p (g, addr))
    return UINT32_MAX;
  const sym_scope *top = entry_scope (g, addr);
  return top && top->name ? afdo_intern_str (g->prof, top->name)
			  : UINT32_MAX;
}

/* Whether POS names NAME as a target.  */
static bool
has_target (const afdo_pos *pos, uint32_t name)
{
  for (uint32_t i = 0; i < pos->n_targets; i++)
    if (pos->targets[i].name == name)
      return true;
  return false;
}

static afdo_key_t
pos_key (const sym_result *r)
{
  return AFDO_KEY (r->line - (uint32_t) r->scope->decl_line, r->disc);
}

/* The instance of SC's function nested in ROOT: ROOT itself for the
   outline scope, else SC's inline chain rebuilt under ROOT.  */
static afdo_function *
instance_under (agg *g, afdo_function *root, const sym_scope *sc)
{
  if (!sc->parent)
    return root;
  afdo_function *p = instance_under (g, root, sc->parent);
  if (!p || !sc->name)
    return NULL;
  afdo_key_t key = AFDO_KEY ((uint32_t) sc->call_line
			     - (uint32_t) sc->parent->decl_line,
			     sc->call_disc);
  return afdo_callee (g->prof, p, key, afdo_intern_str (g->prof, sc->name),
		      true);
}

/* Count C for the instructions in [LO, HI).  */
static void
add_piece (agg *g, uint64_t lo, uint64_t hi, uint64_t c)
{
  uint64_t a = lo;
  while (a < hi)
    {
      sym_result r;
      symbolize (g->sym, a, &r);
      if (r.scope && r.line)
	{
	  afdo_function *f = instance (g, (sym_scope *) r.scope);
	  if (f)
	    afdo_pos_max (afdo_pos_get (f, pos_key (&r), true),
			  afdo_count_mul (c, r.mult));
	}
      a = r.end < hi ? r.end : hi;
    }
}

/* The functions (symbols) that got samples, in the order met.  */
typedef struct func_list
{
  const bin_func **v;
  size_t n, cap;
} func_list;

static void
note_func (func_list *l, const bin_func *fn)
{
  if (!fn || (l->n && l->v[l->n - 1] == fn))
    return;
  if (l->n == l->cap)
    {
      size_t nc = l->cap ? 2 * l->cap : 64;
      const bin_func **n = realloc (l->v, nc * sizeof *n);
      if (!n)
	return;
      l->v = n;
      l->cap = nc;
    }
  l->v[l->n++] = fn;
}

/* llvm-profgen gives every line of a sampled function that got no
   sample a count of 0, and LLVM's sample loader (its profile inference,
   -fsample-profile-use-profi, above all) takes such a line for a cold
   one where a line missing from the profile is unknown.  Do the same for
   the functions of clang's units that LBR ranges sampled (with IP
   samples, exec_rows writes the rows of every sampled function).  */
static int
func_order (const void *a, const void *b)
{
  const bin_func *x = *(const bin_func *const *) a;
  const bin_func *y = *(const bin_func *const *) b;
  return x < y ? -1 : x > y;
}

static void
fill_zeros (agg *g, func_list *l)
{
  if (l->n > 1)
    qsort (l->v, l->n, sizeof *l->v, func_order);
  for (size_t i = 0; i < l->n; i++)
    {
      uint64_t a = l->v[i]->addr, hi = a + l->v[i]->size;
      if (i && l->v[i] == l->v[i - 1])
	continue;
      while (a < hi)
	{
	  sym_result r;
	  symbolize (g->sym, a, &r);
	  if (!r.llvm)
	    break;
	  if (r.scope && r.line)
	    {
	      afdo_function *f = instance (g, (sym_scope *) r.scope);
	      if (f)
		afdo_pos_max (afdo_pos_get (f, pos_key (&r), true), 0);
	    }
	  a = r.end < hi ? r.end : hi;
	}
    }
  free (l->v);
}

static int
u64pair_cmp (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return 0;
}

static void
progress (const binprof *bp, const char *what, size_t i, size_t n)
{
  if (!bp->opts->progress || n < 4096 || (i & 4095))
    return;
  fprintf (stderr, "afdo-convert: %s: %zu%%\r", what, i * 100 / n);
}

/* The count that C of the samples at IP stand for: the estimate of
   IP's block (execcount.c) in proportion to the block's samples; C
   itself when IP is in no CFG.  */
static uint64_t
share_count (const execcounts *ex, uint64_t ip, uint64_t c)
{
  uint32_t f, i;
  if (!ex || !exec_find (ex, ip, &f, &i))
    return c;
  const exec_func *ef = &ex->f[f];
  double all = ex->model == EXEC_RAW ? ef->samples[i]
	       : ef->block_samples[ef->g->insns[i].block];
  return exec_count (all > 0 ? exec_insn (ex, f, i) * (double) c / all : 0);
}

/* Move the samples of the kept contexts into their nested instances;
   MOVED gets (IP, 0) -> samples moved away from the function's own
   instance.  False when out of memory.  */
static bool
add_contexts (agg *g, binprof *bp, const afdo_map *kept, afdo_map *moved,
	      quality *q, const execcounts *ex)
{
  size_t n_ctx;
  afdo_map_slot *cs = afdo_map_sorted (&bp->contexts, &n_ctx);
  if (bp->contexts.n && !cs)
    return false;
  afdo_map made = { 0 };
  bool ok = false;
  for (size_t i = 0; i < n_ctx; i++)
    {
      uint64_t ret = cs[i].a, ip = cs[i].b, c = cs[i].value, call, tgt;
      const bin_func *f = binary_func_at (bp->bin, ip);
      int kind;
      if (!f || !afdo_map_get (kept, ret, f->addr)
	  || !(kind = binary_call_before (bp->bin, ret, &call, &tgt)))
	continue;
      sym_result rs, ri;
      symbolize (g->sym, call, &rs);
      symbolize (g->sym, ip, &ri);
      if (!rs.scope || !rs.line || !ri.scope || !ri.line)
	continue;
      const sym_scope *top = ri.scope;
      while (top->parent)
	top = top->parent;
      afdo_function *caller = instance (g, (sym_scope *) rs.scope);
      if (!caller)
	continue;
      uint32_t name = afdo_intern_str (g->prof, top->name);
      afdo_key_t site = pos_key (&rs);
      afdo_function *root = afdo_callee (g->prof, caller, site, name, true);
      afdo_function *in = root ? instance_under (g, root, ri.scope) : NULL;
      if (!in)
	continue;
      afdo_pos *pos = afdo_pos_get (in, pos_key (&ri), true);
      if (ex && !ri.llvm)
	afdo_pos_max (pos, afdo_count_mul (share_count (ex, ip, c), ri.mult));
      else if (ri.llvm)
	afdo_pos_add (pos, c);
      else
	afdo_pos_max (pos, afdo_count_mul (c, ri.mult));
      /* A direct call site names the callee as a target: the instance
	 is a call of the profiled binary, not code it inlined (an
	 indirect one gets its targets from add_chain_targets).  */
      if (kind == 1)
	afdo_target_add (afdo_pos_get (caller, site, true), name, c);
      if (!afdo_map_add (moved, ip, 0, c))
	goto out;
      q->context_samples += c;
      if (!afdo_map_get (&made, ret, f->addr))
	{
	  q->contexts++;
	  if (!afdo_map_add (&made, ret, f->addr, 1))
	    goto out;
	}
    }
  ok = true;
out:
  free (cs);
  afdo_map_free (&made);
  return ok;
}

/* Indirect-call targets from call chains: a call site's histogram gets
   each callee with the samples taken under the call.  */
static void
add_chain_targets (agg *g, binprof *bp, quality *q)
{
  size_t n;
  afdo_map_slot *cs = afdo_map_sorted (&bp->calls, &n);
  for (size_t i = 0; i < n; i++)
    {
      uint64_t call, tgt;
      if (binary_call_before (bp->bin, cs[i].a, &call, &tgt) != 2)
	continue;
      afdo_function *callee = entry_instance (g, cs[i].b);
      sym_result r;
      symbolize (g->sym, call, &r);
      if (!callee || !r.scope || !r.line)
	continue;
      afdo_function *caller = instance (g, (sym_scope *) r.scope);
      if (!caller)
	continue;
      afdo_target_add (afdo_pos_get (caller, pos_key (&r), true),
		       callee->name, cs[i].value);
      q->targets++;
    }
  free (cs);
}

/* One instruction's part in a position: its instance, key and
   count.  */
typedef struct row
{
  afdo_function *f;
  afdo_key_t key;
  uint64_t count;
  bool sum;			/* a clang unit's: samples summed */
  uint32_t callee;		/* a direct call's callee, or UINT32_MAX */
} row;

/* The positions of the sampled functions from their execution
   estimates (execcount.c): every position (line offset, discriminator,
   inline stack) with code in a sampled function gets a row with the
   MAX of its instructions' estimates, 0 when none ran; MOVED are the
   samples that calling contexts took away from an address (their share
   of the block's estimate goes with them).  A position one of whose
   instructions is a conditional move or set (an if-converted branch:
   its count is not that of one arm) gets no row.  Positions of clang's
   units keep what llvm-profgen --leading-ip-only makes of the samples
   (the sum of their instructions' samples, 0 for the lines without;
   doc/afdo-convert.md).  A direct call to a function of the binary
   names its callee as a target of its position, with the call's
   estimate (unless a calling context named it already): IP samples do
   not count calls, but the call is there, and a later build's matcher
   aligns the calls of a changed function by their callees' names.
   False when out of memory.  */
static bool
exec_rows (agg *g, const execcounts *ex, const afdo_map *moved)
{
  afdo_map banned = { 0 };
  row *rows = NULL;
  size_t n_rows = 0, cap_rows = 0;
  bool ok = false;
  for (uint32_t k = 0; k < ex->n_f; k++)
    {
      const exec_func *ef = &ex->f[k];
      const bincfg *cg = ef->g;
      sym_result r;
      r.end = 0;
      double own = 1;
      for (uint32_t i = 0; i < cg->n_insns; i++)
	{
	  const cfg_insn *in = &cg->insns[i];
	  const cfg_block *b = &cg->blocks[in->block];
	  if (i == b->first && moved->n)
	    {
	      /* The part of the block's samples left to its own
		 instance.  */
	      double m = 0;
	      for (uint32_t j = b->first; j < b->first + b->n; j++)
		m += (double) afdo_map_get (moved, cg->insns[j].addr, 0);
	      own = ef->block_samples[in->block] > 0
		    ? 1 - m / ef->block_samples[in->block] : 1;
	    }
	  if (in->addr >= r.end || i == 0)
	    symbolize (g->sym, in->addr, &r);
	  if (!r.scope || !r.line)
	    continue;
	  afdo_function *f = instance (g, (sym_scope *) r.scope);
	  if (!f)
	    continue;
	  afdo_key_t key = pos_key (&r);
	  bool sum = r.llvm;
	  if ((in->flags & CFG_I_CONDMOVE) && !sum)
	    {
	      if (!afdo_map_put (&banned, (uintptr_t) f, key, 1))
		goto out;
	      continue;
	    }
	  double e = sum ? ef->samples[i] : exec_insn (ex, k, i);
	  if ((sum || ex->model == EXEC_RAW) && moved->n)
	    e -= (double) afdo_map_get (moved, in->addr, 0);
	  else
	    e *= own;
	  if (n_rows == cap_rows)
	    {
	      size_t nc = cap_rows ? 2 * cap_rows : 1024;
	      row *v = realloc (rows, nc * sizeof *v);
	      if (!v)
		goto out;
	      rows = v;
	      cap_rows = nc;
	    }
	  uint32_t callee = UINT32_MAX;
	  uint64_t call, tgt;
	  if ((in->flags & CFG_I_CALL) && !sum
	      && binary_call_before (g->bin, in->addr + in->len, &call,
				     &tgt) == 1
	      && call == in->addr)
	    callee = entry_name (g, tgt);
	  rows[n_rows++] = (row) { f, key,
				   sum ? (uint64_t) e
				   : afdo_count_mul (exec_count (e), r.mult),
				   sum, callee };
	}
    }
  for (size_t i = 0; i < n_rows; i++)
    if (rows[i].sum)
      {
	afdo_pos *pos = afdo_pos_get (rows[i].f, rows[i].key, true);
	afdo_pos_max (pos, 0);
	afdo_pos_add (pos, rows[i].count);
      }
    else if (!afdo_map_get (&banned, (uintptr_t) rows[i].f, rows[i].key))
      {
	afdo_pos *pos = afdo_pos_get (rows[i].f, rows[i].key, true);
	afdo_pos_max (pos, rows[i].count);
	if (rows[i].callee != UINT32_MAX
	    && !has_target (pos, rows[i].callee))
	  afdo_target_add (pos, rows[i].callee, rows[i].count);
      }
  ok = true;
out:
  free (rows);
  afdo_map_free (&banned);
  return ok;
}

afdo_profile *
binprof_to_profile (binprof *bp, symbolizer *sym, quality *q,
		    afdo_error *err)
{
  agg g = { afdo_profile_new (), sym, bp->bin };
  func_list sampled = { 0 };
  memset (q, 0, sizeof *q);
  q->samples = bp->samples - bp->samples_filtered;
  q->in_binary = bp->samples_binary;
  bool lbr = bp->opts->use_lbr != 0 && bp->ranges.n > 0;
  q->lbr = lbr;

  /* IP samples: the quality figures always, the counts without LBR.  */
  size_t n_ips;
  afdo_map_slot *ips = afdo_map_sorted (&bp->ips, &n_ips);
  if (bp->ips.n && !ips)
    goto oom;
  /* The CFGs built while the samples were read (warmup.c).  */
  cfg_cache *cfgs = NULL;
  if (bp->warm)
    {
      cfgs = warmup_finish (bp->warm);
      bp->warm = NULL;
      if (!cfgs)
	{
	  free (ips);
	  goto oom;
	}
    }
  /* Without LBR, the execution counts of the sampled functions
     (execcount.c).  */
  execcounts *ex = NULL;
  if (!lbr && bp->ips.n)
    {
      ex = cfgs ? exec_compute_cached (cfgs, &bp->ips, bp->opts->exec_model)
	   : exec_compute (bp->bin, &bp->ips, bp->opts->exec_model);
      cfgs = NULL;
      if (!ex)
	{
	  free (ips);
	  goto oom;
	}
      if (bp->opts->insn_counts
	  && exec_write_insn_counts (ex, bp->opts->insn_counts, err) != 0)
	{
	  exec_free (ex);
	  free (ips);
	  free (sampled.v);
	  afdo_profile_free (g.prof);
	  return NULL;
	}
    }
  cfg_cache_free (cfgs);
  /* Chains whose frames are often not return addresses are not chains
     of this binary's calls: frame-pointer chains of a binary built
     without frame pointers (perf record -g), whose "frames" are
     whatever %rbp held.  More than one bad chain in ten: none is
     used.  */
  bool chains = !lbr && bp->chain_bad * 10 <= bp->samples_chain + bp->chain_bad;
  q->chains_ignored = !lbr && !chains;
  afdo_map kept = { 0 }, moved = { 0 };
  if (chains && bp->contexts.n
      && (!choose_contexts (bp, sym, ips, n_ips, &kept)
	  || !add_contexts (&g, bp, &kept, &moved, q, ex)))
    {
      afdo_map_free (&kept);
      afdo_map_free (&moved);
      exec_free (ex);
      free (ips);
      goto oom;
    }
  afdo_map_free (&kept);
  if (chains && bp->calls.n)
    add_chain_targets (&g, bp, q);
  for (size_t i = 0; i < n_ips; i++)
    {
      sym_result r;
      uint64_t a = ips[i].a, c = ips[i].value;
      /* What remains in the function's own instance.  */
      uint64_t own = c - afdo_map_get (&moved, a, 0);
      uint32_t ef, ei;
      progress (bp, "symbolizing", i, n_ips);
      symbolize (sym, a, &r);
      q->addresses++;
      if (!r.scope || !r.scope->name)
	continue;
      q->with_function += c;
      if (!r.line)
	continue;
      q->with_line += c;
      if (r.disc)
	q->with_disc += c;
      if (r.scope->parent)
	q->inlined += c;
      /* Samples outside the CFGs (code without a function symbol) count
	 as they are.  */
      if (!lbr && !exec_find (ex, a, &ef, &ei))
	{
	  afdo_function *f = instance (&g, (sym_scope *) r.scope);
	  afdo_pos *pos = f ? afdo_pos_get (f, pos_key (&r), true) : NULL;
	  /* For clang's units, what llvm-profgen --leading-ip-only does
	     with IP samples: the sum of the samples of a location (which
	     counts every copy of duplicated code).  */
	  if (pos && r.llvm)
	    afdo_pos_add (pos, own);
	  else if (pos)
	    afdo_pos_max (pos, afdo_count_mul (own, r.mult));
	}
    }
  if (ex)
    {
      q->cfg_functions = ex->n_f;
      for (uint32_t k = 0; k < ex->n_f; k++)
	{
	  q->cfg_blocks += ex->f[k].g->n_blocks;
	  q->cfg_tables += ex->f[k].g->n_tables;
	}
      q->cfg_unplaced = ex->unplaced;
      q->cfg_flows_failed = ex->flow_failed;
    }
  if (ex && !exec_rows (&g, ex, &moved))
    {
      afdo_map_free (&moved);
      exec_free (ex);
      free (ips);
      goto oom;
    }
  exec_free (ex);
  free (ips);
  afdo_map_free (&moved);

  if (lbr)
    {
      /* Instruction counts from the ranges: a sweep over +C at the first
	 address and -C after the last instruction's first byte gives
	 pieces of constant count.  */
      size_t n_r;
      afdo_map_slot *rs = afdo_map_sorted (&bp->ranges, &n_r);
      if (!rs)
	goto oom;
      uint64_t (*ev)[2] = malloc (2 * n_r * sizeof *ev);
      if (!ev)
	{
	  free (rs);
	  goto oom;
	}
      for (size_t i = 0; i < n_r; i++)
	{
	  ev[2 * i][0] = rs[i].a;
	  ev[2 * i][1] = rs[i].value;
	  ev[2 * i + 1][0] = rs[i].b + 1;
	  ev[2 * i + 1][1] = -rs[i].value;
	}
      free (rs);
      qsort (ev, 2 * n_r, sizeof *ev, u64pair_cmp);
      uint64_t cur = 0;
      for (size_t i = 0; i < 2 * n_r;)
	{
	  uint64_t a = ev[i][0];
	  while (i < 2 * n_r && ev[i][0] == a)
	    cur += ev[i++][1];
	  progress (bp, "symbolizing ranges", i, 2 * n_r);
	  if (cur && i < 2 * n_r)
	    {
	      add_piece (&g, a, ev[i][0], cur);
	      note_func (&sampled, binary_func_at (bp->bin, a));
	    }
	}
      free (ev);

      /* Calls: head counts of the callees, call targets.  */
      size_t n_b;
      afdo_map_slot *bs = afdo_map_sorted (&bp->branches, &n_b);
      if (bp->branches.n && !bs)
	goto oom;
      for (size_t i = 0; i < n_b; i++)
	{
	  uint64_t from = bs[i].a, to = bs[i].b, c = bs[i].value;
	  int kind = binary_call_kind (bp->bin, from);
	  if (!kind)
	    continue;
	  afdo_function *callee = entry_instance (&g, to);
	  if (!callee)
	    continue;
	  callee->head = afdo_count_add (callee->head, c);
	  /* A direct call names its callee as IP samples' rows do (a part
	     GCC split off a function names none).  */
	  if (kind == 1 && split_part_p (&g, to))
	    continue;
	  sym_result rf;
	  symbolize (sym, from, &rf);
	  if (!rf.scope || !rf.line)
	    continue;
	  afdo_function *caller = instance (&g, (sym_scope *) rf.scope);
	  if (caller)
	    afdo_target_add (afdo_pos_get (caller, pos_key (&rf), true),
			     callee->name, c);
	}
      free (bs);
      /* Entries from other binaries (callbacks, main from libc).  */
      size_t n_e;
      afdo_map_slot *es = afdo_map_sorted (&bp->entries, &n_e);
      for (size_t i = 0; i < n_e; i++)
	{
	  afdo_function *callee = entry_instance (&g, es[i].a);
	  if (callee)
	    callee->head = afdo_count_add (callee->head, es[i].value);
	}
      free (es);
    }
  if (bp->opts->progress)
    fprintf (stderr, "\033[K");
  fill_zeros (&g, &sampled);
  afdo_profile_finalize (g.prof);
  return g.prof;
oom:
  free (sampled.v);
  afdo_profile_free (g.prof);
  binprof_oom (err);
  return NULL;
}
