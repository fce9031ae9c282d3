/* afdo: the source-level sample profile shared by every part of afdo.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* The model (see doc/profile-format.md):

   A profile is a forest of function instances.  A top-level instance is
   an outline function of the profiled binary, named by its assembler
   name.  Every instance has position counts keyed by an extended source
   location KEY = line_offset << 16 | discriminator, where line_offset is
   the source line minus the line of the function's declaration (taken
   modulo 2^16, as GCC does), and callsites keyed the same way that hold
   the nested instances of functions inlined at that call.  A position
   may carry a histogram of indirect-call targets.

   TOTAL of an instance is the sum of its position counts and of the
   totals of its nested instances, recomputed by afdo_profile_finalize,
   except where a text profile stated another total: LLVM keeps a stated
   total as the instance's total, and so does afdo (STATED_TOTAL).  The
   writers always write the sums.  HEAD is the number of times the
   outline function was entered (top level only).

   Names are interned in the profile's string table and referred to by
   index.  All counts are below 2^63 (GCC's gcov_type is signed); the
   arithmetic here saturates at AFDO_COUNT_MAX.  */

#ifndef AFDO_PROFILE_H
#define AFDO_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t afdo_key_t;

#define AFDO_KEY(offset, disc) \
  ((afdo_key_t) ((((uint32_t) (offset) & 0xffffu) << 16) \
		 | ((uint32_t) (disc) & 0xffffu)))
#define AFDO_KEY_OFFSET(key) ((uint32_t) (key) >> 16)
#define AFDO_KEY_DISC(key) ((uint32_t) (key) & 0xffffu)

#define AFDO_COUNT_MAX ((uint64_t) INT64_MAX)
/* The largest count the plugin hands to GCC (2^40).  GCC's profile_count
   holds 61 bits, but its ipa-profile sums count times estimated time
   over every block of the unit (of the program, under LTO) in a signed
   64-bit integer and, once that wraps, reads past its histogram: at 2^40
   the blocks at the cap would need 2^23 units of time to overflow it.
   Sampled counts stay far below (at most 2^32 times a scale that keeps
   them under 2^24, afdo-session.cc).  */
#define AFDO_COUNT_CAP ((uint64_t) 1 << 40)

/* Nesting deeper than this is refused by the readers (and never produced
   by a real inliner).  */
#define AFDO_MAX_DEPTH 256
/* The fewest samples that support a decision: the plugin's unit gate
   (min-unit-samples, doc/design.md "The evidence rule"), and the least
   a function needs for the converter to lift its blocks
   (converter/execcount.c).  */
#define AFDO_MIN_UNIT_SAMPLES 30

typedef struct afdo_target
{
  uint32_t name;
  uint64_t count;
} afdo_target;

typedef struct afdo_pos
{
  afdo_key_t key;
  uint64_t count;
  uint32_t n_targets, cap_targets;
  afdo_target *targets;
} afdo_pos;

typedef struct afdo_function afdo_function;

struct afdo_function
{
  uint32_t name;
  /* For a nested instance, the key of the callsite in its caller.  */
  afdo_key_t callsite;
  uint64_t total;
  uint64_t head;
  /* Sorted by key after afdo_profile_finalize.  */
  afdo_pos *pos;
  uint32_t n_pos, cap_pos;
  /* Nested instances, sorted by (callsite, name string) after
     afdo_profile_finalize.  */
  afdo_function **callees;
  uint32_t n_callees, cap_callees;
  /* The instance this one is nested in, or NULL at top level.  */
  afdo_function *parent;
  /* Free for the user of the library (the plugin marks instances).  */
  uintptr_t aux;
  /* When HAS_STATED_TOTAL, TOTAL is STATED_TOTAL, a total that a text
     profile stated and that is not the sum of the instance's counts and
     its nested instances' totals (see afdo_function_counted_total).
     STATED_LINE is the line of the text profile that stated it (0 after
     a merge).  Merging adds and scaling scales stated totals;
     afdo_profile_finalize drops one that has become the sum.  */
  uint64_t stated_total;
  uint32_t stated_line;
  bool has_stated_total;
};

typedef struct afdo_profile afdo_profile;

/* Which on-disk format a profile came from or is to be written in.  */
typedef enum afdo_format
{
  AFDO_FORMAT_UNKNOWN = 0,
  /* GCC 12's AutoFDO layout: version 2, string lengths in bytes.  */
  AFDO_FORMAT_GCOV,
  /* google/autofdo create_gcov 0.19: string lengths in 4-byte words,
     strings padded, a working-set section after the modules.  */
  AFDO_FORMAT_GCOV_WORDS,
  /* LLVM's sample-profile text format.  */
  AFDO_FORMAT_TEXT
} afdo_format;

const char *afdo_format_name (afdo_format);

/* Errors: every fallible function fills an afdo_error with one line that
   names the file and, for binary input, the byte offset.  */
typedef struct afdo_error
{
  char msg[512];
} afdo_error;

void afdo_error_set (afdo_error *, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* Profile and string table.  */
afdo_profile *afdo_profile_new (void);
void afdo_profile_free (afdo_profile *);

uint32_t afdo_intern (afdo_profile *, const char *name, size_t len);
uint32_t afdo_intern_str (afdo_profile *, const char *name);
/* Index of NAME, or UINT32_MAX when NAME is not in the table.  */
uint32_t afdo_name_index (const afdo_profile *, const char *name, size_t len);
/* The name of INDEX, or NULL when INDEX is not in the table.  Index 0 is
   always the empty string.  */
const char *afdo_name (const afdo_profile *, uint32_t index);
uint32_t afdo_n_names (const afdo_profile *);

/* Top-level instances.  */
uint32_t afdo_n_functions (const afdo_profile *);
/* The I-th top-level instance; sorted by name after finalize.  */
afdo_function *afdo_function_at (const afdo_profile *, uint32_t i);
afdo_function *afdo_top (afdo_profile *, uint32_t name, bool create);
afdo_function *afdo_top_by_name (const afdo_profile *, const char *name);

/* Nested instances and positions.  Lookups use binary search on a
   finalized profile and a linear scan before.  */
afdo_function *afdo_callee (afdo_profile *, afdo_function *caller,
			    afdo_key_t key, uint32_t callee_name, bool create);
afdo_function *afdo_callee_find (const afdo_profile *,
				 const afdo_function *caller, afdo_key_t key,
				 uint32_t callee_name);
afdo_pos *afdo_pos_get (afdo_function *, afdo_key_t key, bool create);
const afdo_pos *afdo_pos_find (const afdo_function *, afdo_key_t key);

/* Saturating count arithmetic.  */
uint64_t afdo_count_add (uint64_t a, uint64_t b);
uint64_t afdo_count_mul (uint64_t a, uint64_t b);
void afdo_pos_add (afdo_pos *, uint64_t count);
void afdo_pos_max (afdo_pos *, uint64_t count);
void afdo_target_add (afdo_pos *, uint32_t name, uint64_t count);

/* Sort everything into the canonical order, drop empty histograms,
   recompute every TOTAL.  Must be called after building or changing a
   profile and before writing it.  */
void afdo_profile_finalize (afdo_profile *);

/* Add WEIGHT times every count of SRC into DST (names re-interned), then
   finalize DST.  Head counts are summed too.  */
void afdo_profile_merge (afdo_profile *dst, const afdo_profile *src,
			 uint64_t weight);
/* Multiply every count by NUM / DEN (rounding to nearest), then
   finalize.  */
void afdo_profile_scale (afdo_profile *, uint64_t num, uint64_t den);

/* The sum of FN's position counts and of the totals of its nested
   instances (of a finalized profile): its TOTAL unless one was stated.  */
uint64_t afdo_function_counted_total (const afdo_function *fn);

/* Stale profiles (the source changed since they were recorded).  Move
   the rows of FN (its positions and the call sites of its nested
   instances, not the rows inside those) to new line offsets: MAP gives
   the new offset of an old one, or a value above 0xffff to drop the
   row.  Rows that meet keep the larger count (positions) or are merged
   (nested instances of one function).  FN's total stays what it was.
   *MOVED and *DROPPED (may be NULL) get the samples of the rows moved
   and dropped.  */
void afdo_function_rekey (afdo_profile *, afdo_function *fn,
			  uint32_t (*map) (uint32_t offset, void *data),
			  void *data, uint64_t *moved, uint64_t *dropped);
/* Drop FN's positions and nested instances; its total stays.  */
void afdo_function_clear (afdo_function *fn);
/* Drop CALLEE, one of FN's nested instances, and everything in it; FN's
   total stays.  */
void afdo_function_drop_callee (afdo_function *fn, afdo_function *callee);

/* Sum of the totals of the top-level instances.  */
uint64_t afdo_profile_total (const afdo_profile *);

/* Depth-first walk over every instance (top level in order, then nested
   ones); stops when FN returns non-zero and returns that value.  */
int afdo_profile_walk (const afdo_profile *,
		       int (*fn) (afdo_function *, unsigned depth, void *),
		       void *data);

/* Reading.  NAME is used in messages only.  The format is detected from
   the contents; FOUND (may be NULL) tells which one was read.  Returns
   NULL and fills ERR on failure; a returned profile is finalized.  */
afdo_profile *afdo_read_mem (const void *buf, size_t len, const char *name,
			     afdo_format *found, afdo_error *err);
/* PATH "-" reads standard input.  Two top-level functions of the same
   name in one file (static functions of different files) are summed.  */
afdo_profile *afdo_read_file (const char *path, afdo_format *found,
			      afdo_error *err);

/* Writing: 0 on success, -1 with ERR filled on failure.  The output is a
   function of the profile's contents only (string table built afresh,
   sorted), so equal profiles give byte-identical files.  */
int afdo_write (const afdo_profile *, FILE *, afdo_format, afdo_error *err);
int afdo_write_file (const afdo_profile *, const char *path, afdo_format,
		     afdo_error *err);

/* Summary for afdo-dump --summary and reports.  */
typedef struct afdo_summary
{
  uint32_t n_functions;		/* top-level instances */
  uint32_t n_instances;		/* all instances, nested ones included */
  uint32_t n_positions;
  uint32_t max_depth;
  uint64_t total;
  uint64_t max_count;		/* largest position count */
} afdo_summary;

void afdo_profile_summarize (const afdo_profile *, afdo_summary *);

#ifdef __cplusplus
}
#endif

#endif /* AFDO_PROFILE_H */
