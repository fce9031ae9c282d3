/* afdo: the driver of the GCC plugin: the "autofdo" pass, which runs
   every stage over a translation unit, the link-time compiler's start,
   and the end of the compilation.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The "autofdo" pass runs right after GCC's own (gated off) "afdo" pass:
   every function body is in GIMPLE SSA form after the early
   optimizations, and "profile" and the regular IPA passes come after.
   It has the session read the profile once (afdo-session.cc, which
   keeps it for the compilation) and runs the stages over the
   translation unit:

     inline   recreate the profile's hot inline instances (afdo-inline.cc)
     fold     the unit's profile, the instances not recreated folded into
	      their outline functions (afdo-offline.cc)
     then, function by function:
     annotate statements -> block counts (afdo-annotate.cc)
     infer    block counts -> every block and edge (afdo-infer.cc)
     hand off the counts become GCC's profile (afdo-handoff.cc)

   and reports how much of the profile the unit matched.  The stages
   call the session's services, never back into this file.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple.h"
#include "cgraph.h"
#include "dominance.h"
#include "diagnostic-core.h"
#include "options.h"
#include "predict.h"
#include "profile.h"
#include "hash-set.h"
#include "hash-map.h"
#include "dumpfile.h"
#include "afdo-summary.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"
#include "afdo-match.h"

void
afdo_annotate_function (afdo_unit *unit, afdo_function *instance,
			bool head_ok, afdo_fn_result *res)
{
  memset (res, 0, sizeof *res);
  res->instance = instance;
  res->total = instance->total;

  auto_vec<afdo_bb_count> d;
  d.safe_grow_cleared (last_basic_block_for_fn (cfun));
  for (unsigned i = 0; i < d.length (); i++)
    d[i].class_rep = i;

  bool any = afdo_annotate_blocks (unit, instance, head_ok, d, res);
  if (any && unit->s->opts.entry_counts)
    afdo_call_entry_counts (unit, d);
  /* An instance that says the function never ran makes it cold; one
     whose samples match none of the statements (a stale profile) leaves
     GCC's static estimate alone.  So does one left without samples of
     its own once the instances nested in it went to the functions they
     are called in (calls this unit does not inline; calling contexts of
     call chains): the function ran, and called them.  */
  bool ran = instance->total != 0;
  if (vec<const afdo_function *> *srcs = unit->sources.get (instance))
    for (unsigned i = 0; !ran && i < srcs->length (); i++)
      ran = (*srcs)[i]->total != 0;
  if (!any && ran)
    {
      if (dump_file)
	fprintf (dump_file, "  no statement matched; static profile kept\n");
      return;
    }

  alloc_aux_for_edges (sizeof (struct afdo_edge_count));
  afdo_infer_counts (unit->s, d, any, res);
  afdo_handoff_counts (unit->s, d, !any);
  afdo_dump_counts (unit->s, d, res);
  free_aux_for_edges ();
  free_dominance_info (CDI_DOMINATORS);
  res->applied = true;
}

static double
percent (uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double) part / (double) whole : 0.0;
}

/* Annotate every function of the unit, and sum what it matched.

   A sample is counted once, in one place: the samples of the unit are
   those of the top-level instances of its functions in the profile,
   each once; a function GCC split shares its instance with its part,
   whose line counts only what the function before it did not match.  */
static void
annotate_unit (afdo_unit *u, afdo_unit_summary *sum)
{
  afdo_session *s = u->s;
  const char *file = afdo_input_name ();
  hash_set<const afdo_function *> tops;
  /* The first function of each instance of the unit's profile.  */
  hash_map<const afdo_function *, cgraph_node *> first;
  /* Callees first, so a call can be given the entry count of the
     function it is the only way into (entry-counts).  */
  hash_map<tree, unsigned> index;
  for (unsigned i = 0; i < u->fns.length (); i++)
    index.put (u->fns[i].node->decl, i);
  auto_vec<tree> order;
  afdo_callers_first (order);
  auto_vec<unsigned> fns;
  for (unsigned k = order.length (); k-- > 0;)
    if (unsigned *i = index.get (order[k]))
      fns.safe_push (*i);
  for (unsigned j = 0; j < fns.length (); j++)
    {
      unsigned i = fns[j];
      cgraph_node *node = u->fns[i].node;
      sum->functions++;
      const afdo_function *top = u->fns[i].inst;
      if (top && !tops.add (top))
	sum->samples = afdo_count_add (sum->samples, top->total);
      afdo_function *inst = u->names->top (node->decl);
      if (!inst)
	{
	  if (dump_file)
	    fprintf (dump_file, "function %s: no samples; %s\n",
		     node->dump_name (),
		     s->opts.sample_accurate ? "cold (sample-accurate)"
		     : "static estimate and given options kept");
	  push_cfun (DECL_STRUCT_FUNCTION (node->decl));
	  afdo_handoff_unsampled (s);
	  pop_cfun ();
	  continue;
	}
      sum->functions_profiled++;
      bool shared;
      cgraph_node *owner = node;
      cgraph_node **slot = &first.get_or_insert (inst, &shared);
      if (shared)
	owner = *slot;
      else
	*slot = node;

      push_cfun (DECL_STRUCT_FUNCTION (node->decl));
      if (dump_file)
	fprintf (dump_file, "function %s: instance %s total %" PRIu64
		 " head %" PRIu64 "%s\n", node->dump_name (),
		 afdo_name (u->prof, inst->name), inst->total, inst->head,
		 u->fns[i].inst ? "" : " (folded inline instances only)");
      afdo_fn_result res;
      if (top && (top->aux & AFDO_AUX_EMPTIED))
	{
	  /* The matcher found its source changed beyond matching.  */
	  memset (&res, 0, sizeof res);
	  res.total = top->total;
	  if (dump_file)
	    fprintf (dump_file, "  source changed beyond matching: static "
		     "estimate and given options kept\n");
	  afdo_handoff_unsampled (s, true);
	}
      else
	afdo_annotate_function (u, inst,
				u->fns[i].exact && !node->split_part, &res);
      if (dump_file && !shared)
	fprintf (dump_file, "  %s: matched %" PRIu64 " of %" PRIu64
		 " samples (%.1f %%)\n", node->dump_name (),
		 res.matched, res.total, percent (res.matched, res.total));
      else if (dump_file)
	fprintf (dump_file, "  %s: shares instance %s with %s: matched %"
		 PRIu64 " more samples\n", node->dump_name (),
		 afdo_name (u->prof, inst->name), owner->dump_name (),
		 res.matched);
      /* Only where the counts came from samples, hot-inline.  A
	 function with few samples gets the options fdo-opts switches on
	 as well: the evidence rule's parts decide its branches, loops and
	 cold blocks (doc/design.md; a gate at 20 samples kept 99 of the
	 fuzzer's 1,000 programs from 1 % fewer instructions and saved
	 none).  */
      if (res.applied && res.n_annotated > 0)
	afdo_handoff_inline_limit (s);
      if (s->opts.verbose)
	{
	  char *what;
	  if (!shared)
	    what = xasprintf ("instance %s: matched %" PRIu64 " of %" PRIu64
			      " samples (%.1f %%)",
			      afdo_name (u->prof, inst->name), res.matched,
			      res.total, percent (res.matched, res.total));
	  else
	    what = xasprintf ("instance %s, shared with %s: matched %"
			      PRIu64 " more samples",
			      afdo_name (u->prof, inst->name),
			      owner->asm_name (), res.matched);
	  fprintf (stderr, "afdo: %s: %s: %s; %u blocks: %u annotated, "
		   "%u class, %u flow, %u guessed, %u raised%s\n", file,
		   node->asm_name (), what, res.n_blocks, res.n_annotated,
		   res.n_class, res.n_flow, res.n_guessed, res.n_raised,
		   res.applied ? "" : "; static profile kept");
	  free (what);
	}
      if (res.applied)
	s->any_annotated = true;
      pop_cfun ();
    }
  afdo_entry_sums (u);
  sum->matched = u->matched;
  sum->profile_samples = afdo_profile_total (s->prof);
}

/* What the unit matched: the dump, -v, the warning and the build
   report.  The same words name the same quantity in each: the unit's
   "samples" are those of the profile's instances of its functions,
   "the profile's samples" those of the whole profile.  */
static void
report_unit (afdo_unit *u, const afdo_unit_summary *sum)
{
  afdo_session *s = u->s;
  char *text = xasprintf ("%u of %u functions in the profile, with %" PRIu64
			  " of the profile's %" PRIu64 " samples (%.1f %%); "
			  "matched %" PRIu64 " of %" PRIu64 " samples "
			  "(%.1f %%)", sum->functions_profiled,
			  sum->functions, sum->samples, sum->profile_samples,
			  percent (sum->samples, sum->profile_samples),
			  sum->matched, sum->samples,
			  percent (sum->matched, sum->samples));
  if (dump_file)
    fprintf (dump_file, "translation unit: %s\n", text);
  if (s->opts.verbose)
    fprintf (stderr, "afdo: %s: translation unit: %s\n", afdo_input_name (),
	     text);

  /* Most files of a program hold no hot function, and one with a few
     samples matches by chance: a file is reported stale only when what
     it did not match is worth saying.  How much of the profile the whole
     build used is afdo-dump --build-report's to say.  */
  if (sum->samples > sum->few
      && percent (sum->matched, sum->samples) < s->opts.stale_percent
      && percent (sum->samples, sum->profile_samples) >= s->opts.stale_share)
    warning_at (UNKNOWN_LOCATION, OPT_Wmissing_profile, "%s: %s: profile %qs "
		"matches this translation unit poorly: %s; is it stale?",
		afdo_plugin_name, afdo_input_name (), s->opts.profile, text);
  free (text);

  if (s->opts.report)
    afdo_report_unit (u, sum);
}

/* Whether the functions of unit U have fewer samples in all (behind
   their totals, afdo_samples_behind) than
   min-unit-samples (the evidence rule): then each keeps the code it has
   without a profile, and the unit is left as it is.  Below 30, the
   fuzzer's programs of 2 to 10 samples had initialization loops of
   constant trip counts unrolled on 5 to 8 samples (1.6 to 2.4 % more
   instructions than -O2's); doc/design.md, part 4.  */
static bool
few_samples_unit (afdo_unit *u)
{
  afdo_session *s = u->s;
  hash_set<const afdo_function *> tops;
  uint64_t samples = 0;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!afdo_unit_function_p (node))
	continue;
      bool exact;
      uint32_t idx = u->whole->lookup (node->decl, &exact);
      if (idx == UINT32_MAX)
	continue;
      const afdo_function *top = afdo_top (s->prof, idx, false);
      if (top && !tops.add (top))
	{
	  uint64_t need = (uint64_t) s->opts.min_unit_samples - samples;
	  samples = afdo_count_add (samples,
				    afdo_samples_behind (top->total,
							 DECL_STRUCT_FUNCTION
							   (node->decl),
							 need));
	  if (samples >= (uint64_t) s->opts.min_unit_samples)
	    return false;
	}
    }
  if (samples == 0 || samples >= (uint64_t) s->opts.min_unit_samples)
    return false;
  if (dump_file)
    fprintf (dump_file, "translation unit: about %" PRIu64 " samples, fewer "
	     "than min-unit-samples (%d): compiled as without a profile\n",
	     samples, s->opts.min_unit_samples);
  afdo_unit_summary sum;
  memset (&sum, 0, sizeof sum);
  tops.empty ();
  FOR_EACH_DEFINED_FUNCTION (node)
    if (afdo_unit_function_p (node))
      {
	sum.functions++;
	bool exact;
	uint32_t idx = u->whole->lookup (node->decl, &exact);
	afdo_function *top
	  = idx == UINT32_MAX ? NULL : afdo_top (s->prof, idx, false);
	/* For the build report: the unit defines these functions.  */
	afdo_unit_fn f;
	f.decl = node->decl;
	f.node = node;
	f.inst = top;
	f.exact = exact;
	u->fns.safe_push (f);
	if (top)
	  sum.functions_profiled++;
	if (top && !tops.add (top))
	  {
	    sum.samples = afdo_count_add (sum.samples, top->total);
	    if (s->opts.verbose)
	      fprintf (stderr, "afdo: %s: %s: instance %s: matched 0 of %"
		       PRIu64 " samples (0.0 %%); static profile kept "
		       "(fewer than min-unit-samples in the unit)\n",
		       afdo_input_name (), node->asm_name (),
		       afdo_name (s->prof, top->name), top->total);
	  }
	push_cfun (DECL_STRUCT_FUNCTION (node->decl));
	afdo_handoff_unsampled (s, true);
	pop_cfun ();
      }
  sum.few = sum.samples;
  sum.profile_samples = afdo_profile_total (s->prof);
  report_unit (u, &sum);
  return true;
}

unsigned int
afdo_run_unit (afdo_session *s)
{
  if (flag_auto_profile || flag_branch_probabilities)
    {
      if (dump_file)
	fprintf (dump_file, "%s given: the plugin does nothing\n",
		 flag_auto_profile ? "-fauto-profile" : "-fprofile-use");
      return 0;
    }
  if (!afdo_session_read (s))
    return 0;

  afdo_match_unit (s);
  afdo_unit *u = afdo_unit_begin (s);
  if (few_samples_unit (u))
    {
      afdo_unit_end (u);
      return 0;
    }
  /* Recreate the profile's hot inline instances first, so the dry run
     of the folding finds them reached and folds only the rest.  */
  afdo_early_inline (u);
  afdo_fold_unit (u);
  afdo_inline_folded (u);
  if (s->opts.refold)
    afdo_refold_unit (u);
  const afdo_inline_stats &is = u->inline_stats;
  if (dump_file && (s->opts.inline_p || s->opts.icp))
    fprintf (dump_file, "early inliner: %u profiled call sites, %u inlined, "
	     "%u cold; %u indirect call sites, %u promoted (%u inlined), "
	     "%u cold, %u targets not here, %u not matching\n",
	     is.sites, is.reasons[AFDO_SITE_INLINED],
	     is.reasons[AFDO_SITE_COLD],
	     is.icall_sites, is.promoted, is.promoted_inlined,
	     is.icall_cold, is.icall_missing, is.icall_mismatch);

  if (dump_file)
    fprintf (dump_file, "folded %u inline instances (%" PRIu64 " samples) "
	     "that are not inlined here into their functions\n",
	     u->offline_stats.folded_instances,
	     u->offline_stats.folded_samples);

  afdo_unit_summary sum;
  memset (&sum, 0, sizeof sum);
  annotate_unit (u, &sum);
  report_unit (u, &sum);
  if (s->opts.check_hot)
    {
      /* The check after GCC's optimizations looks up in them.  */
      s->unit_prof = u->prof;
      s->unit_names = u->names;
      u->prof = NULL;
      u->names = NULL;
    }
  afdo_unit_end (u);
  return 0;
}

/* The "autofdo" pass runs where the IR is not the link's and a profile
   was given.  */
static bool
autofdo_gate (afdo_session *s, function *)
{
  return optimize > 0 && !in_lto_p && !seen_error ()
	 && s->opts.profile != NULL;
}

static unsigned int
autofdo_execute (afdo_session *s, function *)
{
  return afdo_run_unit (s);
}

opt_pass *
afdo_make_autofdo_pass (afdo_session *s)
{
  return new afdo_pass<simple_ipa_opt_pass>
    (afdo_pass_data (SIMPLE_IPA_PASS, "autofdo", TV_IPA_AUTOFDO, 0), s,
     autofdo_gate, autofdo_execute);
}

void
afdo_link_begin (afdo_session *s)
{
  if (optimize > 0 && afdo_session_read (s))
    s->any_annotated = true;
  /* check-hot looks the statements up in the whole profile: the units'
     profiles, with the instances they did not inline folded into their
     functions, stayed with the units.  */
  if (s->opts.check_hot && s->any_annotated)
    s->unit_names = new afdo_names (s->prof);
}

void
afdo_driver_finish (afdo_session *s)
{
  afdo_check_report (s);
  delete s->unit_names;
  s->unit_names = NULL;
  if (s->unit_prof)
    {
      afdo_profile_free (s->unit_prof);
      s->unit_prof = NULL;
    }
  afdo_session_finish (s);
}
