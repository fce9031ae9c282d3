/* afdo: the hand-off of the plugin's counts to GCC.
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

/* The inferred counts (afdo-infer.cc) become GCC's profile of the
   function: AFDO-quality block counts, edge probabilities from the edge
   counts, entry/exit counts, the cgraph node's and call edges' counts,
   profile status "read", the function's frequency class.

   GCC's -fauto-profile is not used: it would turn on GCC's own "afdo"
   pass, which reads its own profile file, and the early inliner would
   ask that pass's data about call sites.  Instead the plugin switches
   on the optimizations -fauto-profile implies and gives its counts AFDO
   quality, which is what the rest of GCC keys on; once GCC's own
   "profile" pass has been passed by, a pass of this file lets GCC's IPA
   passes take the counts as a profile.  */

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

static const gcov_type count_cap = (gcov_type) 1 << 60;

static gcov_type
add_count (gcov_type a, gcov_type b)
{
  return a >= count_cap - b ? count_cap : a + b;
}

/* Whether the count of edge E rests on samples of its own: its
   destination has no other way in, and the profile has its lines
   (sampled or not).  The count of an edge into a join is only what its
   source's count leaves after the other edges.  */
static bool
bounded_p (vec<afdo_bb_count> &d, edge e)
{
  afdo_bb_count &dest = d[e->dest->index];
  return (single_pred_p (e->dest)
	  && ((dest.state == AFDO_BB_ANNOTATED && dest.annotated_count > 0)
	      || dest.state == AFDO_BB_CALL || dest.zero_evidence));
}

/* The samples of block B, or -1 when it has none of its own.  */
static gcov_type
own_samples (vec<afdo_bb_count> &d, basic_block b)
{
  const afdo_bb_count &c = d[b->index];
  if (c.state == AFDO_BB_ANNOTATED && c.annotated_count > 0)
    return c.annotated_count;
  if (c.zero_evidence)
    return 0;
  return -1;
}

/* Whether E is bounded (bounded_p) and its destination has samples of
   its own, 0 included.  */
static bool
sampled_edge_p (vec<afdo_bb_count> &d, edge e)
{
  return bounded_p (d, e) && own_samples (d, e->dest) >= 0;
}

/* Whether block B's samples are those of BB: the same profile position
   gave both their counts (a line whose blocks the profile cannot tell
   apart, as it has no discriminators for them: the profiled binary
   if-converted the line, say).  */
static bool
same_samples_p (vec<afdo_bb_count> &d, basic_block bb, basic_block b)
{
  return d[bb->index].source && d[b->index].source == d[bb->index].source;
}

/* Whether an edge out of BB leaves a loop or enters a loop's head: the
   counts there are the loop's iterations, which the entry and header
   counts tell even when the lines do not.  */
static bool
loop_edges_p (basic_block bb)
{
  if (!current_loops || !bb->loop_father)
    return true;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (!e->dest->loop_father
	|| loop_exit_edge_p (bb->loop_father, e)
	|| e->dest == e->dest->loop_father->header)
      return true;
  return false;
}

/* Whether block B, an arm of an if-then or if-then-else, is short: one
   way in, at most SHORT_ARM_STMTS statements.  A
   short block's samples undercount its runs: an instruction or two that
   seldom stall take few samples however often they run (branches.c:
   the 99 % side of "weight < 990", three cheap instructions, had 81
   samples against 1750 on the compare).  */
#define SHORT_ARM_STMTS 4

static bool
short_arm_p (basic_block b)
{
  if (!single_pred_p (b))
    return false;
  int n = 0;
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (b); !gsi_end_p (gsi);
       gsi_next_nondebug (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (gimple_code (stmt) == GIMPLE_LABEL || gimple_clobber_p (stmt)
	  || gimple_code (stmt) == GIMPLE_PREDICT)
	continue;
      if (++n > SHORT_ARM_STMTS)
	return false;
    }
  return true;
}

/* Whether block B has no statements of its own: the arm of an if-then
   whose assignments became the arguments of PHIs in the join (the
   "then" of "if (c < best) { best = c; i = t; }").  Its code is the
   join's, or a conditional move once GCC if-converts the branch.  */
static bool
stmtless_p (basic_block b)
{
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (b); !gsi_end_p (gsi);
       gsi_next_nondebug (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (gimple_code (stmt) != GIMPLE_LABEL && !gimple_clobber_p (stmt)
	  && gimple_code (stmt) != GIMPLE_PREDICT)
	return false;
    }
  return true;
}

/* Whether block B's lines have no entry in the profile for any
   discriminator, though its function's instance is there: the profiled
   binary had no code of its own for them (merged into other lines, or
   if-converted), so the samples say nothing about it, not even that it
   did not run.  So it is with a block without statements (empty-arms).  */
static bool
lineless_p (afdo_session *s, vec<afdo_bb_count> &d, basic_block b)
{
  const afdo_bb_count &c = d[b->index];
  if (c.state == AFDO_BB_CALL)
    return false;
  return ((c.located && !c.line_known)
	  || (s->opts.empty_arms && stmtless_p (b)));
}

/* The arms of the if-then or if-then-else BB ends, when they are short
   (short_arm_p): one that falls into the other side (if-then), or two
   that meet (if-then-else), in ARMS; their number, 0 for another
   shape or a long arm.  */
static int
short_arms (basic_block bb, basic_block arms[2])
{
  if (EDGE_COUNT (bb->succs) != 2)
    return 0;
  basic_block a = EDGE_SUCC (bb, 0)->dest, b = EDGE_SUCC (bb, 1)->dest;
  int n = 0;
  if (single_succ_p (a) && single_succ (a) == b)
    arms[n++] = a;
  else if (single_succ_p (b) && single_succ (b) == a)
    arms[n++] = b;
  else if (single_succ_p (a) && single_succ_p (b)
	   && single_succ (a) == single_succ (b))
    {
      arms[n++] = a;
      arms[n++] = b;
    }
  for (int i = 0; i < n; i++)
    if (!short_arm_p (arms[i]))
      return 0;
  return n;
}

/* For the short arms ARMS (N of them): whether one is lineless
   (lineless_p), and their own samples in *SAMPLES.  */
static bool
arms_lineless_p (afdo_session *s, vec<afdo_bb_count> &d, basic_block arms[2],
		 int n, gcov_type *samples)
{
  bool lineless = false;
  *samples = 0;
  for (int i = 0; i < n; i++)
    {
      *samples += MAX (own_samples (d, arms[i]), 0);
      lineless |= lineless_p (s, d, arms[i]);
    }
  return lineless;
}

/* Whether BB ends an if-then or if-then-else whose arms are short
   (short_arm_p), one of them lineless (lineless_p), with fewer samples
   of their own than NOISE.  */
static bool
short_arms_unknown_p (afdo_session *s, vec<afdo_bb_count> &d, basic_block bb,
		      double noise)
{
  basic_block arms[2];
  int n = short_arms (bb, arms);
  gcov_type samples;
  return n > 0 && arms_lineless_p (s, d, arms, n, &samples)
	 && (double) samples < noise;
}

/* Whether BB ends an if-then-else whose two arms are short, one of them
   lineless, and whose join has more samples of its own than the arms
   by more than NOISE_PERMILLE: samples the lineless arm's code took
   went to the join.  An IP sample lands on the instruction after the
   one that stalled; the last instruction of an arm that falls through
   into the join gives its samples to the join's first, while the other
   arm, which ends in a jump of its own, keeps them.  In zstd's
   ZSTD_RowFindBestMatch_extDict_5_6 the common side of
   "matchIndex >= dictLimit" (a prefetch that falls through) had no
   entry, the join 1816 samples and the other side 969: the flow gave
   the common side 14 %, GCC made it a taken jump out of the loop and
   back, and zstd ran 3 % slower than at -O2 (noise-skid).  Not when
   the lineless arm calls a function without samples.  */
static bool
skid_arms_p (afdo_session *s, vec<afdo_bb_count> &d, basic_block bb,
	     int noise_permille)
{
  basic_block arms[2];
  gcov_type samples;
  if (short_arms (bb, arms) != 2
      || !arms_lineless_p (s, d, arms, 2, &samples))
    return false;
  /* A lineless arm that calls a function without samples did not run
     (unsampled-calls); the join's samples are its other arm's.  */
  for (int i = 0; i < 2; i++)
    if (lineless_p (s, d, arms[i]) && d[arms[i]->index].calls_unsampled)
      return false;
  gcov_type join = own_samples (d, single_succ (arms[0]));
  return join > 0
	 && (double) join > (double) samples * (1000 + noise_permille) / 1000.0;
}

/* The probabilities of the edges out of BB (a switch, noise-multiway,
   or a two-way branch whose static probabilities contradict the
   samples, noise-order; SUM the count of its edges, SAMPLES its own
   samples, WHAT the dump's name for the case) when the samples cannot
   tell its unbounded edges (those into a join, or
   to a block the profile says nothing of) from 0, NOISE being what
   they cannot tell apart: each bounded edge, whose destination's
   samples are its own, gets its share of the bounded ones' counts; the
   unbounded ones get together what the inference gave them or, when
   that is within the noise, their static probabilities' sum up to the
   noise's share, each in proportion to its static probability (when
   one has none, what the inference gave them, in equal parts).
   Keeping every edge's static probability instead threw away what the
   samples do tell: the dispatch switch of benchmarks/programs/interp.c
   got 1/32 for each case, whose samples range from 23 to 4950, and
   every case was aligned and laid out as a hot one.  False when no
   bounded edge has a count.  */
static bool
set_bounded_probabilities (vec<afdo_bb_count> &d, basic_block bb,
			    gcov_type sum, gcov_type samples, double noise,
			    const char *what)
{
  edge e;
  edge_iterator ei;
  gcov_type bounded = 0, unbounded = 0;
  profile_probability p_unbounded = profile_probability::never ();
  int n_unbounded = 0;
  bool static_known = true;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (sampled_edge_p (d, e))
      bounded = add_count (bounded, AFDO_EDGE (e)->count);
    else
      {
	unbounded = add_count (unbounded, AFDO_EDGE (e)->count);
	if (e->probability.initialized_p ())
	  p_unbounded += e->probability;
	else
	  static_known = false;
	n_unbounded++;
      }
  if (bounded <= 0 || sum <= 0)
    return false;
  /* The unbounded edges' share.  */
  double q = (double) unbounded / (double) sum;
  double q_static = static_known && p_unbounded.initialized_p ()
		    ? p_unbounded.to_reg_br_prob_base ()
		      / (double) REG_BR_PROB_BASE : 0.0;
  double q_noise = samples > 0 ? noise / (double) samples : 0.0;
  q = MAX (q, MIN (q_static, q_noise));
  q = MIN (q, 1.0);
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      double p;
      if (sampled_edge_p (d, e))
	p = (1.0 - q) * (double) AFDO_EDGE (e)->count / (double) bounded;
      else if (q_static > 0.0)
	p = q * (e->probability.to_reg_br_prob_base ()
		 / (double) REG_BR_PROB_BASE) / q_static;
      else
	p = q / n_unbounded;
      const gcov_type one = (gcov_type) 1 << 30;
      e->probability
	= profile_probability::probability_in_gcov_type
	    (MIN ((gcov_type) (p * (double) one + 0.5), one), one).afdo ();
    }
  if (dump_file)
    fprintf (dump_file, "  bb %d: %s: bounded edges by their counts, "
	     "the %d others %.1f%% %s\n", bb->index, what, n_unbounded,
	     q * 100.0,
	     q_static > 0.0 ? "by their static probabilities"
	     : "in equal parts");
  return true;
}

/* Whether the static probabilities of BB's bounded edges (those into
   blocks with samples of their own and no other way in) add up to less
   than half.  The noise rule keeps static probabilities where the
   samples cannot tell the other edges from 0, as a 50/50 branch whose
   one side takes the stall of its mispredictions looks "always taken";
   but static probabilities that make the side without samples the
   likelier one say the opposite of what the samples do.  In bzip2's
   mainQSort3, "d > MAIN_QSORT_DEPTH_THRESH" (10 samples on its
   compare) leads to the partitioning loops (46 samples on their first
   block, hundreds on the loops) or to the simple sort; the static 27 %
   for the partitioning, and the counts of the blocks below made to
   agree with it (noise-regions), left its loops below the hot
   threshold, compiled for size.  */
static bool
bounded_static_minor_p (vec<afdo_bb_count> &d, basic_block bb)
{
  edge e;
  edge_iterator ei;
  profile_probability p = profile_probability::never ();
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (sampled_edge_p (d, e))
      {
	if (!e->probability.initialized_p ())
	  return false;
	p += e->probability;
      }
  return p.initialized_p () && p < profile_probability::even ();
}

/* Whether P lies in the 99 % Wilson interval of the share K / (K + M)
   of two Poisson counts K and M (samples: counts times the statements
   they stand for).  */
static bool
within_interval_p (double k, double m, double p)
{
  double n = k + m;
  if (n <= 0.0)
    return true;
  double phat = k / n, z2 = AFDO_EVIDENCE_Z * AFDO_EVIDENCE_Z;
  double mid = (phat + z2 / (2.0 * n)) / (1.0 + z2 / n);
  double half = (AFDO_EVIDENCE_Z / (1.0 + z2 / n))
		* sqrt (phat * (1.0 - phat) / n + z2 / (4.0 * n * n));
  return p >= mid - half && p <= mid + half;
}

/* Whether E leads to an arm of BB's branch: a block with statements of
   its own that E is the only way into.  An edge into a join, or into a
   block whose assignments all became PHI arguments, has no samples of
   its own to weigh.  */
static bool
arm_edge_p (edge e)
{
  return (single_pred_p (e->dest) && e->dest != EXIT_BLOCK_PTR_FOR_FN (cfun)
	  && !stmtless_p (e->dest));
}

/* The evidence rule for the two-way branch BB: why the samples cannot
   move its probabilities away from GCC's static ones, or NULL when they
   can (or the rule has nothing to say).  A sample count is a Poisson
   observation, and a block without a row in the profile, or with a row
   of 0 where too few samples were expected (afdo-annotate.cc), is
   unknown: the inference fills it in with whatever the flow leaves,
   which is no measurement.  So

   - when an arm is unknown, the counts of the sides are the
     inference's guess: in an if-converted branch the profiled binary
     had a conditional move, whose line table gives the samples of both
     arms to one of them or to none, so the other arm's samples are
     not its own either (a fuzzer's f4_ifconv: 293 samples on the
     then-line, no row for the else-line, 6.9 times -O2's mispredicted
     branches); not where an edge leaves a loop or enters a loop's
     head, whose entry and header counts tell its iterations;

   A block's count is an execution count in samples per instruction;
   the samples behind it are about the count times the block's
   statements (afdo_code_stmts), and those are what is weighed:

   - when both successors are known arms with counts K and M and N0 and
     N1 statements, the static probability P of the first stays unless
     the 99 % (Wilson) interval of K N0 / (K N0 + M N1) excludes
     P N0 / (P N0 + (1 - P) N1), the share of the samples had the arms
     run with P;

   - when one successor is a known arm (count K, NA statements) and the
     other a join, the arm's static probability P stays unless that
     interval of K NA / (K NA + M NB), M and NB being BB's own count and
     statements, excludes P NA / (P NA + NB): had the arm run P times as
     often as BB, its lines would have had P times BB's count.  Not
     where an edge leaves a loop or enters its head.  */
static const char *
branch_without_evidence (vec<afdo_bb_count> &d, basic_block bb)
{
  if (EDGE_COUNT (bb->succs) > 2)
    {
      /* A multiway branch: a case with no row of its own makes the
	 split the inference's guess, as for two ways (a switch whose
	 dominant case -O2 computed with a conditional move).  */
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE))
	  return NULL;
      if (loop_edges_p (bb))
	return NULL;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (arm_edge_p (e) && own_samples (d, e->dest) < 0)
	  {
	    const afdo_bb_count &c = d[e->dest->index];
	    if (c.state == AFDO_BB_CALL || c.has_call_bound
		|| c.calls_unsampled)
	      continue;
	    return "a case has no row of its own";
	  }
      return NULL;
    }
  if (EDGE_COUNT (bb->succs) != 2)
    return NULL;
  edge e[2] = { EDGE_SUCC (bb, 0), EDGE_SUCC (bb, 1) };
  gcov_type k[2];
  bool arm[2], known[2];
  for (int i = 0; i < 2; i++)
    {
      if (e[i]->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE))
	return NULL;
      arm[i] = arm_edge_p (e[i]);
      /* A call's count from its callee's entry, or bound by its
	 callee's samples, rests on the callee's samples, not on samples
	 to weigh against the other arm's.  */
      const afdo_bb_count &c = d[e[i]->dest->index];
      if (arm[i] && (c.state == AFDO_BB_CALL || c.has_call_bound
		     || c.calls_unsampled))
	return NULL;
      k[i] = arm[i] ? own_samples (d, e[i]->dest) : -1;
      known[i] = k[i] >= 0;
    }
  if (((arm[0] && !known[0]) || (arm[1] && !known[1]))
      && !loop_edges_p (bb))
    return known[0] || known[1] ? "an arm has no row of its own"
	   : "no arm has a row of its own";
  if (known[0] != known[1])
    {
      /* One known arm and a join: the arm's samples against the
	 branch's own.  Had the arm run with probability P, it would have
	 had P times the branch's samples per line, a share P / (1 + P) of
	 the two.  */
      int a = known[0] ? 0 : 1;
      gcov_type m = own_samples (d, bb);
      if (m <= 0 || loop_edges_p (bb) || !e[a]->probability.initialized_p ())
	return NULL;
      double p = e[a]->probability.to_reg_br_prob_base ()
		 / (double) REG_BR_PROB_BASE;
      double na = afdo_code_stmts (e[a]->dest), nb = afdo_code_stmts (bb);
      if (within_interval_p (k[a] * na, m * nb, p * na / (p * na + nb)))
	return "its arm's samples do not exclude the static probability";
      return NULL;
    }
  if (!known[0] || !e[0]->probability.initialized_p ())
    return NULL;
  if (k[0] + k[1] <= 0)
    return "its arms have no samples";
  double p = e[0]->probability.to_reg_br_prob_base ()
	     / (double) REG_BR_PROB_BASE;
  double n0 = afdo_code_stmts (e[0]->dest), n1 = afdo_code_stmts (e[1]->dest);
  if (within_interval_p (k[0] * n0, k[1] * n1,
			 p * n0 / (p * n0 + (1.0 - p) * n1)))
    return "its arms' samples do not exclude the static probability";
  return NULL;
}

/* The probabilities of the edges out of BB from their counts (SUM in
   all).  Where the profile has no branch records, the counts measure
   time spent per line: the first instruction of a block absorbs the
   stall of a mispredicted branch into it, so a 50/50 branch can look
   like 1221 against 1157 samples (benchmarks/programs/context.c).  The
   edges whose destination has no other way in are bounded by the
   destination's own samples; when BB has samples of its own and what
   its bounded edges' destinations have leaves less than the noise
   (noise-permille of BB's samples) for the others, the samples cannot
   tell the branch's probabilities, and the static ones stay: true then.
   Nor can they when a side's samples are BB's own (one line, one
   profile position) and no side has samples of its own: the inference
   could only split BB's count evenly (benchmarks/programs/discrim.c,
   where a 1-in-16 side got half).  Nor when BB ends an if-then or
   if-then-else whose arms are short (short_arm_p), one of them has no
   entry in the profile (lineless_p), and the arms' own samples are
   within the noise of BB's: the inference would give the lineless arm
   what the other's few samples leave, and which arm ran cannot be told
   from samples that short code seldom gets (noise-short).  A short arm
   whose lines are in the profile without samples is evidence enough
   that it seldom ran.  Nor when the two short arms of an if-then-else,
   one of them lineless, have fewer samples than their join: the
   lineless arm's went to the join (skid_arms_p, noise-skid).  */
static bool
set_probabilities (afdo_session *s, vec<afdo_bb_count> &d, basic_block bb,
		   gcov_type sum)
{
  edge e;
  edge_iterator ei;
  gcov_type samples = own_samples (d, bb);
  if (s->opts.evidence)
    if (const char *why = branch_without_evidence (d, bb))
      {
	if (dump_file)
	  fprintf (dump_file, "  bb %d: static probabilities kept (%s)\n",
		   bb->index, why);
	return true;
      }
  if (!s->has_branches && s->opts.noise_permille > 0 && samples > 0)
    {
      gcov_type bounded = 0;
      bool any_unbounded = false, any_bounded = false, shared = false;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (s->opts.noise_lines && same_samples_p (d, bb, e->dest))
	  shared = any_unbounded = true;
	else if (sampled_edge_p (d, e))
	  {
	    bounded += own_samples (d, e->dest);
	    any_bounded = true;
	  }
	else
	  any_unbounded = true;
      const double noise = (double) samples * s->opts.noise_permille / 1000.0;
      const char *why = NULL;
      /* The samples cannot tell the unbounded edges from 0.  */
      bool within_noise = false;
      if (shared && !any_bounded && !loop_edges_p (bb))
	why = "its sides' samples are its own line's";
      else if (any_unbounded && (double) (samples - bounded) < noise
	       && (s->opts.noise_exits || !loop_edges_p (bb)))
	{
	  why = "the samples do not tell";
	  within_noise = true;
	}
      else if (s->opts.noise_short && short_arms_unknown_p (s, d, bb, noise)
	       && !loop_edges_p (bb))
	why = "its arms are short";
      else if (s->opts.noise_skid
	       && skid_arms_p (s, d, bb, s->opts.noise_permille)
	       && !loop_edges_p (bb))
	why = "its lineless arm's samples went to the join";
      if (why && s->opts.noise_multiway && EDGE_COUNT (bb->succs) > 2
	  && any_bounded && !shared
	  && set_bounded_probabilities (d, bb, sum, samples, noise,
					"multiway"))
	return false;
      if (within_noise && s->opts.noise_order && EDGE_COUNT (bb->succs) == 2
	  && any_bounded && !shared && bounded_static_minor_p (d, bb)
	  && set_bounded_probabilities (d, bb, sum, samples, noise,
					"static probabilities against "
					"the samples"))
	return false;
      if (why)
	{
	  if (dump_file)
	    fprintf (dump_file, "  bb %d: static probabilities kept (%s)\n",
		     bb->index, why);
	  return true;
	}
    }
  FOR_EACH_EDGE (e, ei, bb->succs)
    e->probability
      = profile_probability::probability_in_gcov_type
	  (AFDO_EDGE (e)->count, sum).afdo ();
  return false;
}

static gcov_type min_count (const afdo_session *s);

/* Multiply the counts of the blocks dominated by B by NUM / DEN; none
   goes below FLOOR, nor a hot one (HOT) below HOT: the samples of a
   side are noise, not evidence that it is cold.  */
static void
scale_dominated (basic_block b, gcov_type num, gcov_type den,
		 gcov_type floor, gcov_type hot)
{
  auto_vec<basic_block> stack;
  stack.safe_push (b);
  while (!stack.is_empty ())
    {
      basic_block x = stack.pop ();
      gcov_type old = x->count.initialized_p () ? x->count.to_gcov_type () : 0;
      gcov_type c = (gcov_type) ((double) old * (double) num / (double) den);
      c = MAX (c, MAX (floor, MIN (old, hot)));
      x->count = profile_count::from_gcov_type (c).afdo ();
      for (basic_block k = first_dom_son (CDI_DOMINATORS, x); k;
	   k = next_dom_son (CDI_DOMINATORS, k))
	stack.safe_push (k);
    }
}

/* Whether the region of blocks dominated by S holds a latch of LOOP
   (S's count then sets the loop's iterations, not a share of a
   branch).  */
static bool
dominates_latch_p (basic_block s, class loop *loop)
{
  if (!loop_outer (loop))
    return false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (dominated_by_p (CDI_DOMINATORS, e->src, loop->header)
	&& dominated_by_p (CDI_DOMINATORS, e->src, s))
      return true;
  return false;
}

/* BB keeps its static probabilities (the samples do not tell them), but
   the block counts below it are still those of the inference, which
   gave one side all of BB's count: counts and probabilities would
   disagree, and the passes that look at block counts (the tracer
   duplicating a join into the side that looks hot, if-conversion, the
   layout) would act on the side the samples cannot pick.  The region
   each successor dominates (the successor has no other way in) is
   scaled to BB's count times the edge's probability.  Not across a
   loop's exit or latch: there the counts are the loop's iterations,
   which the samples do tell.  */
static void
agree_with_probabilities (afdo_session *s, basic_block bb)
{
  class loop *loop = bb->loop_father;
  if (!loop)
    return;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (e->dest->loop_father != loop || loop_exit_edge_p (loop, e)
	|| (e->flags & (EDGE_DFS_BACK | EDGE_EH)))
      return;
  gcov_type bc = bb->count.to_gcov_type ();
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      basic_block dest = e->dest;
      if (!single_pred_p (dest) || dest == EXIT_BLOCK_PTR_FOR_FN (cfun)
	  || dominates_latch_p (dest, loop))
	continue;
      if (!e->probability.initialized_p ())
	continue;
      gcov_type want = e->probability.apply (bc);
      gcov_type have = dest->count.to_gcov_type ();
      if (have <= 0 || want == have)
	continue;
      if (dump_file)
	{
	  fprintf (dump_file, "  bb %d: counts of the blocks it dominates "
		   "scaled by ", dest->index);
	  afdo_dump_count (s, want);
	  fputs (" / ", dump_file);
	  afdo_dump_count (s, have);
	  fputc ('\n', dump_file);
	}
      scale_dominated (dest, want, have, min_count (s),
		       afdo_hot_threshold (s));
    }
}

/* The smallest block count handed to GCC: one sample.  A sampling
   profile cannot tell a block that did not run from one that ran too
   briefly to be sampled; one sample is below the hot threshold, so the
   block is as cold to GCC as with 0, but GCC's scaling by ratios of
   counts (an inlined body by its call's count) keeps the ratios of what
   the samples say, and never divides by 0.  GCC 12 scales the blocks of
   a vectorized loop's epilogue by COUNT / (COUNT * P) (vect_do_peeling)
   and divides by zero when that rounds to 0 (GCC's own -fauto-profile
   crashes so on bzip2's compress.c); the guard pass below sees to that
   case.  */
static gcov_type
min_count (const afdo_session *s)
{
  return (gcov_type) s->scale;
}

/* Whether a block that enters LOOP (or the block before it, when that
   one is a forwarder) calls a function: the samples of a call's return
   land on its line, so such a block's count errs high and the
   iterations low (branches' report_bad: a loop of about 60 iterations
   after a call of snprintf looked like 5 and 10 in the two copies the
   call-graph profile inlined, and was not unrolled).  */
static bool
entered_after_call_p (loop_p loop)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    {
      if (flow_bb_inside_loop_p (loop, e->src))
	continue;
      basic_block bb = e->src;
      for (int step = 0; step < 2 && bb; step++)
	{
	  bool empty = true;
	  for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
	       !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
	    {
	      gimple *stmt = gsi_stmt (gsi);
	      if (gimple_code (stmt) == GIMPLE_LABEL)
		continue;
	      empty = false;
	      if (is_gimple_call (stmt) && !gimple_call_internal_p (stmt))
		return true;
	    }
	  bb = empty && single_pred_p (bb) ? single_pred (bb) : NULL;
	}
    }
  return false;
}

/* GCC takes a loop's expected iterations from its counts only when they
   are reliable, which AFDO counts are not: so the unroller unrolls every
   hot loop whose trip count is unknown, also one that runs twice per
   entry, and duplicates its exit test (more mispredicted branches in
   zstd's ZSTD_count).  The iterations the counts give are recorded as
   the loops' estimates, as GCC does for instrumented profiles.  Sampled
   entry blocks are short and undercounted, so the estimate errs high:
   what it rules out ("does not roll") is safe.  Not so after a call,
   whose loops get no estimate.  */
static void
record_loop_estimates (void)
{
  if (!current_loops)
    return;
  for (auto loop : loops_list (cfun, 0))
    if (loop->header->count.nonzero_p () && !entered_after_call_p (loop))
      {
	gcov_type nit = expected_loop_iterations_unbounded (loop);
	loop->any_estimate = false;
	record_niter_bound (loop, gcov_type_to_wide_int (nit), true, false);
      }
}

void
afdo_handoff_counts (afdo_session *s, vec<afdo_bb_count> &d,
		     bool unexecuted)
{
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    bb->count = profile_count::from_gcov_type
		  (MAX (d[bb->index].count, min_count (s))).afdo ();

  auto_bitmap noisy;
  FOR_ALL_BB_FN (bb, cfun)
    {
      if (EDGE_COUNT (bb->succs) == 0)
	continue;
      gcov_type sum = 0;
      bool all_known = true;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	if (AFDO_EDGE (e)->known)
	  sum = add_count (sum, AFDO_EDGE (e)->count);
	else
	  all_known = false;
      if (EDGE_COUNT (bb->succs) == 1)
	{
	  single_succ_edge (bb)->probability = profile_probability::always ();
	  continue;
	}
      /* Without flow out of the block, keep the static probabilities.  */
      if (!all_known || sum == 0)
	continue;
      if (set_probabilities (s, d, bb, sum))
	bitmap_set_bit (noisy, bb->index);
    }
  if (!bitmap_empty_p (noisy) && s->opts.noise_regions && current_loops)
    {
      /* Outer branches first, so the regions of inner ones are scaled
	 from their final counts.  */
      calculate_dominance_info (CDI_DOMINATORS);
      mark_dfs_back_edges ();
      int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (cfun));
      int n = pre_and_rev_post_order_compute (NULL, rpo, false);
      for (int i = 0; i < n; i++)
	if (bitmap_bit_p (noisy, rpo[i]))
	  agree_with_probabilities (s, BASIC_BLOCK_FOR_FN (cfun, rpo[i]));
      free (rpo);
    }

  struct cgraph_node *node = cgraph_node::get (current_function_decl);
  node->count = ENTRY_BLOCK_PTR_FOR_FN (cfun)->count;
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    if (e->call_stmt && gimple_bb (e->call_stmt))
      e->count = gimple_bb (e->call_stmt)->count;
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    if (e->call_stmt && gimple_bb (e->call_stmt))
      e->count = gimple_bb (e->call_stmt)->count;

  profile_status_for_fn (cfun) = PROFILE_READ;
  update_max_bb_count ();
  /* Evaluate mode restores the exact profile afterwards, but not the
     loops' estimates.  */
  if (s->opts.loop_estimates && !s->opts.evaluate)
    record_loop_estimates ();
  compute_function_frequency ();
  /* To GCC a zero AFDO count is not "never executed" (sampling can miss
     a block), so a function with no samples would stay "normal"; an
     instance that says the function never ran makes it cold.  */
  if (unexecuted)
    node->frequency = NODE_FREQUENCY_UNLIKELY_EXECUTED;
}

void
afdo_dump_count (afdo_session *s, gcov_type count)
{
  gcov_type scale = (gcov_type) s->scale;
  if (count % scale == 0)
    fprintf (dump_file, "%" PRId64, (int64_t) (count / scale));
  else
    fprintf (dump_file, "%.2f", (double) count / (double) scale);
}

static const char *const bb_state_name[] =
{
  "unknown", "annotated", "class", "flow", "guessed", "zero", "call"
};

void
afdo_dump_counts (afdo_session *s, vec<afdo_bb_count> &d,
		  const afdo_fn_result *res)
{
  if (!dump_file)
    return;
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      afdo_bb_count &b = d[bb->index];
      fprintf (dump_file, "  bb %d count ", bb->index);
      afdo_dump_count (s, b.count);
      fprintf (dump_file, " %s", bb_state_name[b.state]);
      if (b.state == AFDO_BB_ANNOTATED)
	fprintf (dump_file, " (samples %" PRId64 ")",
		 (int64_t) b.annotated_count);
      if (b.raised)
	fprintf (dump_file, " raised");
      if (b.lowered)
	fprintf (dump_file, " lowered");
      if (b.calls_unsampled)
	fprintf (dump_file, " (calls a function without samples)");
      else if (b.has_call_bound)
	{
	  fputs (" (its calls' samples bound it at ", dump_file);
	  afdo_dump_count (s, b.call_bound);
	  fputc (')', dump_file);
	}
      if (bb->discriminator)
	fprintf (dump_file, " discriminator %d", bb->discriminator);
      fputc ('\n', dump_file);
      if (dump_flags & TDF_DETAILS)
	{
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    {
	      fprintf (dump_file, "    edge %d->%d count ", e->src->index,
		       e->dest->index);
	      afdo_dump_count (s, e->aux ? AFDO_EDGE (e)->count : 0);
	      fputs (" prob ", dump_file);
	      e->probability.dump (dump_file);
	      fputc ('\n', dump_file);
	    }
	}
    }
  fprintf (dump_file, "  blocks %u: annotated %u, class %u, flow %u, "
	   "guessed %u, raised %u\n", res->n_blocks, res->n_annotated,
	   res->n_class, res->n_flow, res->n_guessed, res->n_raised);
}

/* The flags fdo-opts switches on, as -fauto-profile does, with their
   values.  The tracer duplicates the likely path of every branch; with
   the rough probabilities of a profile of IP samples it makes things
   worse (benchmarks/results/), so it is switched off again when the
   profile turns out to have no branch information (the hand-off pass).
   The dynamic vectorizer cost model, as -fprofile-use and -fauto-profile
   take it: measured on the benchmarks, it vectorizes loops the very
   cheap model of -O2 leaves scalar (loops' FIR filter: 98 % fewer
   mispredicted branches), and no program is slower than -O2 with it
   (doc/afdo-plugin.md, "Options switched on").  */
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
  X (flag_tree_loop_distribution, 1) \
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
    record_loop_estimates ();
  afdo_handoff_given_options (s);
}

void
afdo_handoff_given_options (afdo_session *s)
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

namespace {

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
  pass_autofdo_handoff (gcc::context *ctxt, afdo_session *session)
    : simple_ipa_opt_pass (pass_data_autofdo_handoff, ctxt), s (session)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *) final override
  {
    return (s->prof != NULL && s->any_annotated && !s->lto
	    && !flag_auto_profile);
  }

  unsigned int execute (function *) final override
  {
    if (s->tracer_from_fdo_opts && !s->has_branches)
      AFDO_SET_EVERYWHERE (s, flag_tracer, 0);
    /* GCC aligns a block as a loop's head when the jumps into it run
       align-loop-iterations (4) times as often as the fall-through
       into it: a loop that iterates four times per entry.  Sampled
       counts do not tell trip counts so well: the block after a loop's
       exit takes the stall of the mispredicted exit into its samples,
       and a loop of six iterations per entry looked like one of 1.3
       (benchmarks/programs/loops.c, fir: its inner loop lost the
       alignment -O2 gives it and the program took 15 % more time).
       Without branch records, a head the jumps enter more often than
       the fall-through is aligned.  */
    if (!s->has_branches && s->opts.loop_align
	&& !global_options_set.x_param_align_loop_iterations)
      AFDO_SET_EVERYWHERE (s, param_align_loop_iterations, 1);
    AFDO_SET_EVERYWHERE (s, flag_branch_probabilities, 1);
    if (s->given_node)
      TREE_OPTIMIZATION (s->given_node)->x_flag_branch_probabilities = 1;
    return 0;
  }

private:
  afdo_session *s;
};

} // anon namespace

opt_pass *
afdo_make_handoff_pass (afdo_session *s)
{
  return new pass_autofdo_handoff (g, s);
}

namespace {

/* GCC 12's vectorizer scales the blocks of a loop's epilogue by
   COUNT / (COUNT * P) (vect_do_peeling), which divides by zero when
   COUNT * P rounds to 0: when COUNT is 0 or 1 without being a precise
   0.  The counts handed off are never that small (min_count), but
   scaling an inlined body by its call's share, or a versioned loop by
   its guard, makes them so; this pass, right before "vect", raises the
   AFDO counts of a function below a few hundred to that floor, which
   is as cold to GCC.  */

const pass_data pass_data_autofdo_guard =
{
  GIMPLE_PASS,		/* type */
  "*autofdo_guard",	/* name */
  OPTGROUP_NONE,	/* optinfo_flags */
  TV_NONE,		/* tv_id */
  PROP_cfg,		/* properties_required */
  0,			/* properties_provided */
  0,			/* properties_destroyed */
  0,			/* todo_flags_start */
  0,			/* todo_flags_finish */
};

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

class pass_autofdo_guard : public gimple_opt_pass
{
public:
  pass_autofdo_guard (gcc::context *ctxt, afdo_session *session)
    : gimple_opt_pass (pass_data_autofdo_guard, ctxt), s (session)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *fn) final override
  {
    return afdo_late_counts_p (s, fn);
  }

  unsigned int execute (function *fn) final override
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

private:
  afdo_session *s;
};

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
   loop it expects to run few times (unsampled-peel=0).  */

const pass_data pass_data_autofdo_estimates[2] =
{
  {
    GIMPLE_PASS,		/* type */
    "*autofdo_estimates",	/* name */
    OPTGROUP_NONE,		/* optinfo_flags */
    TV_NONE,			/* tv_id */
    PROP_cfg,			/* properties_required */
    0,				/* properties_provided */
    0,				/* properties_destroyed */
    0,				/* todo_flags_start */
    0,				/* todo_flags_finish */
  },
  {
    GIMPLE_PASS,		/* type */
    "*autofdo_peel",		/* name */
    OPTGROUP_NONE,		/* optinfo_flags */
    TV_NONE,			/* tv_id */
    PROP_cfg,			/* properties_required */
    0,				/* properties_provided */
    0,				/* properties_destroyed */
    0,				/* todo_flags_start */
    0,				/* todo_flags_finish */
  }
};

/* Right after "vect" (AFTER_CUNROLL false): the loops' estimates again,
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

class pass_autofdo_estimates : public gimple_opt_pass
{
public:
  pass_autofdo_estimates (gcc::context *ctxt, afdo_session *session,
			  bool after_cunroll_p)
    : gimple_opt_pass (pass_data_autofdo_estimates[after_cunroll_p], ctxt),
      s (session),
      after_cunroll (after_cunroll_p)
  {}

  opt_pass *clone () final override { return this; }

  bool gate (function *fn) final override
  {
    bool hide_peel = !s->opts.unsampled_peel || s->opts.evidence;
    return (afdo_late_counts_p (s, fn)
	    && (hide_peel || (!after_cunroll && hide_estimates_p (s))));
  }

  unsigned int execute (function *fn) final override
  {
    if (after_cunroll)
      {
	restore_estimates (fn, hidden_peel);
	return 0;
      }
    if (hide_estimates_p (s))
      restore_estimates (fn, hidden_vect);
    if (!s->opts.unsampled_peel || s->opts.evidence)
      hide_estimates (fn, hidden_peel, !s->opts.evidence);
    return 0;
  }

private:
  afdo_session *s;
  bool after_cunroll;
};

} // anon namespace

opt_pass *
afdo_make_guard_pass (afdo_session *s)
{
  return new pass_autofdo_guard (g, s);
}

opt_pass *
afdo_make_estimates_pass (afdo_session *s, bool after_cunroll)
{
  return new pass_autofdo_estimates (g, s, after_cunroll);
}
