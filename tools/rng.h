/* afdo: the small deterministic random number generator (xorshift64*)
   of afdo-lbrgen's jitter, afdo-randprof's profiles and the unit tests'
   random profiles.
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
