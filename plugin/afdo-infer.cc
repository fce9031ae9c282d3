/* afdo: count inference for the GCC plugin: equivalence classes and
   flow propagation.
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
#include "afdo-mcf.h"
#include "afdo-plugin.h"

static gcov_type
add_count (gcov_type a, gcov_type b)
{
  return a >= afdo_count_cap - b ? afdo_count_cap : a + b;
}

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
      sum = add_count (sum, AFDO_EDGE (e)->count);
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
   sampling that means rarely run.  (GCC's static estimate scaled to the
   annotated blocks was used here once; on real programs it gave most of
   a function's count mass to code the run hardly executes, and the
   block overlap with the exact counts fell; benchmarks/results/
   quality.md has the figures.)  Without propagation (propagate=0) the
   scaled static estimate is what fills the blocks.  Returns true if
   anything was set.  */
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
	  sum = add_count (sum, AFDO_EDGE (e)->count);
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
		    in = add_count (in, AFDO_EDGE (f)->count);
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
	known_sum = add_count (known_sum, d[bb->index].count);
	guessed_sum = add_count (guessed_sum, bb->count.to_gcov_type ());
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

/* The minimum-cost flow (mcf=1).  A block B with a count W from its
   samples (or from the entry count of the function its call is the
   only way into) asks for W units of flow through it; the flow may
   deviate, at a cost per unit.  In the network every block is two
   nodes, in(B) and out(B); a CFG edge is an arc out(U) -> in(V); EXIT
   leads back to ENTRY, so the flow is a circulation whose volume on
   that arc is the entry count.  Then:

     in(B) -> out(B), unbounded: more flow through B than asked;
     out(B) -> in(B), capacity W: less flow through B than asked;
     S -> out(B) and in(B) -> T, capacity W: the W units asked for.

   The maximum flow from S to T is the sum of the W (the arcs
   out(B) -> in(B) always allow it), and the one of least cost gives B
   the count W + flow (in -> out) - flow (out -> in), which is
   conserved at every block.  The costs say what is believable of
   sampled counts: raising a sampled block is cheaper than lowering it
   (a block's count is the MAX over its lines, each the samples of one
   instruction, which short blocks undercount); a block whose lines are
   in the profile without samples resists flow more than one the
   profile says nothing about; a CFG edge costs more the less likely
   GCC's static estimate finds it, which decides what the samples leave
   open.  */

/* Costs per unit of flow.  Deviating from a block's samples costs more
   the further it goes, in steps of its count W: a convex cost, which a
   minimum-cost flow can express as parallel arcs of rising cost.  The
   steps are shares of W, so a deviation spreads over the blocks that
   cause it in proportion to their counts (two arms of a branch that
   add up to more than the branch get lowered by about the same share,
   not one of them to nothing).

   Raising and lowering are not alike.  Samples cannot come from
   nowhere: a block with many samples ran a lot, and its count can only
   be too high by the cost of its slowest instruction (a cache miss, a
   division, the stall of a mispredicted branch into it), a small
   factor.  But a line can have few samples while its block ran often,
   when the binary's instructions of that code carry other lines (a
   loop's test merged into its body).  So lowering gets dear quickly,
   raising stays moderate even by large factors.  */
struct cost_step
{
  /* Capacity in per mille of W (0: unbounded), cost per unit.  */
  int permille;
  int64_t cost;
};

#define N_STEPS 9

static const cost_step raise_sampled[N_STEPS]
  = { { 100, 200 }, { 200, 300 }, { 300, 400 }, { 400, 500 }, { 1000, 600 },
      { 3000, 700 }, { 5000, 800 }, { 90000, 900 }, { 0, 1000 } };
static const cost_step lower_sampled[N_STEPS]
  = { { 100, 300 }, { 100, 400 }, { 100, 550 }, { 100, 700 }, { 100, 900 },
      { 100, 1500 }, { 100, 3000 }, { 100, 6000 }, { 200, 20000 } };
/* A count of executions (a head count, a callee's entry) is lowered
   only at three times the cost.  */
static const cost_step lower_counted[N_STEPS]
  = { { 100, 900 }, { 100, 1200 }, { 100, 1650 }, { 100, 2100 },
      { 100, 2700 }, { 100, 4500 }, { 100, 9000 }, { 100, 18000 },
      { 200, 60000 } };

/* Every unit of flow travels around the function (EXIT leads back to
   ENTRY), so what a path costs must stay well below what deviating
   from the samples costs, or lowering counts would be the cheap way
   out: edges cost 0 to 3 (by their static probability), a block the
   profile says nothing about 0.  */
enum
{
  /* A block whose lines have no samples, per unit raised.  */
  MCF_RAISE_UNSAMPLED = 500,
  /* ... per statement of such a block, when it has few.  */
  MCF_RAISE_UNSAMPLED_STMT = 60,
  /* A block whose lines have no samples that calls a function of the
     unit of which the profile has no samples at all, per unit raised.
     Had the call run, the callee's instructions (at least its call,
     prologue and return) would have taken samples; none did, which is
     as strong as the samples of a block are against emptying it (the
     dear end of lower_sampled).  Without it the flow takes such a path
     as a cheap way round: each of the four blocks of the retry path of
     sqlite3's OP_Column (a call of sqlite3VdbeHandleMovedCursor, which
     never ran) got 1.1 % of sqlite3VdbeExec's count.  */
  MCF_RAISE_CALLS_UNSAMPLED = 6000,
  MCF_RAISE_UNKNOWN = 0,
  MCF_EDGE = 0,
  MCF_EDGE_ABNORMAL = 50
};

/* Arcs FROM -> TO for the steps STEPS of W (the lowering steps add up
   to W, their last entry is unused); returns the first arc's number,
   the others follow.  */
static int
add_steps (afdo_mcf *m, int from, int to, gcov_type w,
	   const cost_step *steps)
{
  int first = -1;
  gcov_type left = w;
  for (int k = 0; k < N_STEPS; k++)
    {
      int64_t cap;
      if (steps[k].permille == 0)
	cap = AFDO_MCF_INF;
      else if (steps == raise_sampled)
	cap = w / 1000 * steps[k].permille
	      + w % 1000 * steps[k].permille / 1000;
      else
	{
	  /* The lowering steps take exactly W in all.  */
	  cap = (k == N_STEPS - 1 ? left
		 : w / 1000 * steps[k].permille
		   + w % 1000 * steps[k].permille / 1000);
	  cap = MIN (cap, left);
	  left -= cap;
	}
      int a = afdo_mcf_arc (m, from, to, cap, steps[k].cost);
      if (first < 0)
	first = a;
    }
  return first;
}

static gcov_type
steps_flow (afdo_mcf *m, int first)
{
  gcov_type f = 0;
  for (int k = 0; k < N_STEPS; k++)
    f += afdo_mcf_flow (m, first + k);
  return f;
}

/* Work for one solve, in arc visits: a bound on the time a huge CFG
   can take (the rules take over then).  */
#define MCF_BUDGET 40000000L

/* The cost per unit of raising block BB, whose lines have no samples.
   No sample on a block of one or two instructions says little: it can
   run often between two samples (a loop's latch, the test that leaves
   it); no sample on a long block says it rarely ran.  So the cost grows
   with the block's statements, up to MCF_RAISE_UNSAMPLED.  */
static int64_t
unsampled_cost (basic_block bb)
{
  int64_t n = 0;
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    if (!is_gimple_debug (gsi_stmt (gsi)))
      n++;
  return MIN ((int64_t) MCF_RAISE_UNSAMPLED,
	      MAX (n, (int64_t) 1) * MCF_RAISE_UNSAMPLED_STMT);
}

static int64_t
edge_cost (edge e)
{
  if (e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE))
    return MCF_EDGE_ABNORMAL;
  if (!e->probability.initialized_p ())
    return MCF_EDGE + 1;
  int p = e->probability.to_reg_br_prob_base ();
  if (p >= REG_BR_PROB_BASE / 2)
    return MCF_EDGE;
  if (p >= REG_BR_PROB_BASE / 10)
    return MCF_EDGE + 1;
  if (p >= REG_BR_PROB_BASE / 100)
    return MCF_EDGE + 2;
  return MCF_EDGE + 3;
}

/* Add DELTA along the path PATH (edges, last to first).  */
static void
add_along (vec<afdo_bb_count> &d, vec<edge> &path, gcov_type delta)
{
  for (unsigned k = 0; k < path.length (); k++)
    {
      edge e = path[k];
      AFDO_EDGE (e)->count = add_count (AFDO_EDGE (e)->count, delta);
      d[e->dest->index].count = add_count (d[e->dest->index].count, delta);
    }
}

/* A shortest path of CFG edges from a block in FROM to TO, in PATH
   (last edge first); false when there is none.  */
static bool
cfg_path (const sbitmap from, basic_block to, vec<edge> &path)
{
  auto_vec<edge> via;
  via.safe_grow_cleared (last_basic_block_for_fn (cfun));
  auto_vec<basic_block> queue;
  auto_sbitmap seen (last_basic_block_for_fn (cfun));
  bitmap_copy (seen, from);
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    if (bitmap_bit_p (from, bb->index))
      queue.safe_push (bb);
  path.truncate (0);
  for (unsigned head = 0; head < queue.length (); head++)
    {
      basic_block u = queue[head];
      if (u == to)
	{
	  while (!bitmap_bit_p (from, u->index))
	    {
	      edge e = via[u->index];
	      path.safe_push (e);
	      u = e->src;
	    }
	  return true;
	}
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, u->succs)
	if (!(e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE))
	    && !bitmap_bit_p (seen, e->dest->index))
	  {
	    bitmap_set_bit (seen, e->dest->index);
	    via[e->dest->index] = e;
	    queue.safe_push (e->dest);
	  }
    }
  return false;
}

/* A flow can circulate in a loop that nothing enters; such a loop
   would run without its function being entered.  Each block with flow
   that ENTRY does not reach through edges with flow gets UNIT more
   (the count of one sample) along a shortest path from ENTRY and on to
   EXIT.  */
static void
join_isolated (vec<afdo_bb_count> &d, gcov_type unit)
{
  const int n = last_basic_block_for_fn (cfun);
  auto_sbitmap reached (n), from (n);
  auto_vec<edge> in, out;
  for (int round = 0; round < n; round++)
    {
      bitmap_clear (reached);
      auto_vec<basic_block> queue;
      queue.safe_push (ENTRY_BLOCK_PTR_FOR_FN (cfun));
      bitmap_set_bit (reached, ENTRY_BLOCK);
      for (unsigned head = 0; head < queue.length (); head++)
	{
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, queue[head]->succs)
	    if (AFDO_EDGE (e)->count > 0
		&& !bitmap_bit_p (reached, e->dest->index))
	      {
		bitmap_set_bit (reached, e->dest->index);
		queue.safe_push (e->dest);
	      }
	}
      basic_block lost = NULL, bb;
      FOR_EACH_BB_FN (bb, cfun)
	if (d[bb->index].count > 0 && !bitmap_bit_p (reached, bb->index))
	  {
	    lost = bb;
	    break;
	  }
      if (!lost)
	return;
      bitmap_clear (from);
      bitmap_set_bit (from, ENTRY_BLOCK);
      if (!cfg_path (from, lost, in))
	{
	  /* Code ENTRY cannot reach does not run.  */
	  d[lost->index].count = 0;
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, lost->succs)
	    AFDO_EDGE (e)->count = 0;
	  continue;
	}
      /* A loop that never exits (a server's main loop) is entered all
	 the same.  */
      bitmap_clear (from);
      bitmap_set_bit (from, lost->index);
      if (!cfg_path (from, EXIT_BLOCK_PTR_FOR_FN (cfun), out))
	out.truncate (0);
      d[ENTRY_BLOCK].count = add_count (d[ENTRY_BLOCK].count, unit);
      add_along (d, in, unit);
      add_along (d, out, unit);
    }
}

static bool
mcf_infer (vec<afdo_bb_count> &d, gcov_type unit, bool unsampled_calls)
{
  const int n_nodes = 2 * last_basic_block_for_fn (cfun) + 2;
  const int src = 0, sink = 1;
  afdo_mcf *m = afdo_mcf_new (n_nodes);
  auto_vec<int> raise_arc, lower_arc, bound_arc;
  raise_arc.safe_grow_cleared (last_basic_block_for_fn (cfun));
  lower_arc.safe_grow_cleared (last_basic_block_for_fn (cfun));
  bound_arc.safe_grow_cleared (last_basic_block_for_fn (cfun));
  auto_vec<std::pair<edge, int> > edge_arcs;
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      int i = bb->index;
      int in = 2 * i + 2, out = 2 * i + 3;
      afdo_bb_count &b = d[i];
      gcov_type w = b.known ? b.count : 0;
      lower_arc[i] = -1;
      bound_arc[i] = -1;
      if (w > 0)
	{
	  raise_arc[i] = add_steps (m, in, out, w, raise_sampled);
	  /* A call's count from the entry of its callee, and a head count
	     (from call branches), are counts of executions.  */
	  lower_arc[i] = add_steps (m, out, in, w,
				    b.state == AFDO_BB_CALL
				    || bb == ENTRY_BLOCK_PTR_FOR_FN (cfun)
				    ? lower_counted : lower_sampled);
	  afdo_mcf_arc (m, src, out, w, 0);
	  afdo_mcf_arc (m, in, sink, w, 0);
	}
      else if (b.located && b.has_call_bound && !b.calls_unsampled)
	{
	  /* Up to the callee's samples as any block without samples,
	     beyond them as one that calls a function without samples.  */
	  raise_arc[i] = afdo_mcf_arc (m, in, out, b.call_bound,
				       b.zero_evidence ? unsampled_cost (bb)
				       : (int64_t) MCF_RAISE_UNKNOWN);
	  bound_arc[i] = afdo_mcf_arc (m, in, out, AFDO_MCF_INF,
				       MCF_RAISE_CALLS_UNSAMPLED);
	}
      else
	raise_arc[i] = afdo_mcf_arc (m, in, out, AFDO_MCF_INF,
				     b.located && b.calls_unsampled
				     && unsampled_calls
				     ? (int64_t) MCF_RAISE_CALLS_UNSAMPLED
				     : b.zero_evidence ? unsampled_cost (bb)
				     : bb == EXIT_BLOCK_PTR_FOR_FN (cfun) ? 0
				     : MCF_RAISE_UNKNOWN);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	edge_arcs.safe_push (std::make_pair
			       (e, afdo_mcf_arc (m, out,
						 2 * e->dest->index + 2,
						 AFDO_MCF_INF, edge_cost (e))));
    }
  afdo_mcf_arc (m, 2 * EXIT_BLOCK + 3, 2 * ENTRY_BLOCK + 2, AFDO_MCF_INF,
		MCF_RAISE_UNKNOWN);
  bool done;
  afdo_mcf_solve (m, src, sink, MCF_BUDGET, NULL, &done);
  if (done)
    {
      FOR_ALL_BB_FN (bb, cfun)
	{
	  int i = bb->index;
	  afdo_bb_count &b = d[i];
	  gcov_type w = b.known ? b.count : 0;
	  gcov_type up = (lower_arc[i] < 0 ? afdo_mcf_flow (m, raise_arc[i])
			  : steps_flow (m, raise_arc[i]));
	  if (bound_arc[i] >= 0)
	    up = add_count (up, afdo_mcf_flow (m, bound_arc[i]));
	  gcov_type down = lower_arc[i] < 0 ? 0 : steps_flow (m, lower_arc[i]);
	  gcov_type f = MIN (add_count (w, up) - down, afdo_count_cap);
	  if (b.known)
	    {
	      b.raised = f > w;
	      b.lowered = f < w;
	    }
	  else
	    b.state = f > 0 ? AFDO_BB_FLOW : AFDO_BB_ZERO;
	  b.count = f;
	  b.known = true;
	}
      for (unsigned k = 0; k < edge_arcs.length (); k++)
	{
	  afdo_edge_count *ec = AFDO_EDGE (edge_arcs[k].first);
	  ec->count = MIN (afdo_mcf_flow (m, edge_arcs[k].second), afdo_count_cap);
	  ec->known = true;
	}
    }
  afdo_mcf_free (m);
  if (done)
    {
      join_isolated (d, unit);
      FOR_ALL_BB_FN (bb, cfun)
	if (d[bb->index].state == AFDO_BB_ZERO && d[bb->index].count > 0)
	  d[bb->index].state = AFDO_BB_FLOW;
    }
  return done;
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
      && mcf_infer (d, (gcov_type) s->scale, opts->unsampled_calls))
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
