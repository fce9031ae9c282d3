/* afdo: declarations shared by the parts of the GCC plugin afdo.so.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Include after GCC's own headers.

   The plugin is a pipeline of stages, one file each (see "Where things
   are" in doc/afdo-plugin.md, and doc/design.md):

     afdo-plugin.cc    arguments, option switches, pass registration
     afdo-driver.cc    the "autofdo" pass running the stages over a
		       translation unit; the link's start; the end
     afdo-session.cc   services of the session: the profile, its scale,
		       summary and thresholds; a unit's run and matches
     afdo-pass.h/.cc   the pass template, and pass registration
     afdo-lookup.cc    names, inline stacks, call sites, positions
     afdo-inline.cc    recreate hot inline instances
     afdo-icall.cc     promote hot indirect calls for it
     afdo-offline.cc   fold the inline instances not recreated
     afdo-annotate.cc  statements -> block counts (MAX)
     afdo-infer.cc     block counts -> block and edge counts (flow
		       rules; afdo-infer-mcf.cc: minimum-cost flow)
     afdo-probs.cc     edge counts -> probabilities (evidence, noise)
     afdo-handoff.cc   the counts become GCC's profile
     afdo-options.cc   the options a profile switches on, and back
     afdo-estimates.cc the loops' estimates around vect and cunroll
     afdo-dispatch.cc  hot computed gotos keep their own copies, and
                       PRE's insertions out of them
     afdo-regalloc.cc  one allocation region for a function with samples
     afdo-evaluate.cc  evaluate mode and block count files
     afdo-report.cc    the build report (report=FILE)

     afdo-switch.cc    jump tables keep their cases' probabilities
     afdo-lto.cc       the link-time compiler's threshold
     afdo-check.cc     check-hot

   The drivers (afdo-driver.cc; afdo-evaluate.cc in evaluate mode) call
   the stages; the stages call the services of the session and of
   afdo-lookup.cc, never a driver.  One afdo_session lives for the
   compilation and is passed to every stage; one afdo_unit holds what a
   stage needs of the translation unit being compiled.  */

#ifndef AFDO_PLUGIN_H
#define AFDO_PLUGIN_H

#include "hash-set.h"
#include "hash-map.h"
#include "gcov-io.h"
#include "afdo-profile.h"
#include "afdo-args.h"

/* AFDO_COUNT_CAP (afdo-profile.h) as a count handed to GCC, and the sum
   of two counts saturating there.  */
const gcov_type afdo_count_cap = (gcov_type) AFDO_COUNT_CAP;

static inline gcov_type
afdo_add_count (gcov_type a, gcov_type b)
{
  return a >= afdo_count_cap - b ? afdo_count_cap : a + b;
}

class afdo_names;

/* What the stale-profile matcher did in the unit (afdo-match.cc): the
   functions whose source changed (their call sites or samples are not
   where the profile has them), of which moved, compiled as without a
   profile, and found under another name; and the samples of the unit's
   functions' rows that fell on code as they were, fell on code after
   moving, and were dropped.  */
struct afdo_match_stats
{
  unsigned changed, moved_functions, emptied_functions, renamed;
  uint64_t as_is, after, dropped;
};

/* The session: everything that lives as long as the compilation.  One
   file writes each field, named in [brackets]; every stage may read
   them.  */
struct afdo_session
{
  /* The arguments [afdo-plugin.cc].  */
  afdo_plugin_options opts;
  /* What the matcher did [afdo-match.cc].  */
  afdo_match_stats match_stats;
  /* The whole profile, read at the first execution of the pass; NULL
     when it could not be read (an error was given then)
     [afdo-session.cc].  */
  afdo_profile *prof;
  bool read_attempted;
  /* Whether the profile holds branch information: head counts (from
     call branches) or call targets, which only branch records (LBR)
     give.  A profile of IP samples has neither [afdo-session.cc].  */
  bool has_branches;
  /* -ftracer was switched on by fdo-opts, and is switched off again when
     the profile has no branch information [afdo-options.cc].  */
  bool tracer_from_fdo_opts;
  /* The hot block count and the count an inline instance must reach to
     be recreated, in profile counts [afdo-session.cc].  */
  uint64_t hot_count;
  uint64_t inline_count;
  /* The counts handed to GCC are profile counts times SCALE
     [afdo-session.cc].  */
  uint64_t scale;
  /* What GCC reads as profile_info [afdo-session.cc].  */
  gcov_summary summary;
  /* Whether any function got counts from the profile (at link time:
     whether the profile could be read) [afdo-driver.cc].  */
  bool any_annotated;
  /* The options as given, before fdo-opts switched some on (NULL when
     it did not), and the optimization node made of them for the
     functions without samples [afdo-options.cc].  */
  gcc_options *given_options;
  tree given_node;
  /* The options of a function with samples under hot-inline: the
     global ones with -O3's max-inline-insns-auto [afdo-options.cc].  */
  tree hot_node;
  /* For check-hot: the unit's profile and its lookups, kept from the
     "autofdo" pass (at link time: the whole profile's lookups)
     [afdo-driver.cc]; what the check found [afdo-check.cc].  */
  afdo_profile *unit_prof;
  afdo_names *unit_names;
  unsigned check_functions;
  unsigned check_lines;
  uint64_t check_samples;
  /* The dispatch pass turned cross-jumping off for the function being
     compiled; the pass after "jump2" turns it on again
     [afdo-dispatch.cc].  */
  bool crossjumping_off;
  /* The pass before "ira" made the function one allocation region;
     the pass after "reload" gives back the regions as given
     [afdo-regalloc.cc].  */
  bool ira_region_set;
  int given_ira_region;
  /* The plugin runs in the link-time compiler (lto1): the functions come
     with the counts it gave them when their units were compiled, and
     only the passes that act on those counts run (afdo-lto.cc)
     [afdo-plugin.cc].  */
  bool lto;
};

/* The session's services (afdo-session.cc).  The hot block threshold in
   the counts handed to GCC: the hot count times the scale.  */
gcov_type afdo_hot_threshold (const afdo_session *);
gcov_type afdo_gcc_hot_threshold (const afdo_session *);

/* The normal quantile of the evidence rule's two-sided 99 % intervals.  */
#define AFDO_EVIDENCE_Z 2.576

/* The upper end of the 99 % interval of a Poisson mean of which N
   samples were seen (afdo-session.cc).  */
double afdo_poisson_upper (double n);
/* Read the profile (once) and set the thresholds; false if it cannot
   be read (an error was given then).  */
bool afdo_session_read (afdo_session *);
/* Free the profile, and GCC's summary of it.  */
void afdo_session_finish (afdo_session *);

/* The driver (afdo-driver.cc).  The "autofdo" pass, and what it runs:
   the stages over the translation unit.  */
opt_pass *afdo_make_autofdo_pass (afdo_session *);
unsigned int afdo_run_unit (afdo_session *);
/* In the link-time compiler (lto1): read the profile, for the count
   scale and thresholds of the counts the functions bring, and keep the
   whole profile's lookups for check-hot.  */
void afdo_link_begin (afdo_session *);
/* At the end of the compilation: the check-hot report, then free the
   unit's lookups and the session's profile.  */
void afdo_driver_finish (afdo_session *);

/* Link-time optimization (afdo-lto.cc): whether this is the link-time
   compiler; the pass after GCC's "profile_estimate" that gives the link
   the profile's hot threshold; whether FN's counts are the ones the
   passes after the annotation act on.  */
bool afdo_lto_compiler_p (void);
opt_pass *afdo_make_lto_pass (afdo_session *);
bool afdo_late_counts_p (const afdo_session *, function *fn);

/* Profile name indices of function declarations, matched the way GCC 12
   does, for one profile, cached (afdo-lookup.cc).  */
class afdo_names
{
public:
  explicit afdo_names (afdo_profile *p) : prof (p) {}
  /* Index in PROF's string table of the name of DECL: its assembler
     name without the clone suffixes, then its DWARF name, then the
     abstract origin's names.  UINT32_MAX if none.  EXACT (may be NULL)
     is set when the assembler name matched without stripping anything.
     Not cached.  */
  uint32_t lookup (tree decl, bool *exact) const;
  /* The same, cached.  */
  uint32_t index (tree decl);
  /* The top-level instance of DECL's function, or NULL.  */
  afdo_function *top (tree decl);

  afdo_profile *const prof;

private:
  hash_map<tree, unsigned> cache;
};

/* Flags in afdo_function.aux.  */
#define AFDO_AUX_REACHED 1u	/* a statement's lookup went through it */
#define AFDO_AUX_FOLDED 2u	/* its unreached instances were folded */
#define AFDO_AUX_EMPTIED 4u	/* the matcher emptied it: its function's
				   source changed beyond matching */

/* Any discriminator, for afdo_callee_at.  */
#define AFDO_ANY_DISC UINT32_MAX
/* Any function, for afdo_callee_at.  */
#define AFDO_ANY_NAME UINT32_MAX

/* The nested instance of INST called at line offset OFFSET whose
   function is NAME (any function with AFDO_ANY_NAME): the one with
   discriminator DISC, else the one with discriminator 0, else the
   largest at OFFSET.  GCC 12 does not keep the discriminator of a call
   once it is inlined, which is why a lookup falls back to the others.  */
afdo_function *afdo_callee_at (const afdo_profile *,
			       const afdo_function *inst, uint32_t offset,
			       uint32_t disc, uint32_t name);

/* The nested instance of TOP (cfun's top-level instance) that STMT's
   inline stack leads to, and STMT's line offset there in *OFFSET; NULL
   when the stack leaves the profile.  With OFFSET NULL, the instance of
   the code STMT is in, whatever STMT's own location (the call of a part
   GCC split off a function has none).  With MARK, the nested instances
   passed through are flagged AFDO_AUX_REACHED.  */
afdo_function *afdo_stmt_instance (afdo_names *, afdo_function *top,
				   gimple *stmt, bool mark,
				   uint32_t *offset);

/* The frames of STMT's inline stack, innermost first: the function of
   each (the last is current_function_decl) and the line offset in it.
   Returns the depth; 0 when STMT has no usable location or the stack is
   deeper than MAX.  */
unsigned afdo_stmt_frames (gimple *stmt, tree *decls, uint32_t *offsets,
			   unsigned max);
/* The same for LOC, a location with its scope (an edge's goto_locus).  */
unsigned afdo_loc_frames (location_t loc, tree *decls, uint32_t *offsets,
			  unsigned max);

/* The same after GCC's inliner: an inlined call that is not an inline
   instance of the profile is looked up from the callee's own top-level
   instance.  NAMES' profile is that of the unit.  */
afdo_function *afdo_stmt_instance_any (afdo_names *, gimple *stmt,
				       uint32_t *offset);

/* The positions of INST at line OFFSET: [*FIRST, *LAST).  */
void afdo_line_positions (const afdo_function *inst, uint32_t offset,
			  uint32_t *first, uint32_t *last);

/* The largest count of line OFFSET of INST (any discriminator).  */
uint64_t afdo_line_max (const afdo_function *inst, uint32_t offset);
/* The position of line OFFSET of INST for a block with discriminator
   DISC: the one with that discriminator, or the line's only position
   when the profiled binary kept no discriminators for it; NULL if
   neither.  */
const afdo_pos *afdo_disc_position (const afdo_function *inst,
				    uint32_t offset, uint32_t disc);
/* Its count; for DISC 0 without such a position (a copy GCC made without
   a discriminator of its own) the line's largest, and *BY_LINE (when
   given) says so; else 0.  */
uint64_t afdo_block_line_count (const afdo_function *inst, uint32_t offset,
				uint32_t disc, bool *by_line = NULL);

/* Whether position P of a call site's line applies to a call in a block
   with discriminator DISC: its own entry, or the line's entry without
   one.  */
bool afdo_site_pos_p (const afdo_pos *p, uint32_t disc);

/* Call VISIT on each call target of the call site of INST at line
   OFFSET in a block with discriminator DISC: the targets of the line's
   positions that apply to it (afdo_site_pos_p).  Stops at the first
   for which VISIT returns true, and returns whether one did.  */
template <typename VISIT>
static inline bool
afdo_visit_site_targets (const afdo_function *inst, uint32_t offset,
			 uint32_t disc, VISIT visit)
{
  uint32_t first, last;
  afdo_line_positions (inst, offset, &first, &last);
  for (uint32_t i = first; i < last; i++)
    {
      const afdo_pos *p = &inst->pos[i];
      if (!afdo_site_pos_p (p, disc))
	continue;
      for (uint32_t j = 0; j < p->n_targets; j++)
	if (visit (p->targets[j]))
	  return true;
    }
  return false;
}

/* Whether STMT is in the scope of an inlined call: its line is in the
   inlined function.  */
bool afdo_stmt_inlined_p (const gimple *stmt);

/* The functions defined in this translation unit, callers first
   (reverse post-order of the call graph over direct calls).  */
void afdo_callers_first (vec<tree> &order);

/* Whether the call E is the only way into its callee: the callee is a
   part split off its caller, or a function local to this unit that
   nothing else calls and whose address is not taken.  */
bool afdo_only_way_in_p (cgraph_edge *e);

/* Whether NODE has a body of its own here that can be annotated.  */
bool afdo_unit_function_p (cgraph_node *node);

/* A function body of this translation unit the plugin annotates, with
   its top-level instance in the whole profile (NULL when none); EXACT
   when its assembler name matched without stripping a clone suffix.  */
struct afdo_unit_fn
{
  tree decl;
  cgraph_node *node;
  afdo_function *inst;
  bool exact;
};

/* What the profile-guided early inliner did (afdo-inline.cc).  */

/* Why a profiled call site was or was not inlined.  */
enum afdo_site_reason
{
  AFDO_SITE_INLINED,
  AFDO_SITE_COLD,
  AFDO_SITE_NOINLINE,
  AFDO_SITE_RECURSIVE,
  AFDO_SITE_NO_BODY,
  AFDO_SITE_INTERPOSABLE,
  AFDO_SITE_NOT_INLINABLE,
  AFDO_SITE_ALWAYS_INLINE_CALLER,
  AFDO_SITE_OPTIONS,
  AFDO_SITE_GROWTH,
  AFDO_SITE_STACK,
  AFDO_SITE_CONTEXT_SIZE,
  AFDO_SITE_FINAL,
  AFDO_SITE_N
};

struct afdo_inline_stats
{
  /* Profiled direct call sites looked at, and their outcomes.  */
  unsigned sites;
  unsigned reasons[AFDO_SITE_N];
  /* Indirect calls with a profile instance; what became of them.  */
  unsigned icall_sites, promoted, promoted_inlined;
  unsigned icall_cold, icall_missing, icall_mismatch;
};

struct afdo_offline_stats
{
  unsigned folded_instances;
  uint64_t folded_samples;
};

/* For each instance of a unit's profile, the instances of the whole
   profile that were added into it.  */
typedef hash_map<const afdo_function *, vec<const afdo_function *> >
  afdo_sources;

/* One translation unit's run of the stages: created by
   afdo_unit_begin, dropped by afdo_unit_end.  */
struct afdo_unit
{
  afdo_session *s;
  /* Lookups in the whole profile (the inliner, the dry run).  */
  afdo_names *whole;
  /* The unit's profile: the top-level instances of its functions with
     the inline instances no statement reaches folded in
     (afdo-offline.cc), and its lookups; NULL before folding.  */
  afdo_names *names;
  afdo_profile *prof;
  /* The functions, with their instances in the whole profile.  */
  vec<afdo_unit_fn> fns;
  /* The fallback indirect calls of promoted call sites: annotation
     ignores their location, which is the whole call site's.  */
  hash_set<gimple *> promoted;
  /* Where the instances of PROF come from (afdo-offline.cc): a matched
     position of PROF counts for the positions of the whole profile that
     were added into it.  */
  afdo_sources sources;
  /* The positions of the whole profile matched in the unit, each
     counted once even when several functions (a function and its split
     part) use it, and their samples: in all, and by the top-level
     instance of the whole profile they belong to.  */
  hash_set<const afdo_pos *> used;
  hash_map<const afdo_function *, uint64_t> matched_by_top;
  uint64_t matched;
  afdo_inline_stats inline_stats;
  afdo_offline_stats offline_stats;
};

afdo_unit *afdo_unit_begin (afdo_session *);
void afdo_unit_end (afdo_unit *);

/* Count the position KEY of INST, an instance of the unit's profile, as
   matched: the positions of the whole profile it was made of that are
   not counted yet.  Returns the samples that adds.  */
uint64_t afdo_unit_match (afdo_unit *, const afdo_function *inst,
			  afdo_key_t key);

/* What a translation unit matched, in its report lines
   (afdo-session.cc) and its build report entry.  */
struct afdo_unit_summary
{
  /* The unit's functions, and those of them found in the profile.  */
  unsigned functions;
  unsigned functions_profiled;
  /* The samples of the profile's top-level instances of those
     functions, and of the whole profile.  */
  uint64_t samples;
  uint64_t profile_samples;
  /* The samples of those instances that a statement here matched.  */
  uint64_t matched;
  /* The samples left unused because the unit's functions have fewer
     than min-unit-samples together (the evidence rule).  */
  uint64_t few;
};

/* The main input file, as named in every line the plugin prints.  */
const char *afdo_input_name (void);

/* Append the unit's entry to the build report opts.report
   (afdo-report.cc).  */
void afdo_report_unit (afdo_unit *, const afdo_unit_summary *);

/* Stage: recreate the hot inline instances of the profile in the IR,
   callers first, and promote hot indirect calls (afdo-inline.cc).  */
void afdo_early_inline (afdo_unit *);
/* Promote the indirect call E of NODE, whose statement is in instance
   INST of NAMES' profile at OFFSET.DISC, to a guarded direct call when
   the profile names a target of at least THRESHOLD samples defined here
   that takes the call's arguments: the direct call's edge, and the
   target's samples in *WEIGHT; NULL when not promoted, the reason
   counted in U's inline_stats and dumped (afdo-icall.cc).  */
cgraph_edge *afdo_promote_icall (afdo_unit *u, afdo_names *names,
				 cgraph_node *node, uint64_t threshold,
				 cgraph_edge *e, afdo_function *inst,
				 uint32_t offset, uint32_t disc,
				 uint64_t *weight);
/* Stage, after folding: the same for the functions whose instances all
   come from folding (the profiled binary inlined them everywhere), and
   for those whose instance received folded samples (calls or calling
   contexts not inlined here: decided on before from their own instance
   alone), with the inline instances nested in those.  */
void afdo_inline_folded (afdo_unit *);

/* Stage: find the unit's functions and their instances, mark the
   nested instances their statements reach, and make the unit's profile
   with the rest folded into the outline functions (afdo-offline.cc).  */
void afdo_fold_unit (afdo_unit *);

/* Stage, after the inliner: fold the nested instances that came along
   with folded ones and that the functions' statements do not reach
   either, level by level.  */
void afdo_refold_unit (afdo_unit *);

/* Where a block's count came from, for the dump.  */
enum afdo_bb_state
{
  AFDO_BB_UNKNOWN,
  AFDO_BB_ANNOTATED,
  AFDO_BB_CLASS,
  AFDO_BB_FLOW,
  AFDO_BB_GUESSED,
  AFDO_BB_ZERO,
  /* From the entry count of the function its call is the only way
     into (entry-counts).  */
  AFDO_BB_CALL
};

/* The counts of one block, indexed by bb->index, in profile counts times
   the session's scale.  */
struct afdo_bb_count
{
  gcov_type count;
  /* The count from the statements, before classes and repairs.  */
  gcov_type annotated_count;
  enum afdo_bb_state state;
  bool known;
  bool raised;
  /* Inference gave it less than its samples say (mcf).  */
  bool lowered;
  /* A statement's inline stack leads to an instance of the profile:
     without a count, the block is known to have had no samples.  */
  bool located;
  /* A statement's line has an entry in the profile (for some
     discriminator): the profiled binary had code of its own there.  */
  bool line_known;
  /* A block without samples of its own (located) that calls a function
     of this translation unit that has no samples, neither on its own
     nor inlined at this call.  */
  bool calls_unsampled;
  /* A block without samples of its own (located) whose calls reach
     out-of-line functions the profile has samples of: CALL_BOUND (in
     the counts' units) is the fewest of their samples, which had the
     block run more often would have been more.  */
  bool has_call_bound;
  gcov_type call_bound;
  int class_rep;
  /* The profile position whose count the block's statements gave it
     (their MAX); blocks with the same one carry the same samples, not
     samples of their own.  */
  const afdo_pos *source;
  /* Its 0 is evidence that it seldom ran: its lines have a row without
     samples in the profile, and had it run as often as its sampled
     dominator it would have had enough samples (the evidence rule).
     Without the evidence rule, LOCATED.  */
  bool zero_evidence;
  /* Its row of 0, at its own position, says it ran at most a small
     fraction of its nearest sampled dominator's runs (the samples
     expected at that rate reach cold-split), and it is no short arm:
     left at 0 by the inference, it gets GCC's count 0 and goes to the
     cold partition (afdo-handoff.cc).  */
  bool never;
};

/* The counts of one edge, in its aux field during inference and
   hand-off.  */
struct afdo_edge_count
{
  gcov_type count;
  bool known;
};

#define AFDO_EDGE(e) ((struct afdo_edge_count *) (e)->aux)

/* Per-function result of afdo_annotate_function.  */
struct afdo_fn_result
{
  const afdo_function *instance;
  /* The samples of the instance that the function's statements matched
     and no function of the unit before it did; the instance's total.  */
  uint64_t matched;
  uint64_t total;
  unsigned n_blocks, n_annotated, n_class, n_flow, n_guessed, n_raised;
  bool applied;
};

/* Stage: the block counts of cfun from INSTANCE (a top-level instance
   of the unit's profile) into COUNTS, indexed by block; HEAD_OK says
   whether the instance's head count is the entry count of this
   function (false for split parts).  Returns whether any block (or the
   entry) got a count (afdo-annotate.cc).  */
bool afdo_annotate_blocks (afdo_unit *, afdo_function *instance,
			   bool head_ok, vec<afdo_bb_count> &counts,
			   afdo_fn_result *);

/* Mark the nested instances of INSTANCE (in the whole profile) that
   the statements of cfun reach, without changing anything.  */
void afdo_mark_reached (afdo_unit *, afdo_names *, afdo_function *instance);

/* Stage: complete COUNTS (from afdo_annotate_blocks; ANY when some
   block got a count) and give every edge of cfun a count, in its aux
   field (afdo-infer.cc).  */
void afdo_infer_counts (const afdo_session *, vec<afdo_bb_count> &counts,
			bool any, afdo_fn_result *);

/* The same with the minimum-cost flow (mcf=1), UNIT being one sample in
   the counts' units; false when the network cannot be solved within
   its budget, COUNTS left for the flow rules then
   (afdo-infer-mcf.cc).  */
bool afdo_mcf_infer (vec<afdo_bb_count> &counts, gcov_type unit,
		     bool unsampled_calls);

/* entry-counts: raise the block of each call in cfun that is the only
   way into a function already annotated to that function's entry
   count (afdo-annotate.cc).  */
void afdo_call_entry_counts (afdo_unit *, vec<afdo_bb_count> &counts);

/* entry-sums: once the unit is annotated, raise the count of each
   function with samples to the sum of its calls' counts where that is
   more (afdo-annotate.cc).  */
void afdo_entry_sums (afdo_unit *);

/* The iterations cfun's loops' counts give, as their estimates, or
   with MISSING_ONLY as the estimates of the loops without one
   (afdo-handoff.cc).  */
void afdo_record_loop_estimates (const afdo_session * = NULL,
				 bool missing_only = false);
/* The probabilities of the edges out of BB from their inferred counts
   (SUM in all), or its static ones where the samples cannot tell them:
   then true (afdo-probs.cc).  */
bool afdo_set_probabilities (afdo_session *, vec<afdo_bb_count> &,
			     basic_block bb, gcov_type sum);
/* Whether B is an arm of at most short-arm code statements and no call,
   whose row of 0 is no evidence (afdo-probs.cc).  */
bool afdo_short_arm_p (const afdo_session *, basic_block);
/* Stage: make COUNTS and the edge counts GCC's profile of cfun;
   UNEXECUTED when the instance says the function never ran
   (afdo-handoff.cc).  */
void afdo_handoff_counts (afdo_session *, vec<afdo_bb_count> &counts,
			  bool unexecuted);
/* The block counts and, with dump=details, the edge counts and
   probabilities, in the dump.  */
void afdo_dump_counts (afdo_session *, vec<afdo_bb_count> &counts,
		       const afdo_fn_result *);
/* COUNT (in the units handed to GCC) in profile counts, to the dump.  */
void afdo_dump_count (afdo_session *, gcov_type count);

/* Annotate cfun from INSTANCE and propagate: the three stages above,
   the dump of the result, and the edge data's allocation.  */
int afdo_code_stmts (basic_block);
double afdo_stmts_per_position (function *);
uint64_t afdo_samples_behind (uint64_t total, function *, uint64_t enough);
void afdo_annotate_function (afdo_unit *, afdo_function *instance,
			     bool head_ok, afdo_fn_result *);

/* Switch on what -fauto-profile implies (afdo-options.cc).  */
void afdo_enable_fdo_optimizations (afdo_session *);
/* Cfun has no samples: keep the code the options as given make of it,
   or, with sample-accurate, make it cold (afdo-options.cc).  RAN: it
   has samples, too few to use (min-unit-samples), and is not made cold
   either way.  */
void afdo_handoff_unsampled (afdo_session *, bool ran = false);
/* hot-inline: cfun's counts came from its samples; give it -O3's max-inline-insns-auto
   unless it is larger than GCC's large functions, was given options of
   its own, or the build is below -O2 or for size (afdo-options.cc).  */
void afdo_handoff_inline_limit (afdo_session *);
/* The size NODE has now, by GCC's size summary (afdo-inline.cc).  */
int afdo_node_size (cgraph_node *node);
/* The pass after "profile" that lets GCC's IPA passes take the counts
   as a profile (afdo-options.cc).  */
opt_pass *afdo_make_handoff_pass (afdo_session *);
/* The pass after "cp" that gives a clone made for calls from functions
   without samples an unknown count instead of 0 (afdo-clones.cc).  */
opt_pass *afdo_make_clones_pass (afdo_session *);
/* The pass before "vect" that keeps GCC 12's vectorizer from dividing
   by a count of 0 (afdo-estimates.cc).  */
opt_pass *afdo_make_guard_pass (afdo_session *);

/* The pass after "vect" that records the loops' estimates again
   (vect-estimates=0) and hides them from "cunroll" (the evidence rule;
   unsampled-peel=0), or (AFTER_CUNROLL) the one after "cunroll" that
   gives these back (afdo-estimates.cc).  */
opt_pass *afdo_make_estimates_pass (afdo_session *, bool after_cunroll);
/* The pass before "loop2_unroll" that gives the unroller a short loop's
   estimate with trip-margin (afdo-estimates.cc).  */
opt_pass *afdo_make_trips_pass (afdo_session *);
/* The passes before and after (RESTORE) "jump2" that keep a hot
   computed goto's copies apart (afdo-dispatch.cc).  */
opt_pass *afdo_make_dispatch_pass (afdo_session *, bool restore);
/* The pass after "rtl pre" that moves PRE's insertions out of a hot
   computed jump's block (afdo-dispatch.cc).  */
opt_pass *afdo_make_sink_pass (afdo_session *);
/* The pass before "ira" that makes a function with samples one
   allocation region, and the one after "reload" (RESTORE) that gives
   back the regions as given (afdo-regalloc.cc).  */
opt_pass *afdo_make_region_pass (afdo_session *, bool restore);

/* Whether FN's counts are a sampled profile's (the plugin's, or
   -fauto-profile's): read, and of AFDO quality.  */
static inline bool
afdo_counts_p (function *fn)
{
  return (profile_status_for_fn (fn) == PROFILE_READ
	  && ENTRY_BLOCK_PTR_FOR_FN (fn)->count.quality () == AFDO);
}

/* The passes before and after (RESTORE) "switchlower" that give a jump
   table its cases' probabilities (afdo-switch.cc).  */
opt_pass *afdo_make_switch_pass (afdo_session *, bool restore);

/* check-hot (afdo-check.cc): the pass, and the unit's last line.  */
opt_pass *afdo_make_check_pass (afdo_session *);
void afdo_check_report (afdo_session *);

/* Evaluate mode and block count files (afdo-evaluate.cc): check the
   arguments against the other options (false after an error), and
   register the passes and their dump.  */
bool afdo_evaluate_check (afdo_session *, const char *plugin_name);
void afdo_evaluate_register (afdo_session *, const char *base_name,
			     const char *dump);

/* Messages name the plugin this way.  */
extern const char afdo_plugin_name[];

#endif /* AFDO_PLUGIN_H */
