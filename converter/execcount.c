/* Execution counts from IP samples (seed paper 002, section 3.3): the
   samples of a sampled function placed on its binary CFG, moved back
   over the skid, normalized by block size and made a consistent flow by
   a minimum-cost flow whose costs follow the confidence in each block.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-mcf.h"
#include "execcount.h"

/* The flow works in integers: an estimate of 1 is FLOW_UNIT units.  */
#define FLOW_UNIT 256
/* Work for one function's flow, in arc visits.  */
#define FLOW_BUDGET 20000000L
/* Costs per unit of change in the confidence model: a block's count
   is as dear to change as its samples are many per unit of count over
   their spread (the square root of the samples, for samples that are
   Poisson): COST_SCALE * instructions / sqrt (samples + 1).  A block
   without samples is thus dear to raise (its zero is strong evidence
   when it has many instructions), a short or heavily sampled block
   cheap to change.  One class after seed 002: a block with a
   long-latency instruction (div, sqrt) is over-sampled (time-based
   samples pile up there): raising it costs twice as much, lowering it
   half.  Measured against callgrind's exact counts
   (doc/afdo-convert.md).  */
#define COST_SCALE 16
#define COST_MAX 1000000

bool
exec_model_parse (const char *name, exec_model *model)
{
  static const char *const names[] = { "raw", "norm", "lift", "skid", "mcf",
					"full" };
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp (name, names[i]))
      {
	*model = (exec_model) i;
	return true;
      }
  return false;
}

static bool
add_func (execcounts *x, const bincfg *g)
{
  if (g->id < x->n_f)
    return true;
  exec_func *v = realloc (x->f, (g->id + 1) * sizeof *v);
  if (!v)
    return false;
  x->f = v;
  exec_func *f = &x->f[g->id];
  memset (f, 0, sizeof *f);
  f->g = g;
  x->n_f = g->id + 1;
  f->samples = calloc (g->n_insns, sizeof *f->samples);
  f->block_samples = calloc (g->n_blocks, sizeof *f->block_samples);
  f->est = calloc (g->n_blocks, sizeof *f->est);
  return f->samples && f->block_samples && f->est;
}

/* Skid: the samples of an instruction belong to the one before it in
   its block; those of a block's first instruction to the last
   instructions of its predecessors, in proportion to their samples per
   instruction (evenly when they have none).  The entry block's first
   instruction, and a block without predecessors, keep theirs.  Block
   sums of the moved samples in OUT.  */
static void
skid (const exec_func *f, double *out)
{
  const bincfg *g = f->g;
  for (uint32_t i = 0; i < g->n_insns; i++)
    {
      double c = f->samples[i];
      if (c == 0)
	continue;
      const cfg_block *b = &g->blocks[g->insns[i].block];
      if (i != b->first)
	{
	  out[g->insns[i - 1].block] += c;
	  continue;
	}
      if (b->n_pred == 0 || g->insns[i].block == g->entry)
	{
	  out[g->insns[i].block] += c;
	  continue;
	}
      double w = 0;
      for (uint32_t e = 0; e < b->n_pred; e++)
	{
	  const cfg_block *p = &g->blocks[g->preds[b->pred + e]];
	  w += f->block_samples[g->preds[b->pred + e]] / p->n;
	}
      for (uint32_t e = 0; e < b->n_pred; e++)
	{
	  uint32_t pb = g->preds[b->pred + e];
	  double share = w > 0 ? f->block_samples[pb] / g->blocks[pb].n / w
			 : 1.0 / b->n_pred;
	  out[pb] += c * share;
	}
    }
}

static bool
has_long_latency (const bincfg *g, const cfg_block *b)
{
  for (uint32_t i = b->first; i < b->first + b->n; i++)
    if (g->insns[i].flags & CFG_I_LONG)
      return true;
  return false;
}

/* Breadth-first search in G from FROM (or, when FROM is UINT32_MAX,
   from the entry) over the edges whose flow in EFLOW is positive (all
   edges when EFLOW is NULL); PARENT gets each reached block's edge in
   (UINT32_MAX for the start, UINT32_MAX - 1 unreached).  QUEUE has room
   for every block.  */
static void
bfs (const bincfg *g, uint32_t from, const double *eflow, uint32_t *parent,
     uint32_t *queue)
{
  for (uint32_t k = 0; k < g->n_blocks; k++)
    parent[k] = UINT32_MAX - 1;
  uint32_t head = 0, tail = 0;
  queue[tail++] = from == UINT32_MAX ? g->entry : from;
  parent[queue[0]] = UINT32_MAX;
  while (head < tail)
    {
      const cfg_block *b = &g->blocks[queue[head++]];
      for (uint32_t e = b->succ; e < b->succ + b->n_succ; e++)
	if ((!eflow || eflow[e] > 0) && parent[g->succs[e]] == UINT32_MAX - 1)
	  {
	    parent[g->succs[e]] = e;
	    queue[tail++] = g->succs[e];
	  }
    }
}

/* The block an edge E of G leaves.  */
static uint32_t
edge_source (const bincfg *g, uint32_t e)
{
  uint32_t lo = 0, hi = g->n_blocks;
  while (lo + 1 < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (g->blocks[mid].succ <= e)
	lo = mid;
      else
	hi = mid;
    }
  while (lo + 1 < g->n_blocks && g->blocks[lo + 1].succ <= e
	 && g->blocks[lo].n_succ == 0)
    lo++;
  return lo;
}

/* Add U along the path that PARENT gives from its start to block TO
   (TO itself excluded unless WITH_TO).  */
static void
add_path (const bincfg *g, const uint32_t *parent, uint32_t to, bool with_to,
	  double u, double *est, double *eflow)
{
  if (with_to)
    est[to] += u;
  while (parent[to] != UINT32_MAX)
    {
      uint32_t e = parent[to];
      eflow[e] += u;
      to = edge_source (g, e);
      est[to] += u;
    }
}

/* A loop whose blocks have counts but that the flow does not enter
   (its samples circulate on its back edge, which costs nothing) is
   entered all the same: the least count the flow can express goes
   along a path from the entry to it and from it to an exit.  */
static void
join_isolated (const bincfg *g, double *est, double *eflow)
{
  uint32_t n = g->n_blocks;
  uint32_t *reach = malloc (n * sizeof *reach);
  uint32_t *path = malloc (n * sizeof *path);
  uint32_t *queue = malloc (n * sizeof *queue);
  const double u = 1.0 / FLOW_UNIT;
  if (!reach || !path || !queue)
    goto out;
  bfs (g, UINT32_MAX, eflow, reach, queue);
  for (uint32_t k = 0; k < n; k++)
    {
      if (est[k] <= 0 || reach[k] != UINT32_MAX - 1)
	continue;
      bfs (g, UINT32_MAX, NULL, path, queue);
      if (path[k] == UINT32_MAX - 1)
	continue;		/* No way in: left as it is.  */
      add_path (g, path, k, false, u, est, eflow);
      bfs (g, k, NULL, path, queue);
      uint32_t x = UINT32_MAX;
      for (uint32_t j = 0; j < n && x == UINT32_MAX; j++)
	if (path[j] != UINT32_MAX - 1 && j != k
	    && (g->blocks[j].flags & (CFG_EXIT | CFG_UNKNOWN)))
	  x = j;
      if (x != UINT32_MAX)
	add_path (g, path, x, true, u, est, eflow);
      bfs (g, UINT32_MAX, eflow, reach, queue);
    }
out:
  free (reach);
  free (path);
  free (queue);
}

static int64_t
to_units (double e)
{
  double u = e * FLOW_UNIT + 0.5;
  return u >= (double) (AFDO_MCF_INF >> 4) ? AFDO_MCF_INF >> 4 : (int64_t) u;
}

/* The minimum-cost flow over F's CFG (the network of seed 002 and of
   the plugin's inference, doc/design.md): each block is two nodes
   IN and OUT; a block's estimate W is a flow of W that the source puts
   at OUT and the sink takes at IN, an arc IN -> OUT raises the count, an
   arc OUT -> IN (of capacity W) lowers it; CFG edges join OUT to the
   successors' IN; blocks that leave the function lead to EXIT, which
   leads back to ENTRY, ENTRY to the entry block and to the blocks that
   nothing in the CFG jumps to (reached by unknown indirect jumps or by
   the unwinder; padding aside) at no cost.  SAMPLES are the blocks'
   samples after skid.  False when the solver did not finish (F's
   estimates are kept).  */
static bool
flow (exec_func *f, const double *samples, bool confidence)
{
  const bincfg *g = f->g;
  int nb = (int) g->n_blocks;
  int src = 2 * nb, sink = src + 1, entry = src + 2, exit_node = src + 3;
  afdo_mcf *m = afdo_mcf_new (2 * nb + 4);
  int *up = malloc (nb * sizeof *up), *down = malloc (nb * sizeof *down);
  int64_t *w = malloc (nb * sizeof *w);
  uint32_t n_edges = nb ? g->blocks[nb - 1].succ + g->blocks[nb - 1].n_succ
		     : 0;
  int *earc = malloc ((n_edges + 1) * sizeof *earc);
  double *eflow = malloc ((n_edges + 1) * sizeof *eflow);
  bool ok = false;
  if (!m || !up || !down || !w || !earc || !eflow)
    goto out;
  for (int k = 0; k < nb; k++)
    {
      const cfg_block *b = &g->blocks[k];
      int in = 2 * k, o = 2 * k + 1;
      int64_t c_up = 1, c_down = 1;
      w[k] = to_units (f->est[k]);
      if (confidence)
	{
	  /* A return's time is sampled in the caller (the interrupt comes
	     after it): it is no evidence in its own block.  */
	  uint32_t n = b->n;
	  if (n > 1 && (b->flags & CFG_EXIT) && b->n_succ == 0)
	    n--;
	  else if (n == 1 && (b->flags & CFG_EXIT) && b->n_succ == 0)
	    n = 0;
	  double c = COST_SCALE * n / sqrt (samples[k] + 1.0);
	  c_up = c_down = c < 1 ? 1 : c > COST_MAX ? COST_MAX : (int64_t) c;
	  if (w[k] > 0 && has_long_latency (g, b))
	    c_up = 2 * c_up, c_down = c_down / 2 + 1;
	}
      if (w[k] > 0)
	{
	  afdo_mcf_arc (m, src, o, w[k], 0);
	  afdo_mcf_arc (m, in, sink, w[k], 0);
	  down[k] = afdo_mcf_arc (m, o, in, w[k], c_down);
	}
      else
	down[k] = -1;
      up[k] = afdo_mcf_arc (m, in, o, AFDO_MCF_INF, c_up);
      for (uint32_t e = b->succ; e < b->succ + b->n_succ; e++)
	earc[e] = afdo_mcf_arc (m, o, 2 * (int) g->succs[e], AFDO_MCF_INF, 0);
      if (b->flags & (CFG_EXIT | CFG_UNKNOWN))
	afdo_mcf_arc (m, o, exit_node, AFDO_MCF_INF, 0);
      if ((uint32_t) k == g->entry
	  || (b->n_pred == 0 && !(b->flags & CFG_PAD)))
	afdo_mcf_arc (m, entry, in, AFDO_MCF_INF, 0);
    }
  afdo_mcf_arc (m, exit_node, entry, AFDO_MCF_INF, 0);
  bool done;
  afdo_mcf_solve (m, src, sink, FLOW_BUDGET, NULL, &done);
  if (done)
    {
      for (int k = 0; k < nb; k++)
	{
	  int64_t c = w[k] + afdo_mcf_flow (m, up[k])
		      - (down[k] >= 0 ? afdo_mcf_flow (m, down[k]) : 0);
	  f->est[k] = c > 0 ? (double) c / FLOW_UNIT : 0;
	}
      for (uint32_t e = 0; e < n_edges; e++)
	eflow[e] = (double) afdo_mcf_flow (m, earc[e]) / FLOW_UNIT;
      join_isolated (g, f->est, eflow);
      ok = true;
    }
out:
  free (earc);
  free (eflow);
  afdo_mcf_free (m);
  free (up);
  free (down);
  free (w);
  return ok;
}

/* F's estimates from the block samples S over the blocks' sizes.  */
static void
norm_estimates (exec_func *f, const double *s)
{
  for (uint32_t k = 0; k < f->g->n_blocks; k++)
    f->est[k] = s[k] / f->g->blocks[k].n;
}

/* Raise each block to what its neighbours' estimates force: every run
   of a successor whose one predecessor it is, and every run of a
   predecessor whose one successor it is, is a run of the block.  A
   timer interrupt almost never names some instructions (a conditional
   jump alone at a jump's target, after the jump that took it there), so
   a block of one or two of them reads 0 samples while the block it
   alone leads to has hundreds; without this the arm would read as never
   taken.  Only raises: a block's own samples are evidence that it ran,
   its lack of samples is not evidence against what its neighbours show.
   Repeated while a raise enables another, at most 16 times (a cycle of
   blocks no path enters could raise itself without end).  */
static void
lift (exec_func *f)
{
  const bincfg *g = f->g;
  double recorded = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    recorded += f->block_samples[k];
  /* A function of fewer samples is not lifted: its neighbours'
     estimates are a sample or two each, and every block raised would add
     a row of 1 to a profile that the plugin's evidence rule must see as
     the handful of samples it is.  */
  if (recorded < AFDO_MIN_UNIT_SAMPLES)
    return;
  for (int pass = 0; pass < 16; pass++)
    {
      bool changed = false;
      for (uint32_t k = 0; k < g->n_blocks; k++)
	{
	  const cfg_block *b = &g->blocks[k];
	  double out = 0, in = 0;
	  for (uint32_t e = b->succ; e < b->succ + b->n_succ; e++)
	    if (g->succs[e] != k && g->blocks[g->succs[e]].n_pred == 1)
	      out += f->est[g->succs[e]];
	  for (uint32_t e = b->pred; e < b->pred + b->n_pred; e++)
	    if (g->preds[e] != k && g->blocks[g->preds[e]].n_succ == 1)
	      in += f->est[g->preds[e]];
	  double lo = out > in ? out : in;
	  if (lo > f->est[k] * 1.0001 + 1e-9)
	    {
	      f->est[k] = lo;
	      changed = true;
	    }
	}
      if (!changed)
	break;
    }
  /* The function keeps its mass (estimates times instructions): its
     samples were all recorded, and what the raised blocks lacked, their
     neighbours took.  */
  double after = 0;
  for (uint32_t k = 0; k < g->n_blocks; k++)
    after += f->est[k] * g->blocks[k].n;
  if (after > recorded)
    for (uint32_t k = 0; k < g->n_blocks; k++)
      f->est[k] *= recorded / after;
}

static bool
all_zero (const double *v, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    if (v[k] > 0)
      return false;
  return true;
}

static void
estimate (execcounts *x, exec_func *f)
{
  const bincfg *g = f->g;
  for (uint32_t i = 0; i < g->n_insns; i++)
    f->block_samples[g->insns[i].block] += f->samples[i];
  if (x->model == EXEC_RAW)
    return;
  double *s = f->block_samples;
  double *moved = NULL;
  if (x->model >= EXEC_SKID
      && (moved = calloc (g->n_blocks, sizeof *moved)) != NULL)
    {
      skid (f, moved);
      s = moved;
    }
  norm_estimates (f, s);
  if (x->model == EXEC_LIFT)
    lift (f);
  if (x->model >= EXEC_MCF)
    {
      if (!flow (f, s, x->model == EXEC_FULL))
	x->flow_failed++;
      /* With a sample or two the cheapest flow is none at all: every
	 block lowered to 0, and the function would read as never run.
	 It keeps the estimates of its samples over the blocks' sizes.  */
      if (all_zero (f->est, g->n_blocks) && !all_zero (s, g->n_blocks))
	norm_estimates (f, s);
    }
  free (moved);
}

execcounts *
exec_compute (const binary *bin, const afdo_map *ips, exec_model model)
{
  cfg_cache *c = cfg_cache_new (bin);
  return c ? exec_compute_cached (c, ips, model) : NULL;
}

execcounts *
exec_compute_cached (cfg_cache *cfgs, const afdo_map *ips, exec_model model)
{
  execcounts *x = calloc (1, sizeof *x);
  if (!x)
    {
      cfg_cache_free (cfgs);
      return NULL;
    }
  x->cfgs = cfgs;
  x->model = model;
  for (size_t s = 0; s < ips->cap; s++)
    {
      const afdo_map_slot *sl = &ips->slots[s];
      if (!sl->value)
	continue;
      const bincfg *g = cfg_get (x->cfgs, sl->a);
      long i;
      if (!g || (i = cfg_insn_at (g, sl->a)) < 0)
	{
	  x->unplaced += sl->value;
	  continue;
	}
      if (!add_func (x, g))
	{
	  exec_free (x);
	  return NULL;
	}
      x->f[g->id].samples[i] += (double) sl->value;
    }
  for (uint32_t k = 0; k < x->n_f; k++)
    estimate (x, &x->f[k]);
  /* The flow keeps the shape of the counts, not their mass (it lowers
     cheap blocks more than it raises dear ones, or the other way
     round).  Back to the samples' scale, one factor for all functions
     (a factor per function did worse against exact counts), so that an
     estimate stays "samples per instruction" and totals keep their
     meaning.  */
  if (model >= EXEC_MCF)
    {
      double mass = 0, all = 0;
      for (uint32_t k = 0; k < x->n_f; k++)
	{
	  const bincfg *g = x->f[k].g;
	  for (uint32_t b = 0; b < g->n_blocks; b++)
	    {
	      mass += x->f[k].est[b] * g->blocks[b].n;
	      all += x->f[k].block_samples[b];
	    }
	}
      if (mass > 0 && all > 0)
	for (uint32_t k = 0; k < x->n_f; k++)
	  for (uint32_t b = 0; b < x->f[k].g->n_blocks; b++)
	    x->f[k].est[b] *= all / mass;
    }
  return x;
}

void
exec_free (execcounts *x)
{
  if (!x)
    return;
  for (uint32_t k = 0; k < x->n_f; k++)
    {
      free (x->f[k].samples);
      free (x->f[k].block_samples);
      free (x->f[k].est);
    }
  free (x->f);
  cfg_cache_free (x->cfgs);
  free (x);
}

bool
exec_find (const execcounts *x, uint64_t addr, uint32_t *f, uint32_t *i)
{
  const bincfg *g = cfg_lookup (x->cfgs, addr);
  long k;
  if (!g || g->id >= x->n_f || (k = cfg_insn_at (g, addr)) < 0)
    return false;
  *f = g->id;
  *i = (uint32_t) k;
  return true;
}

double
exec_insn (const execcounts *x, uint32_t f, uint32_t i)
{
  const exec_func *ef = &x->f[f];
  if (x->model == EXEC_RAW)
    return ef->samples[i];
  return ef->est[ef->g->insns[i].block];
}

uint64_t
exec_count (double e)
{
  if (!(e > 0))
    return 0;
  if (e < 1)
    return 1;
  if (e >= (double) AFDO_COUNT_MAX)
    return AFDO_COUNT_MAX;
  return (uint64_t) (e + 0.5);
}

static int
func_addr_cmp (const void *a, const void *b)
{
  const exec_func *x = *(const exec_func *const *) a;
  const exec_func *y = *(const exec_func *const *) b;
  uint64_t p = x->g->insns[0].addr, q = y->g->insns[0].addr;
  return p < q ? -1 : p > q;
}

int
exec_write_insn_counts (const execcounts *x, const char *path,
			afdo_error *err)
{
  FILE *fp = fopen (path, "w");
  if (!fp)
    {
      afdo_error_set (err, "%s: cannot write: %s", path, strerror (errno));
      return -1;
    }
  const exec_func **v = malloc ((x->n_f ? x->n_f : 1) * sizeof *v);
  if (!v)
    {
      fclose (fp);
      afdo_error_set (err, "%s: out of memory", path);
      return -1;
    }
  for (uint32_t k = 0; k < x->n_f; k++)
    v[k] = &x->f[k];
  qsort (v, x->n_f, sizeof *v, func_addr_cmp);
  for (uint32_t k = 0; k < x->n_f; k++)
    for (uint32_t i = 0; i < v[k]->g->n_insns; i++)
      {
	double e = exec_insn (x, v[k]->g->id, i);
	char num[64];
	if (e == floor (e) && e < 1e15)
	  snprintf (num, sizeof num, "%.0f", e);
	else
	  {
	    snprintf (num, sizeof num, "%.4f", e);
	    size_t l = strlen (num);
	    while (l > 1 && num[l - 1] == '0')
	      num[--l] = 0;
	    if (num[l - 1] == '.')
	      num[--l] = 0;
	  }
	fprintf (fp, "0x%llx %s\n",
		 (unsigned long long) v[k]->g->insns[i].addr, num);
      }
  free (v);
  if (ferror (fp) | (fclose (fp) != 0))
    {
      afdo_error_set (err, "%s: write error", path);
      return -1;
    }
  return 0;
}
