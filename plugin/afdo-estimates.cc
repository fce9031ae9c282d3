/* afdo: the passes around "vect" and "cunroll".
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* GCC 12's vectorizer divides by a count of 0 (the guard pass before
   "vect"); the loops' estimates from samples are hidden from the
   vectorizer (vect-estimates=0) and from "cunroll" (the evidence rule:
   no peeling by a mean trip count; unsampled-peel=0), and recorded
   again after them.  */

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

namespace {

#define AFDO_GUARD_COUNT 256

/* Whether the loops' estimates are hidden from the vectorizer, and
   recorded again after it.  The iterations that time samples give a
   loop err both ways: high where the entry block is short (part 7 of
   the count model), low where the block after the loop's exit takes
   the stall of the mispredicted exit (loops' FIR filter: 6 iterations
   look like 1.2).  What a low estimate spares is safe for the unroller
   (it does not unroll a loop that does not roll), but not for the
   vectorizer, whose dynamic cost model then keeps the loop scalar; and
   a loop the vectorizer does vectorize has a check of its iterations
   at run time, which takes the scalar loop when they are too few.  */
static bool
hide_estimates_p (const afdo_session *s)
{
  return (s->opts.loop_estimates && !s->opts.vect_estimates
	  && !s->opts.evaluate);
}

/* A loop's estimate while it is hidden, by loop number (GCC's passes
   run one function at a time through the passes between the hiding and
   the restoring one).  */
struct hidden_estimate
{
  bool any;
  widest_int estimate;
  profile_count header;
};

typedef hash_map<int_hash<int, -1, -2>, hidden_estimate> hidden_map;

/* Over "vect" (vect-estimates=0) and over "cunroll" (unsampled-peel=0).  */
static hidden_map *hidden_vect, *hidden_peel;

/* Hide the estimates of FN's loops in *MAP: all of them, or with
   UNSAMPLED_ONLY those of the loops without samples (their counts of a
   quality below AFDO) that have one.  */
static void
hide_estimates (function *fn, hidden_map *&map, bool unsampled_only)
{
  if (!map)
    map = new hidden_map;
  map->empty ();
  if (!loops_for_fn (fn))
    return;
  for (auto loop : loops_list (fn, 0))
    {
      if (unsampled_only
	  && (!loop->any_estimate || !loop->header->count.initialized_p ()
	      || loop->header->count.quality () >= AFDO))
	continue;
      hidden_estimate h = { loop->any_estimate != 0,
			    loop->nb_iterations_estimate,
			    loop->header->count };
      map->put (loop->num, h);
      loop->any_estimate = false;
    }
}

/* The estimates of MAP back: a loop whose header count did not change
   gets the one it had; a loop a pass between changed (the vectorizer's
   vector loop, whose header count is that of the vector iterations),
   the one its counts give.  A loop that had none (entered after a
   call) gets none, and a loop a pass between made (an epilogue, the
   scalar copy of a versioned loop) has the bounds that pass gave it.  */
static void
restore_estimates (function *fn, hidden_map *map)
{
  if (!map || !loops_for_fn (fn))
    return;
  for (auto loop : loops_list (fn, 0))
    {
      hidden_estimate *h = map->get (loop->num);
      if (!h || !h->any || loop->any_estimate)
	continue;
      if (loop->header->count == h->header)
	{
	  loop->nb_iterations_estimate = h->estimate;
	  loop->any_estimate = true;
	}
      else if (loop->header->count.nonzero_p ())
	record_niter_bound (loop,
			    gcov_type_to_wide_int
			      (expected_loop_iterations_unbounded (loop)),
			    true, false);
    }
  map->empty ();
}

/* Below this an AFDO count is raised, or below one sample when that is
   less (raw counts, scale=0), but never below 2.  */
static gcov_type
guard_count (const afdo_session *s)
{
  return MAX ((gcov_type) 2, MIN ((gcov_type) AFDO_GUARD_COUNT,
				  (gcov_type) s->scale));
}

/* GCC 12's vectorizer scales the blocks of a loop's epilogue by
   COUNT / (COUNT * P) (vect_do_peeling), which divides by zero when
   COUNT * P rounds to 0: when COUNT is 0 or 1 without being a precise
   0.  The counts handed off are never that small (min_count), but
   scaling an inlined body by its call's share, or a versioned loop by
   its guard, makes them so; this pass, right before "vect", raises the
   AFDO counts of a function below a few hundred to that floor, which
   is as cold to GCC.  */
static bool
guard_gate (afdo_session *s, function *fn)
{
  return afdo_late_counts_p (s, fn);
}

static unsigned int
guard_execute (afdo_session *s, function *fn)
{
  basic_block bb;
  gcov_type floor = guard_count (s);
  FOR_ALL_BB_FN (bb, fn)
    if (bb->count.initialized_p () && bb->count.quality () == AFDO
	&& bb->count.to_gcov_type () < floor)
      bb->count = profile_count::from_gcov_type (floor).afdo ();
  if (hide_estimates_p (s))
    hide_estimates (fn, hidden_vect, false);
  return 0;
}

/* Code without samples that GCC's inliner puts into a function with
   samples (a function of the unit without samples, or a part of one
   split off early) brings its loops' estimates, the iterations GCC's
   static guess gives them (afdo_handoff_unsampled), and comes under
   the function's options, among them -fpeel-loops.  "cunroll" then
   peels such a loop by its guess, which -O2 never does: lua's
   luaO_utf8esc, inlined into luaO_pushvfstring, was peeled ten times,
   and GCC warned of a write before its buffer in the tenth copy, which
   cannot run.  Its counts tell such a loop: they are the inlined
   body's guess scaled to the call, of a lower quality than AFDO.  Its
   estimate is hidden over "cunroll" (no estimate, no peeling) and
   recorded again after it, for the unroller, which does not unroll a
   loop it expects to run few times (unsampled-peel=0).

   Right after "vect" (AFTER_CUNROLL false): the loops' estimates again,
   from the counts as the vectorizer left them (a vectorized loop's are
   its iterations divided by the vectorization factor), for the passes
   after it: the peeler, induction variable selection and the unroller,
   which unrolls a loop whose iterations it does not know; then those of
   the loops without samples are hidden from "cunroll"
   (unsampled-peel=0), and under the evidence rule those of every loop:
   the iterations samples give are a mean, and peeling a loop pays only
   where it seldom runs more than the copies peeled, which no mean
   tells (a string loop of 1 to 25 bytes, 8 on average, peeled seven
   times behind a chain of exits: twice -O2's mispredicted branches).
   Right after "cunroll": those again.  */

/* Whether a pass of the two runs on FN: AFTER_CUNROLL says which.  */
static bool
estimates_gate_1 (afdo_session *s, function *fn, bool after_cunroll)
{
  bool hide_peel = !s->opts.unsampled_peel || s->opts.evidence;
  return (afdo_late_counts_p (s, fn)
	  && (hide_peel || (!after_cunroll && hide_estimates_p (s))));
}

static bool
estimates_gate (afdo_session *s, function *fn)
{
  return estimates_gate_1 (s, fn, false);
}

static bool
peel_gate (afdo_session *s, function *fn)
{
  return estimates_gate_1 (s, fn, true);
}

static unsigned int
estimates_execute (afdo_session *s, function *fn)
{
  if (hide_estimates_p (s))
    restore_estimates (fn, hidden_vect);
  /* Not in the link-time compiler, which does not know which loops the
     compilation of their units left without an estimate.  */
  if (s->opts.loop_estimates && !s->opts.evaluate && !s->lto)
    afdo_record_loop_estimates (s, true);
  if (!s->opts.unsampled_peel || s->opts.evidence)
    hide_estimates (fn, hidden_peel, !s->opts.evidence);
  return 0;
}

static unsigned int
peel_execute (afdo_session *, function *fn)
{
  restore_estimates (fn, hidden_peel);
  return 0;
}

/* trip-margin (the evidence rule's part 7): the least iterations a
   loop's samples support, part 7's estimate, still err high without
   branch records.  The samples of an inner loop's entry, the outer
   loop's body, are few also for its executions, as its instructions
   retire in the shadow of the inner loop's.  Fuzzer seeds 365 and 779:
   1 to 19 and 1 to 18 iterations (about 10 on average) looked like 63
   and 33, at least 30 and 16; the unroller, which unrolls from twice
   its factor, unrolled them eight times behind a chain of tests of the
   remainder of the iterations, which mispredicts as the trip count
   varies (1.51 and 1.47 times -O2's mispredicted branches).  Where a
   loop has one exit and its iterations are counted but not constant,
   the estimate is the mean of the count whose remainder the chain
   tests: the unroller sees it divided by the margin, so that it
   unrolls from four times its factor.  (A mean cannot tell whether the
   trip count varies; where it does not, the chain is predicted, and
   the unrolling lost is a gain lost.)  A loop of several exits keeps
   its estimate: the unroller counts by one exit, whose bound the mean
   of the iterations does not describe (zstd's loop over the matches of
   a row leaves when the mask of matches runs out and is counted by its
   attempts, the same on every entry).  The pass runs right before
   "loop2_unroll", so that the passes before it that weigh iterations
   (ivopts among them) see the estimate as it was.  Divided from
   "cunroll" on, for every loop whose iterations are not constant, it
   cost zstd's function 6.4 M instructions (1.9 % of the small
   workload); for loops of one exit only, it still changed zstd's code
   where the unroller decided as without it.  The passes after the
   unroller do not weigh iterations on x86 (no doloop).  */
static bool
trips_gate (afdo_session *s, function *fn)
{
  return (s->opts.trip_margin > 1 && s->opts.evidence
	  && s->opts.loop_estimates && !s->has_branches
	  && afdo_late_counts_p (s, fn) && flag_unroll_loops);
}

static unsigned int
trips_execute (afdo_session *s, function *fn)
{
  int margin = s->opts.trip_margin;
  if (!loops_for_fn (fn) || number_of_loops (fn) <= 1)
    return 0;
  bool analyzed = false;
  for (auto loop : loops_list (fn, LI_ONLY_INNERMOST))
    {
      if (!loop->any_estimate || !loop->header->count.initialized_p ()
	  || loop->header->count.quality () < AFDO)
	continue;
      auto_vec<edge> exits = get_loop_exit_edges (loop);
      if (exits.length () != 1)
	continue;
      class niter_desc *desc = get_simple_loop_desc (loop);
      analyzed = true;
      if (!desc->simple_p || desc->const_iter)
	continue;
      widest_int least = loop->nb_iterations_estimate;
      loop->nb_iterations_estimate = wi::udiv_trunc (least, margin);
      if (dump_file)
	{
	  fprintf (dump_file, "loop %d: one exit, iterations counted, not "
		   "constant, at least ", loop->num);
	  print_decu (least, dump_file);
	  fprintf (dump_file, ", ");
	  print_decu (loop->nb_iterations_estimate, dump_file);
	  fprintf (dump_file, " for the unroller (trip-margin %d)\n",
		   margin);
	}
    }
  if (analyzed)
    iv_analysis_done ();
  return 0;
}

} // anon namespace

opt_pass *
afdo_make_guard_pass (afdo_session *s)
{
  return new afdo_pass<gimple_opt_pass>
    (afdo_pass_data (GIMPLE_PASS, "*autofdo_guard", TV_NONE, PROP_cfg), s,
     guard_gate, guard_execute);
}

opt_pass *
afdo_make_trips_pass (afdo_session *s)
{
  return new afdo_pass<rtl_opt_pass>
    (afdo_pass_data (RTL_PASS, "autofdo_trips", TV_NONE, PROP_cfg), s,
     trips_gate, trips_execute);
}

opt_pass *
afdo_make_estimates_pass (afdo_session *s, bool after_cunroll)
{
  if (after_cunroll)
    return new afdo_pass<gimple_opt_pass>
      (afdo_pass_data (GIMPLE_PASS, "*autofdo_peel", TV_NONE, PROP_cfg), s,
       peel_gate, peel_execute);
  return new afdo_pass<gimple_opt_pass>
    (afdo_pass_data (GIMPLE_PASS, "autofdo_estimates", TV_NONE, PROP_cfg),
     s, estimates_gate, estimates_execute);
}
