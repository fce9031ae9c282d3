/* afdo: count inference for the GCC plugin: equivalence classes and
   flow rules (seed 000), and the choice between them and the
   minimum-cost flow (afdo-infer-mcf.cc).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* From the annotated block counts of cfun (afdo-annotate.cc) to a count
   for every block and edge (seed 000, Algorithm 5):

   1. Equivalence classes.  Blocks that dominate and post-dominate each
      other and sit in the same loop execute equally often; every block
      of a class gets the largest annotated count in it.

   2. Flow propagation.  Repeatedly, over every block (ENTRY and EXIT
      included) and each side of it (incoming, outgoing edges): when the
      block's count is known and exactly one edge on that side is not,
      that edge gets the remainder; when every edge on a side is known
      and the block is not, the block gets their sum.  Counts are only
      ever raised: a block whose known edges sum to more than its count
      is raised to that sum, never the other way round.  When the rules
      stall, a known block with several unknown outgoing edges splits
      its remainder by GCC's static branch probabilities; a block nothing
      can be said about is zero (with propagate=0: its static estimate
      scaled to the annotated blocks); then the rules run again.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "dominance.h"
#include "cfgloop.h"
#include "hash-set.h"
#include "hash-map.h"
#include "tree-pass.h"
#include "afdo-plugin.h"

/* The state of the inference of one function.  */
struct flow_ctx
{
  vec<afdo_bb_count> &d;
  const afdo_plugin_options *opts;
  /* Raises in the current pass.  */
  unsigned n_raises;
  /* Sweeps of the flow rules left: a bound on the work in pathological
     CFGs (what is left unknown when it runs out is estimated by
     flow_fallback).  */
  long budget;

  flow_ctx (vec<afdo_bb_count> &counts) : d (counts) {}
};

/* Union-find over block indices for the equivalence classes.  */
static int
class_find (vec<afdo_bb_count> &d, int i)
{
  while (d[i].class_rep != i)
    {
      d[i].class_rep = d[d[i].class_rep].class_rep;
      i = d[i].class_rep;
    }
  return i;
}

static void
class_union (vec<afdo_bb_count> &d, int a, int b)
{
  a = class_find (d, a);
  b = class_find (d, b);
  if (a != b)
    d[MAX (a, b)].class_rep = MIN (a, b);
}

static void
set_known (afdo_bb_count &b, gcov_type count, enum afdo_bb_state state)
{
  b.count = count;
  b.known = true;
  if (b.state == AFDO_BB_UNKNOWN)
    b.state = state;
}

/* Raise B to COUNT when COUNT is larger.  */
static bool
raise_to (flow_ctx *fc, afdo_bb_count &b, gcov_type count)
{
  if (count <= b.count)
    return false;
  b.count = count;
  b.raised = true;
  fc->n_raises++;
  return true;
}

/* One side (PREDS or SUCCS) of block B; returns true on a change.
   Without RAISE only consistent conclusions are drawn (an edge gets a
   non-negative remainder, an unknown block the sum of its edges); with
   RAISE a block whose known edges on this side sum to more than its
   count is raised to that sum, and then its one unknown edge on this
   side, if any, gets the (possibly zero) remainder.  */
static bool
flow_rule (flow_ctx *fc, afdo_bb_count &b, vec<edge, va_gc> *edges,
	   bool raise)
{
  if (EDGE_COUNT (edges) == 0)
    return false;
  gcov_type sum = 0;
  unsigned n_unknown = 0;
  edge unknown = NULL;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, edges)
    if (AFDO_EDGE (e)->known)
      sum = afdo_add_count (sum, AFDO_EDGE (e)->count);
    else
      {
	n_unknown++;
	unknown = e;
      }
  if (b.known)
    {
      if (sum > b.count)
	{
	  if (!raise)
	    return false;
	  raise_to (fc, b, sum);
	  if (n_unknown == 1)
	    {
	      AFDO_EDGE (unknown)->count = 0;
	      AFDO_EDGE (unknown)->known = true;
	    }
	  return true;
	}
      if (n_unknown == 1)
	{
	  AFDO_EDGE (unknown)->count = b.count - sum;
	  AFDO_EDGE (unknown)->known = true;
	  return true;
	}
      return false;
    }
  if (n_unknown == 0)
    {
      set_known (b, sum, AFDO_BB_FLOW);
      return true;
    }
  return false;
}

/* Run the consistent rules to a fixed point, then one sweep of the
   raising rules, and again until nothing changes: raising only where
   the profile leaves no other way keeps one inconsistent count from
   spreading around a loop.  */
static void
flow_propagate (flow_ctx *fc)
{
  int limit = 4 * n_basic_blocks_for_fn (cfun) + 10;
  bool raise = false;
  for (int iter = 0; iter < limit && fc->budget > 0; iter++, fc->budget--)
    {
      bool changed = false;
      basic_block bb;
      FOR_ALL_BB_FN (bb, cfun)
	{
	  afdo_bb_count &b = fc->d[bb->index];
	  if (flow_rule (fc, b, bb->preds, raise))
	    changed = true;
	  if (flow_rule (fc, b, bb->succs, raise))
	    changed = true;
	  /* One raise at a time, then back to the consistent rules.  */
	  if (raise && changed)
	    break;
	}
      if (!changed)
	{
	  if (raise)
	    return;
	  raise = true;
	}
      else
	raise = false;
    }
}

/* When the rules stall: split the remainder of known blocks over their
   unknown outgoing edges by the static probabilities; failing that, the
   unknown blocks are zero: nothing sampled reaches them, and with
   sampling that means rarely run.  Not GCC's static estimate scaled to
   the annotated blocks: it gives most of a function's count mass to
   code the run hardly executes (benchmarks/results/NOTES.md, "Flow
   propagation").  Without propagation (propagate=0) the scaled static
   estimate is what fills the blocks.  Returns true if anything was
   set.  */
static bool
flow_fallback (flow_ctx *fc)
{
  vec<afdo_bb_count> &d = fc->d;
  bool done = false;
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      afdo_bb_count &b = d[bb->index];
      if (!b.known)
	continue;
      gcov_type sum = 0;
      int64_t weight = 0;
      unsigned n_unknown = 0;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (AFDO_EDGE (e)->known)
	  sum = afdo_add_count (sum, AFDO_EDGE (e)->count);
	else
	  {
	    n_unknown++;
	    if (e->probability.initialized_p ())
	      weight += e->probability.to_reg_br_prob_base ();
	  }
      if (n_unknown < 2)
	continue;
      gcov_type rest = b.count > sum ? b.count - sum : 0;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!AFDO_EDGE (e)->known)
	  {
	    int64_t w = (e->probability.initialized_p ()
			 ? e->probability.to_reg_br_prob_base () : 0);
	    gcov_type c;
	    if (weight > 0)
	      c = (gcov_type) (((__int128) rest * w + weight / 2) / weight);
	    else
	      c = rest / n_unknown;
	    /* An edge into a known block carries no more than what that
	       block's other known incoming edges leave.  */
	    afdo_bb_count &dest = d[e->dest->index];
	    if (dest.known)
	      {
		gcov_type in = 0;
		edge f;
		edge_iterator fi;
		FOR_EACH_EDGE (f, fi, e->dest->preds)
		  if (AFDO_EDGE (f)->known)
		    in = afdo_add_count (in, AFDO_EDGE (f)->count);
		c = MIN (c, dest.count > in ? dest.count - in : 0);
	      }
	    AFDO_EDGE (e)->count = c;
	    AFDO_EDGE (e)->known = true;
	  }
      done = true;
    }
  if (done)
    return true;

  /* Scale of the static estimate to the profile, from the known
     blocks.  */
  gcov_type known_sum = 0, guessed_sum = 0;
  FOR_EACH_BB_FN (bb, cfun)
    if (d[bb->index].known && bb->count.initialized_p ())
      {
	known_sum = afdo_add_count (known_sum, d[bb->index].count);
	guessed_sum = afdo_add_count (guessed_sum, bb->count.to_gcov_type ());
      }
  FOR_ALL_BB_FN (bb, cfun)
    {
      afdo_bb_count &b = d[bb->index];
      if (b.known)
	continue;
      gcov_type c = 0;
      if (!fc->opts->propagate
	  && guessed_sum > 0 && bb->count.initialized_p ())
	c = (gcov_type) (((__int128) bb->count.to_gcov_type () * known_sum
			  + guessed_sum / 2) / guessed_sum);
      set_known (b, MIN (c, afdo_count_cap), AFDO_BB_GUESSED);
      done = true;
    }
  return done;
}

/* Dominance and loops for the equivalence classes.  */
static void
equivalence_classes (flow_ctx *fc)
{
  vec<afdo_bb_count> &d = fc->d;
  /* Loops are kept for GCC's later passes: fixed up when the inliner
     left them so, built and dropped again only when there were none.  */
  bool own_loops = false;
  if (!current_loops)
    {
      loop_optimizer_init (AVOID_CFG_MODIFICATIONS);
      own_loops = true;
    }
  else if (loops_state_satisfies_p (LOOPS_NEED_FIXUP))
    {
      calculate_dominance_info (CDI_DOMINATORS);
      fix_loop_structure (NULL);
    }
  calculate_dominance_info (CDI_DOMINATORS);
  calculate_dominance_info (CDI_POST_DOMINATORS);

  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      basic_block dom = get_immediate_dominator (CDI_DOMINATORS, bb);
      for (int steps = 0;
	   dom && dom != ENTRY_BLOCK_PTR_FOR_FN (cfun) && steps < 64;
	   steps++, dom = get_immediate_dominator (CDI_DOMINATORS, dom))
	if (dom->loop_father == bb->loop_father
	    && dominated_by_p (CDI_POST_DOMINATORS, dom, bb))
	  class_union (d, dom->index, bb->index);
    }

  /* The class's count is the largest annotated count in it.  */
  auto_vec<gcov_type> class_max;
  auto_vec<bool> class_known;
  class_max.safe_grow_cleared (d.length ());
  class_known.safe_grow_cleared (d.length ());
  FOR_EACH_BB_FN (bb, cfun)
    if (d[bb->index].known)
      {
	int r = class_find (d, bb->index);
	class_max[r] = MAX (class_max[r], d[bb->index].count);
	class_known[r] = true;
      }
  FOR_EACH_BB_FN (bb, cfun)
    {
      int r = class_find (d, bb->index);
      if (!class_known[r])
	continue;
      afdo_bb_count &b = d[bb->index];
      if (b.known)
	raise_to (fc, b, class_max[r]);
      else
	set_known (b, class_max[r], AFDO_BB_CLASS);
    }

  free_dominance_info (CDI_POST_DOMINATORS);
  if (own_loops)
    loop_optimizer_finalize ();
}


void
afdo_infer_counts (const afdo_session *s, vec<afdo_bb_count> &d, bool any,
		   afdo_fn_result *res)
{
  const afdo_plugin_options *opts = &s->opts;
  basic_block bb;
  /* An instance that says the function never ran.  */
  if (!any)
    FOR_ALL_BB_FN (bb, cfun)
      set_known (d[bb->index], 0, AFDO_BB_ZERO);

  if (any && opts->propagate && opts->mcf
      && afdo_mcf_infer (d, (gcov_type) s->scale, opts->unsampled_calls))
    {
      FOR_EACH_BB_FN (bb, cfun)
	{
	  if (d[bb->index].state == AFDO_BB_FLOW)
	    res->n_flow++;
	  if (d[bb->index].raised || d[bb->index].lowered)
	    res->n_raised++;
	}
      return;
    }

  flow_ctx fc (d);
  fc.opts = opts;
  fc.n_raises = 0;
  /* About 2e8 rule applications at most.  */
  fc.budget = MAX ((long) 200, 100000000L
			       / (2L * n_edges_for_fn (cfun)
				  + n_basic_blocks_for_fn (cfun) + 1));
  if (opts->propagate && any)
    equivalence_classes (&fc);

  /* When a block had to be raised, the edges that were derived from its
     old count are stale: start the flow rules again from the (raised)
     annotated and class counts.  */
  for (int pass = 0; pass < 4; pass++)
    {
      if (pass > 0)
	{
	  FOR_ALL_BB_FN (bb, cfun)
	    {
	      afdo_bb_count &b = d[bb->index];
	      if (b.state == AFDO_BB_FLOW || b.state == AFDO_BB_GUESSED)
		{
		  b.known = false;
		  b.state = AFDO_BB_UNKNOWN;
		  b.count = 0;
		}
	      edge e;
	      edge_iterator ei;
	      FOR_EACH_EDGE (e, ei, bb->succs)
		AFDO_EDGE (e)->known = false;
	    }
	}
      fc.n_raises = 0;
      if (opts->propagate && any)
	flow_propagate (&fc);
      for (int round = 0; round < 8 && flow_fallback (&fc); round++)
	flow_propagate (&fc);
      if (fc.n_raises == 0)
	break;
    }
  /* Anything still unknown (there is nothing left after the fallback,
     but be safe) is zero.  */
  FOR_ALL_BB_FN (bb, cfun)
    if (!d[bb->index].known)
      set_known (d[bb->index], 0, AFDO_BB_GUESSED);

  FOR_EACH_BB_FN (bb, cfun)
    switch (d[bb->index].state)
      {
      case AFDO_BB_CLASS: res->n_class++; break;
      case AFDO_BB_FLOW: res->n_flow++; break;
      case AFDO_BB_GUESSED: res->n_guessed++; break;
      default: break;
      }
  FOR_ALL_BB_FN (bb, cfun)
    if (d[bb->index].raised)
      res->n_raised++;
}
