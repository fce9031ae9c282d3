/* afdo: indirect-call promotion for the profile-guided early inliner
   (seed 000, Algorithm 6): a call site whose profile names a hot target
   defined in this translation unit becomes a guarded direct call.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */


#include "gcc-plugin.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "predict.h"
#include "alloc-pool.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "langhooks.h"
#include "target.h"
#include "trans-mem.h"
#include "dumpfile.h"
#include "cfgloop.h"
#include "tree-cfg.h"
#include "tree-cfgcleanup.h"
#include "tree-into-ssa.h"
#include "gimple-iterator.h"
#include "value-prof.h"
#include "symbol-summary.h"
#include "sreal.h"
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"
#include "tree-inline.h"
#include "hash-set.h"
#include "hash-map.h"
#include "afdo-plugin.h"

/* The hottest target of the histogram of INST at OFFSET.DISC.  */
static const afdo_target *
hottest_target_at (const afdo_function *inst, uint32_t offset, uint32_t disc,
		   uint64_t *site_total)
{
  const afdo_target *best = NULL;
  *site_total = 0;
  afdo_visit_site_targets (inst, offset, disc,
			   [&] (const afdo_target &t)
			   {
			     *site_total = afdo_count_add (*site_total,
							   t.count);
			     if (!best || t.count > best->count)
			       best = &t;
			     return false;
			   });
  return best;
}

/* Whether a call of FNTYPE with the arguments of STMT can be
   redirected to TARGET without changing what is passed.  */
static bool
call_matches_target (gcall *stmt, cgraph_node *target)
{
  tree parm = DECL_ARGUMENTS (target->decl);
  unsigned n = gimple_call_num_args (stmt);
  for (unsigned i = 0; i < n; i++, parm = DECL_CHAIN (parm))
    {
      if (!parm)
	return false;
      tree arg = gimple_call_arg (stmt, i);
      if (!useless_type_conversion_p (TREE_TYPE (parm), TREE_TYPE (arg)))
	return false;
    }
  if (parm || stdarg_p (TREE_TYPE (target->decl)))
    return false;
  tree lhs = gimple_call_lhs (stmt);
  if (lhs && !useless_type_conversion_p (TREE_TYPE (lhs),
					 TREE_TYPE (TREE_TYPE (target->decl))))
    return false;
  return true;
}


cgraph_edge *
afdo_promote_icall (afdo_unit *u, afdo_names *names, cgraph_node *node,
		    uint64_t threshold, cgraph_edge *e, afdo_function *inst,
		    uint32_t offset, uint32_t disc, uint64_t *weight_out)
{
  gcall *stmt = e->call_stmt;
  if (e->speculative || gimple_call_internal_p (stmt)
      || gimple_call_fndecl (stmt))
    return NULL;

  /* An inline instance at the call site says the target was promoted
     and inlined in the profiled binary; else the histogram.  */
  afdo_function *tinst = afdo_callee_at (names->prof, inst, offset,
					  disc, AFDO_ANY_NAME);
  uint64_t site_total = 0;
  const afdo_target *tgt = hottest_target_at (inst, offset, disc,
					      &site_total);
  uint32_t name;
  uint64_t weight;
  const char *source;
  if (tinst)
    {
      name = tinst->name;
      weight = tinst->total;
      source = "inline instance";
    }
  else if (tgt)
    {
      name = tgt->name;
      weight = tgt->count;
      source = "target histogram";
    }
  else
    return NULL;

  const char *tname = afdo_name (names->prof, name);
  expanded_location xl = expand_location (gimple_location (stmt));
  if (weight < threshold)
    {
      u->inline_stats.icall_cold++;
      if (dump_file)
	fprintf (dump_file, "  %s: indirect call at line %d: %s names %s "
		 "(%" PRIu64 ", threshold %" PRIu64 "): cold, not promoted\n",
		 node->dump_name (), xl.line, source, tname, weight,
		 threshold);
      return NULL;
    }
  cgraph_node *target = cgraph_node::get_for_asmname (get_identifier (tname));
  if (target)
    target = target->ultimate_alias_target ();
  if (!target || !target->definition || !gimple_has_body_p (target->decl))
    {
      u->inline_stats.icall_missing++;
      if (dump_file)
	fprintf (dump_file, "  %s: indirect call at line %d: %s names %s "
		 "(%" PRIu64 "): not defined in this translation unit, "
		 "left as is\n", node->dump_name (), xl.line, source,
		 tname, weight);
      return NULL;
    }
  if (target == node || !call_matches_target (stmt, target))
    {
      u->inline_stats.icall_mismatch++;
      if (dump_file)
	fprintf (dump_file, "  %s: indirect call at line %d: target %s "
		 "%s, not promoted\n", node->dump_name (), xl.line,
		 tname, target == node ? "is the caller itself"
		 : "does not match the call's arguments");
      return NULL;
    }

  /* The share of the call site's executions that go to TARGET, for the
     guard's first estimate; annotation sets the real counts.  */
  profile_probability prob = profile_probability::likely ();
  if (!tinst && site_total > 0)
    prob = profile_probability::probability_in_gcov_type
      ((gcov_type) MIN (weight, AFDO_COUNT_CAP),
       (gcov_type) MIN (site_total, AFDO_COUNT_CAP));
  cgraph_edge *dedge = e->make_speculative (target,
					    e->count.apply_probability (prob));
  /* Expand the speculation now: the guard, the direct call (DEDGE's
     statement from now on) and the fallback, which keeps STMT.  */
  cgraph_edge::redirect_call_stmt_to_callee (dedge);
  u->promoted.add (stmt);
  u->inline_stats.promoted++;
  if (dump_file)
    fprintf (dump_file, "  %s: indirect call at line %d: promoted to %s "
	     "(%s, %" PRIu64 "), fallback indirect call kept\n",
	     node->dump_name (), xl.line, target->dump_name (), source,
	     weight);
  *weight_out = weight;
  return dedge;
}
