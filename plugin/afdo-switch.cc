/* afdo: a jump table keeps the probabilities of its cases.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* GCC 12's switch lowering ("switchlower") turns a switch, or each
   dense cluster of its cases, into a new GIMPLE switch that becomes a
   jump table, and gives that switch's edges probabilities from the
   number of case values each covers (jump_table_cluster::emit, "Set up
   even probabilities for all cases"): whatever the profile said of the
   cases is lost, under -fprofile-use as with the plugin.  The blocks
   keep their counts; the edges into them do not.  The alignment of
   labels, the order of blocks and the hot/cold split, which look at
   edge counts, then treat a case run once in a thousand dispatches as
   they treat the most common one: a dispatch switch's rare cases are
   aligned as hot jump targets (doc/design.md, part 14).

   The pass before "switchlower" records, for each switch of a function
   whose counts came from the profile, the probability of the edge into
   each of its destinations; the pass after it gives each switch it
   finds whose destinations are all those of one recorded switch the
   recorded probabilities, made to sum to 1 over its own edges
   (jump-tables=1).  A cluster's switch thus gets its cases'
   probabilities relative to one another.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "tree-cfg.h"
#include "profile-count.h"
#include "hash-map.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

namespace {

/* The probability of the edge to a case label of the switch numbered
   SWITCH_ID.  */
struct case_probability
{
  int switch_id;
  profile_probability prob;
};

/* By the case label's DECL_UID, for the function between the passes
   (GCC's GIMPLE passes run one function at a time through both).  The
   lowered switches keep the labels; block indices may change.  */
static hash_map<int_hash<int, -1, -2>, case_probability> *recorded;

/* The edge out of SW's block to its case label I, or NULL.  */
static edge
case_edge (function *fn, gswitch *sw, unsigned i)
{
  tree label = CASE_LABEL (gimple_switch_label (sw, i));
  basic_block dest = label_to_block (fn, label);
  return dest ? find_edge (gimple_bb (sw), dest) : NULL;
}

static void
record_switches (function *fn)
{
  if (!recorded)
    recorded = new hash_map<int_hash<int, -1, -2>, case_probability>;
  recorded->empty ();
  basic_block bb;
  int id = 0;
  FOR_EACH_BB_FN (bb, fn)
    {
      gswitch *sw = safe_dyn_cast <gswitch *> (last_stmt (bb));
      if (!sw)
	continue;
      id++;
      for (unsigned i = 0; i < gimple_switch_num_labels (sw); i++)
	{
	  edge e = case_edge (fn, sw, i);
	  if (!e)
	    continue;
	  case_probability c = { id, e->probability };
	  recorded->put (DECL_UID (CASE_LABEL (gimple_switch_label (sw, i))),
			 c);
	}
    }
}

/* Switch SW gets the recorded probabilities when all its labels are
   those of one recorded switch and they cover all its edges.  */
static void
restore_switch (function *fn, gswitch *sw)
{
  basic_block bb = gimple_bb (sw);
  hash_map<edge, profile_probability> probs;
  int id = -1;
  profile_probability sum = profile_probability::never ();
  for (unsigned i = 0; i < gimple_switch_num_labels (sw); i++)
    {
      case_probability *c
	= recorded->get (DECL_UID (CASE_LABEL (gimple_switch_label (sw, i))));
      edge e = case_edge (fn, sw, i);
      if (!c || !e || !c->prob.initialized_p ()
	  || (id >= 0 && c->switch_id != id))
	return;
      id = c->switch_id;
      bool existed;
      profile_probability &p = probs.get_or_insert (e, &existed);
      if (!existed)
	{
	  p = c->prob;
	  sum += c->prob;
	}
    }
  if (probs.elements () != EDGE_COUNT (bb->succs)
      || sum == profile_probability::never ())
    return;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    e->probability = *probs.get (e) / sum;
}

static unsigned int
restore_switches (function *fn)
{
  if (!recorded)
    return 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    if (gswitch *sw = safe_dyn_cast <gswitch *> (last_stmt (bb)))
      restore_switch (fn, sw);
  recorded->empty ();
  return 0;
}

/* Both passes run in functions whose counts came from the profile.  */
static bool
switch_gate (afdo_session *s, function *fn)
{
  return s->opts.jump_tables && s->any_annotated && afdo_counts_p (fn);
}

/* Before "switchlower": record.  */
static unsigned int
switch_record (afdo_session *, function *fn)
{
  record_switches (fn);
  return 0;
}

/* After it: restore.  */
static unsigned int
switch_restore (afdo_session *, function *fn)
{
  return restore_switches (fn);
}

} // anon namespace

opt_pass *
afdo_make_switch_pass (afdo_session *s, bool restore)
{
  if (restore)
    return new afdo_pass<gimple_opt_pass>
      (afdo_pass_data (GIMPLE_PASS, "*autofdo_switch_end", TV_NONE, PROP_cfg),
       s, switch_gate, switch_restore);
  return new afdo_pass<gimple_opt_pass>
    (afdo_pass_data (GIMPLE_PASS, "*autofdo_switch", TV_NONE, PROP_cfg), s,
     switch_gate, switch_record);
}
