/* afdo: the GCC plugin afdo.so: arguments, options, the "autofdo" pass.
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

/* The plugin registers one simple IPA pass, "autofdo", right after GCC's
   own (gated off) "afdo" pass: every function body is in GIMPLE SSA form
   after the early optimizations, and "profile" and the regular IPA
   passes come after.  The pass reads the profile once, finds each
   function's top-level instance by name and annotates its CFG (see
   afdo-annotate.cc), after recreating the profile's hot inline
   instances (afdo-inline.cc).

   GCC's -fauto-profile is not used: it would turn on GCC's own "afdo"
   pass, which reads its own profile file, and the early inliner would
   ask that pass's data about call sites.  Instead the plugin switches
   on the optimizations -fauto-profile implies and gives its counts AFDO
   quality, which is what the rest of GCC keys on.  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "cgraph.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "options.h"
#include "flag-types.h"
#include "predict.h"
#include "profile.h"
#include "gcov-io.h"
#include "hash-set.h"
#include "dumpfile.h"
#include "afdo-plugin.h"

int plugin_is_GPL_compatible;

struct afdo_plugin_options afdo_opts;
afdo_profile *afdo_prof;

static bool profile_read_attempted;
/* Whether any function got counts from the profile.  */
static bool afdo_any_annotated;
static gcov_summary afdo_gcov_summary;

static const char *const plugin_name_for_messages = "afdo";

static const char plugin_help[] =
  "afdo: sampling-based feedback-directed optimization.  Arguments "
  "(-fplugin-arg-afdo-NAME[=VALUE]):\n"
  "  profile=FILE        the AutoFDO profile (gcov or text format; required)\n"
  "  verbose[=N]         per-function match summary on stderr\n"
  "  discriminators=0|1  tell blocks on one line apart (default 1)\n"
  "  propagate=0|1       equivalence classes and flow propagation "
  "(default 1)\n"
  "  fdo-opts=0|1        switch on what -fauto-profile implies (default 1)\n"
  "  inline=0|1          recreate the profile's hot inline instances "
  "(default 1)\n"
  "  icp=0|1             promote hot indirect calls (default 1)\n"
  "  inline-permille=N   an inline instance is hot when its total reaches\n"
  "                      the hot block count for N per mille "
  "(default: hot-permille)\n"
  "  inline-growth=N     the inliner may grow a function by N % "
  "(default 300)\n"
  "  hot-permille=N      hot blocks make up N per mille of the samples "
  "(default: --param hot-bb-count-ws-permille)\n"
  "  stale-percent=N     warn below N % of samples matched (default 50)\n"
  "  evaluate[=FILE]     with -fprofile-use: print the block overlap of the\n"
  "                      plugin's counts with the exact ones per function;\n"
  "                      the code is that of -fprofile-use alone; FILE gets\n"
  "                      the plugin's block counts\n"
  "  counts=FILE         append the block counts GCC holds after its\n"
  "                      \"profile\" pass (exact, -fauto-profile's or the\n"
  "                      plugin's) to FILE, for afdo-overlap; profile= is\n"
  "                      not needed for this alone\n"
  "  dump[=FLAGS]        write the pass dump, as -fdump-ipa-autofdo[-FLAGS]\n"
  "                      would (GCC 12 reads -fdump- options before it loads\n"
  "                      plugins; -fdump-ipa-all works too)\n"
  "  help                print this list\n";

static const char *const accepted_args =
  "profile=FILE, verbose[=N], discriminators=0|1, propagate=0|1, "
  "fdo-opts=0|1, inline=0|1, icp=0|1, inline-permille=N, inline-growth=N, "
  "hot-permille=N, stale-percent=N, evaluate[=FILE], counts=FILE, "
  "dump[=FLAGS], help";

static struct plugin_info afdo_plugin_info =
{
  "0.1",
  plugin_help
};

/* Parse a non-negative integer argument; false on junk.  */
static bool
parse_int (const char *s, int max, int *out)
{
  if (!s || !*s)
    return false;
  long v = 0;
  for (const char *p = s; *p; p++)
    {
      if (*p < '0' || *p > '9')
	return false;
      v = v * 10 + (*p - '0');
      if (v > max)
	return false;
    }
  *out = (int) v;
  return true;
}

static bool
parse_bool (const char *key, const char *value, bool *out)
{
  int v;
  if (!value)
    {
      *out = true;
      return true;
    }
  if (!parse_int (value, 1, &v))
    {
      error ("%s: argument %qs wants 0 or 1, not %qs",
	     plugin_name_for_messages, key, value);
      return false;
    }
  *out = v != 0;
  return true;
}

/* Whether the profile holds branch information: head counts (from call
   branches) or call targets, which only branch records (LBR) give.  A
   profile of IP samples has neither; its counts measure time spent per
   line, so its branch probabilities are rough.  */
static bool afdo_profile_has_branches;
/* -ftracer was switched on by fdo-opts and is to be switched off again
   once the profile turns out to have no branch information.  */
static bool afdo_tracer_from_fdo_opts;

/* Switch on what -fauto-profile implies (GCC's enable_fdo_optimizations),
   except flag_branch_probabilities and flag_profile_values, which would
   start the instrumented-profile machinery, and leave every option the
   user gave alone.  */
static void
enable_fdo_optimizations (void)
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
     worse (benchmarks: branches +11 % instructions, context twice as
     slow), so it is switched off again when the profile turns out to
     have no branch information (the "*autofdo_handoff" pass).  */
  afdo_tracer_from_fdo_opts = !global_options_set.x_flag_tracer;
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

/* The hot block threshold: the smallest position count among the
   largest ones that together make up hot_permille of all samples (the
   working-set rule GCC's ipa-profile applies to instrumented
   profiles).  A first walk sums the counts in power-of-two buckets, a
   second sorts only the bucket where the cut falls, so a large profile
   costs two linear walks and a small sort.  */
struct hot_walk
{
  uint64_t bucket_sum[65];
  uint64_t max, sum;
  int cut_bucket;
  vec<uint64_t> cut_counts;
};

static int
count_bucket (uint64_t c)
{
  return c ? 64 - __builtin_clzll (c) : 0;
}

static int
hot_walk_sum (afdo_function *f, unsigned, void *data)
{
  hot_walk *w = (hot_walk *) data;
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      uint64_t c = f->pos[i].count;
      w->bucket_sum[count_bucket (c)]
	= afdo_count_add (w->bucket_sum[count_bucket (c)], c);
      w->sum = afdo_count_add (w->sum, c);
      w->max = MAX (w->max, c);
    }
  return 0;
}

static int
hot_walk_cut (afdo_function *f, unsigned, void *data)
{
  hot_walk *w = (hot_walk *) data;
  for (uint32_t i = 0; i < f->n_pos; i++)
    if (count_bucket (f->pos[i].count) == w->cut_bucket)
      w->cut_counts.safe_push (f->pos[i].count);
  return 0;
}

static int
cmp_desc (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? 1 : x > y ? -1 : 0;
}

/* The smallest position count among the largest ones that make up
   PERMILLE of the samples (at least 2); the sum and largest count of
   all in *SUM and *MAX.  */
static uint64_t
working_set_count (int permille, uint64_t *sum, uint64_t *max)
{
  hot_walk w;
  memset (w.bucket_sum, 0, sizeof w.bucket_sum);
  w.max = w.sum = 0;
  w.cut_counts = vNULL;
  afdo_profile_walk (afdo_prof, hot_walk_sum, &w);
  uint64_t cutoff = (uint64_t) ((unsigned __int128) w.sum
				* permille / 1000);
  uint64_t threshold = 1, acc = 0;
  for (w.cut_bucket = 64; w.cut_bucket > 0; w.cut_bucket--)
    {
      uint64_t next = afdo_count_add (acc, w.bucket_sum[w.cut_bucket]);
      if (next >= cutoff && w.bucket_sum[w.cut_bucket] > 0)
	break;
      acc = next;
    }
  if (w.cut_bucket > 0 && cutoff > 0)
    {
      afdo_profile_walk (afdo_prof, hot_walk_cut, &w);
      w.cut_counts.qsort (cmp_desc);
      for (unsigned i = 0; i < w.cut_counts.length () && acc < cutoff; i++)
	{
	  acc = afdo_count_add (acc, w.cut_counts[i]);
	  threshold = w.cut_counts[i];
	}
    }
  w.cut_counts.release ();
  /* Counts of 1 are never hot to GCC (maybe_hot_count_p).  */
  threshold = MAX (threshold, (uint64_t) 2);
  if (threshold > ((uint64_t) 1 << 60))
    threshold = (uint64_t) 1 << 60;
  *sum = w.sum;
  *max = w.max;
  return threshold;
}

/* The count an inline instance must reach to be recreated.  */
static uint64_t afdo_inline_threshold;

static void
set_thresholds (void)
{
  uint64_t sum, max;
  uint64_t threshold = working_set_count (afdo_opts.hot_permille, &sum,
					  &max);
  afdo_inline_threshold = threshold;
  if (afdo_opts.inline_permille >= 0
      && afdo_opts.inline_permille != afdo_opts.hot_permille)
    afdo_inline_threshold = working_set_count (afdo_opts.inline_permille,
					       &sum, &max);

  /* GCC reads profile_info for the number of runs and, lacking a set
     threshold, the maximum; a sampled profile is one run.  */
  afdo_gcov_summary.runs = 1;
  afdo_gcov_summary.sum_max = (gcov_type) MIN (max, (uint64_t) 1 << 60);
  profile_info = &afdo_gcov_summary;
  set_hot_bb_threshold ((gcov_type) threshold);
  if (dump_file)
    fprintf (dump_file, "hot block threshold %" PRIu64 " (%d per mille of "
	     "%" PRIu64 " samples), largest count %" PRIu64 "; inline "
	     "threshold %" PRIu64 "\n", threshold, afdo_opts.hot_permille,
	     sum, max, afdo_inline_threshold);
}

/* Counts of a corrupt or hostile profile may reach 2^63 - 1, but GCC's
   own sums of count times time (ipa-profile's histogram) overflow long
   before that, and then read past their arrays.  Sampled counts stay far
   below this limit; a profile with larger ones is scaled down as a
   whole, which keeps every ratio.  */
#define AFDO_GCC_COUNT_LIMIT ((uint64_t) 1 << 32)

static int
max_count_walk (afdo_function *f, unsigned, void *data)
{
  uint64_t *max = (uint64_t *) data;
  *max = MAX (*max, f->head);
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      *max = MAX (*max, f->pos[i].count);
      for (uint32_t j = 0; j < f->pos[i].n_targets; j++)
	*max = MAX (*max, f->pos[i].targets[j].count);
    }
  return 0;
}

static void
limit_counts (void)
{
  uint64_t max = 0;
  afdo_profile_walk (afdo_prof, max_count_walk, &max);
  if (max <= AFDO_GCC_COUNT_LIMIT)
    return;
  afdo_profile_scale (afdo_prof, AFDO_GCC_COUNT_LIMIT, max);
  if (dump_file)
    fprintf (dump_file, "largest count %" PRIu64 " scaled down to %"
	     PRIu64 " with every other count\n", max, AFDO_GCC_COUNT_LIMIT);
}

static int
branch_info_walk (afdo_function *f, unsigned depth, void *)
{
  if (depth == 0 && f->head > 0)
    return 1;
  for (uint32_t i = 0; i < f->n_pos; i++)
    if (f->pos[i].n_targets > 0)
      return 1;
  return 0;
}

/* Read the profile at the pass's first execution.  */
static bool
read_profile (void)
{
  if (profile_read_attempted)
    return afdo_prof != NULL;
  profile_read_attempted = true;
  afdo_error err;
  afdo_format fmt = AFDO_FORMAT_UNKNOWN;
  err.msg[0] = '\0';
  afdo_prof = afdo_read_file (afdo_opts.profile, &fmt, &err);
  if (!afdo_prof)
    {
      /* The library's message names the file.  */
      error_at (UNKNOWN_LOCATION, "%s: cannot use profile: %s",
		plugin_name_for_messages,
	     err.msg[0] ? err.msg : afdo_opts.profile);
      return false;
    }
  limit_counts ();
  if (dump_file)
    {
      afdo_summary s;
      afdo_profile_summarize (afdo_prof, &s);
      fprintf (dump_file, "profile %s (%s): %u functions, %u instances, "
	       "%u positions, %" PRIu64 " samples\n", afdo_opts.profile,
	       afdo_format_name (fmt), s.n_functions, s.n_instances,
	       s.n_positions, s.total);
    }
  afdo_profile_has_branches
    = afdo_profile_walk (afdo_prof, branch_info_walk, NULL) != 0;
  if (dump_file && !afdo_profile_has_branches)
    fprintf (dump_file, "the profile has no head counts and no call targets "
	     "(IP samples, no branch records)%s\n",
	     afdo_tracer_from_fdo_opts
	     ? ": -ftracer is not switched on" : "");
  /* Evaluate mode must leave the instrumented profile's summary and hot
     threshold alone.  */
  if (!afdo_opts.evaluate)
    set_thresholds ();
  return true;
}

bool
afdo_read_profile (void)
{
  return read_profile ();
}

static double
percent (uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double) part / (double) whole : 0.0;
}

/* Annotate every function of the translation unit.  */
static unsigned int
execute_autofdo (void)
{
  if (flag_auto_profile || flag_branch_probabilities)
    {
      if (dump_file)
	fprintf (dump_file, "%s given: the plugin does nothing\n",
		 flag_auto_profile ? "-fauto-profile" : "-fprofile-use");
      return 0;
    }
  if (!read_profile ())
    return 0;

  afdo_tu_stats tu;
  memset (&tu, 0, sizeof tu);

  /* Recreate the profile's hot inline instances first (afdo-inline.cc),
     so the dry run below finds them reached and folds only the rest.  */
  afdo_inline_stats istats;
  afdo_early_inline (afdo_prof, afdo_inline_threshold, &istats);
  if (dump_file && (afdo_opts.inline_p || afdo_opts.icp))
    fprintf (dump_file, "early inliner: %u profiled call sites, %u inlined, "
	     "%u cold; %u indirect call sites, %u promoted (%u inlined), "
	     "%u cold, %u targets not here, %u not matching\n",
	     istats.sites, istats.reasons[AFDO_SITE_INLINED],
	     istats.reasons[AFDO_SITE_COLD],
	     istats.icall_sites, istats.promoted, istats.promoted_inlined,
	     istats.icall_cold, istats.icall_missing, istats.icall_mismatch);

  /* The functions of this translation unit, their instances, and the
     folding of the inline instances their statements do not reach.  */
  auto_vec<afdo_unit_fn> fns;
  afdo_offline_stats ostats;
  afdo_profile *off = afdo_unit_profile (afdo_prof, &fns, &ostats);
  if (dump_file)
    fprintf (dump_file, "folded %u inline instances (%" PRIu64 " samples) "
	     "that are not inlined here into their functions\n",
	     ostats.folded_instances, ostats.folded_samples);

  hash_set<const afdo_function *> seen;
  for (unsigned i = 0; i < fns.length (); i++)
    {
      cgraph_node *node = fns[i].node;
      tu.functions++;
      uint32_t idx = afdo_decl_name_index (off, node->decl, NULL);
      afdo_function *inst = (idx == UINT32_MAX ? NULL
			     : afdo_top (off, idx, false));
      if (!inst)
	{
	  if (dump_file)
	    fprintf (dump_file, "function %s: no profile; static estimate "
		     "kept\n", node->dump_name ());
	  continue;
	}
      tu.functions_profiled++;
      if (!seen.add (inst))
	tu.total = afdo_count_add (tu.total, inst->total);

      push_cfun (DECL_STRUCT_FUNCTION (node->decl));
      if (dump_file)
	fprintf (dump_file, "function %s: instance %s total %" PRIu64
		 " head %" PRIu64 "%s\n", node->dump_name (),
		 afdo_name (off, inst->name), inst->total, inst->head,
		 fns[i].inst ? "" : " (folded inline instances only)");
      afdo_fn_result res;
      afdo_annotate_function (off, inst, fns[i].exact && !node->split_part,
			      &res);
      if (dump_file)
	fprintf (dump_file, "  %s: matched %" PRIu64 " of %" PRIu64
		 " profile samples (%.1f %%)\n", node->dump_name (),
		 res.matched, res.total, percent (res.matched, res.total));
      if (afdo_opts.verbose)
	fprintf (stderr, "afdo: %s: instance %s: matched %" PRIu64 " of %"
		 PRIu64 " profile samples (%.1f %%); %u blocks: %u annotated, "
		 "%u class, %u flow, %u guessed, %u raised%s\n",
		 node->asm_name (), afdo_name (off, inst->name),
		 res.matched, res.total, percent (res.matched, res.total),
		 res.n_blocks, res.n_annotated, res.n_class, res.n_flow,
		 res.n_guessed, res.n_raised,
		 res.applied ? "" : "; static profile kept");
      if (res.applied)
	afdo_any_annotated = true;
      pop_cfun ();
    }
  tu.matched = afdo_tu_matched ();

  if (dump_file)
    fprintf (dump_file, "translation unit: %u of %u functions in the "
	     "profile; matched %" PRIu64 " of %" PRIu64 " profile samples "
	     "(%.1f %%)\n", tu.functions_profiled, tu.functions, tu.matched,
	     tu.total, percent (tu.matched, tu.total));
  if (afdo_opts.verbose)
    fprintf (stderr, "afdo: translation unit: %u of %u functions in the "
	     "profile; matched %" PRIu64 " of %" PRIu64 " profile samples "
	     "(%.1f %%)\n", tu.functions_profiled, tu.functions, tu.matched,
	     tu.total, percent (tu.matched, tu.total));

  if (tu.functions > 0 && tu.functions_profiled == 0)
    warning_at (UNKNOWN_LOCATION, OPT_Wmissing_profile, "%s: profile %qs has no function of "
	     "this translation unit: matched 0 of %" PRIu64 " profile "
	     "samples (0.0 %%)", plugin_name_for_messages, afdo_opts.profile,
	     afdo_profile_total (afdo_prof));
  else if (tu.total > 0
	   && percent (tu.matched, tu.total) < afdo_opts.stale_percent)
    {
      char rate[32];
      snprintf (rate, sizeof rate, "%.1f", percent (tu.matched, tu.total));
      warning_at (UNKNOWN_LOCATION, OPT_Wmissing_profile, "%s: profile %qs matches this "
	       "translation unit poorly: matched %" PRIu64 " of %" PRIu64
	       " profile samples (%s %%); is it stale?",
	       plugin_name_for_messages, afdo_opts.profile, tu.matched,
	       tu.total, rate);
    }

  afdo_annotate_finish ();
  afdo_inline_finish ();
  afdo_profile_free (off);
  return 0;
}

namespace {

const pass_data pass_data_autofdo =
{
  SIMPLE_IPA_PASS,	/* type */
  "autofdo",		/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_IPA_AUTOFDO,	/* tv_id */
  0,			/* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

class pass_autofdo : public simple_ipa_opt_pass
{
public:
  pass_autofdo (gcc::context *ctxt)
    : simple_ipa_opt_pass (pass_data_autofdo, ctxt)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *) final override
  {
    return optimize > 0 && !in_lto_p && !seen_error ()
	   && afdo_opts.profile != NULL;
  }

  unsigned int execute (function *) final override
  {
    return execute_autofdo ();
  }
};

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
  pass_autofdo_handoff (gcc::context *ctxt)
    : simple_ipa_opt_pass (pass_data_autofdo_handoff, ctxt)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *) final override
  {
    return afdo_prof != NULL && afdo_any_annotated && !flag_auto_profile;
  }

  unsigned int execute (function *) final override
  {
    if (afdo_tracer_from_fdo_opts && !afdo_profile_has_branches)
      {
	global_options.x_flag_tracer = 0;
	if (optimization_default_node)
	  TREE_OPTIMIZATION (optimization_default_node)->x_flag_tracer = 0;
	if (optimization_current_node
	    && optimization_current_node != optimization_default_node)
	  TREE_OPTIMIZATION (optimization_current_node)->x_flag_tracer = 0;
      }
    global_options.x_flag_branch_probabilities = 1;
    if (optimization_default_node)
      TREE_OPTIMIZATION (optimization_default_node)
	->x_flag_branch_probabilities = 1;
    if (optimization_current_node
	&& optimization_current_node != optimization_default_node)
      TREE_OPTIMIZATION (optimization_current_node)
	->x_flag_branch_probabilities = 1;
    return 0;
  }
};

} // anon namespace

static void
finish_callback (void *, void *)
{
  if (profile_info == &afdo_gcov_summary)
    profile_info = NULL;
  if (afdo_prof)
    {
      afdo_profile_free (afdo_prof);
      afdo_prof = NULL;
    }
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
  if (!plugin_default_version_check (ver, &gcc_version))
    {
      error ("%s: built for GCC %s, cannot run in GCC %s",
	     plugin_name_for_messages, gcc_version.basever, ver->basever);
      return 1;
    }

  afdo_opts.profile = NULL;
  afdo_opts.verbose = 0;
  afdo_opts.discriminators = true;
  afdo_opts.propagate = true;
  afdo_opts.fdo_opts = true;
  afdo_opts.inline_p = true;
  afdo_opts.icp = true;
  afdo_opts.hot_permille = param_hot_bb_count_ws_permille;
  afdo_opts.stale_percent = 50;
  afdo_opts.inline_permille = -1;
  afdo_opts.inline_growth = 300;
  afdo_opts.evaluate = false;
  afdo_opts.evaluate_counts = NULL;
  afdo_opts.counts = NULL;

  bool ok = true, help = false;
  const char *dump = NULL;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      if (strcmp (key, "profile") == 0)
	{
	  if (!value || !*value)
	    {
	      error ("%s: argument %<profile%> wants a file name",
		     plugin_name_for_messages);
	      ok = false;
	    }
	  afdo_opts.profile = value;
	}
      else if (strcmp (key, "verbose") == 0)
	{
	  if (!value)
	    afdo_opts.verbose = 1;
	  else if (!parse_int (value, 9, &afdo_opts.verbose))
	    {
	      error ("%s: argument %<verbose%> wants a number, not %qs",
		     plugin_name_for_messages, value);
	      ok = false;
	    }
	}
      else if (strcmp (key, "discriminators") == 0)
	ok &= parse_bool (key, value, &afdo_opts.discriminators);
      else if (strcmp (key, "propagate") == 0)
	ok &= parse_bool (key, value, &afdo_opts.propagate);
      else if (strcmp (key, "fdo-opts") == 0)
	ok &= parse_bool (key, value, &afdo_opts.fdo_opts);
      else if (strcmp (key, "inline") == 0)
	ok &= parse_bool (key, value, &afdo_opts.inline_p);
      else if (strcmp (key, "icp") == 0)
	ok &= parse_bool (key, value, &afdo_opts.icp);
      else if (strcmp (key, "hot-permille") == 0)
	{
	  if (!parse_int (value, 1000, &afdo_opts.hot_permille))
	    {
	      error ("%s: argument %<hot-permille%> wants 0 to 1000, not %qs",
		     plugin_name_for_messages, value ? value : "");
	      ok = false;
	    }
	}
      else if (strcmp (key, "inline-permille") == 0)
	{
	  if (!parse_int (value, 1000, &afdo_opts.inline_permille))
	    {
	      error ("%s: argument %<inline-permille%> wants 0 to 1000, "
		     "not %qs", plugin_name_for_messages, value ? value : "");
	      ok = false;
	    }
	}
      else if (strcmp (key, "inline-growth") == 0)
	{
	  if (!parse_int (value, 100000, &afdo_opts.inline_growth))
	    {
	      error ("%s: argument %<inline-growth%> wants 0 to 100000, "
		     "not %qs", plugin_name_for_messages, value ? value : "");
	      ok = false;
	    }
	}
      else if (strcmp (key, "stale-percent") == 0)
	{
	  if (!parse_int (value, 100, &afdo_opts.stale_percent))
	    {
	      error ("%s: argument %<stale-percent%> wants 0 to 100, not %qs",
		     plugin_name_for_messages, value ? value : "");
	      ok = false;
	    }
	}
      else if (strcmp (key, "evaluate") == 0)
	{
	  afdo_opts.evaluate = true;
	  afdo_opts.evaluate_counts = value && *value ? value : NULL;
	}
      else if (strcmp (key, "counts") == 0)
	{
	  if (!value || !*value)
	    {
	      error ("%s: argument %<counts%> wants a file name",
		     plugin_name_for_messages);
	      ok = false;
	    }
	  afdo_opts.counts = value;
	}
      else if (strcmp (key, "dump") == 0)
	dump = value ? value : "";
      else if (strcmp (key, "help") == 0)
	help = true;
      else
	{
	  error ("%s: unknown argument %qs; accepted: %s",
		 plugin_name_for_messages, key, accepted_args);
	  ok = false;
	}
    }

  register_callback (info->base_name, PLUGIN_INFO, NULL, &afdo_plugin_info);
  if (help)
    fputs (plugin_help, stderr);
  if (!ok || !afdo_evaluate_check (plugin_name_for_messages))
    return 0;
  if (!afdo_opts.profile && afdo_opts.counts)
    {
      /* Block counts alone (of -fauto-profile or -fprofile-use).  */
      afdo_evaluate_register (info->base_name, dump);
      return 0;
    }
  if (!afdo_opts.profile)
    {
      if (!help)
	error ("%s: missing argument %<-fplugin-arg-%s-profile=FILE%>",
	       plugin_name_for_messages, info->base_name);
      return 0;
    }

  if (afdo_opts.fdo_opts && optimize > 0 && !afdo_opts.evaluate)
    enable_fdo_optimizations ();

  struct register_pass_info pass_info;
  pass_info.pass = new pass_autofdo (g);
  pass_info.reference_pass_name = "afdo";
  pass_info.ref_pass_instance_number = 1;
  pass_info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &pass_info);
  struct register_pass_info handoff_info;
  handoff_info.pass = new pass_autofdo_handoff (g);
  handoff_info.reference_pass_name = "profile";
  handoff_info.ref_pass_instance_number = 1;
  handoff_info.pos_op = PASS_POS_INSERT_AFTER;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL,
		     &handoff_info);
  register_callback (info->base_name, PLUGIN_FINISH, finish_callback, NULL);
  afdo_evaluate_register (info->base_name, dump);

  /* The pass's dump switch exists only now.  */
  if (dump)
    {
      char *sw = concat ("ipa-autofdo", *dump ? "-" : "", dump, NULL);
      g->get_dumps ()->dump_switch_p (sw);
      free (sw);
    }
  return 0;
}
