/* afdo: the one hash table of the project: open addressing with linear
   probing from a pair of 64-bit keys to a non-zero 64-bit value.  The
   profile's string table, the converter's address, range and branch
   counts and the perf.data reader's event ids all use it.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_MAP_H
#define AFDO_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A value of 0 marks an empty slot, so only non-zero values are stored
   (a caller with 0 among its values stores them plus one).  The table is
   at most half full; its size is 0 or a power of 2.  Nothing is ever
   removed.  A zero-initialized afdo_map is an empty table.  */
typedef struct afdo_map_slot
{
  uint64_t a, b, value;
} afdo_map_slot;

typedef struct afdo_map
{
  afdo_map_slot *slots;
  size_t n, cap;		/* entries; slots */
} afdo_map;

/* The value of (A, B), 0 when there is none.  */
uint64_t afdo_map_get (const afdo_map *, uint64_t a, uint64_t b);

/* Set the value of (A, B) to VALUE (non-zero).  False when the table
   could not grow (out of memory); the table is unchanged then.  */
bool afdo_map_put (afdo_map *, uint64_t a, uint64_t b, uint64_t value);

/* Add C to the value of (A, B), saturating at UINT64_MAX; nothing for a
   C of 0.  False when out of memory, as for afdo_map_put.  */
bool afdo_map_add (afdo_map *, uint64_t a, uint64_t b, uint64_t c);

/* Free the slots; M is an empty table again.  */
void afdo_map_free (afdo_map *m);

/* The entries are the slots with a non-zero value, in no useful order:

     for (size_t i = 0; i < m->cap; i++)
       if (m->slots[i].value)
	 ...  */

/* The entries of M in a new array sorted by (A, B), their number in *N;
   NULL when M is empty or out of memory.  */
afdo_map_slot *afdo_map_sorted (const afdo_map *m, size_t *n);

#ifdef __cplusplus
}
#endif

#endif /* AFDO_MAP_H */
