/* afdo: the profile-guided early inliner: recreate the profile's hot
   inline instances and calling contexts in the IR.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* In the profiled binary hot callees were inlined into their callers,
   and their samples sit in the callers' profile as inline instances.
   Before annotation the plugin recreates those instances in the IR, so
   the counts land in the blocks they were measured in (seed 000,
   Section 4.1.1, Algorithms 3 and 6).

   Functions are visited callers first (reverse post-order of the call
   graph over direct calls).  In each function F with a top-level
   instance, every call statement is looked up by its extended source
   location: the inline stack of its BLOCK leads from F's instance to the
   instance the statement belongs to, and the statement's line offset
   and discriminator name the call site there.  When that call site holds
   an instance of the callee whose total reaches the threshold, the call
   is inlined with GCC's own machinery (inline_call, then
   optimize_inline_calls for F), and the calls the inlined body brought
   in are looked at in the next round, one inline level per round.  So
   foo -> bar -> baz is inlined through bar into foo only where foo's
   profile holds bar's instance and, inside it, baz's; the outline bar is
   visited later with its own profile.

   Indirect calls are promoted first (Algorithm 6): when the call site
   holds a hot instance of some function, or its target histogram a hot
   target, and that function is defined in this translation unit, the
   call becomes a guarded direct call (a speculative edge, expanded by
   gimple_ic) whose direct branch is then inlined.  The fallback
   indirect call is remembered, so the annotation does not give it the
   count of the whole call site (the guard shares its line).

   What is not inlined is said in the dump with its reason.  Instances
   that are not recreated are folded into the outline functions
   afterwards (afdo-offline.cc).  */

#include "gcc-plugin.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "predict.h"
#include "alloc-pool.h"
#include "tree-pass.h"
#include "ssa.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "langhooks.h"
#include "target.h"
#include "trans-mem.h"
#include "dumpfile.h"
#include "cfgloop.h"
#include "tree-cfg.h"
#include "tree-cfgcleanup.h"
#include "tree-into-ssa.h"
#include "gimple-iterator.h"
#include "value-prof.h"
#include "symbol-summary.h"
#include "sreal.h"
#include "ipa-prop.h"
#include "ipa-fnsummary.h"
#include "ipa-inline.h"
#include "tree-inline.h"
#include "hash-set.h"
#include "hash-map.h"
#include "afdo-plugin.h"

/* Rounds of inlining per function: one inline level each.  Profiles
   nest far less deeply.  */
#define MAX_ROUNDS 32

static const char *const site_reason_name[AFDO_SITE_N] =
{
  "inlined",
  "cold",
  "noinline",
  "recursive",
  "no body here",
  "interposable",
  "not inlinable",
  "caller is always_inline",
  "different target or optimization options",
  "growth limit",
  "stack frame growth limit",
  "too large for a calling context",
  "call cannot be inlined"
};

/* State of one function's rounds.  */
struct inline_ctx
{
  afdo_unit *unit;
  /* The profile the call sites are looked up in.  */
  afdo_names *names;
  afdo_function *top;
  cgraph_node *node;
  uint64_t threshold;
  int size_limit;
  /* Call statements already decided, so later rounds skip them.  */
  hash_set<gimple *> decided;
  /* Whether the body changed (a call was promoted or inlined).  */
  bool modified;
};

/* The function decl a direct call edge E reaches, through aliases.  */
static cgraph_node *
edge_target (cgraph_edge *e, enum availability *avail)
{
  cgraph_node *caller = e->caller->inlined_to ? e->caller->inlined_to
						: e->caller;
  return e->callee->ultimate_alias_target (avail, caller);
}

static bool
sanitize_attrs_differ (tree a, tree b)
{
  if (!flag_sanitize)
    return false;
  for (tree d : { a, b })
    for (tree attr = DECL_ATTRIBUTES (d); attr; attr = TREE_CHAIN (attr))
      if (!strncmp (IDENTIFIER_POINTER (get_attribute_name (attr)),
		    "no_sanitize", 11))
	return true;
  return false;
}

/* Whether the call E may be inlined at all; the reason when not.
   GCC's early inliner asks the same questions (can_inline_edge_p is
   not exported to plugins).  */
static afdo_site_reason
check_edge (inline_ctx *ctx, cgraph_edge *e)
{
  enum availability avail;
  cgraph_node *callee = edge_target (e, &avail);
  cgraph_node *caller = ctx->node;
  if (cgraph_inline_failed_type (e->inline_failed) == CIF_FINAL_ERROR
      || e->call_stmt_cannot_inline_p)
    return AFDO_SITE_FINAL;
  if (lookup_attribute ("noinline", DECL_ATTRIBUTES (callee->decl)))
    return AFDO_SITE_NOINLINE;
  if (callee == caller || e->recursive_p ())
    return AFDO_SITE_RECURSIVE;
  if (!callee->definition || !gimple_has_body_p (callee->decl)
      || !gimple_in_ssa_p (DECL_STRUCT_FUNCTION (callee->decl)))
    return AFDO_SITE_NO_BODY;
  if (avail <= AVAIL_INTERPOSABLE)
    return AFDO_SITE_INTERPOSABLE;
  if (callee->calls_comdat_local)
    return AFDO_SITE_NOT_INLINABLE;
  ipa_fn_summary *s = ipa_fn_summaries->get (callee);
  if (!s || !s->inlinable || DECL_UNINLINABLE (callee->decl))
    return AFDO_SITE_NOT_INLINABLE;
  if (DECL_DISREGARD_INLINE_LIMITS (caller->decl)
      && lookup_attribute ("always_inline", DECL_ATTRIBUTES (caller->decl)))
    return AFDO_SITE_ALWAYS_INLINE_CALLER;
  if (DECL_FUNCTION_PERSONALITY (caller->decl)
      && DECL_FUNCTION_PERSONALITY (callee->decl)
      && (DECL_FUNCTION_PERSONALITY (caller->decl)
	  != DECL_FUNCTION_PERSONALITY (callee->decl)))
    return AFDO_SITE_NOT_INLINABLE;
  if (is_tm_pure (callee->decl) && !is_tm_pure (caller->decl))
    return AFDO_SITE_NOT_INLINABLE;
  if (!targetm.target_option.can_inline_p (caller->decl, callee->decl)
      || (DECL_FUNCTION_SPECIFIC_OPTIMIZATION (caller->decl)
	  != DECL_FUNCTION_SPECIFIC_OPTIMIZATION (callee->decl))
      || sanitize_attrs_differ (caller->decl, callee->decl))
    return AFDO_SITE_OPTIONS;
  return AFDO_SITE_INLINED;
}

static void
dump_site (inline_ctx *ctx, gimple *stmt, const char *callee,
	   uint64_t total, afdo_site_reason r, const char *extra)
{
  ctx->unit->inline_stats.reasons[r]++;
  if (!dump_file)
    return;
  expanded_location xl = expand_location (gimple_location (stmt));
  fprintf (dump_file, "  %s: call of %s at line %d (instance total %"
	   PRIu64 ", threshold %" PRIu64 "): %s%s%s\n",
	   ctx->node->dump_name (), callee, xl.line,
	   total, ctx->threshold,
	   r == AFDO_SITE_INLINED ? "inlined" : "not inlined: ",
	   r == AFDO_SITE_INLINED ? "" : site_reason_name[r], extra ? extra : "");
}

/* Whether inlining E keeps the stack frame of the function it lands in
   within the limits GCC's own inliners keep (large-stack-frame,
   stack-frame-growth): a callee with large arrays on its stack is not
   inlined into a function with a small frame.  bzip2's mainSort (4 KB
   of arrays) is not inlined into BZ2_blockSort at -O2 for this reason;
   a calling context of the call-graph profile must not make it so.  */
static bool
stack_growth_ok (cgraph_edge *e)
{
  cgraph_node *callee = e->callee->ultimate_alias_target ();
  ipa_fn_summary *callee_info = ipa_fn_summaries->get (callee);
  if (!callee_info || !callee_info->estimated_stack_size)
    return true;
  /* The largest frame of its own on the way out to the function the
     caller is inlined into, plus the growth allowed.  */
  HOST_WIDE_INT largest = 0;
  cgraph_node *root = e->caller;
  for (;;)
    {
      ipa_size_summary *s = ipa_size_summaries->get (root);
      if (s)
	largest = MAX (largest, s->estimated_self_stack_size);
      if (!root->inlined_to || !root->callers)
	break;
      root = root->callers->caller;
    }
  HOST_WIDE_INT limit
    = largest + largest * opt_for_fn (root->decl, param_stack_frame_growth)
		/ 100;
  ipa_size_summary *caller_size = ipa_size_summaries->get (e->caller);
  HOST_WIDE_INT frame = (ipa_get_stack_frame_offset (e->caller)
			 + (caller_size
			    ? caller_size->estimated_self_stack_size : 0)
			 + callee_info->estimated_stack_size);
  ipa_fn_summary *root_info = ipa_fn_summaries->get (root);
  /* A frame already as large (from another inlined call) may grow to
     it.  */
  return (frame <= limit
	  || (root_info && frame <= root_info->estimated_stack_size)
	  || frame <= opt_for_fn (root->decl, param_large_stack_frame));
}

/* The size the function has now: GCC's size summary, in the units of
   its inlining limits.  */
int
afdo_node_size (cgraph_node *node)
{
  ipa_size_summary *s = ipa_size_summaries->get (node);
  return s ? s->size : 0;
}

/* Whether the profile marks the call site of INST at OFFSET.DISC as a
   call of NAME in the profiled binary: its target histogram names NAME.
   The converter does so for the calling contexts it takes from call
   chains; the instance of NAME nested there is then not code the
   profiled build inlined (and so no sign that GCC's limits allow it),
   but where NAME's time went when called from there.  */
static bool
site_calls_p (const afdo_function *inst, uint32_t offset, uint32_t disc,
	      uint32_t name)
{
  return afdo_visit_site_targets (inst, offset, disc,
				  [name] (const afdo_target &t)
				  { return t.name == name; });
}

/* Whether INST is a calling context: nested at a call site that names
   its function as a target.  */
static bool
context_instance_p (const afdo_function *inst)
{
  return (inst->parent
	  && site_calls_p (inst->parent, AFDO_KEY_OFFSET (inst->callsite),
			   AFDO_KEY_DISC (inst->callsite), inst->name));
}

/* Whether inlining E, a calling context, grows its caller by no more
   than GCC's inliner lets a hot call grow it, or context-size; *GROWTH
   and *LIMIT get the figures.  GCC's limit is max-inline-insns-single
   for a function declared inline, max-inline-insns-auto for another,
   raised by inline-heuristics-hint-percent when the inlined body would
   know a loop's iterations or stride or an indirect call's target.  A
   context tells where the callee's time goes, not that inlining it
   pays: bzip2's mainGtU, hot under mainSort's calls, is far over those
   limits, and inlined there it cost 2 % more instructions; branches'
   report_bad (a formatted message and a loop over it, rarely called but
   long) cost 1.6 %.  The limit is the one given: this runs before
   annotation, which is where hot-inline raises it for GCC's inliner.  */
static bool
context_size_ok (inline_ctx *ctx, cgraph_edge *e, int *growth, int *limit)
{
  cgraph_node *callee = e->callee->ultimate_alias_target ();
  *limit = ctx->unit->s->opts.context_size;
  if (*limit < 0)
    {
      tree caller = e->caller->decl;
      *limit = (DECL_DECLARED_INLINE_P (callee->decl)
		? opt_for_fn (caller, param_max_inline_insns_single)
		: opt_for_fn (caller, param_max_inline_insns_auto));
      if (estimate_edge_hints (e) & (INLINE_HINT_indirect_call
				     | INLINE_HINT_known_hot
				     | INLINE_HINT_loop_iterations
				     | INLINE_HINT_loop_stride))
	*limit = *limit * opt_for_fn (caller,
				      param_inline_heuristics_hint_percent)
		 / 100;
    }
  *growth = estimate_edge_growth (e);
  /* The parts GCC split off the callee go back in with it
     (split-parts=1): bzip2's mainGtU is a small head and a large
     mainGtU.part.0.  */
  if (ctx->unit->s->opts.split_parts)
    for (cgraph_edge *c = callee->callees; c; c = c->next_callee)
      if (c->callee->split_part)
	*growth += afdo_node_size (c->callee);
  return *growth <= *limit;
}

/* Inline the direct call E whose profile instance has TOTAL samples;
   CONTEXT when the instance is a calling context.  */
static bool
consider_call (inline_ctx *ctx, cgraph_edge *e, uint64_t total,
	       const char *extra, bool context = false)
{
  gimple *stmt = e->call_stmt;
  const char *callee = lang_hooks.decl_printable_name (e->callee->decl, 2);
  /* A calling context says so in the dump, with its growth against the
     limit once that is known.  */
  const char *base = extra ? extra : "";
  char note[128];
  if (context)
    {
      snprintf (note, sizeof note, "%s (calling context)", base);
      extra = note;
    }
  if (total < ctx->threshold)
    {
      dump_site (ctx, stmt, callee, total, AFDO_SITE_COLD, extra);
      return false;
    }
  afdo_site_reason r = check_edge (ctx, e);
  /* A call that is the only way into its callee moves the body rather
     than copying it.  */
  bool moved = afdo_only_way_in_p (e);
  if (r == AFDO_SITE_INLINED && !moved
      && (afdo_node_size (ctx->node) + estimate_edge_growth (e)
	  > ctx->size_limit))
    r = AFDO_SITE_GROWTH;
  if (r == AFDO_SITE_INLINED && !stack_growth_ok (e))
    r = AFDO_SITE_STACK;
  if (r == AFDO_SITE_INLINED && context && !moved)
    {
      int growth, limit;
      bool ok = context_size_ok (ctx, e, &growth, &limit);
      snprintf (note, sizeof note, "%s (calling context, growth %d %s %d)",
		base, growth, ok ? "<=" : ">", limit);
      if (!ok)
	r = AFDO_SITE_CONTEXT_SIZE;
    }
  if (r != AFDO_SITE_INLINED)
    {
      dump_site (ctx, stmt, callee, total, r, extra);
      return false;
    }
  dump_site (ctx, stmt, callee, total, AFDO_SITE_INLINED, extra);
  /* The moved body brings the growth it would have been allowed as a
     function of its own: the hot calls in it are judged as they would
     have been there (bzip2: sendMTFValues, called once, moves into
     BZ2_compressBlock with its fifty hot calls of bsW).  */
  int moved_size = moved ? afdo_node_size (e->callee) : 0;
  inline_call (e, true, NULL, NULL, false);
  if (moved)
    ctx->size_limit
      += moved_size + MAX (moved_size * ctx->unit->s->opts.inline_growth / 100,
			   ctx->unit->s->opts.inline_growth);
  ctx->modified = true;
  return true;
}

/* Promote the indirect call E, in instance INST at OFFSET, to a guarded
   direct call when the profile names a hot target defined here
   (afdo-icall.cc); then inline the direct branch.  */
static bool
consider_icall (inline_ctx *ctx, cgraph_edge *e, afdo_function *inst,
		uint32_t offset, uint32_t disc)
{
  gcall *stmt = e->call_stmt;
  uint64_t weight;
  cgraph_edge *dedge = afdo_promote_icall (ctx->unit, ctx->names, ctx->node,
					   ctx->threshold, e, inst, offset,
					   disc, &weight);
  if (!dedge)
    return false;
  ctx->modified = true;
  ctx->decided.add (stmt);
  if (!ctx->unit->s->opts.inline_p)
    return false;
  ctx->decided.add (dedge->call_stmt);
  /* A histogram target is inlined too (with its count as the total), so
     the next profile holds it as an instance here and iterating stays
     stable.  */
  ctx->unit->inline_stats.sites++;
  bool done = consider_call (ctx, dedge, weight, " (promoted target)");
  if (done)
    ctx->unit->inline_stats.promoted_inlined++;
  return done;
}

/* The count of the first block of FN (in block order) whose lines
   have samples in INST, 0 when none has; FN's lines are offsets from
   DECL_LINE.  A call's line counts the samples of the instance nested
   there too: a block whose callee has samples ran, even when its own
   lines have none (an upper bound of its count, as the callee's
   samples are time, not calls).  */
static uint64_t
first_sampled_block (afdo_names *names, const afdo_function *inst,
		     function *fn, unsigned decl_line)
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      uint64_t count = 0;
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	   gsi_next (&gsi))
	{
	  gimple *stmt = gsi_stmt (gsi);
	  location_t loc = gimple_location (stmt);
	  if (LOCATION_LOCUS (loc) == UNKNOWN_LOCATION
	      || afdo_stmt_inlined_p (stmt))
	    continue;
	  uint32_t offset = ((unsigned) LOCATION_LINE (loc) - decl_line)
			    & 0xffffu;
	  count = MAX (count, afdo_line_max (inst, offset));
	  afdo_function *callee;
	  if (is_gimple_call (stmt)
	      && (callee = afdo_callee_at (names->prof, inst, offset,
					   AFDO_ANY_DISC, AFDO_ANY_NAME)))
	    count = MAX (count, callee->total);
	}
      if (count)
	return count;
    }
  return 0;
}

/* The samples of the part PART, split off the function whose instance
   OWNER the current function's statements reach: the count of its
   first sampled block in OWNER.  When OWNER has none for it and is
   nested, in the function's own instance: the profiled binary may have
   split the function too, inlined the head there and kept the part
   outline, and the part's samples are then the function's own (lua's
   luaV_concat, whose head is inlined into luaV_execute).  */
static uint64_t
split_part_samples (inline_ctx *ctx, afdo_function *owner, cgraph_node *part)
{
  function *fn = DECL_STRUCT_FUNCTION (part->decl);
  if (!fn || !fn->cfg)
    return 0;
  unsigned decl_line = DECL_SOURCE_LINE (part->decl);
  uint64_t count = first_sampled_block (ctx->names, owner, fn, decl_line);
  if (count || !owner->parent)
    return count;
  afdo_function *top = afdo_top (ctx->names->prof, owner->name, false);
  return top ? first_sampled_block (ctx->names, top, fn, decl_line) : 0;
}

/* One round over the calls of the function: true when something was
   inlined.  */
static bool
inline_round (inline_ctx *ctx)
{
  bool any = false;
  cgraph_edge *next;
  if (ctx->unit->s->opts.icp)
    for (cgraph_edge *e = ctx->node->indirect_calls; e; e = next)
      {
	next = e->next_callee;
	gimple *stmt = e->call_stmt;
	if (!stmt || ctx->decided.contains (stmt))
	  continue;
	uint32_t offset;
	afdo_function *inst = afdo_stmt_instance (ctx->names, ctx->top,
						  stmt, false, &offset);
	if (!inst)
	  {
	    ctx->decided.add (stmt);
	    continue;
	  }
	uint32_t disc = gimple_bb (stmt)->discriminator;
	ctx->unit->inline_stats.icall_sites++;
	if (consider_icall (ctx, e, inst, offset, disc))
	  any = true;
	ctx->decided.add (stmt);
      }
  if (!ctx->unit->s->opts.inline_p)
    return any;
  for (cgraph_edge *e = ctx->node->callees; e; e = next)
    {
      next = e->next_callee;
      gimple *stmt = e->call_stmt;
      if (!stmt || !e->inline_failed || ctx->decided.contains (stmt))
	continue;
      ctx->decided.add (stmt);
      enum availability avail;
      cgraph_node *callee = edge_target (e, &avail);
      uint32_t name = ctx->names->index (callee->decl);
      if (name == UINT32_MAX)
	continue;
      /* A part GCC's early splitting took out of a function F, called
	 from F itself or from a copy of F inlined here: the profiled
	 binary's instance of F holds both (the converter gives a part
	 that binary inlined back into F to F's own positions), so the
	 part goes back in where F is hot (split-parts=1).  Left split,
	 GCC's inliner would inline the head into its callers and keep
	 the part outline, called from each of them.  GCC at -O2 puts
	 the part back into F too when F is its only caller (bzip2's
	 mainGtU).  */
      if (callee->split_part && ctx->unit->s->opts.split_parts)
	{
	  afdo_function *owner = afdo_stmt_instance (ctx->names, ctx->top,
						     stmt, false, NULL);
	  if (owner && owner->name == name)
	    {
	      ctx->unit->inline_stats.sites++;
	      uint64_t part = split_part_samples (ctx, owner, callee);
	      char extra[64];
	      snprintf (extra, sizeof extra, " (split part, %" PRIu64
			" samples)", part);
	      /* The part's samples may be those of the function's own
		 instance.  */
	      if (consider_call (ctx, e, MAX (owner->total, part), extra))
		any = true;
	      continue;
	    }
	}
      uint32_t offset;
      afdo_function *inst = afdo_stmt_instance (ctx->names, ctx->top,
						stmt, false, &offset);
      if (!inst)
	continue;
      afdo_function *cinst
	= afdo_callee_at (ctx->names->prof, inst, offset,
			    gimple_bb (stmt)->discriminator, name);
      if (!cinst)
	continue;
      ctx->unit->inline_stats.sites++;
      bool context = context_instance_p (cinst);
      if (consider_call (ctx, e, cinst->total, NULL, context))
	any = true;
    }
  return any;
}

/* Recompute what the rounds changed (as GCC's early inliner does).  */
static unsigned
finish_round (cgraph_node *node)
{
  unsigned todo = optimize_inline_calls (current_function_decl);
  for (cgraph_edge *e = node->callees; e; e = e->next_callee)
    {
      ipa_call_summary *es = ipa_call_summaries->get_create (e);
      es->call_stmt_size = estimate_num_insns (e->call_stmt,
					       &eni_size_weights);
      es->call_stmt_time = estimate_num_insns (e->call_stmt,
					       &eni_time_weights);
    }
  for (cgraph_edge *e = node->indirect_calls; e; e = e->next_callee)
    {
      ipa_call_summary *es = ipa_call_summaries->get_create (e);
      es->call_stmt_size = estimate_num_insns (e->call_stmt,
					       &eni_size_weights);
      es->call_stmt_time = estimate_num_insns (e->call_stmt,
					       &eni_time_weights);
    }
  ipa_update_overall_fn_summary (node);
  return todo;
}

/* The rounds over every function with a top-level instance in NAMES'
   profile; with FOLDED_ONLY, only over those without one in the whole
   profile.  */
/* Whether the unit's instance TOP received the samples of nested
   instances of other functions (calls the profiled binary inlined, or
   calling contexts, that this compilation does not inline): the
   decisions made on its own instance before did not see them.  */
static bool
received_folded (afdo_unit *u, afdo_function *top)
{
  vec<const afdo_function *> *srcs = u->sources.get (top);
  if (!srcs)
    return false;
  for (unsigned i = 0; i < srcs->length (); i++)
    if ((*srcs)[i]->parent && (*srcs)[i]->total > 0)
      return true;
  return false;
}

static void
inline_functions (afdo_unit *u, afdo_names *names, bool folded_only)
{
  const afdo_plugin_options &opts = u->s->opts;
  auto_vec<tree> order;
  afdo_callers_first (order);
  for (unsigned i = 0; i < order.length (); i++)
    {
      cgraph_node *node = cgraph_node::get (order[i]);
      if (!node || !node->definition || !afdo_unit_function_p (node))
	continue;
      function *fn = DECL_STRUCT_FUNCTION (node->decl);
      if (!gimple_in_ssa_p (fn))
	continue;
      afdo_function *top = names->top (node->decl);
      if (!top
	  || (folded_only && u->whole->top (node->decl)
	      && !received_folded (u, top)))
	continue;

      push_cfun (fn);
      inline_ctx ctx;
      ctx.unit = u;
      ctx.names = names;
      ctx.top = top;
      ctx.node = node;
      ctx.threshold = u->s->inline_count;
      int size = afdo_node_size (node);
      ctx.size_limit = size + MAX (size * opts.inline_growth / 100,
				   opts.inline_growth);
      ctx.modified = false;
      for (int round = 0; round < MAX_ROUNDS; round++)
	{
	  if (!inline_round (&ctx))
	    break;
	  unsigned todo = finish_round (node);
	  if (todo & TODO_update_ssa_any)
	    update_ssa (TODO_update_ssa);
	}
      if (ctx.modified)
	{
	  /* What the pass manager would do with the flags
	     optimize_inline_calls returned; a promotion alone changes the
	     CFG too.  */
	  cleanup_tree_cfg ();
	  if (current_loops && loops_state_satisfies_p (LOOPS_NEED_FIXUP))
	    {
	      calculate_dominance_info (CDI_DOMINATORS);
	      fix_loop_structure (NULL);
	    }
	  free_dominance_info (CDI_DOMINATORS);
	  free_dominance_info (CDI_POST_DOMINATORS);
	  /* The inlined bodies' references (a function's local static,
	     say) must be the caller's now, or the symbol table drops
	     them with the inlined function.  */
	  cgraph_edge::rebuild_edges ();
	  compute_fn_summary (node, true);
	  if (dump_file)
	    fprintf (dump_file, "  %s: size %d -> %d (limit %d)\n",
		     node->dump_name (), size, afdo_node_size (node),
		     ctx.size_limit);
	}
      pop_cfun ();
    }
}

void
afdo_early_inline (afdo_unit *u)
{
  if (u->s->opts.inline_p || u->s->opts.icp)
    inline_functions (u, u->whole, false);
}

void
afdo_inline_folded (afdo_unit *u)
{
  if (!u->s->opts.inline_p && !u->s->opts.icp)
    return;
  inline_functions (u, u->names, true);
  /* What was inlined whole is no function of the unit any more.  */
  unsigned k = 0;
  for (unsigned i = 0; i < u->fns.length (); i++)
    {
      cgraph_node *node = cgraph_node::get (u->fns[i].decl);
      if (!node || !afdo_unit_function_p (node))
	continue;
      u->fns[i].node = node;
      u->fns[k++] = u->fns[i];
    }
  u->fns.truncate (k);
}
