/* afdo: the GCC plugin's arguments, as plugin_init parses them.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Included by afdo-plugin.h.  */

#ifndef AFDO_ARGS_H
#define AFDO_ARGS_H

/* The plugin's arguments (-fplugin-arg-afdo-NAME[=VALUE]).  Their names,
   forms, defaults and help are in arg_table (afdo-plugin.cc) alone;
   plugin_init is the one writer of these fields.  */
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
  /* hot-inline=0|1: with fdo-opts, GCC's limit on the size of callees
     not declared inline that it inlines (max-inline-insns-auto) is
     -O3's in functions with samples.  */
  bool hot_inline;
  /* inline=0|1 and icp=0|1: the profile-guided early inliner and
     indirect-call promotion run before annotation.  */
  bool inline_p;
  bool icp;
  /* hot-permille=N: the hot block threshold is the smallest count among
     the positions that make up N per mille of the profile's samples.  */
  int hot_permille;
  /* stale-percent=N and stale-share=N: warn when less than N % of the
     samples of the functions found by name are matched, and those hold
     at least N % of the profile's samples.  */
  int stale_percent;
  int stale_share;
  /* match=0|1: move the rows of a function whose source changed since
     the profile was recorded to where its code is now (afdo-match.cc).  */
  bool match;
  /* match-percent=N: a changed function that puts fewer than N % of its
     samples on lines with code, moved or not, is compiled as without a
     profile.  */
  int match_percent;
  /* inline-permille=N: an inline instance is hot, and recreated, when
     its total reaches the smallest position count among those that make
     up N per mille of the samples (-1: hot-permille).  */
  int inline_permille;
  /* inline-growth=N: a function may grow by N % of its size (at least N
     size units) through the profile-guided inliner.  */
  int inline_growth;
  /* context-size=N: the early inliner inlines a calling context of a
     call-graph profile only when the inlined body grows the caller by at
     most N size units (-1: GCC's limit for a hot call).  */
  int context_size;
  /* evaluate[=FILE]: compare with the exact counts of -fprofile-use
     (afdo-evaluate.cc); FILE gets the plugin's block counts.  */
  bool evaluate;
  const char *evaluate_counts;
  /* counts=FILE: append the block counts GCC holds after "profile".  */
  const char *counts;
  /* The count model (doc/design.md); each part can be switched off
     for ablation.  */
  /* scale=0|1: hand GCC counts scaled to a large range.  */
  bool scale;
  /* entry-counts=0|1: a call that is the only way into a function runs
     as often as the function is entered.  */
  bool entry_counts;
  /* entry-shares=0|1: ...and the calls of a local function from
     functions with samples share its entry count.  */
  bool entry_shares;
  /* entry-sums=0|1: a function with samples is entered at least as
     often as its calls with samples run, together; at annotation and
     again before GCC's inliner (afdo-clones.cc).  */
  bool entry_sums;
  /* clone-counts=0|1: a clone ipa-cp makes for calls from functions
     without samples has an unknown count, not 0 (afdo-clones.cc).  */
  bool clone_counts;
  /* evidence=0|1: a block without a row in the profile is unknown, not
     zero; a row of 0 says "cold" only where the block would have had
     enough samples had it run as often as its dominator; a two-way
     branch leaves its static probabilities only where the samples of
     its arms exclude them; a block is cold to GCC only where its count
     is evidently below the hot count; no loop is peeled by a sampled
     trip count (doc/design.md, "The evidence rule").  */
  bool evidence;
  /* short-arm=N: a branch's arm of at most N code statements and no
     call, with a row of 0, against the branch's samples: no evidence
     (afdo-probs.cc; 0: off).  */
  int short_arm;
  /* cold-split=N: a block with a row of 0 at its own position, and
     which had it run as often as its nearest sampled dominator would
     have taken N samples or more, is given GCC's count 0 (0: no block).  */
  int cold_split;
  /* arm-flow=0|1: two arms' samples are weighed with the factor by
     which their sum falls short of their join's count
     (afdo-probs.cc).  */
  bool arm_flow;
  /* trip-margin=N: without branch records, the unroller sees the least
     iterations a loop of one exit, counted but not constant, has by its
     samples divided by N (afdo-estimates.cc; 1: as they are).  */
  int trip_margin;
  /* exit-counts=0|1: a loop of known iterations whose exit keeps its
     static probability gets counts that agree with it
     (afdo-handoff.cc).  */
  bool exit_counts;
  /* clone-floor=0|1: a copy ipa-cp made of a hot function is not cold
     by ipa-cp's split of its count alone (afdo-clones.cc).  */
  bool clone_floor;
  /* min-samples=N: samples off a function's code that tell the
     matcher it changed.  */
  int min_samples;
  /* min-unit-samples=N: a translation unit whose functions have fewer
     samples together is compiled as without a profile.  */
  int min_unit_samples;
  /* noise-permille=N: the relative noise of sampled counts: a branch
     whose unbounded side's count is within it of 0 keeps its static
     probabilities.  */
  int noise_permille;
  /* noise-regions=0|1: the blocks below such a branch get counts that
     agree with its probabilities.  */
  bool noise_regions;
  /* noise-lines=0|1: a branch whose sides have no samples but those of
     the branch's own line keeps its static probabilities.  */
  bool noise_lines;
  /* jump-tables=0|1: a jump table keeps its cases' probabilities
     through GCC's switch lowering.  */
  bool jump_tables;
  /* noise-exits=0|1: the noise rule holds for a branch out of a loop
     or into a loop's head too.  */
  bool noise_exits;
  /* noise-multiway=0|1: but a multiway branch (a switch) takes the
     probabilities of its bounded edges from their counts.  */
  bool noise_multiway;
  /* noise-order=0|1: and so does a two-way branch whose static
     probabilities give its bounded edges less than half.  */
  bool noise_order;
  /* refold=0|1: fold the nested instances of folded ones that are not
     inlined here either (not only the first level).  */
  bool refold;
  /* lto-threshold=0|1: at link time (-flto), the hot block threshold
     is the profile's, as when each unit is compiled, not the one GCC's
     ipa-profile takes from the whole program's counts (afdo-lto.cc).  */
  bool lto_threshold;
  /* dispatch=0|1: no cross-jumping in "jump2" for a function whose hot
     code ends in a computed goto (afdo-dispatch.cc).  */
  bool dispatch;
  /* dispatch-sink=0|1: a computation RTL PRE put at the end of a hot
     block that ends in a computed jump moves to the successors that use
     it (afdo-dispatch.cc).  */
  bool dispatch_sink;
  /* ira-region=0|1: a function with samples is one region to GCC's
     register allocator (afdo-regalloc.cc).  */
  bool ira_region;
  /* prologue=0|1: without a head count, the samples of the line of the
     function's opening brace count its entries.  */
  bool prologue;
  /* split-parts=0|1: the early inliner puts the parts GCC's early
     splitting took out of a hot function back in.  */
  bool split_parts;
  /* loop-estimates=0|1: record the iterations the counts give as the
     loops' estimates.  */
  bool loop_estimates;
  /* vect-estimates=0|1: the vectorizer sees those estimates; with 0
     they are hidden from it (its own run-time check of the iterations
     guards a short loop) and recorded again after it.  */
  bool vect_estimates;
  /* unsampled-peel=0|1: with 0, a loop of code without samples that
     GCC's inliner put into a function with samples is not peeled from
     its static estimate, as at -O2 (afdo-estimates.cc).  */
  bool unsampled_peel;
  /* sample-accurate=0|1: the profile is complete, so a function without
     samples did not run and is made cold; 0 keeps its -O2 code.  */
  bool sample_accurate;
  /* check-hot=0|1: report sampled lines GCC compiles as not hot
     (afdo-check.cc).  */
  bool check_hot;
  /* mcf=0|1: infer the counts as a minimum-cost flow; 0 uses the
     equivalence classes and flow rules of seed 000.  */
  bool mcf;
  /* unsampled-calls=0|1: with mcf, a block without samples that calls a
     function of the unit without samples is as dear to raise as a
     sampled block is to empty.  */
  bool unsampled_calls;
  /* call-bounds=0|1: with mcf, a block without samples that calls a
     function the profile has samples of, not inlined at that call, is
     raised above the callee's samples only as dearly (unsampled-calls
     is the case of none).  */
  bool call_bounds;
  /* entry-bounds=0|1: with call-bounds, where the profile counts the
     callee's entries (a head count, the row of its opening brace),
     their 99 % upper bound is the bound, not all its samples.  */
  bool entry_bounds;
  /* report=FILE: append what the unit matched, for afdo-dump
     --build-report (afdo-report.cc).  */
  const char *report;
};

#endif /* AFDO_ARGS_H */
