/* afdo-convert: turn perf.data, perf script output or other profiles into
   an AutoFDO profile for GCC 12 (gcov format) or LLVM's text format.
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

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-profile.h"

static const char *progname = "afdo-convert";

static void
usage (FILE *f)
{
  fprintf (f,
"Usage: afdo-convert [OPTION]... -o OUT\n"
"Convert profiles into an AutoFDO profile for GCC (-fplugin=afdo.so).\n"
"\n"
"Input (several inputs are summed):\n"
"  --text=FILE         a profile in any supported format (LLVM sample-profile\n"
"                      text, GCC 12 AutoFDO gcov, create_gcov 0.19 gcov)\n"
"\n"
"Output:\n"
"  -o, --output=FILE   where to write the profile\n"
"      --format=FMT    gcov (default) or text\n"
"  -h, --help          show this help and exit\n"
"\n"
"Exit status: 0 on success, 1 on any error (one line on stderr).\n");
}

static void
fail (const char *msg)
{
  fprintf (stderr, "%s: %s\n", progname, msg);
  exit (1);
}

int
main (int argc, char **argv)
{
  enum { OPT_TEXT = 256, OPT_FORMAT };
  static const struct option opts[] = {
    { "text", required_argument, NULL, OPT_TEXT },
    { "output", required_argument, NULL, 'o' },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 }
  };
  const char **texts = calloc ((size_t) argc + 1, sizeof *texts);
  size_t n_texts = 0;
  const char *out = NULL;
  afdo_format fmt = AFDO_FORMAT_GCOV;
  char buf[600];
  int c;

  if (!texts)
    fail ("out of memory");
  opterr = 0;
  while ((c = getopt_long (argc, argv, "o:h", opts, NULL)) != -1)
    switch (c)
      {
      case OPT_TEXT:
	texts[n_texts++] = optarg;
	break;
      case 'o':
	out = optarg;
	break;
      case OPT_FORMAT:
	if (!strcmp (optarg, "gcov"))
	  fmt = AFDO_FORMAT_GCOV;
	else if (!strcmp (optarg, "text"))
	  fmt = AFDO_FORMAT_TEXT;
	else
	  {
	    snprintf (buf, sizeof buf,
		      "unknown --format '%s' (gcov or text)", optarg);
	    fail (buf);
	  }
	break;
      case 'h':
	usage (stdout);
	return 0;
      default:
	if (optopt && optopt < 256)
	  snprintf (buf, sizeof buf, "invalid option '-%c' (see --help)",
		    optopt);
	else
	  snprintf (buf, sizeof buf, "invalid option '%s' (see --help)",
		    argv[optind - 1]);
	fail (buf);
      }
  if (optind < argc)
    {
      snprintf (buf, sizeof buf, "unexpected argument '%s' (see --help)",
		argv[optind]);
      fail (buf);
    }
  if (n_texts == 0)
    fail ("no input (use --text=FILE; see --help)");
  if (!out)
    fail ("no output file (use -o FILE)");

  afdo_profile *prof = afdo_profile_new ();
  afdo_error err;
  for (size_t i = 0; i < n_texts; i++)
    {
      afdo_profile *p = afdo_read_file (texts[i], NULL, &err);
      if (!p)
	fail (err.msg);
      afdo_profile_merge (prof, p, 1);
      afdo_profile_free (p);
    }
  afdo_profile_finalize (prof);
  if (afdo_write_file (prof, out, fmt, &err) != 0)
    fail (err.msg);
  afdo_profile_free (prof);
  free (texts);
  return 0;
}
