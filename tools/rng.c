/* afdo: xorshift64* (Marsaglia's xorshift with a multiplication of the
   output), the generator declared in rng.h.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "rng.h"

void
afdo_rng_seed (afdo_rng *r, uint64_t seed)
{
  /* Small seeds are spread over the state; seed 0 gives state 1 rather
     than 0, which xorshift would keep forever.  */
  r->state = seed * 0x9e3779b97f4a7c15ull + 1;
}

uint64_t
afdo_rng_next (afdo_rng *r)
{
  r->state ^= r->state >> 12;
  r->state ^= r->state << 25;
  r->state ^= r->state >> 27;
  return r->state * 0x2545f4914f6cdd1dull;
}

uint64_t
afdo_rng_below (afdo_rng *r, uint64_t n)
{
  return n ? afdo_rng_next (r) % n : 0;
}
