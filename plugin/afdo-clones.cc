/* afdo: the counts GCC's inliner starts from: those of the clones
   ipa-cp makes, and of functions called more than they are entered.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* ipa-cp gives a clone the sum of its calls' IPA counts and takes it
   off the function it copies.  A function without samples keeps GCC's
   local estimate (the evidence rule: no samples is "unknown"), and
   a local estimate has no IPA count, so a clone made for such calls
   only gets a sum of nothing: "0, estimated locally, globally 0".
   GCC 12 then compiles the clone, and what it inlines, for size, as
   code known never to run.  The benchmark's "context" recorded at
   100 Hz: foo took no sample, ipa-cp (which fdo-opts switches on)
   cloned bar for foo's call, and the clone's inlined loop kept a branch
   where -O2 has a conditional move, mispredicted 11 times as often as
   -O2's.  Such a clone's count is unknown, as its callers' are: it
   takes the local estimate the samples of the function it copies give
   (their shape, without their scale), and so do its calls.

   A copy that keeps an IPA count keeps the share ipa-cp gave it, which
   is no evidence that it is cold either (floor_copies).  And a function
   is entered at least as often as its calls run (resum_entries).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "cfg.h"
#include "basic-block.h"
#include "cgraph.h"
#include "tree-pass.h"
#include "context.h"
#include "dumpfile.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

/* Whether NODE is called, and only from code without an IPA count.  */
static bool
called_from_unmeasured_only_p (cgraph_node *node)
{
  bool any = false;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    {
      if (e->count.ipa ().initialized_p ())
	return false;
      any = true;
    }
  return any;
}

/* The function NODE copies, through any chain of clones; NODE itself
   when it is no clone.  */
static cgraph_node *
clone_origin (cgraph_node *node)
{
  while (node->clone_of)
    node = node->clone_of;
  return node;
}

/* The body NODE shares with the function it copies, when that body
   has the profile's counts; NULL otherwise.  */
static function *
counted_body (cgraph_node *node)
{
  function *fn = DECL_STRUCT_FUNCTION (clone_origin (node)->decl);
  return fn && fn->cfg && afdo_counts_p (fn) ? fn : NULL;
}

/* E's count in the body NODE shares with the function it copies, as a
   local estimate.  */
static void
localize_edge (cgraph_edge *e)
{
  if (e->call_stmt && gimple_bb (e->call_stmt))
    e->count = gimple_bb (e->call_stmt)->count.guessed_local ();
  else
    e->count = e->count.guessed_local ();
}

static bool
clones_gate (afdo_session *s, function *)
{
  return (s->prof != NULL && s->any_annotated && !s->lto
	  && (s->opts.clone_counts || s->opts.clone_floor
	      || s->opts.entry_sums));
}

/* ipa-cp divides a function's count between the function and its
   clones by its guess of their calls, and a recursive function's
   between its copies by rules of thumb; with a few samples behind the
   calls, that split is no evidence that a copy is cold (part 5 of the
   evidence rule).  The fuzzer's seed 1952: nine clones of a recursive
   function of 13 samples took most of its count, the function was left
   with 0.20 samples' count at its entry, its loop's header below the
   hot threshold of 0.39, and "ch" did not copy that header, "optimizing
   for size" (1.79 times -O2's mispredicted branches).  A copy of a
   function whose hottest block is hot is given at least the count that
   keeps that block hot (clone-floor=1), but no more than the upper end
   of the 99 % interval of its callers' samples.  */
static void
floor_copies (afdo_session *s)
{
  gcov_type t = afdo_gcc_hot_threshold (s);
  if (t <= 0 || s->scale <= 0)
    return;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      if (node->inlined_to || !node->count.initialized_p ()
	  || node->count.quality () != AFDO
	  || (!node->clone_of && !node->clones))
	continue;
      cgraph_node *orig = clone_origin (node);
      function *fn = counted_body (node);
      if (!fn)
	continue;
      profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (fn)->count;
      if (!entry.nonzero_p ())
	continue;
      gcov_type e = entry.to_gcov_type (), m = 0;
      basic_block bb;
      FOR_EACH_BB_FN (bb, fn)
	if (bb->count.initialized_p ())
	  m = MAX (m, bb->count.to_gcov_type ());
      gcov_type c = node->count.to_gcov_type ();
      if (m < t || (double) m * c / e >= (double) t)
	continue;
      double want = (double) t * e / m + 1.0;
      /* The callers' samples.  */
      double n = 0.0;
      for (cgraph_edge *ce = node->callers; ce; ce = ce->next_caller)
	if (ce->count.ipa ().initialized_p ())
	  n += (double) ce->count.ipa ().to_gcov_type () / s->scale;
      want = MIN (want, afdo_poisson_upper (n) * s->scale);
      if (want <= (double) c)
	continue;
      gcov_type w = (gcov_type) MIN (want, (double) afdo_count_cap);
      node->count = profile_count::from_gcov_type (w).afdo ();
      for (int k = 0; k < 2; k++)
	for (cgraph_edge *ce = k ? node->indirect_calls : node->callees; ce;
	     ce = ce->next_callee)
	  if (ce->call_stmt && gimple_bb (ce->call_stmt))
	    ce->count = gimple_bb (ce->call_stmt)->count.apply_scale (w, e);
      if (dump_file)
	fprintf (dump_file, "%s: a copy of %s kept hot: count %.2f samples "
		 "instead of %.2f\n", node->dump_name (), orig->dump_name (),
		 (double) w / s->scale, (double) c / s->scale);
    }
}

/* Part 9's first rule (clone-counts=1): a clone called only from code
   without an IPA count takes the local estimate of the function it
   copies, and so do its calls.  */
static void
localize_clones (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      if (!node->clone_of || node->inlined_to
	  || !node->count.initialized_p ())
	continue;
      profile_quality q = node->count.quality ();
      if (q != GUESSED_GLOBAL0 && q != GUESSED_GLOBAL0_ADJUSTED)
	continue;
      cgraph_node *orig = clone_origin (node);
      function *fn = counted_body (node);
      if (!fn || !called_from_unmeasured_only_p (node))
	continue;
      profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (fn)->count;
      if (!entry.nonzero_p ())
	continue;
      node->count = entry.guessed_local ();
      for (cgraph_edge *e = node->callees; e; e = e->next_callee)
	localize_edge (e);
      for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
	localize_edge (e);
      if (dump_file)
	fprintf (dump_file, "%s: a clone of %s called only from functions "
		 "without samples: count unknown (estimated locally), "
		 "not 0\n", node->dump_name (), orig->dump_name ());
    }
}

/* entry-sums, once more before GCC's inliner: the sums taken at
   annotation are of the calls as they were then, and callers first
   cannot order functions that call each other.  tcc's vswap was raised
   to its 47 calls' 140.77 samples before gen_op, gv, vstore and
   init_putv, which call it and which it calls back through gv, were
   raised (by 7 to 100 times), and came to GCC's inliner with a count of
   1.33 M under calls of 27.8 M.  The inliner inlined it into vstore, a
   call of 1.29 M, and into post_type, and found nothing left for the
   calls it did not inline: vswap's body was scaled to "globally 0" and
   its three struct copies became "rep movsl", 9.3 M instructions
   against -O2's 3.3 M.  So a function with samples is raised again to
   the sum of its calls from other functions, all taken from the counts
   as they are here (no raise here feeds another sum), and its calls
   with it; GCC scales its body to that count when it compiles it.  */
static void
resum_entries (afdo_session *s)
{
  auto_vec<cgraph_node *> nodes;
  auto_vec<gcov_type> sums;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      if (node->inlined_to || !node->count.initialized_p ()
	  || node->count.quality () != AFDO || !node->count.nonzero_p ())
	continue;
      cgraph_node *orig = clone_origin (node);
      if (!counted_body (node))
	continue;
      gcov_type sum = 0;
      for (cgraph_edge *e = node->callers; e; e = e->next_caller)
	{
	  /* Its own recursion, through any copy of it, does not enter it
	     from outside.  */
	  cgraph_node *caller = clone_origin (e->caller->inlined_to
					      ? e->caller->inlined_to
					      : e->caller);
	  profile_count c = e->count.ipa ();
	  if (caller == orig || !c.initialized_p ()
	      || c.quality () != AFDO)
	    continue;
	  sum = afdo_add_count (sum, c.to_gcov_type ());
	}
      if (sum > node->count.to_gcov_type ())
	{
	  nodes.safe_push (node);
	  sums.safe_push (sum);
	}
    }
  for (unsigned i = 0; i < nodes.length (); i++)
    {
      node = nodes[i];
      profile_count old = node->count;
      profile_count sum = profile_count::from_gcov_type (sums[i]).afdo ();
      if (dump_file)
	fprintf (dump_file, "%s: count %.2f samples raised to its calls' "
		 "%.2f before the inliner\n", node->dump_name (),
		 (double) old.to_gcov_type () / s->scale,
		 (double) sums[i] / s->scale);
      node->count = sum;
      for (int k = 0; k < 2; k++)
	for (cgraph_edge *e = k ? node->indirect_calls : node->callees; e;
	     e = e->next_callee)
	  if (e->count.ipa ().initialized_p ()
	      && e->count.quality () == AFDO)
	    {
	      e->count = e->count.apply_scale (sum, old);
	      if (e->count.to_gcov_type () > afdo_count_cap)
		e->count = profile_count::from_gcov_type (afdo_count_cap)
		  .afdo ();
	    }
    }
}

static unsigned int
clones_execute (afdo_session *s, function *)
{
  if (s->opts.clone_counts)
    localize_clones ();
  if (s->opts.clone_floor)
    floor_copies (s);
  if (s->opts.entry_sums)
    resum_entries (s);
  return 0;
}

opt_pass *
afdo_make_clones_pass (afdo_session *s)
{
  return new afdo_pass<afdo_ipa_pass>
    (afdo_pass_data (IPA_PASS, "autofdo_clones", TV_IPA_AUTOFDO, 0),
     s, clones_gate, clones_execute);
}
