/* Open-addressing hash map from a pair of 64-bit keys to a count, used for
   address, branch and range counts.
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

#ifndef AFDO_HASHMAP_H
#define AFDO_HASHMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* Key (A, B) -> count; a count of 0 marks an empty slot, so only
   positive counts are stored.  */
typedef struct cmap_slot
{
  uint64_t a, b, count;
} cmap_slot;

typedef struct cmap
{
  cmap_slot *slots;
  size_t n, cap;
} cmap;

static inline uint64_t
cmap_hash (uint64_t a, uint64_t b)
{
  uint64_t x = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull);
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return x;
}

static inline bool
cmap_grow (cmap *m)
{
  size_t nc = m->cap ? 2 * m->cap : 1024;
  cmap_slot *ns = calloc (nc, sizeof *ns);
  if (!ns)
    return false;
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].count)
      {
	size_t h = cmap_hash (m->slots[i].a, m->slots[i].b) & (nc - 1);
	while (ns[h].count)
	  h = (h + 1) & (nc - 1);
	ns[h] = m->slots[i];
      }
  free (m->slots);
  m->slots = ns;
  m->cap = nc;
  return true;
}

/* Add C (> 0) to the count of (A, B); false when out of memory.  */
static inline bool
cmap_add (cmap *m, uint64_t a, uint64_t b, uint64_t c)
{
  if (c == 0)
    return true;
  if (2 * (m->n + 1) > m->cap && !cmap_grow (m))
    return false;
  size_t h = cmap_hash (a, b) & (m->cap - 1);
  while (m->slots[h].count)
    {
      if (m->slots[h].a == a && m->slots[h].b == b)
	{
	  uint64_t s = m->slots[h].count + c;
	  m->slots[h].count = s < c ? UINT64_MAX : s;
	  return true;
	}
      h = (h + 1) & (m->cap - 1);
    }
  m->slots[h].a = a;
  m->slots[h].b = b;
  m->slots[h].count = c;
  m->n++;
  return true;
}

static inline uint64_t
cmap_get (const cmap *m, uint64_t a, uint64_t b)
{
  if (!m->cap)
    return 0;
  size_t h = cmap_hash (a, b) & (m->cap - 1);
  while (m->slots[h].count)
    {
      if (m->slots[h].a == a && m->slots[h].b == b)
	return m->slots[h].count;
      h = (h + 1) & (m->cap - 1);
    }
  return 0;
}

static inline void
cmap_free (cmap *m)
{
  free (m->slots);
  m->slots = NULL;
  m->n = m->cap = 0;
}

#endif /* AFDO_HASHMAP_H */
