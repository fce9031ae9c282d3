/* afdo: moving an instance's rows to new line offsets, and emptying an
   instance, for profiles whose source has changed since they were
   recorded (the plugin's stale-profile matcher).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"

/* The order of nested instances (by call site, then name), for qsort.  */
static const afdo_profile *afdo_rekey_profile;

static int
afdo_callee_order (const void *a, const void *b)
{
  const afdo_function *x = *(afdo_function *const *) a;
  const afdo_function *y = *(afdo_function *const *) b;
  if (x->callsite != y->callsite)
    return x->callsite < y->callsite ? -1 : 1;
  return afdo_strtab_cmp (&afdo_rekey_profile->strings, x->name, y->name);
}

/* Keep FN's total as it was when its rows no longer add up to it.  */
static void
afdo_keep_total (afdo_function *fn, uint64_t total)
{
  if (afdo_function_counted_total (fn) == total && !fn->has_stated_total)
    return;
  fn->stated_total = total;
  fn->stated_line = 0;
  fn->has_stated_total = true;
  fn->total = total;
}

void
afdo_function_rekey (afdo_profile *p, afdo_function *fn,
		     uint32_t (*map) (uint32_t offset, void *data),
		     void *data, uint64_t *moved, uint64_t *dropped)
{
  uint64_t total = fn->total;
  uint64_t n_moved = 0, n_dropped = 0;
  /* The positions are built again in a detached instance, whose lookups
     keep them sorted, then handed to FN.  */
  afdo_function *tmp = afdo_function_new (fn->name);
  for (uint32_t i = 0; i < fn->n_pos; i++)
    {
      const afdo_pos *o = &fn->pos[i];
      uint32_t off = AFDO_KEY_OFFSET (o->key);
      uint32_t to = map (off, data);
      if (to > 0xffffu)
	{
	  n_dropped = afdo_count_add (n_dropped, o->count);
	  continue;
	}
      if (to != off)
	n_moved = afdo_count_add (n_moved, o->count);
      /* Rows that meet keep the larger count: the count of a line is
	 the most any of its instructions ran.  */
      afdo_pos *d = afdo_pos_get (tmp, AFDO_KEY (to, AFDO_KEY_DISC (o->key)),
				  true);
      afdo_pos_max (d, o->count);
      for (uint32_t j = 0; j < o->n_targets; j++)
	afdo_target_add (d, o->targets[j].name, o->targets[j].count);
    }
  /* Nested instances keep their identity: each is given its new call
     site; two of one function that meet are merged into the first.  */
  uint32_t n = 0;
  for (uint32_t i = 0; i < fn->n_callees; i++)
    {
      afdo_function *c = fn->callees[i];
      uint32_t off = AFDO_KEY_OFFSET (c->callsite);
      uint32_t to = map (off, data);
      if (to > 0xffffu)
	{
	  n_dropped = afdo_count_add (n_dropped, c->total);
	  afdo_function_free (c);
	  continue;
	}
      if (to != off)
	n_moved = afdo_count_add (n_moved, c->total);
      c->callsite = AFDO_KEY (to, AFDO_KEY_DISC (c->callsite));
      fn->callees[n++] = c;
    }
  afdo_rekey_profile = p;
  qsort (fn->callees, n, sizeof *fn->callees, afdo_callee_order);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++)
    {
      afdo_function *c = fn->callees[i];
      if (k > 0 && afdo_callee_order (&fn->callees[k - 1], &c) == 0)
	{
	  afdo_function_merge (p, fn->callees[k - 1], p, c, 1);
	  afdo_finalize_function (p, fn->callees[k - 1]);
	  afdo_function_free (c);
	  continue;
	}
      fn->callees[k++] = c;
    }
  fn->n_callees = k;

  for (uint32_t i = 0; i < fn->n_pos; i++)
    free (fn->pos[i].targets);
  free (fn->pos);
  fn->pos = tmp->pos;
  fn->n_pos = tmp->n_pos;
  fn->cap_pos = tmp->cap_pos;
  memset (tmp, 0, sizeof *tmp);
  afdo_function_free (tmp);
  afdo_keep_total (fn, total);
  if (moved)
    *moved = n_moved;
  if (dropped)
    *dropped = n_dropped;
}

void
afdo_function_clear (afdo_function *fn)
{
  uint64_t total = fn->total;
  for (uint32_t i = 0; i < fn->n_pos; i++)
    free (fn->pos[i].targets);
  free (fn->pos);
  for (uint32_t i = 0; i < fn->n_callees; i++)
    afdo_function_free (fn->callees[i]);
  free (fn->callees);
  fn->pos = NULL;
  fn->n_pos = fn->cap_pos = 0;
  fn->callees = NULL;
  fn->n_callees = fn->cap_callees = 0;
  afdo_keep_total (fn, total);
}

void
afdo_function_drop_callee (afdo_function *fn, afdo_function *callee)
{
  uint64_t total = fn->total;
  uint32_t k = 0;
  for (uint32_t i = 0; i < fn->n_callees; i++)
    if (fn->callees[i] == callee)
      afdo_function_free (callee);
    else
      fn->callees[k++] = fn->callees[i];
  fn->n_callees = k;
  afdo_keep_total (fn, total);
}
