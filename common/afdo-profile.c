/* afdo: the source-level profile model: string table, function instances,
   positions, count arithmetic, merge, scale, walk and summary.
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

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"
#include "afdo-map.h"

/* Interned strings live in chunks that never move, so the pointers
   handed out by afdo_name stay valid for the life of the profile.  */
typedef struct afdo_chunk
{
  struct afdo_chunk *next;
  size_t used, cap;
  char data[];
} afdo_chunk;

typedef struct afdo_string
{
  const char *s;
  uint32_t len;
} afdo_string;

struct afdo_profile
{
  afdo_string *names;
  uint32_t n_names, cap_names;
  /* (HASH, K) -> name index + 1, where HASH is the name's hash and K
     counts the names of the same hash interned before it (almost always
     0, as the hash has 64 bits).  */
  afdo_map index;
  afdo_chunk *chunks;

  afdo_function **tops;
  uint32_t n_tops, cap_tops;
  /* For each name index, the index + 1 of its top-level instance.  */
  uint32_t *top_of_name;
  uint32_t cap_top_of_name;
};

/* Allocation.  */

static void
afdo_oom (void)
{
  fputs ("afdo: out of memory\n", stderr);
  abort ();
}

void *
afdo_xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    afdo_oom ();
  return p;
}

void *
afdo_xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (!p)
    afdo_oom ();
  return p;
}

void *
afdo_xrealloc (void *old, size_t n)
{
  void *p = realloc (old, n ? n : 1);
  if (!p)
    afdo_oom ();
  return p;
}

void
afdo_grow (void **ptr, uint32_t *cap, uint32_t need, size_t size)
{
  if (need <= *cap)
    return;
  uint64_t c = *cap ? *cap : 4;
  while (c < need)
    c *= 2;
  if (c > UINT32_MAX)
    c = UINT32_MAX;
  if (c < need || c * size / size != c)
    afdo_oom ();
  *ptr = afdo_xrealloc (*ptr, c * size);
  *cap = (uint32_t) c;
}

/* Errors and format names.  */

void
afdo_error_set (afdo_error *err, const char *fmt, ...)
{
  if (!err)
    return;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (err->msg, sizeof err->msg, fmt, ap);
  va_end (ap);
  /* One line, always.  */
  for (char *c = err->msg; *c; c++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
}

const char *
afdo_format_name (afdo_format f)
{
  switch (f)
    {
    case AFDO_FORMAT_GCOV:
      return "gcov";
    case AFDO_FORMAT_GCOV_WORDS:
      return "gcov-create_gcov";
    case AFDO_FORMAT_TEXT:
      return "text";
    default:
      return "unknown";
    }
}

/* Output buffer.  */

void
afdo_buf_put (afdo_buf *b, const void *data, size_t n)
{
  if (b->len + n > b->cap)
    {
      size_t c = b->cap ? b->cap : 4096;
      while (c < b->len + n)
	c *= 2;
      b->data = afdo_xrealloc (b->data, c);
      b->cap = c;
    }
  memcpy (b->data + b->len, data, n);
  b->len += n;
}

void
afdo_buf_printf (afdo_buf *b, const char *fmt, ...)
{
  char small[256];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (small, sizeof small, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  if ((size_t) n < sizeof small)
    {
      afdo_buf_put (b, small, n);
      return;
    }
  char *big = afdo_xmalloc ((size_t) n + 1);
  va_start (ap, fmt);
  vsnprintf (big, (size_t) n + 1, fmt, ap);
  va_end (ap);
  afdo_buf_put (b, big, n);
  free (big);
}

void
afdo_buf_u32 (afdo_buf *b, uint32_t v)
{
  unsigned char w[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff,
			 (v >> 24) & 0xff };
  afdo_buf_put (b, w, 4);
}

void
afdo_buf_u64 (afdo_buf *b, uint64_t v)
{
  afdo_buf_u32 (b, (uint32_t) v);
  afdo_buf_u32 (b, (uint32_t) (v >> 32));
}

void
afdo_buf_free (afdo_buf *b)
{
  free (b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

/* String table.  */

static uint64_t
afdo_hash (const char *s, size_t len)
{
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < len; i++)
    {
      h ^= (unsigned char) s[i];
      h *= 0x100000001b3ull;
    }
  return h;
}

static const char *
afdo_store (afdo_profile *p, const char *s, size_t len)
{
  afdo_chunk *c = p->chunks;
  if (!c || c->cap - c->used < len + 1)
    {
      size_t cap = len + 1 > 65536 ? len + 1 : 65536;
      c = afdo_xmalloc (sizeof *c + cap);
      c->next = p->chunks;
      c->used = 0;
      c->cap = cap;
      p->chunks = c;
    }
  char *d = c->data + c->used;
  memcpy (d, s, len);
  d[len] = 0;
  c->used += len + 1;
  return d;
}

/* The index of S (of hash HASH), or UINT32_MAX with *K set to the key
   under which it would be entered.  */
static uint32_t
afdo_lookup (const afdo_profile *p, const char *s, size_t len, uint64_t hash,
	     uint64_t *k)
{
  for (uint64_t i = 0;; i++)
    {
      uint64_t v = afdo_map_get (&p->index, hash, i);
      if (!v)
	{
	  *k = i;
	  return UINT32_MAX;
	}
      const afdo_string *e = &p->names[v - 1];
      if (e->len == len && memcmp (e->s, s, len) == 0)
	return (uint32_t) (v - 1);
    }
}

uint32_t
afdo_name_index (const afdo_profile *p, const char *s, size_t len)
{
  uint64_t k;
  if (len > UINT32_MAX)
    return UINT32_MAX;
  return afdo_lookup (p, s, len, afdo_hash (s, len), &k);
}

uint32_t
afdo_intern (afdo_profile *p, const char *s, size_t len)
{
  if (len >= UINT32_MAX)
    afdo_oom ();
  uint64_t hash = afdo_hash (s, len), k;
  uint32_t found = afdo_lookup (p, s, len, hash, &k);
  if (found != UINT32_MAX)
    return found;
  if (p->n_names == UINT32_MAX - 1)
    afdo_oom ();
  afdo_grow ((void **) &p->names, &p->cap_names, p->n_names + 1,
	     sizeof *p->names);
  afdo_string *e = &p->names[p->n_names];
  e->s = afdo_store (p, s, len);
  e->len = (uint32_t) len;
  if (!afdo_map_put (&p->index, hash, k, (uint64_t) p->n_names + 1))
    afdo_oom ();
  return p->n_names++;
}

uint32_t
afdo_intern_str (afdo_profile *p, const char *s)
{
  return afdo_intern (p, s, strlen (s));
}

const char *
afdo_name (const afdo_profile *p, uint32_t index)
{
  return index < p->n_names ? p->names[index].s : NULL;
}

uint32_t
afdo_n_names (const afdo_profile *p)
{
  return p->n_names;
}

static int
afdo_name_cmp (const afdo_profile *p, uint32_t a, uint32_t b)
{
  if (a == b)
    return 0;
  const afdo_string *x = &p->names[a], *y = &p->names[b];
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp (x->s, y->s, n);
  if (c)
    return c;
  return x->len < y->len ? -1 : x->len > y->len;
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
  free (p->names);
  afdo_map_free (&p->index);
  for (afdo_chunk *c = p->chunks, *n; c; c = n)
    {
      n = c->next;
      free (c);
    }
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

static void
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
  if (name >= p->n_names)
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

void
afdo_attach_top (afdo_profile *p, afdo_function *f)
{
  afdo_function *old = afdo_top_lookup (p, f->name);
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
  return afdo_name_cmp (p, a->name, name);
}

afdo_function *
afdo_callee_lookup (const afdo_profile *p, afdo_function *f, afdo_key_t key,
		    uint32_t name, bool create, bool *created)
{
  if (created)
    *created = false;
  if (name >= p->n_names)
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
  return afdo_name_cmp (afdo_sort_profile, x->name, y->name);
}

static int
afdo_top_order (const void *a, const void *b)
{
  const afdo_function *x = *(afdo_function *const *) a;
  const afdo_function *y = *(afdo_function *const *) b;
  return afdo_name_cmp (afdo_sort_profile, x->name, y->name);
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

uint64_t
afdo_function_sum (const afdo_function *f)
{
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    s = afdo_count_add (s, f->pos[i].count);
  for (uint32_t i = 0; i < f->n_callees; i++)
    s = afdo_count_add (s, afdo_function_sum (f->callees[i]));
  return s;
}

static uint64_t
afdo_finalize_function (const afdo_profile *p, afdo_function *f)
{
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      afdo_pos *pos = &f->pos[i];
      uint32_t k = 0;
      for (uint32_t j = 0; j < pos->n_targets; j++)
	if (pos->targets[j].count)
	  pos->targets[k++] = pos->targets[j];
      pos->n_targets = k;
      if (!k)
	{
	  free (pos->targets);
	  pos->targets = NULL;
	  pos->cap_targets = 0;
	}
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
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    s = afdo_count_add (s, f->pos[i].count);
  for (uint32_t i = 0; i < f->n_callees; i++)
    s = afdo_count_add (s, f->callees[i]->total);
  return s;
}

/* The total of F as afdo_profile_finalize would set it, computed afresh
   (F need not be finalized).  */
static uint64_t
afdo_effective_total (const afdo_function *f)
{
  if (f->has_stated_total)
    return f->stated_total;
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    s = afdo_count_add (s, f->pos[i].count);
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

/* Merge and scale.  */

static uint32_t
afdo_reintern (afdo_profile *dp, const afdo_profile *sp, uint32_t name)
{
  if (dp == sp)
    return name;
  const afdo_string *s = &sp->names[name];
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
