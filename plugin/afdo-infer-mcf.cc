/* afdo: count inference as a minimum-cost flow (mcf=1) for the GCC
   plugin: the network of a function's blocks and edges, its costs, and
   the counts read back from the cheapest flow.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

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
      AFDO_EDGE (e)->count = afdo_add_count (AFDO_EDGE (e)->count, delta);
      d[e->dest->index].count = afdo_add_count (d[e->dest->index].count, delta);
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
      d[ENTRY_BLOCK].count = afdo_add_count (d[ENTRY_BLOCK].count, unit);
      add_along (d, in, unit);
      add_along (d, out, unit);
    }
}

bool
afdo_mcf_infer (vec<afdo_bb_count> &d, gcov_type unit, bool unsampled_calls)
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
	    up = afdo_add_count (up, afdo_mcf_flow (m, bound_arc[i]));
	  gcov_type down = lower_arc[i] < 0 ? 0 : steps_flow (m, lower_arc[i]);
	  gcov_type f = MIN (afdo_add_count (w, up) - down, afdo_count_cap);
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
