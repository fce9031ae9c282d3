/* Calling contexts from call chains (IP samples): which caller's call
   site gets a nested instance of which sampled function
   (choose_contexts); aggregate.c moves the samples there.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>
#include <string.h>

#include "convert.h"

/* The samples of a function F that ran called from call site S of
   another function of the same compilation unit move from F's own instance into an instance of F
   nested in the caller's instance at S, the shape an inline instance
   has: the plugin inlines F at S when that context is hot, and folds the
   instance back into F when it does not inline it (which it can do only
   in F's own unit, hence the same-unit rule).  The call site's target
   histogram names F too, with the samples of the context: a nested
   instance at a site that names its function as a target was a call in
   the profiled binary, which the plugin inlines only within GCC's size
   limits (GCC's own reader takes the targets of indirect calls only).
   One level of context (the immediate caller); per function the callers
   with at least CTX_MIN_PERMILLE of its samples and CTX_MIN_SAMPLES
   samples, at most CTX_MAX of them, the largest first.  */
#define CTX_MIN_PERMILLE 50
#define CTX_MIN_SAMPLES 10
#define CTX_MAX 8

typedef struct ctx_cand
{
  uint64_t callee, ret, count;
} ctx_cand;

static int
ctx_cand_cmp (const void *a, const void *b)
{
  const ctx_cand *x = a, *y = b;
  if (x->callee != y->callee)
    return x->callee < y->callee ? -1 : 1;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->ret < y->ret ? -1 : x->ret > y->ret;
}

/* The outline scope of the code at ADDR, or NULL; the innermost one
   (an inlined function's, or the same) in *INNERMOST unless NULL.  */
static const sym_scope *
outline_scope (symbolizer *sym, uint64_t addr, const sym_scope **innermost)
{
  sym_result r;
  symbolize (sym, addr, &r);
  const sym_scope *sc = r.scope;
  if (innermost)
    *innermost = sc;
  while (sc && sc->parent)
    sc = sc->parent;
  return sc;
}

/* Choose the contexts: KEPT gets (return address, callee entry) -> 1.
   IPS are the sorted IP samples.  False when out of memory.  */
bool
choose_contexts (binprof *bp, symbolizer *sym, const afdo_map_slot *ips,
		 size_t n_ips, afdo_map *kept)
{
  afdo_map ftotal = { 0 }, pairs = { 0 };
  bool ok = false;
  ctx_cand *c = NULL;
  for (size_t i = 0; i < n_ips; i++)
    {
      const bin_func *f = binary_func_at (bp->bin, ips[i].a);
      if (f && !afdo_map_add (&ftotal, f->addr, 0, ips[i].value))
	goto out;
    }
  size_t n_ctx;
  afdo_map_slot *cs = afdo_map_sorted (&bp->contexts, &n_ctx);
  if (bp->contexts.n && !cs)
    goto out;
  for (size_t i = 0; i < n_ctx; i++)
    {
      const bin_func *f = binary_func_at (bp->bin, cs[i].b);
      if (f && !afdo_map_add (&pairs, cs[i].a, f->addr, cs[i].value))
	{
	  free (cs);
	  goto out;
	}
    }
  free (cs);
  size_t n_p;
  afdo_map_slot *ps = afdo_map_sorted (&pairs, &n_p);
  if (pairs.n && !ps)
    goto out;
  c = malloc ((n_p ? n_p : 1) * sizeof *c);
  if (!c)
    {
      free (ps);
      goto out;
    }
  for (size_t i = 0; i < n_p; i++)
    c[i] = (ctx_cand) { ps[i].b, ps[i].a, ps[i].value };
  free (ps);
  qsort (c, n_p, sizeof *c, ctx_cand_cmp);
  unsigned rank = 0;
  for (size_t i = 0; i < n_p; i++)
    {
      rank = i && c[i].callee == c[i - 1].callee ? rank + 1 : 0;
      uint64_t total = afdo_map_get (&ftotal, c[i].callee, 0);
      uint64_t call, tgt;
      if (rank >= CTX_MAX || c[i].count < CTX_MIN_SAMPLES
	  || c[i].count * 1000 < total * CTX_MIN_PERMILLE
	  || !binary_call_before (bp->bin, c[i].ret, &call, &tgt))
	continue;
      const sym_scope *at_call;
      const sym_scope *callee = outline_scope (sym, c[i].callee, NULL);
      const sym_scope *caller = outline_scope (sym, call, &at_call);
      if (!callee || !caller || callee == caller || !callee->name
	  || sym_scope_unit (callee) != sym_scope_unit (caller))
	continue;
      /* A part GCC split off a function, called from the function's head
	 (outline, or inlined into the caller): its samples are the
	 function's own, as the IP samples give them, not a context of
	 the head's instance.  */
      if (at_call->name && strcmp (at_call->name, callee->name) == 0)
	continue;
      if (!afdo_map_add (kept, c[i].ret, c[i].callee, 1))
	goto out;
    }
  ok = true;
out:
  free (c);
  afdo_map_free (&ftotal);
  afdo_map_free (&pairs);
  return ok;
}
