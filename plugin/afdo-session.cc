/* afdo: the session of the GCC plugin, the services every stage uses:
   the profile read once, its count scale and thresholds, and a
   translation unit's run (its lookups, what it matched).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

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

/* Counts of a corrupt or hostile profile may reach 2^63 - 1, but GCC's
   own sums of count times time (ipa-profile's histogram) overflow long
   before that, and then read past their arrays.  Sampled counts stay far
   below this limit; a profile with larger ones is scaled down as a
   whole, which keeps every ratio.  */
#define AFDO_GCC_COUNT_LIMIT ((uint64_t) 1 << 32)

static void
limit_counts (afdo_session *s)
{
  uint64_t max = afdo_max_count (s->prof);
  if (max <= AFDO_GCC_COUNT_LIMIT)
    return;
  afdo_profile_scale (s->prof, AFDO_GCC_COUNT_LIMIT, max);
  if (dump_file)
    fprintf (dump_file, "largest count %" PRIu64 " scaled down to %"
	     PRIu64 " with every other count\n", max, AFDO_GCC_COUNT_LIMIT);
}

/* The working-set count at PERMILLE as a count GCC can call hot.  */
static uint64_t
hot_count (afdo_session *s, int permille, uint64_t *sum, uint64_t *max)
{
  uint64_t c = afdo_working_set_count (s->prof, permille, sum, max);
  /* Counts of 1 are never hot to GCC (maybe_hot_count_p).  */
  c = MAX (c, (uint64_t) 2);
  return MIN (c, AFDO_COUNT_CAP);
}

gcov_type
afdo_hot_threshold (const afdo_session *s)
{
  return (gcov_type) MIN (s->hot_count * s->scale, AFDO_COUNT_CAP);
}

/* Wilson's score bound: the mean M whose 99 % interval has N at its
   lower end, (M - N)^2 = Z^2 M.  */
double
afdo_poisson_upper (double n)
{
  const double z = AFDO_EVIDENCE_Z;
  return n + z * sqrt (n + z * z / 4.0) + z * z / 2.0;
}

/* The hot block threshold handed to GCC, below which it optimizes a
   block for size: a count is called cold only where the samples are
   evidence of it, where the upper end of its 99 % interval stays below
   the hot count H.  That is the count C with C + Z sqrt (C) = H; with
   a few samples nothing sampled is cold (H = 2: C = 0.4), with many
   the threshold is about H (H = 1,000: C = 921).  Without the
   evidence rule, H.  */
gcov_type
afdo_gcc_hot_threshold (const afdo_session *s)
{
  double c = (double) s->hot_count;
  if (s->opts.evidence)
    {
      double r = (-AFDO_EVIDENCE_Z
		  + sqrt (AFDO_EVIDENCE_Z * AFDO_EVIDENCE_Z + 4.0 * c)) / 2.0;
      c = r * r;
    }
  double t = c * (double) s->scale;
  if (t >= (double) afdo_count_cap)
    return afdo_count_cap;
  return MAX ((gcov_type) t, (gcov_type) 2);
}

/* The samples behind an instance's TOTAL, the sum of its positions'
   counts, in the body of FN: each count stands for about as many
   samples as its position has instructions (afdo_stmts_per_position).
   A position has at least one, so TOTAL is a lower bound: when it
   reaches ENOUGH, the thresholds' question is answered without walking
   the body, and TOTAL is returned.  */
uint64_t
afdo_samples_behind (uint64_t total, function *fn, uint64_t enough)
{
  if (total >= enough)
    return total;
  double r = afdo_stmts_per_position (fn);
  double v = (double) total * r;
  return v >= (double) AFDO_COUNT_CAP ? AFDO_COUNT_CAP : (uint64_t) v;
}

/* The hot block threshold: the working-set count at hot-permille (the
   rule GCC's ipa-profile applies to instrumented profiles); and the
   inline threshold.  */
static void
set_thresholds (afdo_session *s)
{
  uint64_t sum, max;
  s->hot_count = hot_count (s, s->opts.hot_permille, &sum, &max);
  s->inline_count = s->hot_count;
  if (s->opts.inline_permille >= 0
      && s->opts.inline_permille != s->opts.hot_permille)
    s->inline_count = hot_count (s, s->opts.inline_permille, &sum, &max);
  if (dump_file)
    fprintf (dump_file, "hot block threshold %" PRIu64 " (%d per mille of "
	     "%" PRIu64 " samples), largest count %" PRIu64 "; inline "
	     "threshold %" PRIu64 "; count scale %" PRIu64 "\n",
	     s->hot_count, s->opts.hot_permille, sum, max, s->inline_count,
	     s->scale);
  /* At link time GCC reads the summary from the units' bytecode, and its
     ipa-profile computes a threshold of its own, which the link-time
     pass replaces by this one (afdo-lto.cc).  */
  if (dump_file && s->opts.evidence)
    fprintf (dump_file, "hot block threshold handed to GCC: count %.2f "
	     "(the evidence rule)\n",
	     (double) afdo_gcc_hot_threshold (s) / (double) MAX (s->scale,
								  (uint64_t) 1));
  if (s->lto)
    return;

  /* GCC reads profile_info for the number of runs and, lacking a set
     threshold, the maximum; a sampled profile is one run.  */
  s->summary.runs = 1;
  s->summary.sum_max = (gcov_type) MIN (max * s->scale, AFDO_COUNT_CAP);
  profile_info = &s->summary;
  set_hot_bb_threshold (afdo_gcc_hot_threshold (s));
}

/* Sampled counts are small: a block of a cold loop may have a few
   samples, and GCC scales a body by a ratio of counts when it inlines
   or clones it, rounding to whole counts.  So the counts GCC gets are
   the profile's times SCALE, which brings the largest position count
   to about 2^24: far from rounding, and far below where GCC's sums of
   count times time could overflow (AFDO_GCC_COUNT_LIMIT is 2^32).  */
#define AFDO_SCALED_MAX ((uint64_t) 1 << 24)

static void
set_scale (afdo_session *s)
{
  uint64_t max = 0;
  afdo_working_set_count (s->prof, 0, NULL, &max);
  s->scale = 1;
  if (s->opts.scale && max > 0 && max < AFDO_SCALED_MAX)
    s->scale = AFDO_SCALED_MAX / max;
}

bool
afdo_session_read (afdo_session *s)
{
  if (s->read_attempted)
    return s->prof != NULL;
  s->read_attempted = true;
  afdo_error err;
  afdo_format fmt = AFDO_FORMAT_UNKNOWN;
  err.msg[0] = '\0';
  s->prof = afdo_read_file (s->opts.profile, &fmt, &err);
  if (!s->prof)
    {
      /* The library's message names the file.  */
      error_at (UNKNOWN_LOCATION, "%s: cannot use profile: %s",
		afdo_plugin_name, err.msg[0] ? err.msg : s->opts.profile);
      return false;
    }
  limit_counts (s);
  set_scale (s);
  if (dump_file)
    {
      afdo_summary sum;
      afdo_profile_summarize (s->prof, &sum);
      fprintf (dump_file, "profile %s (%s): %u functions, %u instances, "
	       "%u positions, %" PRIu64 " samples\n", s->opts.profile,
	       afdo_format_name (fmt), sum.n_functions, sum.n_instances,
	       sum.n_positions, sum.total);
    }
  s->has_branches = afdo_has_branch_info (s->prof);
  if (dump_file && !s->has_branches)
    fprintf (dump_file, "the profile has no head counts "
	     "(IP samples, no branch records)%s\n",
	     s->tracer_from_fdo_opts ? ": -ftracer is not switched on" : "");
  /* Evaluate mode must leave the instrumented profile's summary and hot
     threshold alone.  */
  if (!s->opts.evaluate)
    set_thresholds (s);
  return true;
}

void
afdo_session_finish (afdo_session *s)
{
  if (profile_info == &s->summary)
    profile_info = NULL;
  if (s->prof)
    {
      afdo_profile_free (s->prof);
      s->prof = NULL;
    }
}

afdo_unit *
afdo_unit_begin (afdo_session *s)
{
  afdo_unit *u = new afdo_unit;
  u->s = s;
  u->whole = new afdo_names (s->prof);
  u->names = NULL;
  u->prof = NULL;
  u->fns = vNULL;
  u->matched = 0;
  memset (&u->inline_stats, 0, sizeof u->inline_stats);
  memset (&u->offline_stats, 0, sizeof u->offline_stats);
  return u;
}

void
afdo_unit_end (afdo_unit *u)
{
  delete u->whole;
  delete u->names;
  if (u->prof)
    afdo_profile_free (u->prof);
  u->fns.release ();
  for (afdo_sources::iterator it = u->sources.begin ();
       it != u->sources.end (); ++it)
    (*it).second.release ();
  delete u;
}

uint64_t
afdo_unit_match (afdo_unit *u, const afdo_function *inst, afdo_key_t key)
{
  vec<const afdo_function *> *from = u->sources.get (inst);
  if (!from)
    return 0;
  uint64_t added = 0;
  for (unsigned i = 0; i < from->length (); i++)
    {
      const afdo_function *w = (*from)[i];
      const afdo_pos *p = afdo_pos_find (w, key);
      if (!p || u->used.add (p))
	continue;
      const afdo_function *top = w;
      while (top->parent)
	top = top->parent;
      uint64_t &m = u->matched_by_top.get_or_insert (top);
      m = afdo_count_add (m, p->count);
      added = afdo_count_add (added, p->count);
    }
  u->matched = afdo_count_add (u->matched, added);
  return added;
}

const char *
afdo_input_name (void)
{
  return main_input_filename ? main_input_filename : "-";
}
