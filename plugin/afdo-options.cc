/* afdo: the options the profile switches on, and off.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The options fdo-opts switches on, as -fauto-profile implies them;
   the options as given for the functions without samples or with too
   few (afdo_handoff_unsampled); hot-inline's
   inline limit; and the pass after "profile" that lets GCC's IPA passes
   take the counts as a profile.  */

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
#include "afdo-pass.h"
/* The flags fdo-opts switches on, as -fauto-profile does, with their
   values.  The tracer duplicates the likely path of every branch; with
   the rough probabilities of a profile of IP samples it makes things
   worse (benchmarks/results/), so it is switched off again when the
   profile turns out to have no branch information (the hand-off pass).
   The dynamic vectorizer cost model, as -fprofile-use and -fauto-profile
   take it: measured on the benchmarks, it vectorizes loops the very
   cheap model of -O2 leaves scalar (loops' FIR filter: 98 % fewer
   mispredicted branches), and no program is slower than -O2 with it
   (doc/afdo-plugin.md, "Options switched on").  -ftree-loop-distribution,
   which -fauto-profile switches on too, is not: it paid on no program
   of the fuzzer's 1,000 nor of the benchmarks, and split loops that run
   once into two that each compute what the loop computed
   (doc/design.md).  */
#define AFDO_FDO_FLAGS(X) \
  X (flag_unroll_loops, 1) \
  X (flag_peel_loops, 1) \
  X (flag_tracer, 1) \
  X (flag_value_profile_transformations, 1) \
  X (flag_inline_functions, 1) \
  X (flag_ipa_cp, 1) \
  X (flag_ipa_cp_clone, 1) \
  X (flag_ipa_bit_cp, 1) \
  X (flag_predictive_commoning, 1) \
  X (flag_split_loops, 1) \
  X (flag_unswitch_loops, 1) \
  X (flag_gcse_after_reload, 1) \
  X (flag_tree_loop_vectorize, 1) \
  X (flag_tree_slp_vectorize, 1) \
  X (flag_version_loops_for_strides, 1) \
  X (flag_vect_cost_model, VECT_COST_MODEL_DYNAMIC) \
  X (flag_tree_loop_distribute_patterns, 1) \
  X (flag_loop_interchange, 1) \
  X (flag_unroll_jam, 1) \
  X (flag_cunroll_grow_size, 1)
/* (flag_cunroll_grow_size is listed so that its given value comes back
   for the functions without samples; afdo_enable_fdo_optimizations
   derives its value from the two loop flags, as GCC does.)  */

void
afdo_enable_fdo_optimizations (afdo_session *s)
{
  s->given_options = XNEW (gcc_options);
  *s->given_options = global_options;
  s->tracer_from_fdo_opts = !global_options_set.x_flag_tracer;
#define AFDO_SET(FLAG, VALUE) \
  if (!global_options_set.x_##FLAG) \
    global_options.x_##FLAG = (VALUE);
  AFDO_FDO_FLAGS (AFDO_SET)
#undef AFDO_SET
  /* GCC derives flag_cunroll_grow_size (no option of its own) from the
     unroller's and peeler's flags when it reads its options, before the
     plugin set them: complete unrolling may grow the code, as with
     -fprofile-use and -fauto-profile (the vectorized FIR filter of
     loops: its vector loop of at most 16 iterations is peeled into a
     chain of exits), unless the user switched both off.  */
  if (!global_options_set.x_flag_cunroll_grow_size)
    flag_cunroll_grow_size = (flag_unroll_loops || flag_peel_loops
			      || optimize >= 3);
}

/* Set FLAG in the global options and in the optimization nodes GCC
   takes a function's options from, among them session S's node of the
   functions with samples under hot-inline.  */
#define AFDO_SET_EVERYWHERE(S, FLAG, VALUE) \
  do \
    { \
      global_options.x_##FLAG = (VALUE); \
      if (optimization_default_node) \
	TREE_OPTIMIZATION (optimization_default_node)->x_##FLAG = (VALUE); \
      if (optimization_current_node \
	  && optimization_current_node != optimization_default_node) \
	TREE_OPTIMIZATION (optimization_current_node)->x_##FLAG = (VALUE); \
      if ((S)->hot_node) \
	TREE_OPTIMIZATION ((S)->hot_node)->x_##FLAG = (VALUE); \
    } \
  while (0)

static void given_options (afdo_session *);

void
afdo_handoff_unsampled (afdo_session *s, bool ran)
{
  cgraph_node *node = cgraph_node::get (current_function_decl);
  if (s->opts.sample_accurate && !ran)
    {
      node->frequency = NODE_FREQUENCY_UNLIKELY_EXECUTED;
      return;
    }
  /* A sampling profile cannot tell a function that did not run from one
     that ran too briefly to be sampled (LLVM's
     -fno-profile-sample-accurate): its code stays what the options as
     given make of it, without the ones fdo-opts switched on.  A
     function with optimization options of its own keeps them.  */
  tree own = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (current_function_decl);
  if (!s->given_options || (own && own != optimization_default_node))
    return;
  /* Its loops get the iterations GCC's static estimate gives them as
     their estimates: inlined into a function with samples, which the
     unroller runs in, a loop that -O2 leaves alone would otherwise be
     unrolled as one of unknown trip count (zstd: ZSTD_count inlined into
     ZSTD_RowFindBestMatch_extDict_5_6; the program took 1.2 % more time
     than -O2 instead of 2.8 % less).  */
  if (s->opts.loop_estimates && !s->opts.evaluate && current_loops)
    afdo_record_loop_estimates ();
  given_options (s);
}

/* The options as given, without those fdo-opts switched on, for the
   function in cfun (one without samples, or with too few to use).  */
static void
given_options (afdo_session *s)
{
  tree own = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (current_function_decl);
  if (!s->given_options || (own && own != optimization_default_node))
    return;
  if (!s->given_node)
    {
      /* The options as they are now, with the flags fdo-opts set back to
	 their given values.  Not the options as the plugin found them:
	 GCC resolves some after the plugin starts (the target's
	 flag_pcc_struct_return was still 2, "as the target says"), and a
	 difference there made every call between a function with samples
	 and one without an "optimization level attribute mismatch" to
	 GCC's inliner (tcc: 642 calls not inlined, small helpers such as
	 is_space among them, which -O2 inlines).  */
      gcc_options *opts = XNEW (gcc_options);
      *opts = global_options;
#define AFDO_GIVEN(FLAG, VALUE) \
      opts->x_##FLAG = s->given_options->x_##FLAG;
      AFDO_FDO_FLAGS (AFDO_GIVEN)
#undef AFDO_GIVEN
      s->given_node = build_optimization_node (opts, &global_options_set);
      XDELETE (opts);
    }
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (current_function_decl)
    = s->given_node;
}

/* -O3's max-inline-insns-auto (hot-inline).  */
#define AFDO_HOT_INLINE_INSNS 30

/* hot-inline: GCC's inliner takes a callee not declared inline, at a
   call it finds hot, up to max-inline-insns-auto (15 at -O2) or, with
   the "known hot" hint, twice that.  The hint asks the call to run at
   least once every two entries of its caller, by the counts; with
   samples of time the entry of a function is overstated against its
   calls (the stall of one load that misses the cache, run once per
   entry, takes more samples than a call in a loop), so hot calls lose
   the hint: tcc's macro_subst_tok calls next_argstream 3.7 times per
   entry by exact counts, 0.16 times by its samples.  A function with
   samples gets -O3's limit; a call GCC finds cold is still not inlined
   when that grows the code.  A function larger than GCC's large
   functions keeps the given limit: more inlined into the giant function
   of an interpreter made it run more instructions (lua's luaV_execute,
   sqlite3's sqlite3VdbeExec).  Not below -O2 nor for size (-Os, -Oz,
   -Og).  The limit is set only here, once the function has counts from
   its samples (annotate_unit):
   the passes before this one (early function splitting asks whether a
   split's head is within the limit), the plugin's own inlining and the
   functions without samples see it as given.  */
void
afdo_handoff_inline_limit (afdo_session *s)
{
  if (!s->opts.hot_inline || !s->given_options
      || optimize < 2 || optimize_size || optimize_debug
      || global_options_set.x_param_max_inline_insns_auto
      || param_max_inline_insns_auto >= AFDO_HOT_INLINE_INSNS)
    return;
  tree own = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (current_function_decl);
  if (own && own != optimization_default_node)
    return;
  /* What GCC's inliner compares with the parameter.  */
  int size = afdo_node_size (cgraph_node::get (current_function_decl));
  if (size > param_large_function_insns)
    {
      if (dump_file)
	fprintf (dump_file, "  size %d, more than large-function-insns (%d): "
		 "max-inline-insns-auto kept at %d\n", size,
		 param_large_function_insns, param_max_inline_insns_auto);
      return;
    }
  if (!s->hot_node)
    {
      gcc_options *opts = XNEW (gcc_options);
      *opts = global_options;
      opts->x_param_max_inline_insns_auto = AFDO_HOT_INLINE_INSNS;
      s->hot_node = build_optimization_node (opts, &global_options_set);
      XDELETE (opts);
    }
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (current_function_decl) = s->hot_node;
  if (dump_file)
    fprintf (dump_file, "  size %d: max-inline-insns-auto %d (hot-inline)\n",
	     size, AFDO_HOT_INLINE_INSNS);
}

/* GCC's regular inliner asserts that a profile with non-zero IPA counts
   comes with flag_branch_probabilities, as it does with -fauto-profile.
   Setting that flag before "profile" would make GCC look for an
   instrumented profile (.gcda), so it is set only once "profile" has
   been gated, by this pass, which has no dump of its own.  */
static bool
handoff_gate (afdo_session *s, function *)
{
  return (s->prof != NULL && s->any_annotated && !s->lto
	  && !flag_auto_profile);
}

static unsigned int
handoff_execute (afdo_session *s, function *)
{
  if (s->tracer_from_fdo_opts && !s->has_branches)
    AFDO_SET_EVERYWHERE (s, flag_tracer, 0);
  AFDO_SET_EVERYWHERE (s, flag_branch_probabilities, 1);
  if (s->given_node)
    TREE_OPTIMIZATION (s->given_node)->x_flag_branch_probabilities = 1;
  return 0;
}

opt_pass *
afdo_make_handoff_pass (afdo_session *s)
{
  return new afdo_pass<simple_ipa_opt_pass>
    (afdo_pass_data (SIMPLE_IPA_PASS, "*autofdo_handoff", TV_IPA_AUTOFDO, 0),
     s, handoff_gate, handoff_execute);
}
