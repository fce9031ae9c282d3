/* afdo: block count files and their block overlap (overlap.c), shared
   by afdo-overlap and its unit test.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* A block count file is what the plugin writes for counts=FILE and
   evaluate=FILE (see doc/afdo-plugin.md): for every function

     function TU NAME profile|guessed|unmatched N
     0 COUNT SUCC...          ENTRY
     1 COUNT SUCC...          the N blocks, in their order
     ...
     N+1 COUNT                EXIT

   Two files describe the same CFG of a function when every block's
   successor list is the same.  "guessed" counts are the static
   estimate, not a profile's; "unmatched" exact counts are listed on a
   CFG no other build has (a -fprofile-use build whose CFG before the
   "profile" pass could not be listed), so they weigh but are never
   compared.  */

#ifndef AFDO_OVERLAP_H
#define AFDO_OVERLAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct afdo_ov_fn
{
  char *key;		/* "TU NAME" */
  int profiled;		/* counts from a profile, not the static estimate */
  int unmatched;	/* on a CFG that cannot be compared */
  unsigned n;		/* real blocks; counts[0] is ENTRY, counts[n+1] EXIT */
  uint64_t *counts;
  char *shape;		/* the successor lists, as text */
  size_t seq;		/* place in the file */
};

struct afdo_ov_file
{
  struct afdo_ov_fn *fns;
  size_t n, cap;
  size_t duplicates;	/* functions listed again (the first is kept) */
};

void afdo_ov_free (struct afdo_ov_file *f);

/* Read a block count file; 0, or -1 with a message in ERR.  */
int afdo_ov_read (FILE *in, const char *name, struct afdo_ov_file *out,
		  char *err, size_t errlen);

/* The block overlap of counts F and GT of blocks 1 to N.  */
double afdo_ov_block_overlap (const uint64_t *f, const uint64_t *gt,
			      unsigned n);

/* What afdo_ov_compare found.  */
struct afdo_ov_summary
{
  size_t exact_fns;	/* functions with exact counts that ran */
  double exact_weight;	/* their block count sum */
  size_t not_run;	/* functions with exact counts that never ran */
  size_t no_exact;	/* functions without exact counts */
  size_t unmatched;	/* exact counts on a CFG that cannot be compared */
  size_t compared;	/* same CFG shape in every test file */
  double compared_weight;
};

struct afdo_ov_test
{
  size_t missing;	/* exact functions the test file does not list */
  size_t other_shape;	/* listed with another CFG shape */
  size_t misses;	/* compared, but without counts from a profile */
  double miss_weight;
  size_t zero;		/* compared, profile counts all zero */
  double zero_weight;
  double sum;		/* sum of overlap times weight over the compared */
};

/* Compare the NT files TESTS with the exact counts EXACT.  */
void afdo_ov_compare (const struct afdo_ov_file *exact,
		      const struct afdo_ov_file *tests, size_t nt,
		      struct afdo_ov_summary *s, struct afdo_ov_test *t,
		      FILE *list);

#endif /* AFDO_OVERLAP_H */
