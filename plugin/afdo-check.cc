/* afdo: the plugin's check of what GCC made of its counts: sampled code
   compiled as not hot.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The worst a profile can do is make GCC compile hot code as cold: for
   size, with a division by a constant as a division, without unrolling
   or vectorizing, out of line.  With check-hot=1, a GIMPLE pass after
   all of GCC's GIMPLE optimizations ("*autofdo_check", right before
   "optimized") looks up every statement of every function in the
   unit's profile, as annotation did, and where a statement's position
   (its line, and its block's discriminator as annotation takes it,
   afdo_disc_position) has
   at least the hot threshold's samples but GCC optimizes its block for
   size (optimize_bb_for_size_p: not hot, or in a cold function), says
   so, on stderr:

     afdo: FILE: not hot: FUNCTION: line L: N samples

   one line per line of source (FILE is the line's own file, which for
   a function of an included file or of one inlined from a header is not
   the unit's), and a last line with the unit's sum.
   The discriminator keeps the cold blocks of a line from taking the
   samples of its hot ones (the error paths of a macro expanded on one
   line).  A cold copy of a position that also has a hot copy in the
   function is not reported: GCC copies a loop's test in front of the
   loop, where it runs once per entry, and a copy without a
   discriminator of its own is looked up by its line.
   A function whose calls GCC's inliner all inlined may keep an own body
   with a count of 0 and its lines listed: the line says so.
   Statements GCC's own inliner brought in after annotation are looked
   up through the callee's own instance.  The benchmark harness gathers
   these lines (benchmarks/lib/regressions.sh).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "predict.h"
#include "hash-set.h"
#include "hash-map.h"
#include "dumpfile.h"
#include "langhooks.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

namespace {

/* check-hot runs on the functions the plugin annotated, with the
   unit's lookups kept.  */
static bool
check_gate (afdo_session *s, function *)
{
  return s->opts.check_hot && s->unit_names && s->any_annotated;
}

/* A line of source with samples that GCC compiles as not hot.  */
struct check_line
{
  const char *file;
  int line;
  uint64_t samples;
};

/* A statement's position in the source as the check keys it: its line
   (with its file) and its block's discriminator.  */
struct check_pos
{
  const char *file;
  int line;
  int discriminator;
};

static int
cmp_pos (const void *pa, const void *pb)
{
  const check_pos *a = (const check_pos *) pa;
  const check_pos *b = (const check_pos *) pb;
  if (a->line != b->line)
    return a->line < b->line ? -1 : 1;
  if (a->discriminator != b->discriminator)
    return a->discriminator < b->discriminator ? -1 : 1;
  if (a->file == b->file)
    return 0;
  if (!a->file || !b->file)
    return a->file ? 1 : -1;
  return strcmp (a->file, b->file);
}

static check_pos
stmt_pos (basic_block bb, gimple *stmt)
{
  expanded_location xloc = expand_location (gimple_location (stmt));
  return { xloc.file, xloc.line, bb->discriminator };
}

/* The positions GCC compiles as hot somewhere in FN, sorted; each
   also as its line alone (discriminator -1), for the copies looked up
   by their line.  A position can have copies: the test of a loop GCC
   copies in front of it (loop header copying) runs once per entry, the
   copy in the loop once per iteration, and both have the line and
   discriminator of the test.  The copy in front is cold, and rightly
   so; what the samples measured is compiled as hot.  */
static void
hot_positions (function *fn, vec<check_pos> &hot)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      if (optimize_bb_for_size_p (bb))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
	   !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (gimple_code (stmt) == GIMPLE_LABEL
	      || gimple_location (stmt) == UNKNOWN_LOCATION)
	    continue;
	  check_pos p = stmt_pos (bb, stmt);
	  hot.safe_push (p);
	  p.discriminator = -1;
	  hot.safe_push (p);
	}
    }
  hot.qsort (cmp_pos);
}

/* The check of FN: its lines with samples that GCC does not compile as
   hot, counted in the session and dumped.  */
static unsigned int
check_execute (afdo_session *s, function *fn)
{
  s->check_functions++;
  /* A cold copy of a position that has a hot one is not reported; the
     hot positions are gathered at the first sampled statement of a
     cold block.  */
  auto_vec<check_pos> hot;
  bool have_hot = false;
  /* Each line of source once, with its samples; a unit's function can
     have lines of more than one file (headers, included sources).  */
  auto_vec<check_line> lines;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      if (!optimize_bb_for_size_p (bb))
	continue;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_LABEL)
	    continue;
	  uint32_t offset;
	  afdo_function *inst = afdo_stmt_instance_any (s->unit_names, stmt,
							&offset);
	  if (!inst)
	    continue;
	  bool by_line = true;
	  uint64_t c = (s->opts.discriminators
			? afdo_block_line_count (inst, offset,
						 (uint32_t) MAX (bb->discriminator,
								 0),
						 &by_line)
			: afdo_line_max (inst, offset));
	  if (c < s->hot_count)
	    continue;
	  if (!have_hot)
	    {
	      hot_positions (fn, hot);
	      have_hot = true;
	    }
	  check_pos p = stmt_pos (bb, stmt);
	  if (by_line)
	    p.discriminator = -1;
	  if (!hot.is_empty ()
	      && bsearch (&p, hot.address (), hot.length (), sizeof p,
			  cmp_pos))
	    continue;
	  check_line *l = NULL;
	  for (check_line &e : lines)
	    if (e.line == p.line
		&& (e.file == p.file
		    || (e.file && p.file && strcmp (e.file, p.file) == 0)))
	      l = &e;
	  if (l)
	    l->samples = MAX (l->samples, c);
	  else
	    lines.safe_push ({ p.file, p.line, c });
	}
    }
  /* After GCC's inliner moved a function's calls into its callers, the
     function's own body can be left with a count of 0 ("globally 0"):
     its samples went to the inlined copies.  */
  profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (fn)->count;
  const char *moved = (entry.initialized_p () && entry.ipa () == entry
		       ? "" : " (its own count is 0 after GCC's inliner)");
  for (const check_line &l : lines)
    {
      s->check_lines++;
      s->check_samples = afdo_count_add (s->check_samples, l.samples);
      fprintf (stderr, "afdo: %s: not hot: %s: line %d: %" PRIu64
	       " samples%s\n", l.file ? l.file : afdo_input_name (),
	       lang_hooks.decl_printable_name (fn->decl, 2), l.line,
	       l.samples, moved);
      if (dump_file)
	fprintf (dump_file, "not hot: line %d: %" PRIu64 " samples\n",
		 l.line, l.samples);
    }
  return 0;
}

} // anon namespace

opt_pass *
afdo_make_check_pass (afdo_session *s)
{
  return new afdo_pass<gimple_opt_pass>
    (afdo_pass_data (GIMPLE_PASS, "*autofdo_check", TV_NONE, PROP_cfg), s,
     check_gate, check_execute);
}

void
afdo_check_report (afdo_session *s)
{
  if (!s->opts.check_hot || !s->unit_names)
    return;
  /* Nothing was checked here: a unit compiled to bytecode only (-flto),
     or the whole-program step of a link.  */
  if (!s->check_functions)
    return;
  /* A link's partitions are temporary files: each reports as "link
     time".  */
  fprintf (stderr, "afdo: %s: not hot: %u lines with %" PRIu64 " samples "
	   "at least the hot threshold's (%" PRIu64 ")\n",
	   s->lto ? "link time" : afdo_input_name (),
	   s->check_lines, s->check_samples, s->hot_count);
}
