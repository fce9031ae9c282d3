/* afdo: the GCC plugin afdo.so: its arguments and its passes.
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

/* plugin_init parses the arguments (-fplugin-arg-afdo-NAME[=VALUE])
   with the table below, which also gives the help text and the list of
   accepted arguments, switches on the optimizations a profile implies,
   and registers the passes: "autofdo" (afdo-driver.cc) right after
   GCC's own "afdo", the hand-off (afdo-handoff.cc) right after
   "profile", and evaluate mode's (afdo-evaluate.cc).  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "cgraph.h"
#include "diagnostic.h"
#include "diagnostic-core.h"
#include "options.h"
#include "profile.h"
#include "hash-set.h"
#include "hash-map.h"
#include "dumpfile.h"
#include "afdo-plugin.h"
#include "afdo-pass.h"

int plugin_is_GPL_compatible;

const char afdo_plugin_name[] = "afdo";

/* The session of this compilation.  */
static afdo_session session;

/* How an argument's value is read.  */
enum arg_kind
{
  /* FILE, required.  */
  ARG_FILE,
  /* [=FILE]: the flag, and the file when given.  */
  ARG_FLAG_FILE,
  /* 0|1; the name alone means 1.  */
  ARG_BOOL,
  /* N in [MIN, MAX].  */
  ARG_INT,
  /* [=N] in [MIN, MAX]; the name alone means 1.  */
  ARG_OPT_INT,
  /* [=TEXT], handled by plugin_init.  */
  ARG_TEXT,
  /* No value.  */
  ARG_NONE
};

#define FIELD(F) offsetof (afdo_plugin_options, F)
#define NO_FIELD ((size_t) -1)

/* One argument: its name, the value's form in the help, how it is read,
   its range, where it goes, and its help (continuation lines start with
   a new line).  The man page afdo(7) and doc/afdo-plugin.md list the
   same arguments (a test compares them with the help).  */
struct arg_spec
{
  const char *name;
  const char *value;
  enum arg_kind kind;
  int min, max;
  size_t field;
  /* ARG_FLAG_FILE: the field of the file.  */
  size_t file_field;
  const char *help;
};

static const arg_spec arg_table[] =
{
  { "profile", "=FILE", ARG_FILE, 0, 0, FIELD (profile), NO_FIELD,
    "the AutoFDO profile (gcov or text format; required)" },
  { "verbose", "[=N]", ARG_OPT_INT, 0, 9, FIELD (verbose), NO_FIELD,
    "per-function match summary on stderr" },
  { "discriminators", "=0|1", ARG_BOOL, 0, 1, FIELD (discriminators),
    NO_FIELD, "tell blocks on one line apart (default 1)" },
  { "propagate", "=0|1", ARG_BOOL, 0, 1, FIELD (propagate), NO_FIELD,
    "equivalence classes and flow propagation (default 1)" },
  { "fdo-opts", "=0|1", ARG_BOOL, 0, 1, FIELD (fdo_opts), NO_FIELD,
    "switch on what -fauto-profile implies (default 1)" },
  { "hot-inline", "=0|1", ARG_BOOL, 0, 1, FIELD (hot_inline), NO_FIELD,
    "...and in functions with samples, let GCC's inliner take\n"
    "callees not declared inline up to -O3's size (--param\n"
    "max-inline-insns-auto=30) at hot calls (default 1)" },
  { "inline", "=0|1", ARG_BOOL, 0, 1, FIELD (inline_p), NO_FIELD,
    "recreate the profile's hot inline instances (default 1)" },
  { "icp", "=0|1", ARG_BOOL, 0, 1, FIELD (icp), NO_FIELD,
    "promote hot indirect calls (default 1)" },
  { "inline-permille", "=N", ARG_INT, 0, 1000, FIELD (inline_permille),
    NO_FIELD, "an inline instance is hot when its total reaches\n"
    "the hot block count for N per mille (default: hot-permille)" },
  { "inline-growth", "=N", ARG_INT, 0, 100000, FIELD (inline_growth),
    NO_FIELD, "the inliner may grow a function by N % (default 300)" },
  { "context-size", "=N", ARG_INT, 0, 100000, FIELD (context_size),
    NO_FIELD, "inline a calling context only when it grows the\n"
    "caller by at most N size units (default: GCC's\n"
    "limit for a hot call)" },
  { "hot-permille", "=N", ARG_INT, 0, 1000, FIELD (hot_permille),
    NO_FIELD, "hot blocks make up N per mille of the samples\n"
    "(default 999)" },
  { "stale-percent", "=N", ARG_INT, 0, 100, FIELD (stale_percent),
    NO_FIELD, "warn below N % of samples matched (default 50)" },
  { "stale-share", "=N", ARG_INT, 0, 100, FIELD (stale_share),
    NO_FIELD, "...and only for a file whose functions hold at\n"
    "least N % of the profile's samples (default 1)" },
  { "evaluate", "[=FILE]", ARG_FLAG_FILE, 0, 0, FIELD (evaluate),
    FIELD (evaluate_counts),
    "with -fprofile-use: print the block overlap of the\n"
    "plugin's counts with the exact ones per function;\n"
    "the code is that of -fprofile-use alone; FILE gets\n"
    "the plugin's block counts" },
  { "counts", "=FILE", ARG_FILE, 0, 0, FIELD (counts), NO_FIELD,
    "append the block counts GCC holds after its\n"
    "\"profile\" pass (exact, -fauto-profile's or the\n"
    "plugin's) to FILE, for afdo-overlap; profile= is\n"
    "not needed for this alone" },
  { "scale", "=0|1", ARG_BOOL, 0, 1, FIELD (scale), NO_FIELD,
    "hand GCC counts scaled to a large range (default 1)" },
  { "entry-counts", "=0|1", ARG_BOOL, 0, 1, FIELD (entry_counts), NO_FIELD,
    "a call that is the only way into a function runs as\n"
    "often as the function is entered (default 1)" },
  { "entry-shares", "=0|1", ARG_BOOL, 0, 1, FIELD (entry_shares), NO_FIELD,
    "...and the calls of a local function from functions\n"
    "with samples share its entry count (default 1)" },
  { "entry-sums", "=0|1", ARG_BOOL, 0, 1, FIELD (entry_sums), NO_FIELD,
    "a function with samples is entered at least as often\n"
    "as its calls with samples run together (default 1)" },
  { "prologue", "=0|1", ARG_BOOL, 0, 1, FIELD (prologue), NO_FIELD,
    "without head counts, the samples of the line of a\n"
    "function's opening brace count its entries (default 1)" },
  { "split-parts", "=0|1", ARG_BOOL, 0, 1, FIELD (split_parts), NO_FIELD,
    "put the parts GCC's early splitting took out of a hot\n"
    "function back in (default 1)" },
  { "loop-estimates", "=0|1", ARG_BOOL, 0, 1, FIELD (loop_estimates),
    NO_FIELD, "record the iterations the counts give as the loops'\n"
    "estimates (default 1)" },
  { "vect-estimates", "=0|1", ARG_BOOL, 0, 1, FIELD (vect_estimates),
    NO_FIELD, "...and the vectorizer sees them; 0: they are\n"
    "recorded again right after it (default 0)" },
  { "unsampled-peel", "=0|1", ARG_BOOL, 0, 1, FIELD (unsampled_peel),
    NO_FIELD, "peel the loops without samples that GCC's inliner\n"
    "puts into a function with samples, by their static\n"
    "estimates; 0: as at -O2, not (default 0)" },
  { "sample-accurate", "=0|1", ARG_BOOL, 0, 1, FIELD (sample_accurate),
    NO_FIELD, "the profile is complete: a function without samples\n"
    "did not run and is made cold; 0 keeps its code as\n"
    "without the plugin (default 0)" },
  { "check-hot", "=0|1", ARG_BOOL, 0, 1, FIELD (check_hot), NO_FIELD,
    "after GCC's optimizations, report on stderr the sampled\n"
    "lines it compiles as not hot (default 0)" },
  { "mcf", "=0|1", ARG_BOOL, 0, 1, FIELD (mcf), NO_FIELD,
    "infer the counts as a minimum-cost flow; 0: the\n"
    "equivalence classes and flow rules (default 1)" },
  { "unsampled-calls", "=0|1", ARG_BOOL, 0, 1, FIELD (unsampled_calls),
    NO_FIELD, "...where a block without samples that calls a function\n"
    "of this unit the profile has no samples of keeps\n"
    "its count near 0 (default 1)" },
  { "call-bounds", "=0|1", ARG_BOOL, 0, 1, FIELD (call_bounds),
    NO_FIELD, "...and one that calls a function the profile has\n"
    "samples of, not inlined there, runs at most as often as\n"
    "those samples say (default 1)" },
  { "evidence", "=0|1", ARG_BOOL, 0, 1, FIELD (evidence), NO_FIELD,
    "counts decide only where the samples are evidence:\n"
    "a block without a row is unknown, a row of 0 is\n"
    "cold only where enough samples were expected, a\n"
    "branch leaves its static probabilities only where\n"
    "its arms' samples exclude them (default 1)" },
  { "min-samples", "=N", ARG_INT, 0, 1000000, FIELD (min_samples),
    NO_FIELD, "a function instance with fewer samples keeps the\n"
    "options as given, not those fdo-opts switches on\n"
    "(default 20)" },
  { "min-unit-samples", "=N", ARG_INT, 0, 1000000,
    FIELD (min_unit_samples), NO_FIELD,
    "a translation unit whose functions have fewer samples\n"
    "together is compiled as without a profile (default 100)" },
  { "noise-permille", "=N", ARG_INT, 0, 500, FIELD (noise_permille),
    NO_FIELD, "without branch records, a branch whose sides without\n"
    "samples of their own get less than N per mille of its\n"
    "count keeps its static probabilities (default 100)" },
  { "noise-regions", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_regions),
    NO_FIELD, "...and the counts of the blocks each side dominates\n"
    "agree with those probabilities (default 1)" },
  { "refold", "=0|1", ARG_BOOL, 0, 1, FIELD (refold), NO_FIELD,
    "fold the instances nested in folded ones that are not\n"
    "inlined here either into their functions too; 0: the\n"
    "first level only (default 1)" },
  { "noise-lines", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_lines), NO_FIELD,
    "...and so does a branch whose sides have no samples\n"
    "but those of the branch's own line (default 1)" },
  { "noise-exits", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_exits), NO_FIELD,
    "...and so does a branch out of a loop or into its\n"
    "head; 0: there the counts tell the loop's iterations\n"
    "(default 1)" },
  { "noise-multiway", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_multiway),
    NO_FIELD, "...but a switch's edges into blocks with samples of\n"
    "their own take their probabilities from their counts,\n"
    "the others their static share (default 1)" },
  { "noise-order", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_order),
    NO_FIELD, "...and so do a two-way branch's, where the static\n"
    "probabilities give the side with samples of its own\n"
    "less than half (default 1)" },
  { "noise-short", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_short), NO_FIELD,
    "...and so does an if-then(-else) whose arms are short,\n"
    "one without entry in the profile (default 1)" },
  { "noise-skid", "=0|1", ARG_BOOL, 0, 1, FIELD (noise_skid), NO_FIELD,
    "...and so does an if-then-else whose short arms, one\n"
    "without entry, have fewer samples than their join\n"
    "(default 1)" },
  { "empty-arms", "=0|1", ARG_BOOL, 0, 1, FIELD (empty_arms), NO_FIELD,
    "...and an arm without statements of its own (its\n"
    "assignments became PHI arguments) counts as one\n"
    "without entry (default 0)" },
  { "jump-tables", "=0|1", ARG_BOOL, 0, 1, FIELD (jump_tables), NO_FIELD,
    "give a jump table its cases' probabilities again after\n"
    "GCC's switch lowering, which makes them even (default 1)" },
  { "loop-align", "=0|1", ARG_BOOL, 0, 1, FIELD (loop_align), NO_FIELD,
    "without branch records, align a loop whose head is\n"
    "entered by its jumps more often than by falling in\n"
    "(default 1)" },
  { "dispatch", "=0|1", ARG_BOOL, 0, 1, FIELD (dispatch), NO_FIELD,
    "no cross-jumping in a function whose hot code ends\n"
    "in a computed goto, so that each of its copies keeps\n"
    "an indirect jump of its own (default 1)" },
  { "lto-threshold", "=0|1", ARG_BOOL, 0, 1, FIELD (lto_threshold),
    NO_FIELD,
    "at link time (-flto), the hot block threshold is the\n"
    "profile's, as when the units were compiled, not the\n"
    "one GCC takes from the whole program's counts\n"
    "(default 1)" },
  { "report", "=FILE", ARG_FILE, 0, 0, FIELD (report), NO_FIELD,
    "append what the translation unit matched to FILE,\n"
    "for afdo-dump --build-report" },
  { "dump", "[=FLAGS]", ARG_TEXT, 0, 0, NO_FIELD, NO_FIELD,
    "write the pass dump, as -fdump-ipa-autofdo[-FLAGS]\n"
    "would (GCC 12 reads -fdump- options before it loads\n"
    "plugins; -fdump-ipa-all works too)" },
  { "help", "", ARG_NONE, 0, 0, NO_FIELD, NO_FIELD, "print this list" },
};

/* The defaults of the arguments.  */
static void
default_options (afdo_plugin_options *o)
{
  memset (o, 0, sizeof *o);
  o->discriminators = true;
  o->propagate = true;
  o->fdo_opts = true;
  o->hot_inline = true;
  o->inline_p = true;
  o->icp = true;
  o->hot_permille = 999;
  o->stale_percent = 50;
  o->stale_share = 1;
  o->inline_permille = -1;
  o->inline_growth = 300;
  o->context_size = -1;
  o->scale = true;
  o->entry_counts = true;
  o->entry_shares = true;
  o->entry_sums = true;
  o->evidence = true;
  o->min_samples = 20;
  o->min_unit_samples = 100;
  o->noise_permille = 100;
  o->noise_regions = true;
  o->noise_lines = true;
  o->noise_short = true;
  o->noise_multiway = true;
  o->noise_order = true;
  o->noise_exits = true;
  o->jump_tables = true;
  o->noise_skid = true;
  o->refold = true;
  o->loop_align = true;
  o->dispatch = true;
  o->lto_threshold = true;
  o->mcf = true;
  o->unsampled_calls = true;
  o->call_bounds = true;
  o->loop_estimates = true;
  o->split_parts = true;
  o->prologue = true;
}

static void
append (auto_vec<char> &buf, const char *text)
{
  for (; *text; text++)
    buf.safe_push (*text);
}

/* The help text, from the table; also the plugin's PLUGIN_INFO.  */
static char *
help_text (void)
{
  auto_vec<char> buf;
  append (buf, "afdo: sampling-based feedback-directed optimization.  "
	  "Arguments (-fplugin-arg-afdo-NAME[=VALUE]):\n");
  for (const arg_spec &a : arg_table)
    {
      char *head = xasprintf ("  %s%s", a.name, a.value);
      append (buf, head);
      for (size_t n = strlen (head); n < 22; n++)
	buf.safe_push (' ');
      free (head);
      for (const char *p = a.help; *p; p++)
	if (*p == '\n')
	  append (buf, "\n                      ");
	else
	  buf.safe_push (*p);
      buf.safe_push ('\n');
    }
  buf.safe_push ('\0');
  return xstrdup (buf.address ());
}

/* "profile=FILE, verbose[=N], ...": for the unknown-argument error.  */
static char *
accepted_list (void)
{
  auto_vec<char> buf;
  for (const arg_spec &a : arg_table)
    {
      if (!buf.is_empty ())
	append (buf, ", ");
      append (buf, a.name);
      append (buf, a.value);
    }
  buf.safe_push ('\0');
  return xstrdup (buf.address ());
}

/* Parse a non-negative integer of at most MAX; false on junk.  */
static bool
parse_int (const char *s, int max, int *out)
{
  if (!s || !*s)
    return false;
  long v = 0;
  for (const char *p = s; *p; p++)
    {
      if (*p < '0' || *p > '9')
	return false;
      v = v * 10 + (*p - '0');
      if (v > max)
	return false;
    }
  *out = (int) v;
  return true;
}

/* Set the option of argument A from VALUE; false after an error.  */
static bool
parse_arg (const arg_spec &a, const char *value, afdo_plugin_options *o)
{
  char *base = (char *) o;
  int v;
  switch (a.kind)
    {
    case ARG_FILE:
      if (!value || !*value)
	{
	  error ("%s: argument %qs wants a file name", afdo_plugin_name,
		 a.name);
	  return false;
	}
      *(const char **) (base + a.field) = value;
      return true;

    case ARG_FLAG_FILE:
      *(bool *) (base + a.field) = true;
      *(const char **) (base + a.file_field)
	= value && *value ? value : NULL;
      return true;

    case ARG_BOOL:
      if (!value)
	v = 1;
      else if (!parse_int (value, 1, &v))
	{
	  error ("%s: argument %qs wants 0 or 1, not %qs", afdo_plugin_name,
		 a.name, value);
	  return false;
	}
      *(bool *) (base + a.field) = v != 0;
      return true;

    case ARG_OPT_INT:
      if (!value)
	{
	  *(int *) (base + a.field) = 1;
	  return true;
	}
      if (!parse_int (value, a.max, &v) || v < a.min)
	{
	  error ("%s: argument %qs wants a number, not %qs",
		 afdo_plugin_name, a.name, value);
	  return false;
	}
      *(int *) (base + a.field) = v;
      return true;

    case ARG_INT:
      if (!parse_int (value, a.max, &v) || v < a.min)
	{
	  error ("%s: argument %qs wants %d to %d, not %qs",
		 afdo_plugin_name, a.name, a.min, a.max, value ? value : "");
	  return false;
	}
      *(int *) (base + a.field) = v;
      return true;

    case ARG_TEXT:
    case ARG_NONE:
      return true;
    }
  gcc_unreachable ();
}

static void
finish_callback (void *, void *data)
{
  afdo_driver_finish ((afdo_session *) data);
}

/* The passes after the annotation that act on the counts: around
   "vect", "switchlower" and "jump2".  */
static void
register_late_passes (afdo_session *s, const char *base_name)
{
  afdo_register_pass (base_name, afdo_make_guard_pass (s), "vect",
		      PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_estimates_pass (s, false),
		      "vect", PASS_POS_INSERT_AFTER);
  afdo_register_pass (base_name, afdo_make_estimates_pass (s, true),
		      "cunroll", PASS_POS_INSERT_AFTER);
  afdo_register_pass (base_name, afdo_make_switch_pass (s, false),
		      "switchlower", PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_switch_pass (s, true),
		      "switchlower", PASS_POS_INSERT_AFTER);
  afdo_register_pass (base_name, afdo_make_dispatch_pass (s, false),
		      "jump2", PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_dispatch_pass (s, true),
		      "jump2", PASS_POS_INSERT_AFTER);
}

/* DUMP (NULL: none) as the "autofdo" pass's dump switch, which exists
   once the pass is registered.  */
static void
enable_dump (const char *dump)
{
  if (!dump)
    return;
  char *sw = concat ("ipa-autofdo", *dump ? "-" : "", dump, NULL);
  g->get_dumps ()->dump_switch_p (sw);
  free (sw);
}

/* In the link-time compiler (afdo-lto.cc): the profile is read for its
   count scale and hot threshold; the link-time "autofdo" pass and the
   late passes act on the counts the functions bring.  */
static void
register_lto_passes (afdo_session *s, const char *base_name,
		     const char *dump)
{
  afdo_link_begin (s);
  afdo_register_pass (base_name, afdo_make_lto_pass (s), "profile_estimate",
		      PASS_POS_INSERT_AFTER);
  register_late_passes (s, base_name);
  if (s->opts.check_hot && s->any_annotated)
    afdo_register_pass (base_name, afdo_make_check_pass (s), "optimized",
			PASS_POS_INSERT_BEFORE);
  register_callback (base_name, PLUGIN_FINISH, finish_callback, s);
  enable_dump (dump);
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *ver)
{
  if (!plugin_default_version_check (ver, &gcc_version))
    {
      error ("%s: built for GCC %s, cannot run in GCC %s",
	     afdo_plugin_name, gcc_version.basever, ver->basever);
      return 1;
    }

  afdo_session *s = &session;
  default_options (&s->opts);

  bool ok = true, help = false;
  const char *dump = NULL;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      const char *value = info->argv[i].value;
      const arg_spec *a = NULL;
      for (const arg_spec &x : arg_table)
	if (strcmp (key, x.name) == 0)
	  a = &x;
      if (!a)
	{
	  char *list = accepted_list ();
	  error ("%s: unknown argument %qs; accepted: %s", afdo_plugin_name,
		 key, list);
	  free (list);
	  ok = false;
	  continue;
	}
      if (strcmp (a->name, "dump") == 0)
	dump = value ? value : "";
      else if (strcmp (a->name, "help") == 0)
	help = true;
      else
	ok &= parse_arg (*a, value, &s->opts);
    }

  static struct plugin_info plugin_info = { "0.1", NULL };
  plugin_info.help = help_text ();
  register_callback (info->base_name, PLUGIN_INFO, NULL, &plugin_info);
  if (help)
    fputs (plugin_info.help, stderr);
  if (!ok || !afdo_evaluate_check (s, afdo_plugin_name))
    return 0;
  if (!s->opts.profile && s->opts.counts)
    {
      /* Block counts alone (of -fauto-profile or -fprofile-use).  */
      afdo_evaluate_register (s, info->base_name, dump);
      return 0;
    }
  if (!s->opts.profile)
    {
      if (!help)
	error ("%s: missing argument %<-fplugin-arg-%s-profile=FILE%>",
	       afdo_plugin_name, info->base_name);
      return 0;
    }

  s->lto = afdo_lto_compiler_p ();
  if (s->lto)
    {
      if (!s->opts.evaluate)
	register_lto_passes (s, info->base_name, dump);
      return 0;
    }

  if (s->opts.fdo_opts && optimize > 0 && !s->opts.evaluate)
    afdo_enable_fdo_optimizations (s);

  afdo_register_pass (info->base_name, afdo_make_autofdo_pass (s), "afdo",
		      PASS_POS_INSERT_AFTER);
  afdo_register_pass (info->base_name, afdo_make_handoff_pass (s), "profile",
		      PASS_POS_INSERT_AFTER);
  register_late_passes (s, info->base_name);
  afdo_register_pass (info->base_name, afdo_make_check_pass (s), "optimized",
		      PASS_POS_INSERT_BEFORE);
  register_callback (info->base_name, PLUGIN_FINISH, finish_callback, s);
  afdo_evaluate_register (s, info->base_name, dump);
  enable_dump (dump);
  return 0;
}
