/* afdo-overlap: block overlap of block count files with exact counts.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Usage: afdo-overlap [--list] EXACT TEST...

   EXACT and every TEST are block count files of the plugin
   (-fplugin-arg-afdo-counts=FILE): EXACT from a -fprofile-use build,
   each TEST from a build with sampled counts (-fauto-profile, the
   plugin).  Over the functions that ran in the instrumented run and
   whose CFG has the same shape in EXACT and in every TEST, prints each
   TEST's block overlap (seed 003, Section IV.C), weighted by the exact
   block count sum of each function, and how much of the exact weight
   those functions hold.  A function a TEST gives no profile counts
   (the static estimate only) is compared as a miss: overlap 0.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlap.h"

static int
read_file (const char *name, struct afdo_ov_file *f)
{
  FILE *in = fopen (name, "r");
  if (!in)
    {
      fprintf (stderr, "afdo-overlap: cannot open %s: %s\n", name,
	       strerror (errno));
      return -1;
    }
  char err[512];
  int rc = afdo_ov_read (in, name, f, err, sizeof err);
  fclose (in);
  if (rc != 0)
    fprintf (stderr, "afdo-overlap: %s\n", err);
  else if (f->duplicates)
    fprintf (stderr, "afdo-overlap: %s: %zu functions listed more than "
	     "once; the first is used\n", name, f->duplicates);
  return rc;
}

static double
pct (double part, double whole)
{
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

int
main (int argc, char **argv)
{
  int list = 0, first = 1;
  if (argc > 1 && strcmp (argv[1], "--list") == 0)
    {
      list = 1;
      first = 2;
    }
  if (argc > 1 && (strcmp (argv[1], "--help") == 0
		   || strcmp (argv[1], "-h") == 0))
    {
      printf ("Usage: afdo-overlap [--list] EXACT TEST...\n"
	      "Block overlap of the block count files TEST with the exact "
	      "counts EXACT\n(files of -fplugin-arg-afdo-counts=FILE), over "
	      "the functions whose CFG\nhas the same shape in all of them.\n");
      return 0;
    }
  if (argc - first < 2)
    {
      fprintf (stderr, "afdo-overlap: usage: afdo-overlap [--list] EXACT "
	       "TEST...\n");
      return 2;
    }
  size_t nt = (size_t) (argc - first - 1);
  struct afdo_ov_file exact;
  struct afdo_ov_file *tests = calloc (nt, sizeof *tests);
  struct afdo_ov_test *t = calloc (nt, sizeof *t);
  if (!tests || !t)
    {
      fprintf (stderr, "afdo-overlap: out of memory\n");
      return 1;
    }
  if (read_file (argv[first], &exact) != 0)
    return 1;
  for (size_t k = 0; k < nt; k++)
    if (read_file (argv[first + 1 + k], &tests[k]) != 0)
      return 1;

  struct afdo_ov_summary s;
  afdo_ov_compare (&exact, tests, nt, &s, t, list ? stdout : NULL);

  printf ("exact: %zu functions ran (weight %.0f, the exact block count "
	  "sum); %zu never ran, %zu without exact counts\n", s.exact_fns,
	  s.exact_weight, s.not_run, s.no_exact);
  printf ("compared: %zu of %zu functions, %.1f%% of the exact weight "
	  "(same CFG shape in every file); %zu with exact counts on an "
	  "unmatched CFG\n", s.compared, s.exact_fns,
	  pct (s.compared_weight, s.exact_weight), s.unmatched);
  for (size_t k = 0; k < nt; k++)
    printf ("%s: weighted block overlap %.1f%% over %zu functions; "
	    "misses %zu (%.1f%% of the compared weight); all-zero %zu "
	    "(%.1f%%); not compared: %zu missing, %zu other CFG shape\n",
	    argv[first + 1 + k], pct (t[k].sum, s.compared_weight),
	    s.compared, t[k].misses, pct (t[k].miss_weight, s.compared_weight),
	    t[k].zero, pct (t[k].zero_weight, s.compared_weight), t[k].missing,
	    t[k].other_shape);

  afdo_ov_free (&exact);
  for (size_t k = 0; k < nt; k++)
    afdo_ov_free (&tests[k]);
  free (tests);
  free (t);
  return 0;
}
