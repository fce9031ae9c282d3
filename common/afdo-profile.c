/* afdo: the source-level profile model: top-level and inline function
   instances, their positions and call targets, count arithmetic, the
   canonical order and the totals.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"

/* Names.  */

uint32_t
afdo_name_index (const afdo_profile *p, const char *s, size_t len)
{
  return afdo_strtab_find (&p->strings, s, len);
}

uint32_t
afdo_intern (afdo_profile *p, const char *s, size_t len)
{
  return afdo_strtab_intern (&p->strings, s, len);
}

uint32_t
afdo_intern_str (afdo_profile *p, const char *s)
{
  return afdo_intern (p, s, strlen (s));
}

const char *
afdo_name (const afdo_profile *p, uint32_t index)
{
  return index < p->strings.n_names ? p->strings.names[index].s : NULL;
}

uint32_t
afdo_n_names (const afdo_profile *p)
{
  return p->strings.n_names;
}

/* Profile.  */

afdo_profile *
afdo_profile_new (void)
{
  afdo_profile *p = afdo_xcalloc (1, sizeof *p);
  /* Index 0 is the empty string, as in the gcov string table, so that no
     real name has index 0.  */
  afdo_intern (p, "", 0);
  return p;
}

afdo_function *
afdo_function_new (uint32_t name)
{
  afdo_function *f = afdo_xcalloc (1, sizeof *f);
  f->name = name;
  return f;
}

void
afdo_function_free (afdo_function *f)
{
  if (!f)
    return;
  for (uint32_t i = 0; i < f->n_pos; i++)
    free (f->pos[i].targets);
  free (f->pos);
  for (uint32_t i = 0; i < f->n_callees; i++)
    afdo_function_free (f->callees[i]);
  free (f->callees);
  free (f);
}

void
afdo_profile_free (afdo_profile *p)
{
  if (!p)
    return;
  for (uint32_t i = 0; i < p->n_tops; i++)
    afdo_function_free (p->tops[i]);
  free (p->tops);
  free (p->top_of_name);
  afdo_strtab_free (&p->strings);
  free (p);
}

/* Top-level instances.  */

uint32_t
afdo_n_functions (const afdo_profile *p)
{
  return p->n_tops;
}

afdo_function *
afdo_function_at (const afdo_profile *p, uint32_t i)
{
  return i < p->n_tops ? p->tops[i] : NULL;
}

static void
afdo_set_top_index (afdo_profile *p, uint32_t name, uint32_t i)
{
  if (name >= p->cap_top_of_name)
    {
      uint32_t old = p->cap_top_of_name;
      afdo_grow ((void **) &p->top_of_name, &p->cap_top_of_name, name + 1,
		 sizeof *p->top_of_name);
      memset (p->top_of_name + old, 0,
	      (p->cap_top_of_name - old) * sizeof *p->top_of_name);
    }
  p->top_of_name[name] = i + 1;
}

static afdo_function *
afdo_top_lookup (const afdo_profile *p, uint32_t name)
{
  if (name < p->cap_top_of_name && p->top_of_name[name])
    return p->tops[p->top_of_name[name] - 1];
  return NULL;
}

void
afdo_add_top (afdo_profile *p, afdo_function *f)
{
  afdo_grow ((void **) &p->tops, &p->cap_tops, p->n_tops + 1,
	     sizeof *p->tops);
  p->tops[p->n_tops] = f;
  afdo_set_top_index (p, f->name, p->n_tops);
  p->n_tops++;
}

afdo_function *
afdo_top (afdo_profile *p, uint32_t name, bool create)
{
  if (name >= p->strings.n_names)
    return NULL;
  afdo_function *f = afdo_top_lookup (p, name);
  if (f || !create)
    return f;
  f = afdo_function_new (name);
  afdo_add_top (p, f);
  return f;
}

afdo_function *
afdo_top_by_name (const afdo_profile *p, const char *name)
{
  uint32_t i = afdo_name_index (p, name, strlen (name));
  return i == UINT32_MAX ? NULL : afdo_top_lookup (p, i);
}

/* Positions.  Positions and callees are kept sorted at all times, so
   lookups are binary searches.  */

afdo_pos *
afdo_pos_lookup (afdo_function *f, afdo_key_t key, bool create,
		 bool *created)
{
  uint32_t lo = 0, hi = f->n_pos;
  if (created)
    *created = false;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (f->pos[mid].key < key)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < f->n_pos && f->pos[lo].key == key)
    return &f->pos[lo];
  if (!create)
    return NULL;
  afdo_grow ((void **) &f->pos, &f->cap_pos, f->n_pos + 1, sizeof *f->pos);
  memmove (&f->pos[lo + 1], &f->pos[lo], (f->n_pos - lo) * sizeof *f->pos);
  f->n_pos++;
  memset (&f->pos[lo], 0, sizeof *f->pos);
  f->pos[lo].key = key;
  if (created)
    *created = true;
  return &f->pos[lo];
}

afdo_pos *
afdo_pos_get (afdo_function *f, afdo_key_t key, bool create)
{
  return afdo_pos_lookup (f, key, create, NULL);
}

const afdo_pos *
afdo_pos_find (const afdo_function *f, afdo_key_t key)
{
  return afdo_pos_lookup ((afdo_function *) f, key, false, NULL);
}

/* Callees, sorted by (callsite key, name string).  */

static int
afdo_callee_cmp (const afdo_profile *p, const afdo_function *a,
		 afdo_key_t key, uint32_t name)
{
  if (a->callsite != key)
    return a->callsite < key ? -1 : 1;
  return afdo_strtab_cmp (&p->strings, a->name, name);
}

afdo_function *
afdo_callee_lookup (const afdo_profile *p, afdo_function *f, afdo_key_t key,
		    uint32_t name, bool create, bool *created)
{
  if (created)
    *created = false;
  if (name >= p->strings.n_names)
    return NULL;
  uint32_t lo = 0, hi = f->n_callees;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (afdo_callee_cmp (p, f->callees[mid], key, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < f->n_callees
      && afdo_callee_cmp (p, f->callees[lo], key, name) == 0)
    return f->callees[lo];
  if (!create)
    return NULL;
  afdo_grow ((void **) &f->callees, &f->cap_callees, f->n_callees + 1,
	     sizeof *f->callees);
  memmove (&f->callees[lo + 1], &f->callees[lo],
	   (f->n_callees - lo) * sizeof *f->callees);
  f->n_callees++;
  afdo_function *c = afdo_function_new (name);
  c->callsite = key;
  c->parent = f;
  f->callees[lo] = c;
  if (created)
    *created = true;
  return c;
}

afdo_function *
afdo_callee (afdo_profile *p, afdo_function *caller, afdo_key_t key,
	     uint32_t callee_name, bool create)
{
  return afdo_callee_lookup (p, caller, key, callee_name, create, NULL);
}

afdo_function *
afdo_callee_find (const afdo_profile *p, const afdo_function *caller,
		  afdo_key_t key, uint32_t callee_name)
{
  return afdo_callee_lookup (p, (afdo_function *) caller, key, callee_name,
			     false, NULL);
}

/* Counts.  */

uint64_t
afdo_count_add (uint64_t a, uint64_t b)
{
  if (a > AFDO_COUNT_MAX)
    a = AFDO_COUNT_MAX;
  if (b > AFDO_COUNT_MAX - a)
    return AFDO_COUNT_MAX;
  return a + b;
}

uint64_t
afdo_count_mul (uint64_t a, uint64_t b)
{
  if (a == 0 || b == 0)
    return 0;
  if (a > AFDO_COUNT_MAX / b)
    return AFDO_COUNT_MAX;
  return a * b;
}

void
afdo_pos_add (afdo_pos *pos, uint64_t count)
{
  pos->count = afdo_count_add (pos->count, count);
}

void
afdo_pos_max (afdo_pos *pos, uint64_t count)
{
  if (count > AFDO_COUNT_MAX)
    count = AFDO_COUNT_MAX;
  if (count > pos->count)
    pos->count = count;
}

void
afdo_target_add (afdo_pos *pos, uint32_t name, uint64_t count)
{
  for (uint32_t i = 0; i < pos->n_targets; i++)
    if (pos->targets[i].name == name)
      {
	pos->targets[i].count = afdo_count_add (pos->targets[i].count, count);
	return;
      }
  afdo_grow ((void **) &pos->targets, &pos->cap_targets, pos->n_targets + 1,
	     sizeof *pos->targets);
  pos->targets[pos->n_targets].name = name;
  pos->targets[pos->n_targets].count = afdo_count_add (0, count);
  pos->n_targets++;
}

/* Canonical order and totals.  */

/* qsort has no context argument in C11; the comparators below read the
   profile being sorted from here.  The library is not meant to sort two
   profiles at once from different threads.  */
static const afdo_profile *afdo_sort_profile;

static int
afdo_target_order (const void *a, const void *b)
{
  const afdo_target *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return afdo_strtab_cmp (&afdo_sort_profile->strings, x->name, y->name);
}

static int
afdo_top_order (const void *a, const void *b)
{
  const afdo_function *x = *(afdo_function *const *) a;
  const afdo_function *y = *(afdo_function *const *) b;
  return afdo_strtab_cmp (&afdo_sort_profile->strings, x->name, y->name);
}

static void
afdo_sort_targets (const afdo_profile *p, afdo_target *t, uint32_t n)
{
  if (n < 2)
    return;
  afdo_sort_profile = p;
  qsort (t, n, sizeof *t, afdo_target_order);
}

afdo_target *
afdo_sorted_targets (const afdo_profile *p, const afdo_pos *pos)
{
  if (!pos->n_targets)
    return NULL;
  afdo_target *t = afdo_xmalloc (pos->n_targets * sizeof *t);
  memcpy (t, pos->targets, pos->n_targets * sizeof *t);
  afdo_sort_targets (p, t, pos->n_targets);
  return t;
}

afdo_function **
afdo_sorted_tops (const afdo_profile *p, uint32_t *n)
{
  afdo_function **t = afdo_xmalloc ((p->n_tops + 1) * sizeof *t);
  if (p->n_tops)
    memcpy (t, p->tops, p->n_tops * sizeof *t);
  if (p->n_tops > 1)
    {
      afdo_sort_profile = p;
      qsort (t, p->n_tops, sizeof *t, afdo_top_order);
    }
  *n = p->n_tops;
  return t;
}

/* The sum of F's own position counts (saturating).  */
static uint64_t
afdo_positions_sum (const afdo_function *f)
{
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    s = afdo_count_add (s, f->pos[i].count);
  return s;
}

uint64_t
afdo_function_sum (const afdo_function *f)
{
  uint64_t s = afdo_positions_sum (f);
  for (uint32_t i = 0; i < f->n_callees; i++)
    s = afdo_count_add (s, afdo_function_sum (f->callees[i]));
  return s;
}

uint64_t
afdo_finalize_function (const afdo_profile *p, afdo_function *f)
{
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      afdo_pos *pos = &f->pos[i];
      /* A target of count 0 stays: a call of the profiled binary that
	 took no samples still names its callee.  */
      afdo_sort_targets (p, pos->targets, pos->n_targets);
      s = afdo_count_add (s, pos->count);
    }
  for (uint32_t i = 0; i < f->n_callees; i++)
    {
      f->callees[i]->parent = f;
      s = afdo_count_add (s, afdo_finalize_function (p, f->callees[i]));
    }
  /* A stated total is kept while it differs from the sum.  */
  if (f->has_stated_total && f->stated_total == s)
    f->has_stated_total = false;
  f->total = f->has_stated_total ? f->stated_total : s;
  return f->total;
}

uint64_t
afdo_function_counted_total (const afdo_function *f)
{
  uint64_t s = afdo_positions_sum (f);
  for (uint32_t i = 0; i < f->n_callees; i++)
    s = afdo_count_add (s, f->callees[i]->total);
  return s;
}

uint64_t
afdo_effective_total (const afdo_function *f)
{
  if (f->has_stated_total)
    return f->stated_total;
  uint64_t s = afdo_positions_sum (f);
  for (uint32_t i = 0; i < f->n_callees; i++)
    s = afdo_count_add (s, afdo_effective_total (f->callees[i]));
  return s;
}

void
afdo_profile_finalize (afdo_profile *p)
{
  for (uint32_t i = 0; i < p->n_tops; i++)
    {
      p->tops[i]->parent = NULL;
      afdo_finalize_function (p, p->tops[i]);
    }
  if (p->n_tops > 1)
    {
      afdo_sort_profile = p;
      qsort (p->tops, p->n_tops, sizeof *p->tops, afdo_top_order);
    }
  for (uint32_t i = 0; i < p->n_tops; i++)
    afdo_set_top_index (p, p->tops[i]->name, i);
}
