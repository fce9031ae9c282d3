/* afdo: the hash table from a pair of 64-bit keys to a non-zero 64-bit
   value (open addressing, linear probing); see afdo-map.h.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>

#include "afdo-map.h"

/* The size of a table's first allocation (a power of 2).  */
#define AFDO_MAP_MIN_CAP 64

static uint64_t
afdo_map_hash (uint64_t a, uint64_t b)
{
  uint64_t x = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull);
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return x;
}

/* The slot holding (A, B), or the empty slot where it would go.  M has
   slots.  */
static afdo_map_slot *
afdo_map_find (const afdo_map *m, uint64_t a, uint64_t b)
{
  size_t mask = m->cap - 1;
  size_t h = afdo_map_hash (a, b) & mask;
  while (m->slots[h].value && (m->slots[h].a != a || m->slots[h].b != b))
    h = (h + 1) & mask;
  return &m->slots[h];
}

static bool
afdo_map_grow (afdo_map *m)
{
  afdo_map bigger = { NULL, m->n, m->cap ? 2 * m->cap : AFDO_MAP_MIN_CAP };
  if (bigger.cap < m->cap)
    return false;
  bigger.slots = calloc (bigger.cap, sizeof *bigger.slots);
  if (!bigger.slots)
    return false;
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].value)
      *afdo_map_find (&bigger, m->slots[i].a, m->slots[i].b) = m->slots[i];
  free (m->slots);
  *m = bigger;
  return true;
}

/* The slot of (A, B), made an entry (with value 0, which the caller
   replaces at once) when it is not one; NULL when out of memory.  */
static afdo_map_slot *
afdo_map_claim (afdo_map *m, uint64_t a, uint64_t b)
{
  if (2 * (m->n + 1) > m->cap && !afdo_map_grow (m))
    return NULL;
  afdo_map_slot *s = afdo_map_find (m, a, b);
  if (!s->value)
    {
      s->a = a;
      s->b = b;
      m->n++;
    }
  return s;
}

uint64_t
afdo_map_get (const afdo_map *m, uint64_t a, uint64_t b)
{
  return m->cap ? afdo_map_find (m, a, b)->value : 0;
}

bool
afdo_map_put (afdo_map *m, uint64_t a, uint64_t b, uint64_t value)
{
  afdo_map_slot *s = afdo_map_claim (m, a, b);
  if (!s)
    return false;
  s->value = value;
  return true;
}

bool
afdo_map_add (afdo_map *m, uint64_t a, uint64_t b, uint64_t c)
{
  if (c == 0)
    return true;
  afdo_map_slot *s = afdo_map_claim (m, a, b);
  if (!s)
    return false;
  uint64_t sum = s->value + c;
  s->value = sum < c ? UINT64_MAX : sum;
  return true;
}

void
afdo_map_free (afdo_map *m)
{
  free (m->slots);
  m->slots = NULL;
  m->n = m->cap = 0;
}

static int
slot_cmp (const void *a, const void *b)
{
  const afdo_map_slot *x = a, *y = b;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : x->b > y->b;
}

afdo_map_slot *
afdo_map_sorted (const afdo_map *m, size_t *n)
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
