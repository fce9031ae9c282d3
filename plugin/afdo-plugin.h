/* afdo: declarations shared by the parts of the GCC plugin afdo.so.
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

/* Include after GCC's own headers.  */

#ifndef AFDO_PLUGIN_H
#define AFDO_PLUGIN_H

#include "afdo-profile.h"

/* The plugin's arguments (-fplugin-arg-afdo-NAME[=VALUE]); see
   doc/afdo-plugin.md.  */
struct afdo_plugin_options
{
  /* profile=FILE.  */
  const char *profile;
  /* verbose[=N]: per-function summary on stderr.  */
  int verbose;
  /* discriminators=0|1: use the discriminator of a block in lookups.  */
  bool discriminators;
  /* propagate=0|1: equivalence classes and flow propagation.  */
  bool propagate;
  /* fdo-opts=0|1: switch on what -fauto-profile implies.  */
  bool fdo_opts;
  /* inline=0|1 and icp=0|1: the profile-guided early inliner and
     indirect-call promotion run before annotation.  */
  bool inline_p;
  bool icp;
  /* hot-permille=N: the hot block threshold is the smallest count among
     the positions that make up N per mille of the profile's samples.  */
  int hot_permille;
  /* stale-percent=N: warn when less than N % of the samples of the
     functions found by name are matched.  */
  int stale_percent;
  /* inline-permille=N: an inline instance is hot, and recreated, when
     its total reaches the smallest position count among those that make
     up N per mille of the samples (default: hot-permille).  */
  int inline_permille;
  /* inline-growth=N: a function may grow by N % of its size (at least N
     size units) through the profile-guided inliner.  */
  int inline_growth;
  /* evaluate[=FILE]: compare with the exact counts of -fprofile-use
     (afdo-evaluate.cc); FILE gets the plugin's block counts.  */
  bool evaluate;
  const char *evaluate_counts;
  /* counts=FILE: append the block counts GCC holds after "profile".  */
  const char *counts;
};

extern struct afdo_plugin_options afdo_opts;

/* The profile, read at the first execution of the pass; NULL when it
   could not be read (an error was given then).  */
extern afdo_profile *afdo_prof;

/* Counters for the summary of a translation unit.  */
struct afdo_tu_stats
{
  uint64_t matched;
  uint64_t total;
  unsigned functions;
  unsigned functions_profiled;
};

/* Per-function result of afdo_annotate_function.  */
struct afdo_fn_result
{
  const afdo_function *instance;
  uint64_t matched;
  uint64_t total;
  unsigned n_blocks, n_annotated, n_class, n_flow, n_guessed, n_raised;
  bool applied;
};

/* Annotate the CFG of cfun from INSTANCE (a top-level instance of the
   profile) and propagate; HEAD_OK says whether the instance's head count
   is the entry count of this function (false for split parts).  */
void afdo_annotate_function (afdo_profile *, afdo_function *instance,
			     bool head_ok, afdo_fn_result *);

/* afdo_decl_name_index without EXACT, cached per compilation and
   profile (until afdo_annotate_finish).  */
uint32_t afdo_decl_name_cached (afdo_profile *, tree decl);

/* Index in the profile's string table of the name of DECL, matched the
   way GCC 12 does: assembler name without the clone suffixes, then the
   DWARF name, then the abstract origin's names.  UINT32_MAX if none.
   EXACT (may be NULL) is set when the assembler name matched without
   stripping anything.  */
uint32_t afdo_decl_name_index (afdo_profile *, tree decl, bool *exact);

/* Flags in afdo_function.aux.  */
#define AFDO_AUX_REACHED 1u	/* a statement's lookup went through it */
#define AFDO_AUX_FOLDED 2u	/* its unreached instances were folded */

/* Mark the nested instances of INSTANCE that the statements of cfun
   reach, without changing anything.  */
void afdo_mark_reached (afdo_profile *, afdo_function *instance);

struct afdo_offline_stats
{
  unsigned folded_instances;
  uint64_t folded_samples;
};

/* A new profile with the top-level instances TOPS (of PROF; NULLs are
   skipped) and, added to the instance of their function, the nested
   instances of TOPS that no statement reached and whose function is
   defined here (DEFINED[name index in PROF]).  See afdo-offline.cc.  */
afdo_profile *afdo_offline_profile (afdo_profile *prof,
				    const vec<afdo_function *> &tops,
				    const vec<char> &defined,
				    afdo_offline_stats *);

/* The nested instance the statement STMT of cfun belongs to, found
   from TOP (cfun's top-level instance) along STMT's inline stack; its
   line offset there in *OFFSET.  NULL when the stack leaves the
   profile.  */
afdo_function *afdo_stmt_instance (afdo_profile *, afdo_function *top,
				   gimple *stmt, uint32_t *offset);

/* The nested instance of function NAME at OFFSET.DISC of INST; any
   discriminator of OFFSET when none is DISC (the largest wins).  */
afdo_function *afdo_find_callee (afdo_profile *, const afdo_function *inst,
				 uint32_t offset, uint32_t disc,
				 uint32_t name);

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
  AFDO_SITE_FINAL,
  AFDO_SITE_N
};

/* What the profile-guided early inliner did (afdo-inline.cc).  */
struct afdo_inline_stats
{
  /* Profiled direct call sites looked at, and their outcomes.  */
  unsigned sites;
  unsigned reasons[AFDO_SITE_N];
  /* Indirect calls with a profile instance; what became of them.  */
  unsigned icall_sites, promoted, promoted_inlined;
  unsigned icall_cold, icall_missing, icall_mismatch;
};

/* The fallback indirect calls of promoted call sites: the annotation
   ignores their location, which is the whole call site's.  */
extern hash_set<gimple *> *afdo_promoted_stmts;

/* Recreate the hot inline instances of the profile in the IR, callers
   first, and promote hot indirect calls; THRESHOLD is the count an
   instance must reach.  */
void afdo_early_inline (afdo_profile *, uint64_t threshold,
			afdo_inline_stats *);
void afdo_inline_finish (void);

/* A function body of this translation unit the plugin annotates, with
   its top-level instance in the whole profile (NULL when none); EXACT
   when its assembler name matched without stripping a clone suffix.  */
struct afdo_unit_fn
{
  cgraph_node *node;
  afdo_function *inst;
  bool exact;
};

/* Whether NODE has a body of its own here that can be annotated.  */
bool afdo_unit_function_p (cgraph_node *node);

/* Fill FNS with the functions of the translation unit and their
   top-level instances in PROF, mark the nested instances their
   statements reach, and return the translation unit's profile with the
   rest folded in (afdo_offline_profile).  */
afdo_profile *afdo_unit_profile (afdo_profile *prof, vec<afdo_unit_fn> *fns,
				 afdo_offline_stats *);

/* Samples matched in the whole translation unit, each position
   counted once even when several functions (a function and its split
   part) use it.  */
uint64_t afdo_tu_matched (void);

/* Forget the per-compilation caches (the name cache is per profile, so
   also when switching profiles).  */
void afdo_annotate_finish (void);

/* Read the profile (once); false if it cannot be read (an error was
   given then).  */
bool afdo_read_profile (void);

/* Evaluate mode and block count files (afdo-evaluate.cc): check the
   arguments against the other options (false after an error), and
   register the passes and their dump.  */
bool afdo_evaluate_check (const char *plugin_name);
void afdo_evaluate_register (const char *base_name, const char *dump);

#endif /* AFDO_PLUGIN_H */
