/* afdo: the plugin's evaluate mode and its block count files.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Evaluate mode (evaluate[=FILE], with -fprofile-use): how close do the
   block counts the plugin derives from the sampled profile come to the
   exact counts of instrumented FDO, on the same CFG?

   Two passes.  "*autofdo_eval_static", right before GCC's "profile",
   keeps every function's static estimate (block counts, edge
   probabilities), which "profile" is about to replace by the exact
   counts.  "autofdo_eval", right after "profile", does for every
   function with exact counts: save everything the annotation writes
   (block counts, edge probabilities, the cgraph node's and call edges'
   counts, the profile status, the largest block count, the node's
   frequency), put the static estimate back in place (the annotation's
   fallback reads it, and it must not read the exact counts), annotate
   and propagate (afdo_annotate_function, with the instance found the
   way the "autofdo" pass finds it), note the resulting block counts,
   and restore the exact state.  The code generated is then that of
   -fprofile-use alone.  The plugin's profile summary and hot block
   threshold are not installed in this mode (afdo-plugin.cc), so those of
   the instrumented profile stay.

   The figure is the block overlap of seed 003, Section IV.C: over the
   function's basic blocks V (ENTRY and EXIT are no blocks),
     D = sum over v in V of min (f(v) / sum f, gt(v) / sum gt),
   f the plugin's count, gt the exact one.  A function weighs its exact
   block count sum (sum gt); the seed weighs the sampled sum (sum f)
   instead, which would let a method that leaves a function without
   counts drop it from its own figure.  A function the sampled profile
   gives no counts (no instance, or no statement matched) is a miss:
   overlap 0 at its full weight.  Functions the instrumented run never
   entered weigh nothing and are only listed.

   The same pass writes block count files (counts=FILE: whatever counts
   GCC holds at that point, exact ones under -fprofile-use, GCC's own
   AutoFDO ones under -fauto-profile, the plugin's otherwise; FILE of
   evaluate=FILE: the plugin's counts of evaluate mode), which
   tools/afdo-overlap.c compares; see doc/afdo-plugin.md for the
   format.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "options.h"
#include "predict.h"
#include "profile.h"
#include "hash-map.h"
#include "hash-set.h"
#include "dumpfile.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

#include <fcntl.h>
#include <unistd.h>

/* The static estimate of one function, as it stood before "profile".  */
struct static_edge
{
  basic_block src, dest;
  profile_probability prob;
};

struct static_estimate
{
  hash_map<basic_block, profile_count> blocks;
  hash_map<edge, static_edge> edges;
};

static hash_map<tree, static_estimate *> *static_estimates;

static void
free_static_estimates (void)
{
  if (!static_estimates)
    return;
  for (hash_map<tree, static_estimate *>::iterator it
	 = static_estimates->begin ();
       it != static_estimates->end (); ++it)
    delete (*it).second;
  delete static_estimates;
  static_estimates = NULL;
}

/* Keep the static estimate of every function (before "profile").  */
static unsigned int
execute_eval_static (void)
{
  free_static_estimates ();
  static_estimates = new hash_map<tree, static_estimate *>;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!afdo_unit_function_p (node))
	continue;
      function *fn = DECL_STRUCT_FUNCTION (node->decl);
      static_estimate *s = new static_estimate;
      basic_block bb;
      FOR_ALL_BB_FN (bb, fn)
	{
	  s->blocks.put (bb, bb->count);
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    {
	      static_edge se;
	      se.src = e->src;
	      se.dest = e->dest;
	      se.prob = e->probability;
	      s->edges.put (e, se);
	    }
	}
      bool existed;
      static_estimate *&slot = static_estimates->get_or_insert (node->decl,
								 &existed);
      if (existed)
	delete slot;
      slot = s;
    }
  return 0;
}

/* Put the static estimate of cfun back in place; blocks and edges that
   "profile" made (value profile transformations) have none and get
   uninitialized counts, which the annotation treats as unknown.  */
static void
install_static_estimate (static_estimate *s)
{
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      profile_count *c = s ? s->blocks.get (bb) : NULL;
      bb->count = c ? *c : profile_count::uninitialized ();
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  static_edge *se = s ? s->edges.get (e) : NULL;
	  e->probability = (se && se->src == e->src && se->dest == e->dest
			    ? se->prob : profile_probability::uninitialized ());
	}
    }
}

/* Everything afdo_annotate_function writes, saved from cfun.  */
struct saved_profile
{
  auto_vec<profile_count> blocks;
  auto_vec<profile_probability> probs;
  auto_vec<profile_count> call_counts;
  profile_count node_count;
  profile_count count_max;
  profile_status_d status;
  node_frequency frequency;
  bool startup, exit;
};

static void
save_profile (cgraph_node *node, saved_profile *p)
{
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      p->blocks.safe_push (bb->count);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	p->probs.safe_push (e->probability);
    }
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    p->call_counts.safe_push (e->count);
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    p->call_counts.safe_push (e->count);
  p->node_count = node->count;
  p->count_max = cfun->cfg->count_max;
  p->status = profile_status_for_fn (cfun);
  p->frequency = node->frequency;
  p->startup = node->only_called_at_startup;
  p->exit = node->only_called_at_exit;
}

static void
restore_profile (cgraph_node *node, const saved_profile *p)
{
  unsigned ib = 0, ie = 0, ic = 0;
  basic_block bb;
  FOR_ALL_BB_FN (bb, cfun)
    {
      bb->count = p->blocks[ib++];
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	e->probability = p->probs[ie++];
    }
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    e->count = p->call_counts[ic++];
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    e->count = p->call_counts[ic++];
  node->count = p->node_count;
  cfun->cfg->count_max = p->count_max;
  profile_status_for_fn (cfun) = p->status;
  node->frequency = p->frequency;
  node->only_called_at_startup = p->startup;
  node->only_called_at_exit = p->exit;
}

static gcov_type
block_count (basic_block bb)
{
  if (!bb->count.initialized_p ())
    return 0;
  gcov_type c = bb->count.to_gcov_type ();
  return c > 0 ? c : 0;
}

/* The block overlap of counts F and GT over N blocks (see the head of
   this file); 0 when either sum is 0.  */
static double
block_overlap (const gcov_type *f, const gcov_type *gt, unsigned n)
{
  double sf = 0, sg = 0;
  for (unsigned i = 0; i < n; i++)
    {
      sf += (double) f[i];
      sg += (double) gt[i];
    }
  if (sf <= 0 || sg <= 0)
    return 0.0;
  double d = 0;
  for (unsigned i = 0; i < n; i++)
    d += MIN ((double) f[i] / sf, (double) gt[i] / sg);
  return MIN (d, 1.0);
}

/* Block count files.  The text of one translation unit is collected
   and appended to the file with one write, so the compilations of a
   parallel build do not interleave.  */
struct counts_buffer
{
  char *text;
  size_t size;
  FILE *f;
};

static void
counts_open (counts_buffer *b)
{
  b->text = NULL;
  b->size = 0;
  b->f = open_memstream (&b->text, &b->size);
}

static void
counts_close (counts_buffer *b, const char *file)
{
  if (!b->f)
    return;
  fclose (b->f);
  b->f = NULL;
  int fd = open (file, O_WRONLY | O_CREAT | O_APPEND, 0666);
  bool ok = fd >= 0;
  size_t done = 0;
  while (ok && done < b->size)
    {
      ssize_t w = write (fd, b->text + done, b->size - done);
      if (w <= 0)
	ok = false;
      else
	done += (size_t) w;
    }
  if (fd >= 0 && close (fd) != 0)
    ok = false;
  if (!ok)
    error ("afdo: cannot write block counts to %qs: %s", file,
	   xstrerror (errno));
  free (b->text);
  b->text = NULL;
}

/* The successors of an old block (one there before "profile") through
   the new blocks "profile" made: the old blocks reached first, each once,
   in edge order.  Appends their numbers to OUT; false when the new
   blocks go deeper than DEPTH.  */
static bool
old_successors (basic_block bb, static_estimate *old, const vec<int> &number,
		vec<int> &stamp, int id, auto_vec<int> &out, int depth)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      basic_block d = e->dest;
      if (old->blocks.get (d))
	{
	  if (!out.contains (number[d->index]))
	    out.safe_push (number[d->index]);
	  continue;
	}
      if (stamp[d->index] == id)
	continue;
      stamp[d->index] = id;
      if (depth <= 0
	  || !old_successors (d, old, number, stamp, id, out, depth - 1))
	return false;
    }
  return true;
}

/* Append the blocks of cfun with counts COUNTS (indexed by block
   index; NULL: the CFG's own) to B.  Blocks are numbered in their
   order: ENTRY 0, the blocks 1 to N, EXIT N + 1; each line lists the
   block's successors, which is the CFG's shape.  KIND is "profile" when
   the counts come from a profile, "guessed" for the static estimate.

   OLD (the static estimate of a -fprofile-use build, NULL otherwise)
   tells the blocks that were there before "profile".  The blocks
   "profile" made are left out: the empty blocks it puts on edges to
   count them apart (GCC's cleanup keeps those whose edge has a location
   of its own), and those of its value profile transformations (a
   division or call split by the value seen most), which come between
   the first part of the block that held the statement and the old
   successors of that block.  An old block's successors are then the old
   blocks reached through them, so the CFG listed is the one the sampled
   builds see, and an old block's count is that of the block as it was
   (its first part).  */
static void
counts_function (counts_buffer *b, cgraph_node *node, const gcov_type *counts,
		 const char *kind, static_estimate *old)
{
  if (!b->f)
    return;
  basic_block bb;
  auto_vec<int> number;
  number.safe_grow_cleared (last_basic_block_for_fn (cfun));
  int n = 0;
  FOR_ALL_BB_FN (bb, cfun)
    if (!old || old->blocks.get (bb))
      number[bb->index] = n++;
    else
      number[bb->index] = -1;

  /* The text of the blocks first: KIND may still change.  */
  auto_vec<int> stamp;
  stamp.safe_grow_cleared (last_basic_block_for_fn (cfun));
  for (unsigned i = 0; i < stamp.length (); i++)
    stamp[i] = -1;
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream (&text, &size);
  if (!f)
    return;
  FOR_ALL_BB_FN (bb, cfun)
    {
      if (number[bb->index] < 0)
	continue;
      gcov_type c = counts ? counts[bb->index] : block_count (bb);
      fprintf (f, "%d %" PRId64, number[bb->index], (int64_t) c);
      auto_vec<int> succs;
      if (old)
	{
	  if (!old_successors (bb, old, number, stamp, bb->index, succs, 64))
	    kind = "unmatched";
	}
      else
	{
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    succs.safe_push (number[e->dest->index]);
	}
      for (unsigned i = 0; i < succs.length (); i++)
	fprintf (f, " %d", succs[i]);
      fputc ('\n', f);
    }
  fclose (f);
  fprintf (b->f, "function %s %s %s %d\n", main_input_filename,
	   node->asm_name (), kind, n - 2);
  fwrite (text, 1, size, b->f);
  free (text);
}

static static_estimate *
static_estimate_of (cgraph_node *node)
{
  static_estimate **s = (static_estimates
			 ? static_estimates->get (node->decl) : NULL);
  return s ? *s : NULL;
}

/* Whether the counts of cfun come from a profile.  */
static bool
profiled_p (void)
{
  profile_count c = ENTRY_BLOCK_PTR_FOR_FN (cfun)->count;
  return c.initialized_p () && c.quality () >= AFDO;
}

static double
percent (double part, double whole)
{
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

/* Print one line to stderr and to the dump.  */
static void ATTRIBUTE_PRINTF_1
eval_line (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  fprintf (stderr, "afdo: %s: evaluate: ", afdo_input_name ());
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  va_end (ap);
  if (dump_file)
    {
      va_start (ap, fmt);
      fputs ("evaluate: ", dump_file);
      vfprintf (dump_file, fmt, ap);
      fputc ('\n', dump_file);
      va_end (ap);
    }
}

/* Larger differences first, then by block index.  */
static int
cmp_block_loss (const void *a, const void *b)
{
  typedef std::pair<double, basic_block> loss;
  const loss *x = (const loss *) a, *y = (const loss *) b;
  if (x->first != y->first)
    return x->first > y->first ? -1 : 1;
  return x->second->index - y->second->index;
}

/* With dump=details: the blocks of cfun whose share of the function's
   count differs most between the plugin's counts F and the exact ones
   GT (both indexed by block index), each with its first line.  Half
   the differences summed over all blocks is what the function's
   overlap lacks of 100 %, so these blocks say where it is lost.  */
static void
dump_block_losses (const char *name, const vec<gcov_type> &f,
		   const vec<gcov_type> &gt)
{
  if (!dump_file || !(dump_flags & TDF_DETAILS))
    return;
  double sf = 0, sg = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    {
      sf += (double) f[bb->index];
      sg += (double) gt[bb->index];
    }
  if (sf <= 0 || sg <= 0)
    return;
  auto_vec<std::pair<double, basic_block> > diffs;
  FOR_EACH_BB_FN (bb, cfun)
    {
      double d = f[bb->index] / sf - gt[bb->index] / sg;
      if (d < 0)
	d = -d;
      if (d >= 0.001)
	diffs.safe_push (std::make_pair (d, bb));
    }
  if (diffs.is_empty ())
    return;
  diffs.qsort (cmp_block_loss);
  fprintf (dump_file, "evaluate: %s: the blocks furthest from the exact "
	   "counts (share of the function's count):\n", name);
  for (unsigned k = 0; k < diffs.length () && k < 12; k++)
    {
      bb = diffs[k].second;
      int line = 0;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	if (!is_gimple_debug (gsi_stmt (gsi))
	    && gimple_location (gsi_stmt (gsi)) != UNKNOWN_LOCATION)
	  {
	    line = LOCATION_LINE (gimple_location (gsi_stmt (gsi)));
	    break;
	  }
      fprintf (dump_file, "  bb %d", bb->index);
      if (line)
	fprintf (dump_file, " line %d", line);
      fprintf (dump_file, ": %s, exact %.1f%% (%" PRId64 "), "
	       "plugin %.1f%% (%" PRId64 ")\n",
	       f[bb->index] / sf > gt[bb->index] / sg ? "over" : "under",
	       100.0 * gt[bb->index] / sg, (int64_t) gt[bb->index],
	       100.0 * f[bb->index] / sf, (int64_t) f[bb->index]);
    }
}

/* Evaluate the functions of the translation unit; append the exact
   counts to EXACT_OUT and the plugin's to OURS_OUT.  */
static void
evaluate_unit (afdo_session *s, counts_buffer *exact_out,
	       counts_buffer *ours_out)
{
  if (!afdo_session_read (s))
    return;

  /* The instances, found and folded as the "autofdo" pass does.  */
  afdo_unit *unit = afdo_unit_begin (s);
  afdo_fold_unit (unit);
  if (s->opts.refold)
    afdo_refold_unit (unit);
  const vec<afdo_unit_fn> &fns = unit->fns;

  double tu_sum = 0, tu_weight = 0;
  unsigned n_eval = 0, n_miss = 0, n_idle = 0, n_noexact = 0;
  for (unsigned i = 0; i < fns.length (); i++)
    {
      cgraph_node *node = fns[i].node;
      push_cfun (DECL_STRUCT_FUNCTION (node->decl));
      const char *name = node->asm_name ();
      if (profile_status_for_fn (cfun) != PROFILE_READ || !profiled_p ())
	{
	  eval_line ("%s: no exact counts (no .gcda data); left out", name);
	  n_noexact++;
	  pop_cfun ();
	  continue;
	}

      int nb = last_basic_block_for_fn (cfun);
      auto_vec<gcov_type> gt, f;
      gt.safe_grow_cleared (nb);
      f.safe_grow_cleared (nb);
      basic_block bb;
      FOR_ALL_BB_FN (bb, cfun)
	gt[bb->index] = block_count (bb);
      double weight = 0;
      FOR_EACH_BB_FN (bb, cfun)
	weight += (double) gt[bb->index];
      static_estimate *est = static_estimate_of (node);
      counts_function (exact_out, node, gt.address (), "profile", est);

      afdo_function *inst = unit->names->top (node->decl);
      bool applied = false;
      if (inst)
	{
	  saved_profile saved;
	  save_profile (node, &saved);
	  install_static_estimate (est);
	  if (dump_file)
	    fprintf (dump_file, "function %s: instance %s total %" PRIu64
		     " head %" PRIu64 "\n", node->dump_name (),
		     afdo_name (unit->prof, inst->name), inst->total, inst->head);
	  afdo_fn_result res;
	  afdo_annotate_function (unit, inst,
				  fns[i].exact && !node->split_part, &res);
	  applied = res.applied;
	  if (applied)
	    FOR_ALL_BB_FN (bb, cfun)
	      f[bb->index] = block_count (bb);
	  restore_profile (node, &saved);
	}
      counts_function (ours_out, node, f.address (),
		       applied ? "profile" : "guessed", est);

      if (weight <= 0)
	{
	  eval_line ("%s: not run in the instrumented run; not weighed",
		     name);
	  n_idle++;
	  pop_cfun ();
	  continue;
	}
      /* The real blocks only.  */
      auto_vec<gcov_type> fv, gv;
      FOR_EACH_BB_FN (bb, cfun)
	{
	  fv.safe_push (f[bb->index]);
	  gv.safe_push (gt[bb->index]);
	}
      double d = applied ? block_overlap (fv.address (), gv.address (),
					  fv.length ()) : 0.0;
      n_eval++;
      if (!applied)
	n_miss++;
      tu_sum += d * weight;
      tu_weight += weight;
      eval_line ("%s: block overlap %.1f%%%s; %u blocks; weight=%.0f",
		 name, 100.0 * d,
		 applied ? "" : (inst ? " (no statement matched: a miss)"
				 : " (not in the sampled profile: a miss)"),
		 (unsigned) fv.length (), weight);
      if (applied)
	dump_block_losses (name, f, gt);
      pop_cfun ();
    }
  eval_line ("translation unit: weighted block overlap %.1f%% over %u "
	     "functions (%u of them misses), weight %.0f (the exact block "
	     "counts); %u not run, %u without exact counts",
	     percent (tu_sum, tu_weight), n_eval, n_miss, tu_weight, n_idle,
	     n_noexact);
  afdo_unit_end (unit);
}

/* The counts GCC holds for every function now (counts=).  */
static void
counts_unit (counts_buffer *out)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!afdo_unit_function_p (node))
	continue;
      push_cfun (DECL_STRUCT_FUNCTION (node->decl));
      counts_function (out, node, NULL,
		       profiled_p () ? "profile" : "guessed",
		       flag_branch_probabilities && !flag_auto_profile
		       ? static_estimate_of (node) : NULL);
      pop_cfun ();
    }
}

static unsigned int
execute_eval (afdo_session *s)
{
  const afdo_plugin_options &opts = s->opts;
  counts_buffer exact_out, ours_out;
  exact_out.f = ours_out.f = NULL;
  exact_out.text = ours_out.text = NULL;
  if (opts.counts)
    counts_open (&exact_out);
  if (opts.evaluate && opts.evaluate_counts)
    counts_open (&ours_out);
  if (opts.evaluate && flag_branch_probabilities && !flag_auto_profile)
    evaluate_unit (s, &exact_out, &ours_out);
  else if (opts.counts)
    counts_unit (&exact_out);
  if (opts.counts)
    counts_close (&exact_out, opts.counts);
  if (opts.evaluate && opts.evaluate_counts)
    counts_close (&ours_out, opts.evaluate_counts);
  free_static_estimates ();
  return 0;
}

/* Before "profile": the static estimates, under -fprofile-use.  */
static bool
eval_static_gate (afdo_session *s, function *)
{
  return optimize > 0 && !in_lto_p && !seen_error ()
	 && (s->opts.evaluate || s->opts.counts)
	 && flag_branch_probabilities && !flag_auto_profile;
}

static unsigned int
eval_static_execute (afdo_session *, function *)
{
  return execute_eval_static ();
}

/* After it: the comparison and the block count files.  */
static bool
eval_gate (afdo_session *s, function *)
{
  return optimize > 0 && !in_lto_p && !seen_error ()
	 && (s->opts.evaluate || s->opts.counts);
}

static unsigned int
eval_execute (afdo_session *s, function *)
{
  return execute_eval (s);
}

bool
afdo_evaluate_check (afdo_session *s, const char *plugin_name)
{
  if (s->opts.evaluate
      && (!flag_branch_probabilities || flag_auto_profile))
    {
      error ("%s: argument %<evaluate%> compares with the exact counts of "
	     "%<-fprofile-use%>, which is not given%s", plugin_name,
	     flag_auto_profile ? " (or given with -fauto-profile)" : "");
      return false;
    }
  if (s->opts.evaluate && !s->opts.profile)
    {
      error ("%s: argument %<evaluate%> needs "
	     "%<-fplugin-arg-%s-profile=FILE%>", plugin_name, plugin_name);
      return false;
    }
  return true;
}

void
afdo_evaluate_register (afdo_session *s, const char *base_name,
			const char *dump)
{
  if (!s->opts.evaluate && !s->opts.counts)
    return;
  afdo_register_pass (base_name,
		      new afdo_pass<simple_ipa_opt_pass>
		      (afdo_pass_data (SIMPLE_IPA_PASS, "*autofdo_eval_static",
				       TV_IPA_AUTOFDO, 0),
		       s, eval_static_gate, eval_static_execute),
		      "profile", PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name,
		      new afdo_pass<simple_ipa_opt_pass>
		      (afdo_pass_data (SIMPLE_IPA_PASS, "autofdo_eval",
				       TV_IPA_AUTOFDO, 0),
		       s, eval_gate, eval_execute),
		      "profile", PASS_POS_INSERT_AFTER);
  if (dump)
    {
      char *sw = concat ("ipa-autofdo_eval", *dump ? "-" : "", dump, NULL);
      g->get_dumps ()->dump_switch_p (sw);
      free (sw);
    }
}
