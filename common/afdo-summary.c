/* afdo: profile-summary algorithms: the working-set count and the
   largest count of a profile.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The working-set count takes two walks over the profile: the first
   sums the position counts in power-of-two buckets, the second collects
   only the counts of the bucket where the cut falls, which are then
   sorted; a large profile costs two linear walks and a small sort.  */

#include <stdlib.h>
#include <string.h>

#include "afdo-summary.h"

struct ws_walk
{
  uint64_t bucket_sum[65];
  uint64_t max, sum;
  int cut_bucket;
  uint64_t *cut;
  size_t n_cut, cap_cut;
};

static int
count_bucket (uint64_t c)
{
  return c ? 64 - __builtin_clzll (c) : 0;
}

static int
ws_sum (afdo_function *f, unsigned depth, void *data)
{
  (void) depth;
  struct ws_walk *w = data;
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      uint64_t c = f->pos[i].count;
      int b = count_bucket (c);
      w->bucket_sum[b] = afdo_count_add (w->bucket_sum[b], c);
      w->sum = afdo_count_add (w->sum, c);
      if (c > w->max)
	w->max = c;
    }
  return 0;
}

static int
ws_collect (afdo_function *f, unsigned depth, void *data)
{
  (void) depth;
  struct ws_walk *w = data;
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      if (count_bucket (f->pos[i].count) != w->cut_bucket)
	continue;
      if (w->n_cut == w->cap_cut)
	{
	  w->cap_cut = w->cap_cut ? 2 * w->cap_cut : 64;
	  w->cut = realloc (w->cut, w->cap_cut * sizeof *w->cut);
	  if (!w->cut)
	    abort ();
	}
      w->cut[w->n_cut++] = f->pos[i].count;
    }
  return 0;
}

static int
cmp_desc (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? 1 : x > y ? -1 : 0;
}

uint64_t
afdo_working_set_count (const afdo_profile *prof, int permille,
			uint64_t *sum, uint64_t *max)
{
  struct ws_walk w;
  memset (&w, 0, sizeof w);
  afdo_profile_walk (prof, ws_sum, &w);
  if (permille < 0)
    permille = 0;
  if (permille > 1000)
    permille = 1000;
  uint64_t cutoff = (uint64_t) ((unsigned __int128) w.sum * permille / 1000);
  uint64_t threshold = 1, acc = 0;
  for (w.cut_bucket = 64; w.cut_bucket > 0; w.cut_bucket--)
    {
      uint64_t next = afdo_count_add (acc, w.bucket_sum[w.cut_bucket]);
      if (next >= cutoff && w.bucket_sum[w.cut_bucket] > 0)
	break;
      acc = next;
    }
  if (w.cut_bucket > 0 && cutoff > 0)
    {
      afdo_profile_walk (prof, ws_collect, &w);
      qsort (w.cut, w.n_cut, sizeof *w.cut, cmp_desc);
      for (size_t i = 0; i < w.n_cut && acc < cutoff; i++)
	{
	  acc = afdo_count_add (acc, w.cut[i]);
	  threshold = w.cut[i];
	}
    }
  free (w.cut);
  if (sum)
    *sum = w.sum;
  if (max)
    *max = w.max;
  return threshold;
}

typedef struct max_data
{
  uint64_t max;
  bool targets;			/* target counts are counts of calls */
} max_data;

static int
max_walk (afdo_function *f, unsigned depth, void *data)
{
  (void) depth;
  max_data *m = data;
  if (f->head > m->max)
    m->max = f->head;
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      if (f->pos[i].count > m->max)
	m->max = f->pos[i].count;
      for (uint32_t j = 0; m->targets && j < f->pos[i].n_targets; j++)
	if (f->pos[i].targets[j].count > m->max)
	  m->max = f->pos[i].targets[j].count;
    }
  return 0;
}

uint64_t
afdo_max_count (const afdo_profile *prof)
{
  max_data m = { 0, afdo_has_branch_info (prof) };
  afdo_profile_walk (prof, max_walk, &m);
  return m.max;
}

static int
branch_walk (afdo_function *f, unsigned depth, void *data)
{
  (void) data;
  return depth == 0 && f->head > 0;
}

bool
afdo_has_branch_info (const afdo_profile *prof)
{
  return afdo_profile_walk (prof, branch_walk, NULL) != 0;
}
