/* afdo: reading the plugin's build report and summing it over a build
   (afdo-dump --build-report); tools/buildreport.c.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* Every compilation with -fplugin-arg-afdo-report=FILE appends an entry
   (plugin/afdo-report.cc, doc/afdo-plugin.md):

     unit source=SRC profile=PROF profile-samples=T functions=N in-profile=K samples=S matched=M [changed=C moved=V emptied=E renamed=R moved-samples=A dropped-samples=D]
     function name=NAME samples=S matched=M
     ...

   one "function" line for each top-level function of the profile that
   the translation unit has.  The keys in brackets are the stale-profile
   matcher's (plugin/afdo-match.cc), written when it found a function
   changed or renamed: the functions changed, of them moved and compiled
   as without a profile, the functions found under another name, and
   the samples that fell on code after moving and that were dropped.  Values have a space, a control character
   or a backslash written \ooo (octal).  Keys not known here are
   skipped, so that later plugins may add some.

   Summing: a source file compiled more than once (libtool's PIC and
   non-PIC objects, a rebuild) counts with its last entry.  A function
   of the profile counts once, with the most any file matched of it,
   however many files define a function of that name: the profile has
   one instance for the static functions of one name in several files
   and for the copies of a static inline function of a header, and every
   such file reports it.  So the build's matched samples never exceed
   the profile's.  Kept in a header so the unit tests use the same code
   as the program.  */

#ifndef AFDO_BUILDREPORT_H
#define AFDO_BUILDREPORT_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct afdo_br_fn
{
  char *name;
  uint64_t samples;
  uint64_t matched;
};

/* One entry: a compilation of SOURCE with PROFILE.  */
struct afdo_br_unit
{
  char *source;
  char *profile;
  uint64_t profile_samples;
  unsigned functions;
  unsigned in_profile;
  uint64_t samples;
  uint64_t matched;
  /* The stale-profile matcher's figures (0 when it had none).  */
  struct afdo_br_stale
  {
    uint64_t changed, moved, emptied, renamed;
    uint64_t moved_samples, dropped_samples;
  } stale;
  struct afdo_br_fn *fns;
  size_t n_fns, cap_fns;
  size_t seq;		/* place in the report */
  size_t entries;	/* entries of this source and profile in the report */
};

struct afdo_br_report
{
  /* The last entry of each source and profile, sorted by profile, then
     source.  */
  struct afdo_br_unit *units;
  size_t n, cap;
  /* Every entry read.  */
  size_t entries;
};

/* What the entries of one profile add up to.  */
struct afdo_br_sum
{
  const char *profile;
  uint64_t profile_samples;
  size_t sources;		/* source files */
  size_t entries;		/* compilations */
  size_t sources_with_samples;
  unsigned functions;		/* the functions of the sources */
  unsigned in_profile;		/* of them in the profile */
  /* The top-level functions of the profile the build defines, each
     once, sorted by name; their samples and what was matched of them.  */
  struct afdo_br_fn *fns;
  size_t n_fns;
  uint64_t samples;
  uint64_t matched;
  /* The matcher's figures, summed over the sources.  */
  struct afdo_br_stale stale;
};

/* Release what the reader and the summer allocated.  */
void afdo_br_unit_free (struct afdo_br_unit *u);
void afdo_br_free (struct afdo_br_report *r);
void afdo_br_sum_free (struct afdo_br_sum *s);

/* Read the report IN (named NAME in messages) into OUT.  Returns 0, or
   -1 with a one-line message in ERR.  */
int afdo_br_read (FILE *in, const char *name, struct afdo_br_report *out,
		  char *err, size_t errlen);

/* Sum the units R->units[FIRST, LAST), all of one profile, into OUT.
   Returns 0, or -1 when out of memory.  */
int afdo_br_sum (const struct afdo_br_report *r, size_t first, size_t last,
		 struct afdo_br_sum *out);

/* The function NAME of S, or NULL.  */
const struct afdo_br_fn *afdo_br_sum_find (const struct afdo_br_sum *s,
					  const char *name);

#endif /* AFDO_BUILDREPORT_H */
