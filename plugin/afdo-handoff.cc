/* afdo: the hand-off of the plugin's counts to GCC.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The inferred counts (afdo-infer.cc) become GCC's profile of the
   function: AFDO-quality block counts, edge probabilities from the edge
   counts, entry/exit counts, the cgraph node's and call edges' counts,
   profile status "read", the function's frequency class.

   GCC's -fauto-profile is not used: it would turn on GCC's own "afdo"
   pass, which reads its own profile file, and the early inliner would
   ask that pass's data about call sites.  Instead the plugin switches
   on the optimizations -fauto-profile implies and gives its counts AFDO
   quality, which is what the rest of GCC keys on; once GCC's own
   "profile" pass has been passed by, a pass of afdo-options.cc lets
   GCC's IPA passes take the counts as a profile.  The probabilities come
   from afdo-probs.cc; the loops' estimates are recorded here and hidden
   from some passes by afdo-estimates.cc.  */

#include <math.h>
#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple.h"
#include "cgraph.h"
#include "options.h"
#include "flag-types.h"
#include "predict.h"
#include "profile.h"
#include "dominance.h"
#include "cfgloop.h"
#include "gimple-iterator.h"
#include "cfganal.h"
#include "bitmap.h"
#include "hash-set.h"
#include "hash-map.h"
#include "dumpfile.h"
#include "afdo-plugin.h"

static gcov_type min_count (const afdo_session *s);

/* The count entering LOOP: its entering edges' counts.  */
static gcov_type
loop_entry_count (class loop *loop)
{
  gcov_type in = 0;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (!flow_bb_inside_loop_p (loop, e->src) && e->count ().initialized_p ())
      in += e->count ().to_gcov_type ();
  return in;
}

/* Multiply the counts of the blocks dominated by B by NUM / DEN; none
   goes below FLOOR, nor a hot one (HOT) below HOT: the samples of a
   side are noise, not evidence that it is cold.  Nor above the cap: the
   region of a block whose count is the floor may hold a loop whose
   samples are not (a corrupt profile's), and NUM / DEN is then as large
   as a count.  */
static void
scale_dominated (basic_block b, gcov_type num, gcov_type den,
		 gcov_type floor, gcov_type hot)
{
  auto_vec<basic_block> stack;
  stack.safe_push (b);
  while (!stack.is_empty ())
    {
      basic_block x = stack.pop ();
      gcov_type old = x->count.initialized_p () ? x->count.to_gcov_type () : 0;
      double v = MIN ((double) old * (double) num / (double) den,
		      (double) afdo_count_cap);
      gcov_type c = MAX ((gcov_type) v, MAX (floor, MIN (old, hot)));
      /* A block that cold-split made "never executed" stays so: its
	 0 rests on its own row, not on the branch's split.  */
      if (!(x->count == profile_count::zero ()))
	x->count = profile_count::from_gcov_type (c).afdo ();
      for (basic_block k = first_dom_son (CDI_DOMINATORS, x); k;
	   k = next_dom_son (CDI_DOMINATORS, k))
	stack.safe_push (k);
    }
}

/* Whether the region of blocks dominated by S holds a latch of LOOP
   (S's count then sets the loop's iterations, not a share of a
   branch).  */
static bool
dominates_latch_p (basic_block s, class loop *loop)
{
  if (!loop_outer (loop))
    return false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (dominated_by_p (CDI_DOMINATORS, e->src, loop->header)
	&& dominated_by_p (CDI_DOMINATORS, e->src, s))
      return true;
  return false;
}

/* BB keeps its static probabilities (the samples do not tell them), but
   the block counts below it are still those of the inference, which
   gave one side all of BB's count: counts and probabilities would
   disagree, and the passes that look at block counts (the tracer
   duplicating a join into the side that looks hot, if-conversion, the
   layout) would act on the side the samples cannot pick.  The region
   each successor dominates (the successor has no other way in) is
   scaled to BB's count times the edge's probability.  Not across a
   loop's exit or latch: there the counts are the loop's iterations,
   which the samples do tell.  */
static void
agree_with_probabilities (afdo_session *s, basic_block bb)
{
  class loop *loop = bb->loop_father;
  if (!loop)
    return;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (e->dest->loop_father != loop || loop_exit_edge_p (loop, e)
	|| (e->flags & (EDGE_DFS_BACK | EDGE_EH)))
      return;
  gcov_type bc = bb->count.to_gcov_type ();
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      basic_block dest = e->dest;
      if (!single_pred_p (dest) || dest == EXIT_BLOCK_PTR_FOR_FN (cfun)
	  || dominates_latch_p (dest, loop))
	continue;
      if (!e->probability.initialized_p ())
	continue;
      gcov_type want = e->probability.apply (bc);
      gcov_type have = dest->count.to_gcov_type ();
      if (have <= 0 || want == have)
	continue;
      if (dump_file)
	{
	  fprintf (dump_file, "  bb %d: counts of the blocks it dominates "
		   "scaled by ", dest->index);
	  afdo_dump_count (s, want);
	  fputs (" / ", dump_file);
	  afdo_dump_count (s, have);
	  fputc ('\n', dump_file);
	}
      scale_dominated (dest, want, have, min_count (s),
		       afdo_hot_threshold (s));
    }
}

/* BB keeps GCC's static probability P of leaving its loop (part 8 of
   the evidence rule: the samples do not tell the loop's iterations),
   but the counts in the loop are still the inference's, which give it
   fewer iterations than P does: the passes that weigh blocks by their
   counts, the register allocator's frequencies above all, would see a
   loop that hardly iterates.  An initialization loop of 4,096
   iterations, run once in a profile of 11 samples, had a header of 3
   samples' count against an entry of 1 (the inference's floor), and
   the allocator kept its recurrence in registers less well than at -O2
   (the fuzzer's seed 1283: 3.4 % more instructions with the options
   -O2 has, the counts alone).  Where GCC knows the loop's iterations
   (a constant bound: P is then that bound, not a guess), BB is the
   loop's only way out and runs in every iteration, the loop's blocks
   are scaled so that BB's count is the count entering the loop over P,
   as at -O2.  A loop whose iterations GCC only guesses keeps the
   inference's counts: scaled to the guess, such loops cost as many
   programs of the fuzzer as they helped (a recursion's leaf loop of 8
   to 15 iterations made to look like 11 per entry and unrolled).  */
static void
loop_agrees_with_exit (afdo_session *s, basic_block bb)
{
  class loop *loop = bb->loop_father;
  if (!loop || !loop_outer (loop))
    return;
  /* GCC found a constant bound when it guessed the profile.  */
  if (!loop->any_estimate || !loop->any_upper_bound
      || wi::ne_p (loop->nb_iterations_estimate,
		   loop->nb_iterations_upper_bound))
    return;
  auto_vec<edge> exits = get_loop_exit_edges (loop);
  if (exits.length () != 1 || exits[0]->src != bb
      || !exits[0]->probability.initialized_p ())
    return;
  /* BB runs in every iteration: it dominates the latches.  */
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (flow_bb_inside_loop_p (loop, e->src)
	&& !dominated_by_p (CDI_DOMINATORS, e->src, bb))
      return;
  gcov_type in = loop_entry_count (loop);
  double p = exits[0]->probability.to_reg_br_prob_base ()
	     / (double) REG_BR_PROB_BASE;
  gcov_type have = bb->count.initialized_p () ? bb->count.to_gcov_type () : 0;
  if (p <= 0.0 || in <= 0 || have <= 0)
    return;
  double w = MIN ((double) in / p, (double) afdo_count_cap);
  gcov_type want = (gcov_type) w;
  if (want <= have)
    return;
  if (dump_file)
    {
      fprintf (dump_file, "  loop %d: counts scaled by ", loop->num);
      afdo_dump_count (s, want);
      fputs (" / ", dump_file);
      afdo_dump_count (s, have);
      fputs (" to its exit's static probability\n", dump_file);
    }
  basic_block *body = get_loop_body (loop);
  for (unsigned i = 0; i < loop->num_nodes; i++)
    {
      basic_block x = body[i];
      if (x->count == profile_count::zero ())
	continue;
      gcov_type old = x->count.initialized_p () ? x->count.to_gcov_type () : 0;
      double c = MIN ((double) old * w / (double) have,
		      (double) afdo_count_cap);
      x->count = profile_count::from_gcov_type ((gcov_type) c).afdo ();
    }
  free (body);
}

/* The smallest block count handed to GCC: one sample.  A sampling
   profile cannot tell a block that did not run from one that ran too
   briefly to be sampled; one sample is below the hot threshold, so the
   block is as cold to GCC as with 0, but GCC's scaling by ratios of
   counts (an inlined body by its call's count) keeps the ratios of what
   the samples say, and never divides by 0.  GCC 12 scales the blocks of
   a vectorized loop's epilogue by COUNT / (COUNT * P) (vect_do_peeling)
   and divides by zero when that rounds to 0 (GCC's own -fauto-profile
   crashes so on bzip2's compress.c); the guard pass below sees to that
   case.  */
static gcov_type
min_count (const afdo_session *s)
{
  return (gcov_type) s->scale;
}

/* Whether a block that enters LOOP (or the block before it, when that
   one is a forwarder) calls a function: the samples of a call's return
   land on its line, so such a block's count errs high and the
   iterations low (branches' report_bad: a loop of about 60 iterations
   after a call of snprintf looked like 5 and 10 in the two copies the
   call-graph profile inlined, and was not unrolled).  */
static bool
entered_after_call_p (loop_p loop)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    {
      if (flow_bb_inside_loop_p (loop, e->src))
	continue;
      basic_block bb = e->src;
      for (int step = 0; step < 2 && bb; step++)
	{
	  bool empty = true;
	  for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
	       !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
	    {
	      gimple *stmt = gsi_stmt (gsi);
	      if (gimple_code (stmt) == GIMPLE_LABEL)
		continue;
	      empty = false;
	      if (is_gimple_call (stmt) && !gimple_call_internal_p (stmt))
		return true;
	    }
	  bb = empty && single_pred_p (bb) ? single_pred (bb) : NULL;
	}
    }
  return false;
}

/* GCC takes a loop's expected iterations from its counts only when they
   are reliable, which AFDO counts are not: so the unroller unrolls every
   hot loop whose trip count is unknown, also one that runs twice per
   entry, and duplicates its exit test (more mispredicted branches in
   zstd's ZSTD_count).  The iterations the counts give are recorded as
   the loops' estimates, as GCC does for instrumented profiles.  Sampled
   entry blocks are short and undercounted, so the estimate errs high:
   what it rules out ("does not roll") is safe.  Not so after a call,
   whose loops get no estimate.

   With counts from samples (S), the evidence rule: the iterations are
   the header's count over the entry's, and the entry's rests on few
   samples where the loop is hot (the samples behind a count are about
   the count times the statements per position,
   afdo_stmts_per_position).  The estimate recorded is the least the
   samples support: the entry's count at its Poisson upper bound (z of
   AFDO_EVIDENCE_Z).  The unroller then unrolls a loop whose iterations
   are unknown at run time only where even that many iterations roll; a
   short loop of 1 to 19 iterations (10 on average) whose entry rested
   on four samples looked like 18 (at least 4) and was unrolled eight
   times behind a chain of seven tests of the remainder, which
   mispredict as the trip count varies (fuzzer seeds 21, 114, 309,
   476); the unroller sees less still where it would build such a
   chain (trip-margin, afdo-estimates.cc).

   With MISSING_ONLY (right after "vect"), the loops without an estimate
   get one: GCC makes loops after the handoff, when it gives a loop with
   two latches a subloop for the latch the counts call heavy (bzip2's
   mainQSort3: the path of equal keys, which seldom runs twice in a
   row, was unrolled four times behind a test of the remainder as a loop
   of unknown iterations, 2.5 % more instructions in mainSort than at
   -O2).  A loop entered after a call keeps none wherever its code goes:
   the positions of its statements are kept (WITHHELD) when it is left
   without, and a loop holding one of them is left alone later, also
   where header copying put a test between it and the call, or the
   inliner put it into another function (gawk's check_halt_state_context
   in re_search_internal, whose loop the unroller then unrolls, as
   before).  */

/* The source positions of the statements of loops left without an
   estimate because they are entered after a call.  */
static hash_set<int_hash<location_t, UNKNOWN_LOCATION, BUILTINS_LOCATION> >
  *withheld;

/* Keep LOOP's statements' positions in WITHHELD, or with CHECK say
   whether one of them is there.  */
static bool
withheld_positions (class loop *loop, bool check)
{
  if (!check && !withheld)
    withheld = new hash_set<int_hash<location_t, UNKNOWN_LOCATION,
				     BUILTINS_LOCATION> >;
  if (check && !withheld)
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    if (flow_bb_inside_loop_p (loop, bb))
      for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
	   !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
	{
	  location_t loc
	    = get_pure_location (gimple_location (gsi_stmt (gsi)));
	  if (loc <= BUILTINS_LOCATION)
	    continue;
	  if (!check)
	    withheld->add (loc);
	  else if (withheld->contains (loc))
	    return true;
	}
  return false;
}

void
afdo_record_loop_estimates (const afdo_session *s, bool missing_only)
{
  if (!current_loops)
    return;
  /* Statements per position, computed for the first loop that needs
     them.  */
  double r = 0.0;
  for (auto loop : loops_list (cfun, 0))
    if (loop->header->count.nonzero_p ()
	&& !(missing_only && loop->any_estimate))
      {
	if (entered_after_call_p (loop))
	  {
	    if (!missing_only)
	      withheld_positions (loop, false);
	    continue;
	  }
	if (missing_only && withheld_positions (loop, true))
	  continue;
	gcov_type nit = expected_loop_iterations_unbounded (loop);
	if (s && s->opts.evidence && s->scale > 0 && nit > 0)
	  {
	    /* The count entering the loop, in samples.  */
	    gcov_type in = loop_entry_count (loop);
	    if (r == 0.0)
	      r = afdo_stmts_per_position (cfun);
	    double n = (double) in / (double) s->scale * r;
	    double up = afdo_poisson_upper (n);
	    if (n > 0.0)
	      {
		gcov_type least = (gcov_type) ((double) nit * n / up);
		if (dump_file)
		  fprintf (dump_file, "  loop %d: %" PRId64 " iterations by "
			   "the counts, at least %" PRId64 " by the entry's "
			   "%.0f samples\n", loop->num, (int64_t) nit,
			   (int64_t) least, n);
		nit = least;
	      }
	  }
	loop->any_estimate = false;
	record_niter_bound (loop, gcov_type_to_wide_int (nit), true, false);
      }
}

void
afdo_handoff_counts (afdo_session *s, vec<afdo_bb_count> &d,
		     bool unexecuted)
{
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    bb->count = profile_count::from_gcov_type
		  (MAX (d[bb->index].count, min_count (s))).afdo ();
  /* A block whose 0 rules out all but a rare run, and which the
     inference left at 0, is "never executed" to GCC: compiled for size
     and moved to the cold partition, as -fprofile-use does with the
     blocks its training run did not reach.  An AFDO count of 0 is not
     enough: GCC trusts only a precise 0.  */
  unsigned n_never = 0, n_below = 0;
  bool any_never = false;
  FOR_EACH_BB_FN (bb, cfun)
    if (d[bb->index].never && d[bb->index].count == 0)
      any_never = true;
  if (any_never)
    {
      /* A block the inference left at 0 that is entered only from such
	 blocks runs no more often than they do, and goes with them: else
	 GCC, which keeps no cold block whose only successor is hot, would
	 take them back (a handler's rest without rows of its own gets the
	 least count, which to GCC is hot).  In reverse post-order, so a
	 loop's header, entered from its latch too, is not.  */
      auto_bitmap zero;
      int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (cfun));
      int n = pre_and_rev_post_order_compute (NULL, rpo, false);
      for (int i = 0; i < n; i++)
	{
	  bb = BASIC_BLOCK_FOR_FN (cfun, rpo[i]);
	  afdo_bb_count &b = d[bb->index];
	  if (b.count != 0)
	    continue;
	  bool below = false;
	  if (!b.never)
	    {
	      edge e;
	      edge_iterator ei;
	      below = EDGE_COUNT (bb->preds) > 0;
	      FOR_EACH_EDGE (e, ei, bb->preds)
		if (!bitmap_bit_p (zero, e->src->index)
		    || (e->flags & (EDGE_EH | EDGE_ABNORMAL)))
		  below = false;
	      if (!below)
		continue;
	    }
	  bitmap_set_bit (zero, bb->index);
	  bb->count = profile_count::zero ();
	  if (below)
	    n_below++;
	  else
	    n_never++;
	}
      free (rpo);
    }
  if (n_never && dump_file)
    fprintf (dump_file, "cold-split: %u blocks of 0 to the cold "
	     "partition, %u more entered only from them\n", n_never,
	     n_below);

  auto_bitmap noisy;
  FOR_ALL_BB_FN (bb, cfun)
    {
      if (EDGE_COUNT (bb->succs) == 0)
	continue;
      gcov_type sum = 0;
      bool all_known = true;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (AFDO_EDGE (e)->known)
	  sum = afdo_add_count (sum, AFDO_EDGE (e)->count);
	else
	  all_known = false;
      if (EDGE_COUNT (bb->succs) == 1)
	{
	  single_succ_edge (bb)->probability = profile_probability::always ();
	  continue;
	}
      /* Without flow out of the block, keep the static probabilities.  */
      if (!all_known || sum == 0)
	continue;
      if (afdo_set_probabilities (s, d, bb, sum))
	bitmap_set_bit (noisy, bb->index);
    }
  if (!bitmap_empty_p (noisy)
      && (s->opts.noise_regions || s->opts.exit_counts) && current_loops)
    {
      /* Outer branches first, so the regions of inner ones are scaled
	 from their final counts.  */
      calculate_dominance_info (CDI_DOMINATORS);
      mark_dfs_back_edges ();
      int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (cfun));
      int n = pre_and_rev_post_order_compute (NULL, rpo, false);
      for (int i = 0; i < n; i++)
	if (bitmap_bit_p (noisy, rpo[i]))
	  {
	    basic_block b = BASIC_BLOCK_FOR_FN (cfun, rpo[i]);
	    if (s->opts.noise_regions)
	      agree_with_probabilities (s, b);
	    if (s->opts.exit_counts)
	      loop_agrees_with_exit (s, b);
	  }
      free (rpo);
    }

  struct cgraph_node *node = cgraph_node::get (current_function_decl);
  node->count = ENTRY_BLOCK_PTR_FOR_FN (cfun)->count;
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    if (e->call_stmt && gimple_bb (e->call_stmt))
      e->count = gimple_bb (e->call_stmt)->count;
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    if (e->call_stmt && gimple_bb (e->call_stmt))
      e->count = gimple_bb (e->call_stmt)->count;

  profile_status_for_fn (cfun) = PROFILE_READ;
  update_max_bb_count ();
  /* Evaluate mode restores the exact profile afterwards, but not the
     loops' estimates.  */
  if (s->opts.loop_estimates && !s->opts.evaluate)
    afdo_record_loop_estimates (s);
  compute_function_frequency ();
  /* To GCC a zero AFDO count is not "never executed" (sampling can miss
     a block), so a function with no samples would stay "normal"; an
     instance that says the function never ran makes it cold.  */
  if (unexecuted)
    node->frequency = NODE_FREQUENCY_UNLIKELY_EXECUTED;
}

void
afdo_dump_count (afdo_session *s, gcov_type count)
{
  gcov_type scale = (gcov_type) s->scale;
  if (count % scale == 0)
    fprintf (dump_file, "%" PRId64, (int64_t) (count / scale));
  else
    fprintf (dump_file, "%.2f", (double) count / (double) scale);
}

static const char *const bb_state_name[] =
{
  "unknown", "annotated", "class", "flow", "guessed", "zero", "call"
};

void
afdo_dump_counts (afdo_session *s, vec<afdo_bb_count> &d,
		  const afdo_fn_result *res)
{
  if (!dump_file)
    return;
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      afdo_bb_count &b = d[bb->index];
      fprintf (dump_file, "  bb %d count ", bb->index);
      afdo_dump_count (s, b.count);
      fprintf (dump_file, " %s", bb_state_name[b.state]);
      if (b.state == AFDO_BB_ANNOTATED)
	fprintf (dump_file, " (samples %" PRId64 ")",
		 (int64_t) b.annotated_count);
      if (b.raised)
	fprintf (dump_file, " raised");
      if (b.lowered)
	fprintf (dump_file, " lowered");
      if (b.calls_unsampled)
	fprintf (dump_file, " (calls a function without samples)");
      else if (b.has_call_bound)
	{
	  fputs (" (its calls' samples bound it at ", dump_file);
	  afdo_dump_count (s, b.call_bound);
	  fputc (')', dump_file);
	}
      if (bb->discriminator)
	fprintf (dump_file, " discriminator %d", bb->discriminator);
      fputc ('\n', dump_file);
      if (dump_flags & TDF_DETAILS)
	{
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    {
	      fprintf (dump_file, "    edge %d->%d count ", e->src->index,
		       e->dest->index);
	      afdo_dump_count (s, e->aux ? AFDO_EDGE (e)->count : 0);
	      fputs (" prob ", dump_file);
	      e->probability.dump (dump_file);
	      fputc ('\n', dump_file);
	    }
	}
    }
  fprintf (dump_file, "  blocks %u: annotated %u, class %u, flow %u, "
	   "guessed %u, raised %u\n", res->n_blocks, res->n_annotated,
	   res->n_class, res->n_flow, res->n_guessed, res->n_raised);
}
