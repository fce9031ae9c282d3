/* afdo-dump: print AutoFDO profiles (gcov or text) as text, or a summary
   of them.
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

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-profile.h"

static const char *progname = "afdo-dump";

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: afdo-dump [--summary] [--top=N] FILE...\n"
"Print AutoFDO profiles as LLVM sample-profile text.\n"
"\n"
"FILE is a GCC 12 AutoFDO gcov profile, a create_gcov 0.19 gcov profile or\n"
"a text profile ('-' reads standard input).\n"
"\n"
"  --summary   print the format found, the number of functions, inline\n"
"              instances and positions, the total samples, the deepest\n"
"              inlining and the hottest functions instead of the profile\n"
"  --top=N     how many hottest functions --summary lists (default 10)\n"
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

int
main (int argc, char **argv)
{
  static const struct option opts[] = {
    { "summary", no_argument, NULL, 's' },
    { "top", required_argument, NULL, 't' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  bool want_summary = false;
  unsigned long top = 10;
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
      case 'h':
	usage (stdout);
	return 0;
      default:
	usage (stderr);
	return 2;
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
