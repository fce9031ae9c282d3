/* afdo: the counts of the clones GCC's ipa-cp makes for calls from
   functions without samples.
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
   (their shape, without their scale), and so do its calls.  */

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
	  && s->opts.clone_counts);
}

static unsigned int
clones_execute (afdo_session *, function *)
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
      cgraph_node *orig = node->clone_of;
      while (orig->clone_of)
	orig = orig->clone_of;
      function *fn = DECL_STRUCT_FUNCTION (orig->decl);
      if (!fn || !fn->cfg || !afdo_counts_p (fn)
	  || !called_from_unmeasured_only_p (node))
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
  return 0;
}

opt_pass *
afdo_make_clones_pass (afdo_session *s)
{
  return new afdo_pass<afdo_ipa_pass>
    (afdo_pass_data (IPA_PASS, "autofdo_clones", TV_IPA_AUTOFDO, 0),
     s, clones_gate, clones_execute);
}
