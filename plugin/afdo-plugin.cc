/* afdo: the GCC plugin afdo.so: its arguments and its passes.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* plugin_init parses the arguments (-fplugin-arg-afdo-NAME[=VALUE])
   with the table below, which also gives the help text and the list of
   accepted arguments, switches on the optimizations a profile implies,
   and registers the passes: "autofdo" (afdo-driver.cc) right after
   GCC's own "afdo", the hand-off (afdo-options.cc) right after
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

/* One argument, the only place it is described: its name, the value's
   form in the help, how it is read, its range, where it goes, its
   default, whether plain "help" lists it (the others are the count
   model's tuning and ablation switches, listed by "help=all"), and its
   one-line help.  The man page afdo(7) and doc/afdo-plugin.md describe
   the same arguments with the same defaults; testsuite/afdo.plugin/
   args.exp compares them with "help=all".  */
struct arg_spec
{
  const char *name;
  const char *value;
  enum arg_kind kind;
  int min, max;
  size_t field;
  /* ARG_FLAG_FILE: the field of the file.  */
  size_t file_field;
  /* The value before the arguments are read (ARG_BOOL, ARG_INT,
     ARG_OPT_INT), and the default as the help shows it when it is not
     that number (NULL: the number; "" for an argument without one).  */
  int def;
  const char *def_text;
  bool user;
  const char *help;
};

/* Rows of the common forms.  */
#define ARG_B(NAME, F, DEF, USER, HELP) \
  { NAME, "=0|1", ARG_BOOL, 0, 1, FIELD (F), NO_FIELD, DEF, NULL, USER, HELP }
#define ARG_N(NAME, F, MAX, DEF, TEXT, USER, HELP) \
  { NAME, "=N", ARG_INT, 0, MAX, FIELD (F), NO_FIELD, DEF, TEXT, USER, HELP }
#define ARG_F(NAME, F, TEXT, HELP) \
  { NAME, "=FILE", ARG_FILE, 0, 0, FIELD (F), NO_FIELD, 0, TEXT, true, HELP }

static const arg_spec arg_table[] =
{
  /* What users set.  */
  ARG_F ("profile", profile, "required",
	 "the AutoFDO profile (gcov or text format)"),
  { "verbose", "[=N]", ARG_OPT_INT, 0, 9, FIELD (verbose), NO_FIELD, 0, "off",
    true, "per-function and per-unit match summary on stderr" },
  ARG_B ("fdo-opts", fdo_opts, 1, true,
	 "switch on what -fauto-profile implies, in functions with samples"),
  ARG_B ("hot-inline", hot_inline, 1, true,
	 "with fdo-opts, inline callees up to -O3's size "
	 "(max-inline-insns-auto=30) at hot calls"),
  ARG_B ("sample-accurate", sample_accurate, 0, true,
	 "the profile is complete: a function without samples did not run "
	 "and is made cold"),
  ARG_N ("stale-percent", stale_percent, 100, 50, NULL, true,
	 "warn when fewer than N % of a file's samples match"),
  ARG_N ("stale-share", stale_share, 100, 1, NULL, true,
	 "...only for a file holding at least N % of the profile's samples"),
  ARG_B ("match", match, 1, true,
	 "move the rows of functions whose source changed since the profile "
	 "to where their code is now"),
  ARG_N ("match-percent", match_percent, 100, 50, NULL, true,
	 "a changed function with fewer than N % of its samples on code, "
	 "moved or not, is compiled as without a profile"),
  ARG_F ("report", report, "off",
	 "append what the translation unit matched to FILE, for afdo-dump "
	 "--build-report"),
  { "evaluate", "[=FILE]", ARG_FLAG_FILE, 0, 0, FIELD (evaluate),
    FIELD (evaluate_counts), 0, "off", true,
    "with -fprofile-use: print the block overlap of the plugin's counts "
    "with the exact ones (the code is -fprofile-use's); FILE gets the "
    "plugin's block counts" },
  ARG_F ("counts", counts, "off",
	 "append the block counts GCC holds after its \"profile\" pass to "
	 "FILE, for afdo-overlap (needs no profile=)"),
  { "dump", "[=FLAGS]", ARG_TEXT, 0, 0, NO_FIELD, NO_FIELD, 0, "off", true,
    "write the pass dumps, as -fdump-ipa-autofdo[-FLAGS] would" },
  { "check-hot", "=0|1", ARG_BOOL, 0, 1, FIELD (check_hot), NO_FIELD, 0,
    NULL, true,
    "report on stderr the sampled lines GCC compiles as not hot" },
  { "help", "[=all]", ARG_TEXT, 0, 0, NO_FIELD, NO_FIELD, 0, "", true,
    "print the arguments users set; =all: the tuning switches too" },

  /* Tuning: the parts of the count model (doc/design.md), each of which
     can be switched off alone for ablation, and their thresholds.  */
  ARG_B ("discriminators", discriminators, 1, false,
	 "tell the blocks of one line apart by their discriminator"),
  ARG_B ("inline", inline_p, 1, false,
	 "recreate the profile's hot inline instances"),
  ARG_B ("icp", icp, 1, false, "promote hot indirect calls"),
  ARG_N ("inline-permille", inline_permille, 1000, -1, "hot-permille", false,
	 "an inline instance is hot when its total reaches the hot count "
	 "for N per mille"),
  ARG_N ("inline-growth", inline_growth, 100000, 300, NULL, false,
	 "the early inliner may grow a function by N %"),
  ARG_N ("context-size", context_size, 100000, -1, "GCC's", false,
	 "inline a calling context only when it grows the caller by at most "
	 "N size units"),
  ARG_B ("split-parts", split_parts, 1, false,
	 "put the parts GCC's early splitting took out of a hot function "
	 "back in"),
  ARG_B ("refold", refold, 1, false,
	 "fold nested instances not inlined here level by level, not only "
	 "the first"),
  ARG_N ("hot-permille", hot_permille, 1000, 999, NULL, false,
	 "hot blocks make up N per mille of the samples"),
  ARG_B ("propagate", propagate, 1, false,
	 "infer the counts of blocks without samples"),
  ARG_B ("mcf", mcf, 1, false,
	 "infer the counts as a minimum-cost flow; 0: classes and flow rules"),
  ARG_B ("unsampled-calls", unsampled_calls, 1, false,
	 "a block calling a unit's function without samples stays near 0"),
  ARG_B ("call-bounds", call_bounds, 1, false,
	 "a block calling a sampled function runs at most as its samples say"),
  ARG_B ("entry-bounds", entry_bounds, 1, false,
	 "with call-bounds, the callee's entries bound the call where the "
	 "profile counts them"),
  ARG_B ("evidence", evidence, 1, false,
	 "counts decide only where the samples are evidence"),
  ARG_N ("short-arm", short_arm, 100, 2, NULL, false,
	 "statements of an arm whose 0 samples are no evidence"),
  ARG_N ("cold-split", cold_split, 1000000, 100, NULL, false,
	 "a block with a row of 0 where N samples were expected at its "
	 "sampled dominator's rate goes to the cold partition (0: none)"),
  ARG_B ("arm-flow", arm_flow, 1, false,
	 "weigh two arms' samples by how far their sum falls short of "
	 "their join's"),
  ARG_B ("exit-counts", exit_counts, 1, false,
	 "a loop of known iterations whose exit keeps its static "
	 "probability gets counts that agree with it"),
  ARG_B ("clone-floor", clone_floor, 1, false,
	 "a copy ipa-cp made of a hot function is not cold by the split "
	 "of its count alone"),
  ARG_N ("min-samples", min_samples, 1000000, 20, NULL, false,
	 "samples off a function's code that tell the matcher it changed"),
  ARG_N ("min-unit-samples", min_unit_samples, 1000000,
	 AFDO_MIN_UNIT_SAMPLES, NULL, false,
	 "a unit with fewer samples is compiled as without a profile"),
  ARG_B ("scale", scale, 1, false,
	 "hand GCC counts scaled to a large range"),
  ARG_B ("entry-counts", entry_counts, 1, false,
	 "the only call into a function runs as often as it is entered"),
  ARG_B ("entry-shares", entry_shares, 1, false,
	 "the calls of a local function share its entry count"),
  ARG_B ("entry-sums", entry_sums, 1, false,
	 "a function is entered at least as often as its sampled calls run"),
  ARG_B ("clone-counts", clone_counts, 1, false,
	 "a clone for calls from functions without samples is not cold"),
  ARG_B ("prologue", prologue, 1, false,
	 "without head counts, the opening brace's samples count the entries"),
  ARG_N ("noise-permille", noise_permille, 500, 100, NULL, false,
	 "without branch records, a branch within N per mille of noise keeps "
	 "its static probabilities"),
  ARG_B ("noise-regions", noise_regions, 1, false,
	 "the blocks below such a branch agree with its probabilities"),
  ARG_B ("noise-lines", noise_lines, 1, false,
	 "a branch with only its own line's samples keeps its probabilities"),
  ARG_B ("noise-exits", noise_exits, 1, false,
	 "the noise rule holds at a loop's exits and head too"),
  ARG_B ("noise-multiway", noise_multiway, 1, false,
	 "a switch's edges into sampled blocks take their counts' share"),
  ARG_B ("noise-order", noise_order, 1, false,
	 "so does a two-way branch whose static split contradicts the samples"),
  ARG_B ("jump-tables", jump_tables, 1, false,
	 "give jump tables their cases' probabilities after switch lowering"),
  ARG_B ("loop-estimates", loop_estimates, 1, false,
	 "record the iterations the counts give as the loops' estimates"),
  ARG_N ("trip-margin", trip_margin, 100, 2, NULL, false,
	 "without branch records, the unroller sees a loop's least "
	 "iterations by its samples divided by N"),
  ARG_B ("vect-estimates", vect_estimates, 0, false,
	 "the vectorizer sees those estimates; 0: recorded again after it"),
  ARG_B ("unsampled-peel", unsampled_peel, 0, false,
	 "peel loops without samples inlined into sampled functions"),
  ARG_B ("dispatch", dispatch, 1, false,
	 "no cross-jumping where hot code ends in a computed goto"),
  ARG_B ("dispatch-sink", dispatch_sink, 1, false,
	 "a computation RTL PRE put at the end of a hot computed jump's "
	 "block moves to the successors that use it"),
  ARG_B ("ira-region", ira_region, 1, false,
	 "a function with samples is one region to the register "
	 "allocator"),
  ARG_B ("lto-threshold", lto_threshold, 1, false,
	 "at link time, the hot block threshold is the profile's, not GCC's"),
};

/* Every option at its default: the table's, none elsewhere.  */
static void
default_options (afdo_plugin_options *o)
{
  memset (o, 0, sizeof *o);
  char *base = (char *) o;
  for (const arg_spec &a : arg_table)
    switch (a.kind)
      {
      case ARG_BOOL:
	*(bool *) (base + a.field) = a.def != 0;
	break;
      case ARG_INT:
      case ARG_OPT_INT:
	*(int *) (base + a.field) = a.def;
	break;
      default:
	break;
      }
}

static void
append (auto_vec<char> &buf, const char *text)
{
  for (; *text; text++)
    buf.safe_push (*text);
}

/* The default of A as the help and the manuals show it; "" for none.
   Returns a string to free.  */
static char *
default_text (const arg_spec &a)
{
  if (a.def_text)
    return xstrdup (a.def_text);
  return xasprintf ("%d", a.def);
}

/* Append TEXT to BUF as words wrapped at column 79, the lines after the
   first indented to column 22, where *COL is the column now.  */
static void
append_wrapped (auto_vec<char> &buf, const char *text, size_t *col)
{
  const size_t indent = 22, width = 79;
  while (*text)
    {
      const char *end = strchr (text, ' ');
      size_t len = end ? (size_t) (end - text) : strlen (text);
      if (*col > indent && *col + 1 + len > width)
	{
	  buf.safe_push ('\n');
	  for (*col = 0; *col < indent; ++*col)
	    buf.safe_push (' ');
	}
      else if (*col > indent)
	{
	  buf.safe_push (' ');
	  ++*col;
	}
      for (size_t i = 0; i < len; i++)
	buf.safe_push (text[i]);
      *col += len;
      text += len;
      while (*text == ' ')
	text++;
    }
}

/* One line of the help for A: "  NAME=VALUE  help (default D)".  */
static void
append_help_line (auto_vec<char> &buf, const arg_spec &a)
{
  char *head = xasprintf ("  %s%s", a.name, a.value);
  append (buf, head);
  size_t col = strlen (head);
  free (head);
  if (col > 21)
    {
      buf.safe_push ('\n');
      col = 0;
    }
  for (; col < 22; col++)
    buf.safe_push (' ');
  append_wrapped (buf, a.help, &col);
  char *def = default_text (a);
  if (strcmp (def, "required") == 0)
    append_wrapped (buf, "(required)", &col);
  else if (*def)
    {
      char *text = xasprintf ("(default %s)", def);
      append_wrapped (buf, text, &col);
      free (text);
    }
  free (def);
  buf.safe_push ('\n');
}

/* The help text, from the table: the arguments users set and, with ALL,
   the tuning switches too.  Without ALL also the plugin's PLUGIN_INFO.  */
static char *
help_text (bool all)
{
  auto_vec<char> buf;
  append (buf, "afdo: sampling-based feedback-directed optimization.  "
	  "Arguments (-fplugin-arg-afdo-NAME[=VALUE]):\n");
  for (const arg_spec &a : arg_table)
    if (a.user)
      append_help_line (buf, a);
  if (all)
    {
      append (buf, "Tuning switches of the count model (doc/design.md):\n");
      for (const arg_spec &a : arg_table)
	if (!a.user)
	  append_help_line (buf, a);
    }
  else
    append (buf, "The count model's tuning switches: "
	    "-fplugin-arg-afdo-help=all.\n");
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
  afdo_register_pass (base_name, afdo_make_trips_pass (s), "loop2_unroll",
		      PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_switch_pass (s, false),
		      "switchlower", PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_switch_pass (s, true),
		      "switchlower", PASS_POS_INSERT_AFTER);
  afdo_register_pass (base_name, afdo_make_dispatch_pass (s, false),
		      "jump2", PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_dispatch_pass (s, true),
		      "jump2", PASS_POS_INSERT_AFTER);
  afdo_register_pass (base_name, afdo_make_sink_pass (s), "rtl pre",
		      PASS_POS_INSERT_AFTER);
  afdo_register_pass (base_name, afdo_make_region_pass (s, false),
		      "ira", PASS_POS_INSERT_BEFORE);
  afdo_register_pass (base_name, afdo_make_region_pass (s, true),
		      "reload", PASS_POS_INSERT_AFTER);
}

/* DUMP (NULL: none) as the dump switch of the plugin's pass PASS
   ("autofdo", "autofdo_clones"; "autofdo_estimates" with KIND "tree-",
   "autofdo_sink" with KIND "rtl-"), which
   exists once the pass is registered.  */
static void
enable_dump (const char *pass, const char *dump, const char *kind = "ipa-")
{
  if (!dump)
    return;
  char *sw = concat (kind, pass, *dump ? "-" : "", dump, NULL);
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
  enable_dump ("autofdo", dump);
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

  bool ok = true;
  /* 1: "help", 2: "help=all".  */
  int help = 0;
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
	{
	  if (value && strcmp (value, "all") != 0)
	    {
	      error ("%s: argument %<help%> takes %<all%> or nothing, "
		     "not %qs", afdo_plugin_name, value);
	      ok = false;
	    }
	  else
	    help = value ? 2 : 1;
	}
      else
	ok &= parse_arg (*a, value, &s->opts);
    }

  static struct plugin_info plugin_info = { "0.1", NULL };
  plugin_info.help = help_text (false);
  register_callback (info->base_name, PLUGIN_INFO, NULL, &plugin_info);
  if (help == 1)
    fputs (plugin_info.help, stderr);
  else if (help == 2)
    {
      char *text = help_text (true);
      fputs (text, stderr);
      free (text);
    }
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
  afdo_register_pass (info->base_name, afdo_make_clones_pass (s), "cp",
		      PASS_POS_INSERT_AFTER);
  register_late_passes (s, info->base_name);
  afdo_register_pass (info->base_name, afdo_make_check_pass (s), "optimized",
		      PASS_POS_INSERT_BEFORE);
  register_callback (info->base_name, PLUGIN_FINISH, finish_callback, s);
  afdo_evaluate_register (s, info->base_name, dump);
  enable_dump ("autofdo", dump);
  enable_dump ("autofdo_clones", dump);
  enable_dump ("autofdo_estimates", dump, "tree-");
  enable_dump ("autofdo_trips", dump, "rtl-");
  enable_dump ("autofdo_sink", dump, "rtl-");
  enable_dump ("autofdo_region", dump, "rtl-");
  return 0;
}
