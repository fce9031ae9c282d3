/* afdo: the probabilities of a block's edges, from its counts.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The edge probabilities of a block with two or more successors, from
   the inferred edge counts, and the rules that keep GCC's static ones
   where the samples cannot tell them: the evidence rule (an arm without
   a row of its own, arms whose samples do not exclude the static
   probability) and the noise rules (short arms, skid, shared lines,
   multiway branches, static order).  doc/design.md says why each.  */

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
      bounded = afdo_add_count (bounded, AFDO_EDGE (e)->count);
    else
      {
	unbounded = afdo_add_count (unbounded, AFDO_EDGE (e)->count);
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

/* The 99 % Wilson interval [*LO, *HI] of the share K / (K + M) of two
   Poisson counts K and M; false when both are 0.  */
static bool
wilson_interval (double k, double m, double *lo, double *hi)
{
  double n = k + m;
  if (n <= 0.0)
    return false;
  double phat = k / n, z2 = AFDO_EVIDENCE_Z * AFDO_EVIDENCE_Z;
  double mid = (phat + z2 / (2.0 * n)) / (1.0 + z2 / n);
  double half = (AFDO_EVIDENCE_Z / (1.0 + z2 / n))
		* sqrt (phat * (1.0 - phat) / n + z2 / (4.0 * n * n));
  *lo = mid - half;
  *hi = mid + half;
  return true;
}

/* Whether P lies in the 99 % Wilson interval of the share K / (K + M)
   of two Poisson counts K and M (samples: counts times the statements
   they stand for), the interval widened in odds by F on each side: each
   count may also be off by a factor up to F beyond its Poisson spread
   (F = 1: the counts are Poisson counts alone).  */
static bool
within_interval_p (double k, double m, double p, double f = 1.0)
{
  double lo, hi;
  if (!wilson_interval (k, m, &lo, &hi))
    return true;
  if (f > 1.0 && lo > 0.0)
    {
      double o = lo / (1.0 - lo) / f;
      lo = o / (1.0 + o);
    }
  if (f > 1.0 && hi < 1.0)
    {
      double o = hi / (1.0 - hi) * f;
      hi = o / (1.0 + o);
    }
  return p >= lo && p <= hi;
}

/* The factor by which the counts K0 and K1 of the two arms of BB's
   branch (edges E) fall short of their join's: both arms lead to one
   block, whose count must be their sum.  Time samples go to the
   instructions that wait, and short arms after a branch that
   mispredicts lose their samples to the join, where the pipeline
   refills (the fuzzer's seed 93: a 50/50 branch in a loop, arms of 6
   and 17 samples per instruction before a join of 45).  Which arm the
   join's extra samples came from nothing tells, so the split between
   the arms is weighed with that uncertainty.  The branch's own count is
   no check: a load there that misses takes samples of its own
   (sqlite3VdbeExec's test of a value's MEM_Null: 28 samples, the rare
   arm 0 and the other 6, and the samples were right).  1 when the arms
   have no join with samples, or the join has no more than they do.  */
static double
arm_flow_factor (vec<afdo_bb_count> &d, edge e[2], gcov_type k0,
		 gcov_type k1)
{
  double sum = (double) k0 + (double) k1;
  if (sum <= 0.0
      || !single_succ_p (e[0]->dest) || !single_succ_p (e[1]->dest)
      || single_succ (e[0]->dest) != single_succ (e[1]->dest))
    return 1.0;
  gcov_type t = own_samples (d, single_succ (e[0]->dest));
  return t > sum ? (double) t / sum : 1.0;
}

/* Whether the Poisson counts O (samples: counts times the statements
   they stand for) of N cases are consistent at 99 % with shares in
   proportion to the weights W: Pearson's statistic against the
   chi-square quantile with N - 1 degrees of freedom (Wilson and
   Hilferty's approximation).  The counterpart of the interval above
   for N ways; with few samples it says "consistent" less often than it
   should, which leaves the counts.  */
static bool
within_shares_p (const vec<double> &o, const vec<double> &w)
{
  double n = 0.0, wsum = 0.0;
  for (unsigned i = 0; i < o.length (); i++)
    {
      n += o[i];
      wsum += w[i];
    }
  if (n <= 0.0 || wsum <= 0.0)
    return true;
  double x2 = 0.0;
  for (unsigned i = 0; i < o.length (); i++)
    {
      double e = n * w[i] / wsum;
      if (e <= 0.0)
	{
	  if (o[i] > 0.0)
	    return false;
	  continue;
	}
      x2 += (o[i] - e) * (o[i] - e) / e;
    }
  double df = o.length () - 1.0;
  /* The 99 % quantile's normal deviate.  */
  double z = 2.326, h = 2.0 / (9.0 * df);
  double c = 1.0 - h + z * sqrt (h);
  return x2 <= df * c * c * c;
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

/* Whether the count of block B is a call's, from its callee's entry or
   bound by its callee's samples: it rests on the callee's samples, not
   on samples to weigh against the other arms'.  */
static bool
callee_count_p (const afdo_bb_count &b)
{
  return b.state == AFDO_BB_CALL || b.has_call_bound || b.calls_unsampled;
}

/* Whether B is a short arm (short-arm=N): at most N code statements,
   none of them a call.  Time samples go to the instructions that wait:
   one or two cheap statements after a branch take none even when they
   run as often as it does, so their 0 says nothing of how often they
   ran.  gawk's r_interpret stores pc->source_line after testing it at
   the top of its dispatch loop: 124 samples on the load, compare and
   branch, a row of 0 on the store; the store was given 0 and laid out
   of line, one jump more per dispatched instruction.  A call's callee
   takes samples of its own when it runs: its 0 is evidence.  */
bool
afdo_short_arm_p (const afdo_session *s, basic_block b)
{
  if (afdo_code_stmts (b) > s->opts.short_arm)
    return false;
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (b);
       !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
    if (is_gimple_call (gsi_stmt (gsi)))
      return false;
  return true;
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
     run with P; with arm-flow, that interval is widened in odds by the
     factor by which K + M falls short of the count of the arms' join
     (arm_flow_factor): what the flow says of how far these samples are
     from counts; not where an edge leaves a loop or enters its head,
     whose entry and header counts tell its iterations (part 8);

   - when one successor is a known arm (count K, NA statements) and the
     other a join, the arm's static probability P stays unless that
     interval of K NA / (K NA + M NB), M and NB being BB's own count and
     statements, excludes P NA / (P NA + NB): had the arm run P times as
     often as BB, its lines would have had P times BB's count.  Not
     where an edge leaves a loop or enters its head.  A short arm's 0
     (afdo_short_arm_p) is no evidence here.  */
static const char *
branch_without_evidence (afdo_session *s, vec<afdo_bb_count> &d,
			 basic_block bb)
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
      /* Otherwise the cases that are arms (a case that shares its
	 block, or enters a loop through an empty block, has no samples
	 of its own to weigh), all with samples of their own, 0 included:
	 their static probabilities, as shares of the arms', stay unless
	 the arms' samples exclude them, as for two ways.  The fuzzer's
	 seed 912: a switch in a loop whose cases of 66 % and 22 % had 1
	 and 2 samples and the default a row of 0; the flow gave the
	 default the rest and GCC tested it first, 1.11 times -O2's
	 mispredicted branches.  */
      auto_vec<double> o, w;
      bool weigh = true;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (!arm_edge_p (e))
	    continue;
	  gcov_type k = own_samples (d, e->dest);
	  if (callee_count_p (d[e->dest->index]))
	    weigh = false;
	  else if (k < 0)
	    return "a case has no row of its own";
	  else if (!e->probability.initialized_p ())
	    weigh = false;
	  else
	    {
	      double n = afdo_code_stmts (e->dest);
	      o.safe_push (k * n);
	      w.safe_push (n * e->probability.to_reg_br_prob_base ());
	    }
	}
      if (weigh && o.length () >= 2 && within_shares_p (o, w))
	return "its cases' samples do not exclude the static probabilities";
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
      if (arm[i] && callee_count_p (d[e[i]->dest->index]))
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
      if (k[a] == 0 && afdo_short_arm_p (s, e[a]->dest))
	return "a short arm's 0 is no evidence";
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
  double share = p * n0 / (p * n0 + (1.0 - p) * n1);
  if (within_interval_p (k[0] * n0, k[1] * n1, share))
    return "its arms' samples do not exclude the static probability";
  if (s->opts.arm_flow && !loop_edges_p (bb)
      && within_interval_p (k[0] * n0, k[1] * n1, share,
			    arm_flow_factor (d, e, k[0], k[1])))
    return "its arms' samples, as far off the flow as they are, do not "
	   "exclude the static probability";
  return NULL;
}

/* The block whose samples stand for entering a loop from B, a block
   outside it: B, or the block before it while B is an empty forwarder
   (a preheader has no statements of its own); NULL when that block
   does not run once per entry (it branches elsewhere too, or is the
   exit test of a loop before: its samples are that loop's
   iterations).  */
static basic_block
entry_block (basic_block b)
{
  for (int step = 0; step < 2; step++)
    if (stmtless_p (b) && single_pred_p (b) && single_succ_p (b)
	&& single_pred (b) != ENTRY_BLOCK_PTR_FOR_FN (cfun))
      b = single_pred (b);
  return single_succ_p (b) ? b : NULL;
}

/* The evidence rule for a loop's exit out of BB (part 8), SUM being the
   count leaving BB: why its samples cannot move the exit's probability
   away from GCC's static one, or NULL.  A loop's iterations are its
   header's count over its entry's, and in code that ran seldom the
   entry rests on no samples at all: an initialization loop of 32,767
   iterations, run once in a program of 28 samples, looked like 1 or 2
   iterations, and the layout made its back edge a jump to a copy block
   (the fuzzer's seeds 109, 618 and 765 with min-unit-samples at 40:
   1.1 to 1.5 times -O2's mispredicted branches, all on that loop).  Where the counts give the
   loop fewer iterations than the static exit probability P, the
   samples of the entry (K: its blocks' counts times their statements;
   no row is no measurement, a row of 0 is) are weighed against the
   header's (M) as for a branch (where the entering blocks also run for
   other reasons, the block after the loop, which all its exits and
   nothing else lead to, stands for them): P stays unless the 99 %
   interval of K / (K + M) excludes the share the entry would have had
   at 1 / P iterations.  With neither, P stays where the count entering
   the loop is the inference's floor.  */
static const char *
exit_without_evidence (afdo_session *s, vec<afdo_bb_count> &d,
		       basic_block bb, gcov_type sum)
{
  if (!current_loops || s->scale == 0)
    return NULL;
  class loop *loop = bb->loop_father;
  if (!loop || !loop_outer (loop))
    return NULL;
  edge e, x = NULL;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (loop_exit_edge_p (loop, e))
      {
	if (x || (e->flags & (EDGE_EH | EDGE_ABNORMAL | EDGE_FAKE)))
	  return NULL;
	x = e;
      }
  if (!x || !x->probability.initialized_p ())
    return NULL;
  double p = x->probability.to_reg_br_prob_base ()
	     / (double) REG_BR_PROB_BASE;
  if (p <= 0.0 || p >= 1.0)
    return NULL;
  /* Counts that give the loop at least the static iterations stand:
     what they would change is the estimate's size, which part 7
     bounds.  */
  if (!AFDO_EDGE (x) || sum <= 0
      || (double) AFDO_EDGE (x)->count <= p * (double) sum)
    return NULL;
  /* The samples of the blocks that run once per entry: those that
     enter the loop, or else the one after its exit; and the count the
     inference put on the edges entering it.  */
  double k = 0.0, ne = 0.0;
  bool known = true;
  gcov_type in = 0;
  FOR_EACH_EDGE (e, ei, loop->header->preds)
    if (!flow_bb_inside_loop_p (loop, e->src))
      {
	if (e->src == ENTRY_BLOCK_PTR_FOR_FN (cfun))
	  return NULL;
	if (AFDO_EDGE (e))
	  in += AFDO_EDGE (e)->count;
	basic_block b = entry_block (e->src);
	if (!b || d[b->index].state != AFDO_BB_ANNOTATED)
	  known = false;
	else
	  {
	    double n = MAX (afdo_code_stmts (b), 1);
	    k += (double) d[b->index].annotated_count * n;
	    ne += n;
	  }
      }
  if (!known)
    {
      /* The block after the loop, when every way into it leaves the
	 loop and every exit leads to it.  */
      basic_block b = x->dest;
      auto_vec<edge> exits = get_loop_exit_edges (loop);
      bool after = (b != EXIT_BLOCK_PTR_FOR_FN (cfun)
		    && EDGE_COUNT (b->preds) == exits.length ()
		    && d[b->index].state == AFDO_BB_ANNOTATED);
      for (unsigned i = 0; after && i < exits.length (); i++)
	after = exits[i]->dest == b;
      /* Without samples on either side, the entry's count is the
	 inference's: the counts tell the iterations only where it put
	 more than one sample's count there.  Run once in a profile of a
	 few samples, a loop's entry is at that floor, and its header's
	 count of 2 reads as 2 iterations.  */
      if (!after)
	return (in > (gcov_type) s->scale ? NULL
		: "its entry's count is the inference's floor");
      ne = MAX (afdo_code_stmts (b), 1);
      k = (double) d[b->index].annotated_count * ne;
    }
  if (ne == 0.0)
    return NULL;
  double nh = MAX (afdo_code_stmts (loop->header), 1.0);
  double m = (double) d[loop->header->index].count / (double) s->scale * nh;
  /* At 1 / P iterations the header runs 1 / P times per entry.  */
  if (within_interval_p (k, m, ne / (ne + nh / p)))
    return "its entry's samples do not exclude the static iterations";
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
   where a 1-in-16 side got half).  An arm without a row of its own is
   the evidence rule's (branch_without_evidence), asked first.  */
bool
afdo_set_probabilities (afdo_session *s, vec<afdo_bb_count> &d,
			basic_block bb, gcov_type sum)
{
  edge e;
  edge_iterator ei;
  gcov_type samples = own_samples (d, bb);
  if (s->opts.evidence)
    {
      const char *where = " at a loop's exit";
      const char *why = exit_without_evidence (s, d, bb, sum);
      if (!why)
	{
	  where = "";
	  why = branch_without_evidence (s, d, bb);
	}
      if (why)
	{
	  if (dump_file)
	    fprintf (dump_file, "  bb %d: static probabilities kept%s (%s)\n",
		     bb->index, where, why);
	  return true;
	}
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
