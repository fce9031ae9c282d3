/* afdo: whole-profile operations: merge (weighted), scale, total,
   walk over every instance, and the summary.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <string.h>

#include "afdo-internal.h"

/* Merge and scale.  */

static uint32_t
afdo_reintern (afdo_profile *dp, const afdo_profile *sp, uint32_t name)
{
  if (dp == sp)
    return name;
  const afdo_string *s = &sp->strings.names[name];
  return afdo_intern (dp, s->s, s->len);
}

void
afdo_function_merge (afdo_profile *dp, afdo_function *dst,
		     const afdo_profile *sp, const afdo_function *src,
		     uint64_t weight)
{
  /* Stated totals add up like the counts (as in LLVM's merge).  */
  bool stated = dst->has_stated_total || src->has_stated_total;
  uint64_t total = 0;
  if (stated)
    total = afdo_count_add (afdo_effective_total (dst),
			    afdo_count_mul (afdo_effective_total (src),
					    weight));
  dst->head = afdo_count_add (dst->head, afdo_count_mul (src->head, weight));
  for (uint32_t i = 0; i < src->n_pos; i++)
    {
      const afdo_pos *sp_pos = &src->pos[i];
      afdo_pos *d = afdo_pos_get (dst, sp_pos->key, true);
      afdo_pos_add (d, afdo_count_mul (sp_pos->count, weight));
      for (uint32_t j = 0; j < sp_pos->n_targets; j++)
	afdo_target_add (d, afdo_reintern (dp, sp, sp_pos->targets[j].name),
			 afdo_count_mul (sp_pos->targets[j].count, weight));
    }
  for (uint32_t i = 0; i < src->n_callees; i++)
    {
      const afdo_function *sc = src->callees[i];
      afdo_function *dc = afdo_callee (dp, dst, sc->callsite,
				       afdo_reintern (dp, sp, sc->name), true);
      afdo_function_merge (dp, dc, sp, sc, weight);
    }
  if (stated)
    {
      dst->stated_total = total;
      dst->stated_line = 0;
      dst->has_stated_total = true;
    }
}

void
afdo_attach_top (afdo_profile *p, afdo_function *f)
{
  afdo_function *old = afdo_top (p, f->name, false);
  if (!old)
    {
      f->parent = NULL;
      f->callsite = 0;
      afdo_add_top (p, f);
      return;
    }
  afdo_function_merge (p, old, p, f, 1);
  afdo_function_free (f);
}

void
afdo_profile_merge (afdo_profile *dst, const afdo_profile *src,
		    uint64_t weight)
{
  if (dst == src)
    {
      /* Merging a profile into itself is scaling by WEIGHT + 1.  */
      afdo_profile_scale (dst, afdo_count_add (weight, 1), 1);
      return;
    }
  for (uint32_t i = 0; i < src->n_tops; i++)
    {
      const afdo_function *sf = src->tops[i];
      afdo_function *df = afdo_top (dst, afdo_reintern (dst, src, sf->name),
				    true);
      afdo_function_merge (dst, df, src, sf, weight);
    }
  afdo_profile_finalize (dst);
}

static uint64_t
afdo_scale_count (uint64_t c, uint64_t num, uint64_t den)
{
  unsigned __int128 v = (unsigned __int128) c * num + den / 2;
  v /= den;
  return v > AFDO_COUNT_MAX ? AFDO_COUNT_MAX : (uint64_t) v;
}

static void
afdo_scale_function (afdo_function *f, uint64_t num, uint64_t den)
{
  f->head = afdo_scale_count (f->head, num, den);
  f->stated_total = afdo_scale_count (f->stated_total, num, den);
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      afdo_pos *pos = &f->pos[i];
      pos->count = afdo_scale_count (pos->count, num, den);
      for (uint32_t j = 0; j < pos->n_targets; j++)
	pos->targets[j].count = afdo_scale_count (pos->targets[j].count, num,
						  den);
    }
  for (uint32_t i = 0; i < f->n_callees; i++)
    afdo_scale_function (f->callees[i], num, den);
}

void
afdo_profile_scale (afdo_profile *p, uint64_t num, uint64_t den)
{
  if (den == 0)
    return;
  for (uint32_t i = 0; i < p->n_tops; i++)
    afdo_scale_function (p->tops[i], num, den);
  afdo_profile_finalize (p);
}

uint64_t
afdo_profile_total (const afdo_profile *p)
{
  uint64_t s = 0;
  for (uint32_t i = 0; i < p->n_tops; i++)
    s = afdo_count_add (s, p->tops[i]->total);
  return s;
}

/* Walk and summary.  */

static int
afdo_walk_function (afdo_function *f, unsigned depth,
		    int (*fn) (afdo_function *, unsigned, void *), void *data)
{
  int r = fn (f, depth, data);
  if (r)
    return r;
  for (uint32_t i = 0; i < f->n_callees; i++)
    if ((r = afdo_walk_function (f->callees[i], depth + 1, fn, data)))
      return r;
  return 0;
}

int
afdo_profile_walk (const afdo_profile *p,
		   int (*fn) (afdo_function *, unsigned, void *), void *data)
{
  for (uint32_t i = 0; i < p->n_tops; i++)
    {
      int r = afdo_walk_function (p->tops[i], 0, fn, data);
      if (r)
	return r;
    }
  return 0;
}

static int
afdo_summarize_one (afdo_function *f, unsigned depth, void *data)
{
  afdo_summary *s = data;
  s->n_instances++;
  s->n_positions += f->n_pos;
  if (depth > s->max_depth)
    s->max_depth = depth;
  for (uint32_t i = 0; i < f->n_pos; i++)
    if (f->pos[i].count > s->max_count)
      s->max_count = f->pos[i].count;
  return 0;
}

void
afdo_profile_summarize (const afdo_profile *p, afdo_summary *s)
{
  memset (s, 0, sizeof *s);
  s->n_functions = p->n_tops;
  afdo_profile_walk (p, afdo_summarize_one, s);
  s->total = afdo_profile_total (p);
}
