/* afdo: the string table of a profile: names interned once, found by
   hash, compared by their bytes.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"

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
afdo_store (afdo_strtab *t, const char *s, size_t len)
{
  afdo_chunk *c = t->chunks;
  if (!c || c->cap - c->used < len + 1)
    {
      size_t cap = len + 1 > 65536 ? len + 1 : 65536;
      c = afdo_xmalloc (sizeof *c + cap);
      c->next = t->chunks;
      c->used = 0;
      c->cap = cap;
      t->chunks = c;
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
afdo_lookup (const afdo_strtab *t, const char *s, size_t len, uint64_t hash,
	     uint64_t *k)
{
  for (uint64_t i = 0;; i++)
    {
      uint64_t v = afdo_map_get (&t->index, hash, i);
      if (!v)
	{
	  *k = i;
	  return UINT32_MAX;
	}
      const afdo_string *e = &t->names[v - 1];
      if (e->len == len && memcmp (e->s, s, len) == 0)
	return (uint32_t) (v - 1);
    }
}

/* The index of the name S of LEN bytes in T, or UINT32_MAX.  */
uint32_t
afdo_strtab_find (const afdo_strtab *t, const char *s, size_t len)
{
  uint64_t k;
  if (len > UINT32_MAX)
    return UINT32_MAX;
  return afdo_lookup (t, s, len, afdo_hash (s, len), &k);
}

/* The index of S in T, entered when new.  */
uint32_t
afdo_strtab_intern (afdo_strtab *t, const char *s, size_t len)
{
  if (len >= UINT32_MAX)
    afdo_oom ();
  uint64_t hash = afdo_hash (s, len), k;
  uint32_t found = afdo_lookup (t, s, len, hash, &k);
  if (found != UINT32_MAX)
    return found;
  if (t->n_names == UINT32_MAX - 1)
    afdo_oom ();
  afdo_grow ((void **) &t->names, &t->cap_names, t->n_names + 1,
	     sizeof *t->names);
  afdo_string *e = &t->names[t->n_names];
  e->s = afdo_store (t, s, len);
  e->len = (uint32_t) len;
  if (!afdo_map_put (&t->index, hash, k, (uint64_t) t->n_names + 1))
    afdo_oom ();
  return t->n_names++;
}

int
afdo_strtab_cmp (const afdo_strtab *t, uint32_t a, uint32_t b)
{
  if (a == b)
    return 0;
  const afdo_string *x = &t->names[a], *y = &t->names[b];
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp (x->s, y->s, n);
  if (c)
    return c;
  return x->len < y->len ? -1 : x->len > y->len;
}

void
afdo_strtab_free (afdo_strtab *t)
{
  free (t->names);
  afdo_map_free (&t->index);
  for (afdo_chunk *c = t->chunks, *n; c; c = n)
    {
      n = c->next;
      free (c);
    }
}
