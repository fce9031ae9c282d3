/* afdo plugin: link-time optimization.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* With -flto, the plugin annotates each unit when it is compiled, as
   without: the counts, the loops' estimates and the options of each
   function (fdo-opts, and the given options of the functions without
   samples) go into the unit's bytecode with its functions.  What acts
   on the counts runs at link time, in lto1: GCC's IPA passes (the
   inliner, ipa-cp) in the whole-program step, then every function's
   late passes in the partitions.  The plugin's own late passes (the
   guard and the estimates around "vect", the switches' probabilities
   around "switchlower", the dispatch around "jump2") must run there
   too, so the plugin must be given to the link as well, with the same
   arguments: -flto takes the optimizations from the link's command.

   At link time the plugin reads the profile again for its count scale
   and hot threshold, and does not annotate: a function's counts are
   the plugin's when they are of AFDO quality.  GCC's ipa-profile sets
   the hot block threshold of a link from the counts of the whole
   program (the count of the blocks that, with all above it, hold 99 %
   of count times time: hot-bb-count-ws-permille), and hands it to the
   partitions.
   The "autofdo" pass of the link, right after it, gives the threshold
   the units were compiled with, the profile's hot-permille working set:
   the hot and cold code of a link is then the hot and cold code of a
   build without -flto.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cgraph.h"
#include "langhooks.h"
#include "diagnostic-core.h"
#include "predict.h"
#include "profile.h"
#include "dumpfile.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

bool
afdo_lto_compiler_p (void)
{
  return strcmp (lang_hooks.name, "GNU GIMPLE") == 0;
}

bool
afdo_late_counts_p (const afdo_session *s, function *fn)
{
  if (!s->any_annotated)
    return false;
  /* A link may have units compiled with -fprofile-use; their counts are
     precise, and not the plugin's to change.  */
  if (s->lto)
    return afdo_counts_p (fn);
  return profile_status_for_fn (fn) == PROFILE_READ;
}

namespace {

static bool
lto_gate (afdo_session *s, function *)
{
  return s->any_annotated && optimize > 0 && !seen_error ();
}

/* Give the link the profile's hot block threshold (lto-threshold), and
   say in the dump which one it keeps.  */
static unsigned int
lto_execute (afdo_session *s, function *)
{
  unsigned n_functions = 0, n_counts = 0;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      n_functions++;
      if (node->count.initialized_p () && node->count.quality () == AFDO)
	n_counts++;
    }
  gcov_type gcc_threshold = profile_info ? get_hot_bb_threshold () : -1;
  gcov_type threshold = afdo_gcc_hot_threshold (s);
  bool set = n_counts && s->opts.lto_threshold;
  if (set)
    set_hot_bb_threshold (threshold);
  if (dump_file)
    {
      fprintf (dump_file, "link time: %u of %u functions have the "
	       "profile's counts\n", n_counts, n_functions);
      if (set)
	fprintf (dump_file, "hot block threshold %" PRId64 " (%" PRIu64
		 " samples, %d per mille, times the count scale %" PRIu64
		 "); GCC's from the counts: %" PRId64 "\n", (int64_t) threshold,
		 s->hot_count, s->opts.hot_permille, s->scale,
		 (int64_t) gcc_threshold);
      else
	fprintf (dump_file, "hot block threshold: GCC's from the counts, "
		 "%" PRId64 "\n", (int64_t) gcc_threshold);
    }
  return 0;
}

} // anon namespace

opt_pass *
afdo_make_lto_pass (afdo_session *s)
{
  /* IPA_PASS, the type of ipa-profile, which it follows.  Registered in
     lto1 only.  Without summaries: it runs in the whole-program step
     (or in the one lto1 of -flto-partition=none), and GCC streams the
     threshold it sets to the partitions.  */
  return new afdo_pass<afdo_ipa_pass>
    (afdo_pass_data (IPA_PASS, "autofdo", TV_IPA_AUTOFDO, 0), s, lto_gate,
     lto_execute);
}
