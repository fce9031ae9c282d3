/* afdo: the small deterministic random number generator (xorshift64*)
   of afdo-lbrgen's jitter, afdo-randprof's profiles and the unit tests'
   random profiles.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_RNG_H
#define AFDO_RNG_H

#include <stdint.h>

typedef struct afdo_rng
{
  uint64_t state;
} afdo_rng;

/* Start the sequence of SEED (any value, 0 included).  */
void afdo_rng_seed (afdo_rng *, uint64_t seed);

/* The next number of the sequence.  */
uint64_t afdo_rng_next (afdo_rng *);

/* A number below N (0 when N is 0).  */
uint64_t afdo_rng_below (afdo_rng *, uint64_t n);

#endif /* AFDO_RNG_H */
