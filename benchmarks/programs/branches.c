/* afdo benchmark program: biased branches and cold paths.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Biased branches and cold paths.  Records are validated by checks that
   almost never fail; the failure paths are bulky and cold.  The hot
   branches are biased 1:20 in directions a static predictor cannot
   guess (value comparisons), so a profile should move the cold code out
   of the way and lay out the likely path as the fall-through.

   bench: full=17000 small=450  (argument: rounds over the data)  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NREC 16384

struct rec
{
  unsigned key;
  int value;
  int weight;
  unsigned char kind;
  unsigned char flags;
};

static struct rec recs[NREC];
static unsigned long long errors;
static char logbuf[256];

static unsigned rng_state = 12345u;

static unsigned
rng (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 17;
  rng_state ^= rng_state << 5;
  return rng_state;
}

/* Cold: formats a diagnostic.  Large enough that inlining it everywhere
   would hurt.  */
static void
report_bad (const struct rec *r, int why)
{
  int len = snprintf (logbuf, sizeof logbuf,
                      "bad record key=%u value=%d weight=%d kind=%u why=%d",
                      r->key, r->value, r->weight, r->kind, why);
  for (int i = 0; i < len; i++)
    errors += (unsigned char) logbuf[i] * (unsigned) (i + why);
  if (len > 200)
    errors ^= 0x5a5a;
}

static int
repair (struct rec *r)
{
  int v = r->value;
  if (v < 0)
    v = -v;
  if (v > 100000)
    v %= 100000;
  if (r->weight == 0)
    r->weight = 1;
  report_bad (r, 7);
  return v;
}

static long long
process (struct rec *r, int round)
{
  long long acc = 0;
  if (r->flags & 0x80)             /* 1 in 256: corrupt, cold.  */
    return repair (r);
  if (r->value > 99000)            /* about 1 in 100: cold.  */
    {
      report_bad (r, 1);
      return 0;
    }
  if (r->kind > 18)                /* 1 in 20: rarely true.  */
    acc += (long long) r->value * r->weight - round;
  else
    acc += r->value + r->weight;
  if (r->key % 97 == 3)            /* rare.  */
    acc ^= r->key;
  if (r->weight < 990)             /* 99 % true.  */
    acc += r->weight >> 2;
  else
    acc -= round;
  return acc;
}

int
main (int argc, char **argv)
{
  int rounds = argc > 1 ? atoi (argv[1]) : 100;
  long long sum = 0;
  rng_state += argc > 2 ? (unsigned) atoi (argv[2]) : 0;
  for (int i = 0; i < NREC; i++)
    {
      recs[i].key = rng ();
      recs[i].value = (int) (rng () % 100000);
      recs[i].weight = (int) (rng () % 1000);
      recs[i].kind = (unsigned char) (rng () % 20);
      recs[i].flags = (unsigned char) (rng () % 256 == 0 ? 0x80 : 0);
    }
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < NREC; i++)
      sum += process (&recs[i], r);
  printf ("%lld %llu\n", sum, errors);
  return 0;
}
