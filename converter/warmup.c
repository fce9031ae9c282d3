/* Work ahead of the later stages while the samples are read: a second
   thread reads the DWARF of each newly sampled address and builds the
   CFG of its function (with a capstone handle of its own), so that the
   costs that do not grow with perf.data are paid while the records are
   decoded; at the end the reading thread helps with the CFGs left.
   The results are the same as without it: the symbolizer only reads
   ahead what the aggregation asks for, and the CFGs are handed over
   for exec_compute_cached to take in its own order.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "warmup.h"

struct warmup
{
  const binary *bin;
  symbolizer *sym;
  size_t cs;			/* the thread's capstone handle */
  pthread_t thread;
  /* MU guards everything below; CV tells the thread of new addresses
     and of the end.  */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  uint64_t *addrs;		/* the sampled addresses, in the order met */
  size_t n, cap;
  size_t next_dwarf;		/* the next address to symbolize ahead */
  size_t next_cfg;		/* the next address whose function is due */
  bool closed;			/* no more addresses */
  afdo_map claimed;		/* (hot part's address, 0) -> 1 */
  bincfg **built;
  size_t n_built, cap_built;
};

/* The hot part of the next function whose CFG nobody builds yet, now
   claimed; NULL when there is none for now.  With MU held.  */
static const bin_func *
take_cfg (warmup *w)
{
  while (w->next_cfg < w->n)
    {
      const bin_func *hot = cfg_hot_part (w->bin, w->addrs[w->next_cfg++]);
      if (!hot || afdo_map_get (&w->claimed, hot->addr, 0)
	  || !afdo_map_put (&w->claimed, hot->addr, 0, 1))
	continue;
      return hot;
    }
  return NULL;
}

/* Keep the CFG G (NULL when its build failed).  With MU held.  A CFG
   that cannot be kept is built again when it is needed.  */
static void
keep_cfg (warmup *w, bincfg *g)
{
  if (!g)
    return;
  if (w->n_built == w->cap_built)
    {
      size_t nc = w->cap_built ? 2 * w->cap_built : 64;
      bincfg **v = realloc (w->built, nc * sizeof *v);
      if (!v)
	{
	  bincfg_free (g);
	  return;
	}
      w->built = v;
      w->cap_built = nc;
    }
  w->built[w->n_built++] = g;
}

static void *
run (void *arg)
{
  warmup *w = arg;
  pthread_mutex_lock (&w->mu);
  for (;;)
    {
      bool worked = false;
      if (w->next_dwarf < w->n)
	{
	  uint64_t a = w->addrs[w->next_dwarf++];
	  pthread_mutex_unlock (&w->mu);
	  symbolizer_prepare (w->sym, a);
	  pthread_mutex_lock (&w->mu);
	  worked = true;
	}
      const bin_func *hot = take_cfg (w);
      if (hot)
	{
	  pthread_mutex_unlock (&w->mu);
	  bincfg *g = bincfg_build_cs (w->bin, hot, w->cs);
	  pthread_mutex_lock (&w->mu);
	  keep_cfg (w, g);
	  worked = true;
	}
      if (!worked)
	{
	  if (w->closed)
	    break;
	  pthread_cond_wait (&w->cv, &w->mu);
	}
    }
  pthread_mutex_unlock (&w->mu);
  return NULL;
}

warmup *
warmup_start (const binary *bin, symbolizer *sym)
{
  cpu_set_t cpus;
  if (sched_getaffinity (0, sizeof cpus, &cpus) == 0
      ? CPU_COUNT (&cpus) < 2 : sysconf (_SC_NPROCESSORS_ONLN) < 2)
    return NULL;
  warmup *w = calloc (1, sizeof *w);
  if (!w)
    return NULL;
  w->bin = bin;
  w->sym = sym;
  if (!binary_cs_open (&w->cs))
    {
      free (w);
      return NULL;
    }
  pthread_mutex_init (&w->mu, NULL);
  pthread_cond_init (&w->cv, NULL);
  if (pthread_create (&w->thread, NULL, run, w) != 0)
    {
      pthread_mutex_destroy (&w->mu);
      pthread_cond_destroy (&w->cv);
      binary_cs_close (w->cs);
      free (w);
      return NULL;
    }
  return w;
}

void
warmup_add (warmup *w, uint64_t addr)
{
  pthread_mutex_lock (&w->mu);
  if (w->n == w->cap)
    {
      size_t nc = w->cap ? 2 * w->cap : 1024;
      uint64_t *v = realloc (w->addrs, nc * sizeof *v);
      if (!v)
	{
	  /* Left to be done when needed.  */
	  pthread_mutex_unlock (&w->mu);
	  return;
	}
      w->addrs = v;
      w->cap = nc;
    }
  w->addrs[w->n++] = addr;
  pthread_cond_signal (&w->cv);
  pthread_mutex_unlock (&w->mu);
}

cfg_cache *
warmup_finish (warmup *w)
{
  pthread_mutex_lock (&w->mu);
  w->closed = true;
  pthread_cond_signal (&w->cv);
  const bin_func *hot;
  while ((hot = take_cfg (w)) != NULL)
    {
      pthread_mutex_unlock (&w->mu);
      bincfg *g = bincfg_build (w->bin, hot);
      pthread_mutex_lock (&w->mu);
      keep_cfg (w, g);
    }
  pthread_mutex_unlock (&w->mu);
  pthread_join (w->thread, NULL);

  cfg_cache *c = cfg_cache_new (w->bin);
  for (size_t i = 0; i < w->n_built; i++)
    if (c)
      cfg_cache_offer (c, w->built[i]);
    else
      bincfg_free (w->built[i]);
  free (w->built);
  free (w->addrs);
  afdo_map_free (&w->claimed);
  pthread_mutex_destroy (&w->mu);
  pthread_cond_destroy (&w->cv);
  binary_cs_close (w->cs);
  free (w);
  return c;
}
