/* Aggregation (seed paper 000, Algorithm 1): the binary-level profile,
   symbolized address by address, becomes the profile tree.  A source
   position's count is the MAX over the instructions mapped to it; with
   LBR, instruction counts come from a sweep over the ranges; branches to
   function entries give head counts and indirect-call targets.
   Copyright (C) 2026 The afdo authors.

   This file is part of afdo.

   afdo is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   afdo is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or
   FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
   for more details.

   You should have received a copy of the GNU General Public License
   along with afdo; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

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

/* The top-level instance of the function whose entry is ADDR; NULL when
   ADDR is not the address of a function symbol or has no DWARF.  */
static afdo_function *
entry_instance (agg *g, uint64_t addr)
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
  return instance (g, (sym_scope *) top);
}

static afdo_key_t
pos_key (const sym_result *r)
{
  return AFDO_KEY (r->line - (uint32_t) r->scope->decl_line, r->disc);
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
   the functions of clang's units.  GCC's units are left as they were:
   GCC and the plugin read a missing position and a position of count 0
   alike.  */
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

static int
slot_cmp (const void *a, const void *b)
{
  const afdo_map_slot *x = a, *y = b;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : x->b > y->b;
}

/* The entries of M, sorted; NULL when empty or out of memory.  */
static afdo_map_slot *
sorted_slots (const afdo_map *m, size_t *n)
{
  *n = 0;
  if (!m->n)
    return NULL;
  afdo_map_slot *v = malloc (m->n * sizeof *v);
  if (!v)
    return NULL;
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].value)
      v[(*n)++] = m->slots[i];
  qsort (v, *n, sizeof *v, slot_cmp);
  return v;
}

static void
progress (const binprof *bp, const char *what, size_t i, size_t n)
{
  if (!bp->opts->progress || n < 4096 || (i & 4095))
    return;
  fprintf (stderr, "afdo-convert: %s: %zu%%\r", what, i * 100 / n);
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
  afdo_map_slot *ips = sorted_slots (&bp->ips, &n_ips);
  if (bp->ips.n && !ips)
    goto oom;
  for (size_t i = 0; i < n_ips; i++)
    {
      sym_result r;
      uint64_t a = ips[i].a, c = ips[i].value;
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
      if (!lbr)
	{
	  afdo_function *f = instance (&g, (sym_scope *) r.scope);
	  afdo_pos *pos = f ? afdo_pos_get (f, pos_key (&r), true) : NULL;
	  /* For clang's units, what llvm-profgen --leading-ip-only does
	     with IP samples: the sum of the samples of a location (which
	     counts every copy of duplicated code).  */
	  if (pos && r.llvm)
	    afdo_pos_add (pos, c);
	  else if (pos)
	    afdo_pos_max (pos, afdo_count_mul (c, r.mult));
	  if (r.llvm)
	    note_func (&sampled, binary_func_at (bp->bin, a));
	}
    }
  free (ips);

  if (lbr)
    {
      /* Instruction counts from the ranges: a sweep over +C at the first
	 address and -C after the last instruction's first byte gives
	 pieces of constant count.  */
      size_t n_r;
      afdo_map_slot *rs = sorted_slots (&bp->ranges, &n_r);
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

      /* Calls: head counts of the callees, indirect-call targets.  */
      size_t n_b;
      afdo_map_slot *bs = sorted_slots (&bp->branches, &n_b);
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
	  if (kind != 2)
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
      afdo_map_slot *es = sorted_slots (&bp->entries, &n_e);
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
