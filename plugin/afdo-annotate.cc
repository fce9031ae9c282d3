/* afdo: block annotation for the GCC plugin.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* For the function in cfun and its top-level profile instance, every
   statement is looked up along its inline stack (afdo-lookup.cc) down
   to a position count; the innermost position uses the discriminator
   of the statement's block.  A block's count is the MAX over its
   statements (seed 000, Algorithm 4); a block none of whose statements
   is in the profile is unannotated, which is not the same as zero.  The
   instance's head count, when it is this function's, is the entry
   block's.  What the counts become is decided by the stages after this
   one (afdo-infer.cc, afdo-handoff.cc).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "dominance.h"
#include "hash-set.h"
#include "hash-map.h"
#include "tree-pass.h"
#include "ipa-utils.h"
#include "dumpfile.h"
#include "afdo-plugin.h"

/* Counts here are gcov_type, kept at most afdo_count_cap, well below
   profile_count's limit, so sums cannot overflow.  */
static gcov_type
cap_count (uint64_t c)
{
  return c >= (uint64_t) afdo_count_cap ? afdo_count_cap : (gcov_type) c;
}

/* C samples in the units of the counts handed to GCC.  */
static gcov_type
scaled (const afdo_unit *unit, gcov_type c)
{
  uint64_t scale = unit->s->scale;
  if ((uint64_t) c >= (uint64_t) afdo_count_cap / scale)
    return afdo_count_cap;
  return c * (gcov_type) scale;
}

/* State of the annotation of one function.  */
struct annotate_ctx
{
  afdo_unit *unit;
  afdo_names *names;
  afdo_function *top;
  /* The samples this function matched that no function of the unit
     before it did (afdo_unit_match).  */
  uint64_t matched;
  /* Only mark the nested instances reached.  */
  bool dry;
};

static void
mark_used (annotate_ctx *ctx, const afdo_function *inst, const afdo_pos *pos)
{
  if (ctx->dry)
    return;
  ctx->matched = afdo_count_add (ctx->matched,
				 afdo_unit_match (ctx->unit, inst, pos->key));
}

/* The count of line offset OFFSET, discriminator DISC in INST.

   With discriminators, an exact (offset, discriminator) entry is used.
   Failing that, the discriminator-0 entry of the line is used, but only
   when the profile has no other discriminator on that line: a profile
   that tells the blocks of a line apart and has no entry for this one
   says it had no samples.  With discriminators=0 the largest entry of
   the line is used, as if the profile had none.  *LINE_KNOWN (may be
   NULL) is set when the line has an entry for any discriminator.  */
static bool
position_count (annotate_ctx *ctx, const afdo_function *inst,
		uint32_t offset, uint32_t disc, gcov_type *count,
		const afdo_pos **source = NULL, bool *line_known = NULL)
{
  uint32_t first, last;
  afdo_line_positions (inst, offset, &first, &last);
  if (first == last)
    return false;
  if (line_known)
    *line_known = true;

  if (!ctx->unit->s->opts.discriminators)
    {
      const afdo_pos *best = &inst->pos[first];
      for (uint32_t i = first; i < last; i++)
	{
	  if (inst->pos[i].count > best->count)
	    best = &inst->pos[i];
	  mark_used (ctx, inst, &inst->pos[i]);
	}
      *count = cap_count (best->count);
      if (source)
	*source = best;
      return true;
    }

  const afdo_pos *hit = afdo_disc_position (inst, offset, disc);
  if (!hit)
    return false;
  mark_used (ctx, inst, hit);
  *count = cap_count (hit->count);
  if (source)
    *source = hit;
  return true;
}

/* The profile count of STMT in a block with discriminator DISC.
   *LOCATED (may be NULL) is set when STMT's inline stack leads to an
   instance of the profile, whether or not its line has samples.  */
static bool
stmt_count (annotate_ctx *ctx, gimple *stmt, int disc, gcov_type *count,
	    bool *located, const afdo_pos **source = NULL,
	    bool *line_known = NULL)
{
  uint32_t offset;
  afdo_function *inst = afdo_stmt_instance (ctx->names, ctx->top, stmt,
					    true, &offset);
  if (inst && located)
    *located = true;
  return inst && position_count (ctx, inst, offset,
				 disc < 0 ? 0 : (uint32_t) disc, count, source,
				 line_known);
}

/* The function STMT, a call, reaches (through aliases), or NULL for an
   indirect, internal or built-in call.  */
static cgraph_node *
called_node (gimple *stmt)
{
  tree fndecl = gimple_call_fndecl (stmt);
  if (!fndecl || gimple_call_internal_p (stmt) || fndecl_built_in_p (fndecl))
    return NULL;
  cgraph_node *callee = cgraph_node::get (fndecl);
  return callee ? callee->ultimate_alias_target () : NULL;
}

/* Whether STMT, a call, is in the profile (its inline stack leads to
   an instance) with no instance with samples inlined at it: in the
   profiled binary it was a call.  */
static bool
out_of_line_call_p (annotate_ctx *ctx, gimple *stmt)
{
  uint32_t offset;
  afdo_function *inst = afdo_stmt_instance (ctx->names, ctx->top, stmt,
					    false, &offset);
  if (!inst)
    return false;
  afdo_function *nested = afdo_callee_at (ctx->names->prof, inst, offset,
					  AFDO_ANY_DISC, AFDO_ANY_NAME);
  return !nested || nested->total == 0;
}

/* Whether STMT, a call, calls a function defined in this translation
   unit of which the profile has no samples: no top-level instance with
   samples, and no instance inlined at this call.  Had the call run
   often, the callee's code would have collected samples somewhere.  */
static bool
calls_unsampled_p (annotate_ctx *ctx, gimple *stmt)
{
  cgraph_node *callee = called_node (stmt);
  if (!callee || !callee->definition)
    return false;
  afdo_function *top = ctx->names->top (callee->decl);
  return (!top || top->total == 0) && out_of_line_call_p (ctx, stmt);
}

/* The row of the opening brace of FN (DECL) in INSTANCE, its profile,
   in *COUNT: without a head count (a profile of IP samples) it counts
   the function's entries, as in the binary that line holds the
   prologue, which runs once per call, and no statement of the function
   body has it.  False when FN has no body here, the line is not one of
   its own, or the profile has no row for it.  */
static bool
brace_count (annotate_ctx *ctx, function *fn, tree decl,
	     const afdo_function *instance, gcov_type *count)
{
  if (!fn || !fn->cfg)
    return false;
  location_t start = fn->function_start_locus;
  if (LOCATION_LOCUS (start) == UNKNOWN_LOCATION)
    return false;
  int line = LOCATION_LINE (start);
  int decl_line = DECL_SOURCE_LINE (decl);
  if (line < decl_line)
    return false;
  /* A statement of the function's own on the brace's line shares its
     samples.  */
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	location_t loc = gimple_location (stmt);
	if (is_gimple_debug (stmt) || LOCATION_LOCUS (loc) == UNKNOWN_LOCATION
	    || LOCATION_LINE (loc) != line)
	  continue;
	if (!afdo_stmt_inlined_p (stmt))
	  return false;
      }
  return position_count (ctx, instance,
			 (uint32_t) (line - decl_line) & 0xffffu, 0, count);
}

/* The entries of the current function by the row of its opening brace
   (brace_count); 0 when the line has no samples or is not a line of
   its own.  */
static gcov_type
prologue_count (annotate_ctx *ctx, afdo_function *instance)
{
  gcov_type c = 0;
  if (!brace_count (ctx, cfun, current_function_decl, instance, &c))
    return 0;
  return c;
}

/* Whether STMT, a call, reaches an out-of-line function of which the
   profile has samples: its top-level instance has samples and none is
   inlined at this call.  Its samples bound how often the call ran, in
   *SAMPLES: each run of the callee's code, from its entry to its
   return, could have taken them.  lua's lua_geti chooses between a
   table's array part (four cheap instructions, 5 samples) and a call
   of luaH_getint (no samples at the call; 31 samples in all in
   luaH_getint): the flow, for which raising a sampled block fifty
   times is dearer than raising an unsampled one, sent 98 % of the
   calls through luaH_getint, and GCC made the array part a taken jump
   round the call.

   Where the profile counts the callee's entries (a head count, or the
   row of its opening brace when its body is in this unit), the bound
   is the upper end of their 99 % interval: the samples of the whole
   callee are those of every statement of every run.  lua's
   OP_GETFIELD calls luaH_getshortstr for a table (26 samples on the
   call's block, 67 on the test before it) and luaV_finishget
   otherwise (no samples at the call; 35 in luaV_finishget, 2 on its
   brace): bounded by the 35, the flow sent 55 % of the test's count to
   luaV_finishget, which callgrind says took 4 % of it; bounded by its
   entries, 14 %.  */
static bool
call_samples_bound (annotate_ctx *ctx, gimple *stmt, gcov_type *samples)
{
  cgraph_node *callee = called_node (stmt);
  if (!callee)
    return false;
  /* The whole profile's: the unit's has only its own functions.  */
  afdo_function *top = ctx->unit->whole->top (callee->decl);
  if (!top || top->total == 0 || !out_of_line_call_p (ctx, stmt))
    return false;
  *samples = cap_count (top->total);
  if (!ctx->unit->s->opts.entry_bounds)
    return true;
  gcov_type entries = 0;
  /* A head count counts calls; a row is in samples per instruction, and
     the samples behind it are about the row times the statements per
     position (afdo_stmts_per_position).  */
  double per = 1.0;
  bool known = top->head > 0;
  if (known)
    entries = cap_count (top->head);
  else
    {
      function *fn = DECL_STRUCT_FUNCTION (callee->decl);
      /* Only read: the rows are the callee's to count as matched.  */
      annotate_ctx peek = *ctx;
      peek.dry = true;
      known = brace_count (&peek, fn, callee->decl, top, &entries);
      if (known)
	per = afdo_stmts_per_position (fn);
    }
  if (known)
    {
      double up = afdo_poisson_upper ((double) entries * per) / per;
      if (up < (double) *samples)
	*samples = (gcov_type) up + 1;
    }
  return true;
}

void
afdo_mark_reached (afdo_unit *unit, afdo_names *names,
		   afdo_function *instance)
{
  annotate_ctx ctx;
  ctx.unit = unit;
  ctx.names = names;
  ctx.top = instance;
  ctx.matched = 0;
  ctx.dry = true;
  basic_block bb;
  FOR_EACH_BB_FN (bb, cfun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	gcov_type c;
	if (!is_gimple_debug (stmt) && gimple_code (stmt) != GIMPLE_LABEL)
	  stmt_count (&ctx, stmt, bb->discriminator, &c, NULL);
      }
}

/* The samples a 0 must be measured against (the evidence rule): had a
   block run as often as its nearest dominator with samples, it would
   have taken about as many samples per statement.  A sample count is a
   Poisson observation: a 0 where EVIDENCE_EXPECTED samples were
   expected has a chance of e^-5 (0.7 %) to be chance; where fewer were
   expected, it says nothing.  */
#define EVIDENCE_EXPECTED 5

/* Whether STMT takes code: not a debug statement, label, clobber or
   prediction.  */
static bool
code_stmt_p (gimple *stmt)
{
  return (!is_gimple_debug (stmt) && gimple_code (stmt) != GIMPLE_LABEL
	  && !gimple_clobber_p (stmt) && gimple_code (stmt) != GIMPLE_PREDICT);
}

/* The statements of block B that take code, at least 1.  */
int
afdo_code_stmts (basic_block b)
{
  int n = 0;
  for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (b); !gsi_end_p (gsi);
       gsi_next_nondebug (&gsi))
    if (code_stmt_p (gsi_stmt (gsi)))
      n++;
  return MAX (n, 1);
}

/* The statements that take code per source position (line and
   discriminator) in FN's body, at least 1.  A position's count is an
   execution count in samples per instruction (the MAX of its
   instructions'), so the samples behind a count are about the count
   times the position's instructions; the statements stand for them.  */
double
afdo_stmts_per_position (function *fn)
{
  if (!fn || !fn->cfg)
    return 1.0;
  hash_set<int_hash<HOST_WIDE_INT, -1, -2> > positions;
  HOST_WIDE_INT stmts = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    for (gimple_stmt_iterator gsi = gsi_start_nondebug_bb (bb);
	 !gsi_end_p (gsi); gsi_next_nondebug (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	location_t loc = gimple_location (stmt);
	if (!code_stmt_p (stmt) || loc == UNKNOWN_LOCATION)
	  continue;
	stmts++;
	HOST_WIDE_INT key = ((HOST_WIDE_INT) LOCATION_LINE (loc) << 20)
			    + (bb->discriminator & 0xfffff);
	positions.add (key);
      }
  if (positions.elements () == 0)
    return 1.0;
  return MAX ((double) stmts / (double) positions.elements (), 1.0);
}

/* The samples block B, located in the profile without samples, would
   have taken had it run as often as its nearest dominator with samples
   (the dominator's count, samples per instruction, times B's code
   statements); 0 when B's lines have no row in the profile (LINE_KNOWN
   false: a line without a row had no code of its own in the profiled
   binary, or the profile does not write rows of 0, and says nothing)
   or no dominator has samples.  *EVIDENCE gets the evidence rule's
   weaker figure: the nearest dominator with a row, samples or not, and
   its count per code statement of its own.  */
static double
zero_expected (vec<afdo_bb_count> &d, basic_block b, bool line_known,
	       double *evidence)
{
  *evidence = 0.0;
  if (!line_known)
    return 0.0;
  double stmts = (double) afdo_code_stmts (b);
  bool first = true;
  for (basic_block dom = get_immediate_dominator (CDI_DOMINATORS, b);
       dom && dom != ENTRY_BLOCK_PTR_FOR_FN (cfun);
       dom = get_immediate_dominator (CDI_DOMINATORS, dom))
    if (d[dom->index].state == AFDO_BB_ANNOTATED)
      {
	double at_rate = (double) d[dom->index].annotated_count * stmts;
	if (first)
	  *evidence = at_rate / (double) afdo_code_stmts (dom);
	first = false;
	if (d[dom->index].annotated_count > 0)
	  return at_rate;
      }
  return 0.0;
}

bool
afdo_annotate_blocks (afdo_unit *unit, afdo_function *instance,
		      bool head_ok, vec<afdo_bb_count> &d,
		      afdo_fn_result *res)
{
  annotate_ctx ctx;
  ctx.unit = unit;
  ctx.names = unit->names;
  ctx.top = instance;
  ctx.matched = 0;
  ctx.dry = false;

  basic_block bb;
  bool any = false;
  FOR_EACH_BB_FN (bb, cfun)
    {
      bool found = false, located = false, line_known = false;
      gcov_type max = 0;
      const afdo_pos *source = NULL;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt)
	      || gimple_code (stmt) == GIMPLE_LABEL
	      || gimple_code (stmt) == GIMPLE_PREDICT
	      || unit->promoted.contains (stmt))
	    continue;
	  gcov_type c;
	  const afdo_pos *pos = NULL;
	  if (stmt_count (&ctx, stmt, bb->discriminator, &c, &located, &pos,
			  &line_known))
	    {
	      if (!found || c > max)
		source = pos;
	      found = true;
	      max = MAX (max, c);
	      if (dump_file && (dump_flags & TDF_DETAILS))
		fprintf (dump_file, "  bb %d: line %d: %" PRId64 "\n",
			 bb->index, LOCATION_LINE (gimple_location (stmt)),
			 (int64_t) c);
	    }
	}
      res->n_blocks++;
      d[bb->index].located = located;
      d[bb->index].line_known = line_known;
      /* Only the inference's cost of a block without samples uses it.  */
      if (!found && located)
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (!is_gimple_call (stmt))
	      continue;
	    if (calls_unsampled_p (&ctx, stmt))
	      {
		d[bb->index].calls_unsampled = true;
		break;
	      }
	    gcov_type bound;
	    if (unit->s->opts.call_bounds
		&& call_samples_bound (&ctx, stmt, &bound))
	      {
		afdo_bb_count &b = d[bb->index];
		bound = scaled (unit, bound);
		if (!b.has_call_bound || bound < b.call_bound)
		  b.call_bound = bound;
		b.has_call_bound = true;
	      }
	  }
      if (found)
	{
	  afdo_bb_count &b = d[bb->index];
	  b.count = scaled (unit, max);
	  b.known = true;
	  b.state = AFDO_BB_ANNOTATED;
	  b.annotated_count = max;
	  b.source = source;
	  res->n_annotated++;
	  any = true;
	}
    }
  gcov_type entry_samples = 0;
  if (head_ok && instance->head > 0)
    entry_samples = cap_count (instance->head);
  else if (head_ok && unit->s->opts.prologue)
    entry_samples = prologue_count (&ctx, instance);
  if (entry_samples > 0)
    {
      afdo_bb_count &entry = d[ENTRY_BLOCK];
      entry.annotated_count = entry_samples;
      entry.count = scaled (unit, entry_samples);
      entry.known = true;
      entry.state = AFDO_BB_ANNOTATED;
      entry.located = true;
      any = true;
    }
  /* Which zeros are evidence, once every block's samples are known.  */
  if (unit->s->opts.evidence || unit->s->opts.cold_split)
    calculate_dominance_info (CDI_DOMINATORS);
  FOR_EACH_BB_FN (bb, cfun)
    {
      afdo_bb_count &b = d[bb->index];
      /* A row of 0 is annotated with no samples.  */
      if ((b.state == AFDO_BB_ANNOTATED && b.annotated_count > 0)
	  || !b.located)
	continue;
      double evidence;
      double expected = zero_expected (d, bb, b.line_known, &evidence);
      b.zero_evidence = (!unit->s->opts.evidence
			 || evidence >= (double) EVIDENCE_EXPECTED);
      /* Had it run a fraction F of its dominator's runs, it would have
	 taken none with a chance of exp (-F * EXPECTED): at cold-split
	 samples, a 0 leaves at most a few per cent of them.  Only a row
	 of 0 at the block's own position says so: where its line has rows
	 for other discriminators only, the profiled binary's copies of the
	 line were not this build's (duktape's duk_get_prop_stridx ran
	 1.3 M instructions of such blocks in its cold partition on the
	 small workload).
	 Not for a short arm, whose cheap statements take no samples even
	 when they run (afdo_short_arm_p).  */
      b.never = (unit->s->opts.cold_split > 0
		 && b.state == AFDO_BB_ANNOTATED
		 && expected >= (double) unit->s->opts.cold_split
		 && !afdo_short_arm_p (unit->s, bb));
      if (dump_file && (dump_flags & TDF_DETAILS) && !b.zero_evidence)
	fprintf (dump_file, "  bb %d: no samples, %s: unknown (%.1f)\n",
		 bb->index, b.line_known ? "too few expected" : "no row",
		 evidence);
      else if (dump_file && (dump_flags & TDF_DETAILS))
	fprintf (dump_file, "  bb %d: no samples, %.1f expected%s\n",
		 bb->index, expected, b.never ? ": cold-split" : "");
    }
  d[ENTRY_BLOCK].zero_evidence = d[ENTRY_BLOCK].located;
  res->matched = ctx.matched;
  return any;
}

/* Whether the function of NODE has samples in the unit's profile.  */
static bool
sampled_p (afdo_unit *unit, cgraph_node *node)
{
  if (!unit->names)
    return false;
  const afdo_function *inst = unit->names->top (node->decl);
  return inst && inst->total > 0;
}

/* The number of calls among which the entry count of E's callee is
   shared, E not being the only way into it (afdo_only_way_in_p): with
   entry-shares, for a local function whose address is not taken,
   E and the other calls of it from functions with samples (one
   without samples is not where the callee's entries came from); 0
   when the callee may be called from elsewhere, or calls itself.  A
   share is taken only when it reaches the hot threshold.
   lua's internshrstr is called from luaS_newlstr, whose few samples
   (a wrapper that tail-calls it) made the call 9.9 samples against
   internshrstr's 114 entries, and from luaS_init, which runs once:
   GCC's inliner then scaled the string table's hash and lookup loops
   to a twelfth where it inlined them into luaS_newlstr, below the hot
   threshold.  */
static int
entry_sharers (afdo_unit *unit, cgraph_edge *e)
{
  cgraph_node *callee = e->callee->ultimate_alias_target ();
  if (!unit->s->opts.entry_shares || !callee->local || callee->address_taken
      || e->caller == callee)
    return 0;
  int n = 0;
  for (cgraph_edge *c = callee->callers; c; c = c->next_caller)
    {
      /* The function whose body holds the call.  */
      cgraph_node *holder = c->caller->inlined_to ? c->caller->inlined_to
			    : c->caller;
      if (holder == callee)
	return 0;
      if (c == e || sampled_p (unit, holder))
	n++;
    }
  return n;
}

void
afdo_call_entry_counts (afdo_unit *unit, vec<afdo_bb_count> &d)
{
  cgraph_node *node = cgraph_node::get (current_function_decl);
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    {
      if (!e->call_stmt || !gimple_bb (e->call_stmt))
	continue;
      bool only = afdo_only_way_in_p (e);
      int sharers = only ? 1 : entry_sharers (unit, e);
      if (sharers <= 0)
	continue;
      cgraph_node *callee = e->callee->ultimate_alias_target ();
      function *fn = DECL_STRUCT_FUNCTION (callee->decl);
      /* Annotated before this function (callees come first).  */
      if (!fn || !fn->cfg || profile_status_for_fn (fn) != PROFILE_READ
	  || callee->count.quality () != AFDO)
	continue;
      gcov_type entry = callee->count.to_gcov_type () / sharers;
      /* A share below the hot threshold keeps the callee as cold where
	 it is inlined as no share does, and pinning a fraction of a
	 sample on a block the samples say nothing of only bends the
	 flow (lz4's LZ4HC_countPattern, entered once, has nine calls in
	 the match finder's loop).  */
      if (!only && entry < afdo_hot_threshold (unit->s))
	continue;
      afdo_bb_count &b = d[gimple_bb (e->call_stmt)->index];
      if (b.known && b.count >= entry)
	continue;
      b.count = entry;
      b.known = true;
      b.state = AFDO_BB_CALL;
      if (dump_file && only)
	{
	  fprintf (dump_file, "  bb %d: the only call of %s, entered ",
		   gimple_bb (e->call_stmt)->index, callee->dump_name ());
	  afdo_dump_count (unit->s, entry);
	  fputs (" times\n", dump_file);
	}
      else if (dump_file)
	{
	  fprintf (dump_file, "  bb %d: one of the %d sampled calls of %s, "
		   "its share of the entries ",
		   gimple_bb (e->call_stmt)->index, sharers,
		   callee->dump_name ());
	  afdo_dump_count (unit->s, entry);
	  fputc ('\n', dump_file);
	}
    }
}

/* The count of a function is its entry block's, which its own samples
   give; the counts of its calls are those of the blocks that hold
   them, which their callers' samples give.  When the calls add up to
   more, GCC's inliner takes each inlined call's count off the
   function's and finds nothing left for the calls it does not inline:
   the function's own body is scaled to 0 and compiled for size.  bc's
   _one_mult (entered 6.6 times by its own samples) had a call in
   bc_divide's loop of 18.7 and two more of 3.1 each: inlined at the
   first, the body the other two call (a loop over every digit of a
   number, once per division) was given count 0, and its "% 10" became
   a division instruction.  So the function is raised to its calls'
   sum, and its body with it: GCC takes a call's frequency as its
   block's count over its function's, and a body left at the entry's
   own samples made each of its calls look that much rarer than the
   function is entered.  tcc's sym_push, entered 2 times by its own
   samples and 23 by its calls', called sym_push2 in every entry at a
   frequency of 0.09, and the inliner, for which the call was no longer
   "known hot", left it and its memset alone.  Callers come first (the
   order of ipa_reverse_postorder), so that a function's calls are
   counted from a body already raised.  */
void
afdo_entry_sums (afdo_unit *unit)
{
  if (!unit->s->opts.entry_sums)
    return;
  cgraph_node **order = XCNEWVEC (cgraph_node *, symtab->cgraph_count);
  int n_order = ipa_reverse_postorder (order);
  for (int i = 0; i < n_order; i++)
    {
      cgraph_node *node = order[i];
      function *fn = DECL_STRUCT_FUNCTION (node->decl);
      if (!fn || !fn->cfg || !afdo_counts_p (fn)
	  || node->count.quality () != AFDO)
	continue;
      profile_count sum = profile_count::zero ().afdo ();
      int n = 0;
      for (cgraph_edge *e = node->callers; e; e = e->next_caller)
	if (e->count.initialized_p () && e->count.quality () == AFDO)
	  {
	    sum += e->count;
	    n++;
	  }
      /* No count above the cap, which the sum of capped counts, and a
	 loop's count scaled with the body, can pass.  */
      profile_count cap
	= profile_count::from_gcov_type (afdo_count_cap).afdo ();
      if (sum > cap)
	sum = cap;
      if (!(sum > node->count))
	continue;
      if (dump_file)
	{
	  fprintf (dump_file, "function %s: entered ", node->dump_name ());
	  afdo_dump_count (unit->s, node->count.to_gcov_type ());
	  fprintf (dump_file, " times, raised to the %d calls' ", n);
	  afdo_dump_count (unit->s, sum.to_gcov_type ());
	  fputc ('\n', dump_file);
	}
      profile_count old = node->count;
      node->count = sum;
      if (!old.nonzero_p ())
	continue;
      basic_block bb;
      FOR_ALL_BB_FN (bb, fn)
	if (bb->count.initialized_p ())
	  {
	    bb->count = bb->count.apply_scale (sum, old);
	    if (bb->count > cap)
	      bb->count = cap;
	  }
      for (int k = 0; k < 2; k++)
	for (cgraph_edge *e = k ? node->indirect_calls : node->callees; e;
	     e = e->next_callee)
	  if (e->call_stmt && gimple_bb (e->call_stmt))
	    e->count = gimple_bb (e->call_stmt)->count;
    }
  free (order);
}
