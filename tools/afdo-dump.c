/* afdo-dump: print AutoFDO profiles (gcov or text) as text, or a summary
   of them.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afdo-profile.h"
#include "buildreport.h"

static const char *progname = "afdo-dump";

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: afdo-dump [--summary] [--top=N] FILE...\n"
"       afdo-dump --build-report=REPORT [--top=N] [--stale-percent=N]\n"
"Print AutoFDO profiles as LLVM sample-profile text.\n"
"\n"
"FILE is a GCC 12 AutoFDO gcov profile, a create_gcov 0.19 gcov profile or\n"
"a text profile ('-' reads standard input).\n"
"\n"
"  --summary   print the format found, the number of functions, inline\n"
"              instances and positions, the total samples, the deepest\n"
"              inlining and the hottest functions instead of the profile\n"
"  --top=N     how many hottest functions --summary lists, and how many\n"
"              files and functions --build-report lists (default 10)\n"
"  --build-report=REPORT\n"
"              sum the entries the plugin's report=REPORT argument wrote\n"
"              over a build: how much of the profile the build used\n"
"  --stale-percent=N\n"
"              with --build-report, warn when the build matched less than\n"
"              N %% of the profile's samples (default 50)\n"
"  --help      print this help and exit\n"
"\n"
"Exit status: 0 on success, 1 when a profile cannot be read, 2 on a usage\n"
"error.\n");
}

/* A top-level function and its place in the profile (sorted by name).  */
typedef struct hot_fn
{
  const afdo_function *fn;
  uint32_t index;
} hot_fn;

static int
hot_order (const void *a, const void *b)
{
  const hot_fn *x = a, *y = b;
  if (x->fn->total != y->fn->total)
    return x->fn->total > y->fn->total ? -1 : 1;
  /* Equal totals: keep the profile's (name) order.  */
  return x->index < y->index ? -1 : x->index > y->index;
}

static void
summary (const char *path, const afdo_profile *p, afdo_format fmt,
	 unsigned long top)
{
  afdo_summary s;
  afdo_profile_summarize (p, &s);
  printf ("%s:\n", path);
  printf ("  format:          %s\n", afdo_format_name (fmt));
  printf ("  functions:       %" PRIu32 "\n", s.n_functions);
  printf ("  instances:       %" PRIu32 "\n", s.n_instances);
  printf ("  positions:       %" PRIu32 "\n", s.n_positions);
  printf ("  total samples:   %" PRIu64 "\n", s.total);
  printf ("  max count:       %" PRIu64 "\n", s.max_count);
  printf ("  max inline depth: %" PRIu32 "\n", s.max_depth);
  uint32_t n = afdo_n_functions (p);
  if (n == 0 || top == 0)
    return;
  hot_fn *v = malloc (n * sizeof *v);
  if (!v)
    {
      fprintf (stderr, "%s: out of memory\n", progname);
      exit (1);
    }
  for (uint32_t i = 0; i < n; i++)
    {
      v[i].fn = afdo_function_at (p, i);
      v[i].index = i;
    }
  qsort (v, n, sizeof *v, hot_order);
  if (top > n)
    top = n;
  printf ("  hottest functions:\n");
  for (unsigned long i = 0; i < top; i++)
    {
      const afdo_function *f = v[i].fn;
      double share = s.total ? 100.0 * (double) f->total
			       / (double) s.total : 0.0;
      printf ("    %6.2f%%  %" PRIu64 "  %s\n", share, f->total,
	      afdo_name (p, f->name));
    }
  free (v);
}

static double
percent (uint64_t part, uint64_t whole)
{
  return whole ? 100.0 * (double) part / (double) whole : 0.0;
}

/* PATH relative to the current directory when it lies below it.  */
static const char *
shown_path (const char *path, const char *cwd)
{
  size_t n = cwd ? strlen (cwd) : 0;
  if (n > 1 && strncmp (path, cwd, n) == 0 && path[n] == '/')
    return path + n + 1;
  return path;
}

static const struct afdo_br_unit *unit_sort;

/* Most samples first, then by source.  */
static int
unit_order (const void *a, const void *b)
{
  const struct afdo_br_unit *x = &unit_sort[*(const size_t *) a];
  const struct afdo_br_unit *y = &unit_sort[*(const size_t *) b];
  if (x->samples != y->samples)
    return x->samples > y->samples ? -1 : 1;
  return strcmp (x->source, y->source);
}

/* The report of the entries R->units[FIRST, LAST) of one profile.  */
static int
build_report_profile (const char *path, const struct afdo_br_report *r,
		      size_t first, size_t last, unsigned long top,
		      int stale_percent, const char *cwd)
{
  struct afdo_br_sum sum;
  if (afdo_br_sum (r, first, last, &sum) != 0)
    {
      fprintf (stderr, "%s: out of memory\n", progname);
      return 1;
    }
  /* The profile itself, for the functions the build does not define.  */
  afdo_error err;
  afdo_profile *p = afdo_read_file (sum.profile, NULL, &err);
  printf ("profile %s: %" PRIu64 " samples", shown_path (sum.profile, cwd),
	  sum.profile_samples);
  if (p)
    printf (", %" PRIu32 " functions", afdo_n_functions (p));
  printf ("\n");
  printf ("  %zu compilations of %zu source files (a file compiled again "
	  "counts once, with its last compilation)\n", sum.entries,
	  sum.sources);
  printf ("  %zu of the %zu files define functions of the profile: %zu "
	  "functions, with %" PRIu64 " of the profile's %" PRIu64 " samples "
	  "(%.1f %%)\n", sum.sources_with_samples, sum.sources, sum.n_fns,
	  sum.samples, sum.profile_samples,
	  percent (sum.samples, sum.profile_samples));
  printf ("  matched %" PRIu64 " of those %" PRIu64 " samples (%.1f %%): "
	  "%.1f %% of the profile's samples\n", sum.matched, sum.samples,
	  percent (sum.matched, sum.samples),
	  percent (sum.matched, sum.profile_samples));
  if (sum.stale.changed || sum.stale.renamed)
    printf ("  source changed since the profile: %" PRIu64 " functions "
	    "(%" PRIu64 " moved, %" PRIu64 " compiled as without a profile), "
	    "%" PRIu64 " renamed; %" PRIu64 " samples on code after moving, %"
	    PRIu64 " dropped\n", sum.stale.changed, sum.stale.moved,
	    sum.stale.emptied, sum.stale.renamed, sum.stale.moved_samples,
	    sum.stale.dropped_samples);

  size_t nu = last - first;
  size_t *order = malloc ((nu ? nu : 1) * sizeof *order);
  if (!order)
    {
      fprintf (stderr, "%s: out of memory\n", progname);
      afdo_br_sum_free (&sum);
      afdo_profile_free (p);
      return 1;
    }
  for (size_t i = 0; i < nu; i++)
    order[i] = first + i;
  unit_sort = r->units;
  qsort (order, nu, sizeof *order, unit_order);
  size_t shown = 0;
  for (size_t i = 0; i < nu && shown < top; i++)
    {
      const struct afdo_br_unit *u = &r->units[order[i]];
      if (u->samples == 0)
	break;
      if (shown++ == 0)
	printf ("  the files with the most samples:\n"
		"    %10s %10s %7s  %s\n", "samples", "matched", "", "source");
      printf ("    %10" PRIu64 " %10" PRIu64 " %5.1f %%  %s\n", u->samples,
	      u->matched, percent (u->matched, u->samples),
	      shown_path (u->source, cwd));
    }
  free (order);

  if (p)
    {
      uint32_t n = afdo_n_functions (p);
      hot_fn *v = malloc ((n ? n : 1) * sizeof *v);
      uint32_t k = 0;
      uint64_t missing = 0;
      for (uint32_t i = 0; v && i < n; i++)
	{
	  const afdo_function *f = afdo_function_at (p, i);
	  if (!afdo_br_sum_find (&sum, afdo_name (p, f->name)))
	    {
	      v[k].fn = f;
	      v[k++].index = i;
	      missing = afdo_count_add (missing, f->total);
	    }
	}
      if (v)
	{
	  printf ("  the profile's functions no file defines: %" PRIu32
		  ", with %" PRIu64 " samples (%.1f %%)%s\n", k, missing,
		  percent (missing, sum.profile_samples),
		  k && top ? "; the largest:" : "");
	  qsort (v, k, sizeof *v, hot_order);
	  for (uint32_t i = 0; i < k && i < top && v[i].fn->total; i++)
	    printf ("    %10" PRIu64 "  %s\n", v[i].fn->total,
		    afdo_name (p, v[i].fn->name));
	}
      free (v);
      afdo_profile_free (p);
    }
  else
    printf ("  (the profile cannot be read now, so the functions no file "
	    "defines are not listed: %s)\n", err.msg);

  if (percent (sum.matched, sum.profile_samples) < stale_percent)
    {
      fflush (stdout);
      fprintf (stderr, "%s: warning: %s: the build matched %.1f %% of the "
	       "samples of profile '%s' (less than %d %%): is the profile "
	       "stale, or of another program or build?\n", progname, path,
	       percent (sum.matched, sum.profile_samples), sum.profile,
	       stale_percent);
    }
  afdo_br_sum_free (&sum);
  return 0;
}

/* afdo-dump --build-report=PATH.  */
static int
build_report (const char *path, unsigned long top, int stale_percent)
{
  FILE *in = strcmp (path, "-") == 0 ? stdin : fopen (path, "r");
  if (!in)
    {
      fprintf (stderr, "%s: %s: cannot open: %s\n", progname, path,
	       strerror (errno));
      return 1;
    }
  struct afdo_br_report r;
  char err[512];
  int rc = afdo_br_read (in, path, &r, err, sizeof err);
  if (in != stdin)
    fclose (in);
  if (rc != 0)
    {
      fprintf (stderr, "%s: %s\n", progname, err);
      return 1;
    }
  if (r.n == 0)
    {
      fprintf (stderr, "%s: %s: no entries (was the plugin given "
	       "-fplugin-arg-afdo-report=%s?)\n", progname, path, path);
      afdo_br_free (&r);
      return 1;
    }
  char *cwd = getcwd (NULL, 0);
  printf ("build report %s:\n", path);
  int status = 0;
  for (size_t first = 0; first < r.n;)
    {
      size_t last = first + 1;
      while (last < r.n
	     && strcmp (r.units[last].profile, r.units[first].profile) == 0)
	last++;
      status |= build_report_profile (path, &r, first, last, top,
				      stale_percent, cwd);
      first = last;
    }
  free (cwd);
  afdo_br_free (&r);
  return status;
}

int
main (int argc, char **argv)
{
  static const struct option opts[] = {
    { "summary", no_argument, NULL, 's' },
    { "top", required_argument, NULL, 't' },
    { "build-report", required_argument, NULL, 'b' },
    { "stale-percent", required_argument, NULL, 'p' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  bool want_summary = false;
  unsigned long top = 10;
  const char *report = NULL;
  int stale_percent = 50;
  int c;
  while ((c = getopt_long (argc, argv, "", opts, NULL)) != -1)
    switch (c)
      {
      case 's':
	want_summary = true;
	break;
      case 't':
	{
	  char *end;
	  top = strtoul (optarg, &end, 10);
	  if (!*optarg || *end || optarg[0] == '-')
	    {
	      fprintf (stderr, "%s: --top wants a number, not '%s'\n",
		       progname, optarg);
	      return 2;
	    }
	  break;
	}
      case 'b':
	report = optarg;
	break;
      case 'p':
	{
	  char *end;
	  long v = strtol (optarg, &end, 10);
	  if (!*optarg || *end || v < 0 || v > 100)
	    {
	      fprintf (stderr, "%s: --stale-percent wants 0 to 100, not '%s'\n",
		       progname, optarg);
	      return 2;
	    }
	  stale_percent = (int) v;
	  break;
	}
      case 'h':
	usage (stdout);
	return 0;
      default:
	usage (stderr);
	return 2;
      }
  if (report)
    {
      if (optind != argc || want_summary)
	{
	  fprintf (stderr, "%s: --build-report takes no profile and no "
		   "--summary (try --help)\n", progname);
	  return 2;
	}
      int status = build_report (report, top, stale_percent);
      if (fflush (stdout) != 0)
	{
	  fprintf (stderr, "%s: cannot write to standard output\n",
		   progname);
	  status = 1;
	}
      return status;
    }
  if (optind == argc)
    {
      fprintf (stderr, "%s: no profile given (try --help)\n", progname);
      return 2;
    }
  int status = 0;
  for (int i = optind; i < argc; i++)
    {
      afdo_error err;
      afdo_format fmt;
      afdo_profile *p = afdo_read_file (argv[i], &fmt, &err);
      if (!p)
	{
	  fflush (stdout);
	  fprintf (stderr, "%s: %s\n", progname, err.msg);
	  status = 1;
	  continue;
	}
      if (want_summary)
	summary (argv[i], p, fmt, top);
      else if (afdo_write (p, stdout, AFDO_FORMAT_TEXT, &err))
	{
	  fprintf (stderr, "%s: %s\n", progname, err.msg);
	  status = 1;
	}
      afdo_profile_free (p);
    }
  if (fflush (stdout) != 0)
    {
      fprintf (stderr, "%s: cannot write to standard output\n", progname);
      status = 1;
    }
  return status;
}
