/* afdo: the hand-off of the plugin's counts to GCC.
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

/* The inferred counts (afdo-infer.cc) become GCC's profile of the
   function: AFDO-quality block counts, edge probabilities from the edge
   counts, entry/exit counts, the cgraph node's and call edges' counts,
   profile status "read", the function's frequency class.

   GCC's -fauto-profile is not used: it would turn on GCC's own "afdo"
   pass, which reads its own profile file, and the early inliner would
   ask that pass's data about call sites.  Instead the plugin switches
   on the optimizations -fauto-profile implies and gives its counts AFDO
   quality, which is what the rest of GCC keys on; once GCC's own
   "profile" pass has been passed by, a pass of this file lets GCC's IPA
   passes take the counts as a profile.  */

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
#include "hash-set.h"
#include "hash-map.h"
#include "dumpfile.h"
#include "afdo-plugin.h"

static const gcov_type count_cap = (gcov_type) 1 << 60;

static gcov_type
add_count (gcov_type a, gcov_type b)
{
  return a >= count_cap - b ? count_cap : a + b;
}

/* Whether the count of edge E rests on samples of its own: its
   destination has no other way in, and the profile has its lines
   (sampled or not).  The count of an edge into a join is only what its
   source's count leaves after the other edges.  */
static bool
bounded_p (vec<afdo_bb_count> &d, edge e)
{
  afdo_bb_count &dest = d[e->dest->index];
  return (single_pred_p (e->dest)
	  && (dest.state == AFDO_BB_ANNOTATED || dest.state == AFDO_BB_CALL
	      || dest.located));
}

/* The probabilities of the edges out of BB from their counts (SUM in
   all).  Where the profile has no branch records, the counts measure
   time spent per line: the first instruction of a block absorbs the
   stall of a mispredicted branch into it, so a 50/50 branch can look
   like 1221 against 1157 (benchmarks/programs/context.c).  When no edge
   out of BB has a count of its own and the ones without are within the
   noise (noise-permille of SUM) of 0, the samples cannot tell the
   branch's probabilities, and the static ones stay.  */
static void
set_probabilities (afdo_session *s, vec<afdo_bb_count> &d, basic_block bb,
		   gcov_type sum)
{
  edge e;
  edge_iterator ei;
  if (!s->has_branches && s->opts.noise_permille > 0)
    {
      gcov_type unbounded = 0;
      bool any_unbounded = false;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (!bounded_p (d, e))
	  {
	    any_unbounded = true;
	    unbounded = MAX (unbounded, AFDO_EDGE (e)->count);
	  }
      if (any_unbounded
	  && (double) unbounded < (double) sum * s->opts.noise_permille / 1000.0)
	{
	  if (dump_file)
	    fprintf (dump_file, "  bb %d: static probabilities kept (the "
		     "samples do not tell)\n", bb->index);
	  return;
	}
    }
  FOR_EACH_EDGE (e, ei, bb->succs)
    e->probability
      = profile_probability::probability_in_gcov_type
	  (AFDO_EDGE (e)->count, sum).afdo ();
}

/* The smallest block count handed to GCC: one sample, and at least
   1024.  GCC 12 scales the blocks of a vectorized loop's epilogue by
   COUNT / (COUNT * P) (vect_do_peeling), and an AFDO count there of 0,
   or one that P and the scaling before it bring to 0, divides by zero
   (GCC's own -fauto-profile crashes so on bzip2's compress.c).  A block
   without samples is still as cold to GCC with one sample's count,
   which is below the hot threshold.  */
static gcov_type
min_count (const afdo_session *s)
{
  return MAX ((gcov_type) 1024, (gcov_type) s->scale);
}

void
afdo_handoff_counts (afdo_session *s, vec<afdo_bb_count> &d,
		     bool unexecuted)
{
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    bb->count = profile_count::from_gcov_type
		  (MAX (d[bb->index].count, min_count (s))).afdo ();

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
	  sum = add_count (sum, AFDO_EDGE (e)->count);
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
      set_probabilities (s, d, bb, sum);
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

void
afdo_enable_fdo_optimizations (afdo_session *s)
{
#define AFDO_SET(FLAG, VALUE) \
  do \
    if (!global_options_set.x_##FLAG) \
      global_options.x_##FLAG = (VALUE); \
  while (0)
  AFDO_SET (flag_unroll_loops, 1);
  AFDO_SET (flag_peel_loops, 1);
  /* The tracer duplicates the likely path of every branch; with the
     rough probabilities of a profile of IP samples it makes things
     worse (benchmarks/results/), so it is switched off again when the
     profile turns out to have no branch information (the hand-off
     pass).  */
  s->tracer_from_fdo_opts = !global_options_set.x_flag_tracer;
  AFDO_SET (flag_tracer, 1);
  AFDO_SET (flag_value_profile_transformations, 1);
  AFDO_SET (flag_inline_functions, 1);
  AFDO_SET (flag_ipa_cp, 1);
  AFDO_SET (flag_ipa_cp_clone, 1);
  AFDO_SET (flag_ipa_bit_cp, 1);
  AFDO_SET (flag_predictive_commoning, 1);
  AFDO_SET (flag_split_loops, 1);
  AFDO_SET (flag_unswitch_loops, 1);
  AFDO_SET (flag_gcse_after_reload, 1);
  AFDO_SET (flag_tree_loop_vectorize, 1);
  AFDO_SET (flag_tree_slp_vectorize, 1);
  AFDO_SET (flag_version_loops_for_strides, 1);
  AFDO_SET (flag_vect_cost_model, VECT_COST_MODEL_DYNAMIC);
  AFDO_SET (flag_tree_loop_distribute_patterns, 1);
  AFDO_SET (flag_loop_interchange, 1);
  AFDO_SET (flag_unroll_jam, 1);
  AFDO_SET (flag_tree_loop_distribution, 1);
#undef AFDO_SET
}

/* Set FLAG in the global options and in the optimization nodes GCC
   takes a function's options from.  */
#define AFDO_SET_EVERYWHERE(FLAG, VALUE) \
  do \
    { \
      global_options.x_##FLAG = (VALUE); \
      if (optimization_default_node) \
	TREE_OPTIMIZATION (optimization_default_node)->x_##FLAG = (VALUE); \
      if (optimization_current_node \
	  && optimization_current_node != optimization_default_node) \
	TREE_OPTIMIZATION (optimization_current_node)->x_##FLAG = (VALUE); \
    } \
  while (0)

namespace {

/* GCC's regular inliner asserts that a profile with non-zero IPA counts
   comes with flag_branch_probabilities, as it does with -fauto-profile.
   Setting that flag before "profile" would make GCC look for an
   instrumented profile (.gcda), so it is set only once "profile" has
   been gated, by this pass, which has no dump of its own.  */

const pass_data pass_data_autofdo_handoff =
{
  SIMPLE_IPA_PASS,	/* type */
  "*autofdo_handoff",	/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_IPA_AUTOFDO,	/* tv_id */
  0,			/* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

class pass_autofdo_handoff : public simple_ipa_opt_pass
{
public:
  pass_autofdo_handoff (gcc::context *ctxt, afdo_session *session)
    : simple_ipa_opt_pass (pass_data_autofdo_handoff, ctxt), s (session)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *) final override
  {
    return s->prof != NULL && s->any_annotated && !flag_auto_profile;
  }

  unsigned int execute (function *) final override
  {
    if (s->tracer_from_fdo_opts && !s->has_branches)
      AFDO_SET_EVERYWHERE (flag_tracer, 0);
    AFDO_SET_EVERYWHERE (flag_branch_probabilities, 1);
    return 0;
  }

private:
  afdo_session *s;
};

} // anon namespace

opt_pass *
afdo_make_handoff_pass (afdo_session *s)
{
  return new pass_autofdo_handoff (g, s);
}
