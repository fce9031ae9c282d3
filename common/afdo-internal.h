/* afdo: internals shared by the files of the profile library (common/).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_INTERNAL_H
#define AFDO_INTERNAL_H

#include "afdo-map.h"
#include "afdo-profile.h"

/* Allocation that never returns NULL (aborts with a message instead).
   The readers bound every allocation by the size of their input first
   (afdo-alloc.c).  */
void afdo_oom (void) __attribute__ ((noreturn));
void *afdo_xmalloc (size_t);
void *afdo_xcalloc (size_t, size_t);
void *afdo_xrealloc (void *, size_t);
/* Grow *PTR (of *CAP elements of SIZE bytes) to hold at least NEED.  */
void afdo_grow (void **ptr, uint32_t *cap, uint32_t need, size_t size);

/* A growable output buffer.  */
typedef struct afdo_buf
{
  unsigned char *data;
  size_t len, cap;
} afdo_buf;

void afdo_buf_put (afdo_buf *, const void *, size_t);
void afdo_buf_printf (afdo_buf *, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
void afdo_buf_u32 (afdo_buf *, uint32_t);
void afdo_buf_u64 (afdo_buf *, uint64_t);
void afdo_buf_free (afdo_buf *);

/* A profile's string table (afdo-strtab.c).  Interned strings live in
   chunks that never move, so the pointers handed out by afdo_name stay
   valid for the life of the profile.  */
typedef struct afdo_chunk
{
  struct afdo_chunk *next;
  size_t used, cap;
  char data[];
} afdo_chunk;

typedef struct afdo_string
{
  const char *s;
  uint32_t len;
} afdo_string;

typedef struct afdo_strtab
{
  afdo_string *names;
  uint32_t n_names, cap_names;
  /* (HASH, K) -> name index + 1, where HASH is the name's hash and K
     counts the names of the same hash interned before it (almost always
     0, as the hash has 64 bits).  */
  afdo_map index;
  afdo_chunk *chunks;
} afdo_strtab;

/* The index of the LEN bytes at S in T, or UINT32_MAX; the same, entered
   when new; the order of two names by their bytes; T's memory freed.  */
uint32_t afdo_strtab_find (const afdo_strtab *t, const char *s, size_t len);
uint32_t afdo_strtab_intern (afdo_strtab *t, const char *s, size_t len);
int afdo_strtab_cmp (const afdo_strtab *t, uint32_t a, uint32_t b);
void afdo_strtab_free (afdo_strtab *t);

/* A profile: its names and its top-level instances (afdo-profile.c; the
   files of this library alone see the fields).  */
struct afdo_profile
{
  afdo_strtab strings;
  afdo_function **tops;
  uint32_t n_tops, cap_tops;
  /* For each name index, the index + 1 of its top-level instance.  */
  uint32_t *top_of_name;
  uint32_t cap_top_of_name;
};

/* A detached instance (no parent, not in any profile).  */
afdo_function *afdo_function_new (uint32_t name);
void afdo_function_free (afdo_function *);

/* Find or create the position KEY / the callee (KEY, NAME) of FN;
   *CREATED tells whether it is new.  */
afdo_pos *afdo_pos_lookup (afdo_function *fn, afdo_key_t key, bool create,
			   bool *created);
afdo_function *afdo_callee_lookup (const afdo_profile *, afdo_function *fn,
				   afdo_key_t key, uint32_t name, bool create,
				   bool *created);
/* Add the detached top-level instance FN, whose name P has no instance
   of yet, to P (afdo-profile.c).  */
void afdo_add_top (afdo_profile *p, afdo_function *fn);
/* Put the detached top-level instance FN into P; when P already has a
   function of that name, FN is added to it and freed (afdo-merge.c).  */
void afdo_attach_top (afdo_profile *p, afdo_function *fn);

/* Drop the empty targets of F and of its nested instances, sort their
   histograms and set every TOTAL as afdo_profile_finalize does;
   returns F's.  */
uint64_t afdo_finalize_function (const afdo_profile *p, afdo_function *f);

/* Add WEIGHT times the counts of SRC (of profile SP) into DST (of DP).  */
void afdo_function_merge (afdo_profile *dp, afdo_function *dst,
			  const afdo_profile *sp, const afdo_function *src,
			  uint64_t weight);

/* The sum of FN's position counts and of its callees' totals, computed
   afresh (saturating).  */
uint64_t afdo_function_sum (const afdo_function *fn);
/* The total of FN as afdo_profile_finalize would set it, computed afresh
   (FN need not be finalized).  */
uint64_t afdo_effective_total (const afdo_function *fn);

/* The top-level instances sorted by name (a new array, N of them).  */
afdo_function **afdo_sorted_tops (const afdo_profile *, uint32_t *n);
/* FN's histogram in canonical order: by descending count, then name.
   A new array of POS->n_targets elements (NULL when there are none).  */
afdo_target *afdo_sorted_targets (const afdo_profile *, const afdo_pos *);

/* Format readers and writers.  */
afdo_profile *afdo_gcov_read (const unsigned char *buf, size_t len,
			      const char *name, afdo_format *found,
			      afdo_error *err);
int afdo_gcov_write (const afdo_profile *, afdo_buf *, afdo_format,
		     afdo_error *err);
afdo_profile *afdo_text_read (const char *buf, size_t len, const char *name,
			      afdo_error *err);
int afdo_text_write (const afdo_profile *, afdo_buf *, afdo_error *err);

/* The magic word of gcov files, "gcda", and the AutoFDO tags.  */
#define AFDO_GCOV_MAGIC 0x67636461u
#define AFDO_GCOV_VERSION 2u
#define AFDO_GCOV_VERSION_CREATE_GCOV 0x3430372au	/* "*704" */
#define AFDO_TAG_FILE_NAMES 0xaa000000u
#define AFDO_TAG_FUNCTION 0xac000000u
#define AFDO_TAG_MODULE 0xae000000u
#define AFDO_TAG_WORKING_SET 0xaf000000u
#define AFDO_WORKING_SET_ENTRIES 128u
/* The histogram type GCC gives indirect-call targets.  */
#define AFDO_HIST_INDIR_CALL 3u

#endif /* AFDO_INTERNAL_H */
