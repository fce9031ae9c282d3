/* afdo: unit tests of what other producers write: LLVM text profiles
   whose stated totals are not the sums of their counts, gcov files whose
   string index 0 names a function, and LLVM's discriminator encoding.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "symbolize.h"
#include "testutil.h"

/* Read TEXT, which must be accepted (the name is in messages only).  */
static afdo_profile *
read_text (const char *text)
{
  afdo_error err;
  afdo_profile *p = afdo_read_mem (text, strlen (text), "t.afdo", NULL,
				   &err);
  ck_assert_msg (p != NULL, "refused: %s", err.msg);
  return p;
}

static char *
as_text (const afdo_profile *p)
{
  size_t len;
  afdo_error err;
  char *t = tu_write (p, AFDO_FORMAT_TEXT, &len, &err);
  ck_assert_msg (t != NULL, "%s", err.msg);
  return t;
}

/* The sum of F's position counts and its nested instances' totals.  */
static uint64_t
counted (const afdo_function *f)
{
  uint64_t s = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    s += f->pos[i].count;
  for (uint32_t i = 0; i < f->n_callees; i++)
    s += f->callees[i]->total;
  return s;
}

/* As LLVM's own test input profile-mismatch.prof: main states 30, its
   counts and its inline instance's total add up to 45.  */
static const char mismatch[] =
  "main:30:0\n"
  " 1: 10\n"
  " 2: 15\n"
  " 3: foo:20\n"
  "  1: 10\n"
  "  2: 10\n";

START_TEST (test_stated_total_kept)
{
  afdo_profile *p = read_text (mismatch);
  afdo_function *m = afdo_top_by_name (p, "main");
  ck_assert_ptr_nonnull (m);
  ck_assert_uint_eq (m->total, 30);
  ck_assert_uint_eq (counted (m), 45);
  ck_assert_uint_eq (m->callees[0]->total, 20);
  ck_assert_uint_eq (afdo_profile_total (p), 30);
  afdo_profile_free (p);
}
END_TEST

/* A nested instance's stated total counts in its caller's sum, as in
   LLVM: main's counts and foo's stated 30 make 40, main states 50.  */
START_TEST (test_stated_total_nested)
{
  afdo_profile *p = read_text ("main:50:1\n"
			       " 1: 10\n"
			       " 2: foo:30\n"
			       "  1: 5\n");
  afdo_function *m = afdo_top_by_name (p, "main");
  ck_assert_uint_eq (m->total, 50);
  ck_assert_uint_eq (m->callees[0]->total, 30);
  ck_assert_uint_eq (counted (m), 40);
  ck_assert_uint_eq (counted (m->callees[0]), 5);
  ck_assert (m->has_stated_total && m->callees[0]->has_stated_total);
  ck_assert_uint_eq (m->stated_line, 1);
  ck_assert_uint_eq (m->callees[0]->stated_line, 3);
  ck_assert_uint_eq (afdo_function_counted_total (m), 40);
  afdo_profile_free (p);
}
END_TEST

/* Writing writes the sums, in every format, and what is read back from
   them has no stated totals.  */
START_TEST (test_stated_total_written_as_sum)
{
  afdo_profile *p = read_text (mismatch);
  char *t = as_text (p);
  ck_assert_str_eq (t, "main:45:0\n"
			" 1: 10\n"
			" 2: 15\n"
			" 3: foo:20\n"
			"  1: 10\n"
			"  2: 10\n");
  afdo_profile *q = read_text (t);
  ck_assert_uint_eq (afdo_top_by_name (q, "main")->total, 45);
  ck_assert (!afdo_top_by_name (q, "main")->has_stated_total);
  size_t len;
  afdo_error err;
  char *g = tu_write (p, AFDO_FORMAT_GCOV, &len, &err);
  ck_assert_ptr_nonnull (g);
  afdo_profile *r = afdo_read_mem (g, len, "t.gcov", NULL, &err);
  ck_assert_ptr_nonnull (r);
  ck_assert_uint_eq (afdo_top_by_name (r, "main")->total, 45);
  free (g);
  free (t);
  afdo_profile_free (r);
  afdo_profile_free (q);
  afdo_profile_free (p);
}
END_TEST

/* A stated total that is the sum is no difference.  */
START_TEST (test_stated_total_consistent)
{
  afdo_profile *p = read_text ("main:45:0\n 1: 45\n");
  ck_assert (!afdo_top_by_name (p, "main")->has_stated_total);
  afdo_profile_free (p);
}
END_TEST

/* Merging adds stated totals (LLVM's merge adds totals), scaling scales
   them, and two functions of one name in one file are merged so.  */
START_TEST (test_stated_total_merge_scale)
{
  afdo_profile *a = read_text (mismatch);
  afdo_profile *b = read_text ("main:10:0\n 1: 10\n");
  afdo_profile *sum = afdo_profile_new ();
  afdo_profile_merge (sum, a, 1);
  ck_assert_uint_eq (afdo_top_by_name (sum, "main")->total, 30);
  afdo_profile_merge (sum, b, 2);
  ck_assert_uint_eq (afdo_top_by_name (sum, "main")->total, 50);
  ck_assert_uint_eq (afdo_function_counted_total
		     (afdo_top_by_name (sum, "main")), 65);
  afdo_profile_scale (sum, 1, 5);
  ck_assert_uint_eq (afdo_top_by_name (sum, "main")->total, 10);
  afdo_profile *twice = read_text ("main:30:0\n 1: 45\nmain:7:0\n 1: 7\n");
  ck_assert_uint_eq (afdo_top_by_name (twice, "main")->total, 37);
  afdo_profile_free (twice);
  afdo_profile_free (sum);
  afdo_profile_free (b);
  afdo_profile_free (a);
}
END_TEST

/* gcov files.  The same profile written with the empty string at index
   0 (create_gcov's habit, and afdo's writer) and without it, so that
   index 0 names a function, in both layouts.  */

static const char gcov_text[] =
  "foo:5:5\n"
  " 1: 5\n"
  "main:27:1\n"
  " 1: 10 foo:4 main:1\n"
  " 2: foo:17\n"
  "  1: 17\n";

static void
str (tu_bytes *b, bool words, const char *s)
{
  if (words)
    tu_str_words (b, s);
  else
    tu_str_bytes (b, s);
}

/* The file of gcov_text; string indices are shifted by FIRST (1 with the
   empty string at 0).  */
static void
make_gcov (tu_bytes *b, bool words, bool empty0)
{
  uint32_t o = empty0 ? 1 : 0;	/* index of "foo"; "main" is o + 1 */
  tu_u32 (b, 0x67636461);
  tu_u32 (b, words ? 0x3430372a : 2);
  tu_u32 (b, 0);
  tu_u32 (b, 0xaa000000);
  size_t at = b->len;
  tu_u32 (b, 0);
  size_t start = b->len;
  tu_u32 (b, 2 + o);
  if (empty0)
    str (b, words, "");
  str (b, words, "foo");
  str (b, words, "main");
  tu_patch_u32 (b, at, (uint32_t) ((b->len - start + 3) / 4));
  tu_u32 (b, 0xac000000);
  at = b->len;
  tu_u32 (b, 0);
  tu_u32 (b, 2);
  /* foo: head 5, one position.  */
  tu_u64 (b, 5);
  tu_u32 (b, o);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0x10000);
  tu_u32 (b, 0);
  tu_u64 (b, 5);
  /* main: head 1, a position with targets foo and main, foo inlined.  */
  tu_u64 (b, 1);
  tu_u32 (b, o + 1);
  tu_u32 (b, 1);
  tu_u32 (b, 1);
  tu_u32 (b, 0x10000);
  tu_u32 (b, 2);
  tu_u64 (b, 10);
  tu_u32 (b, 3);
  tu_u64 (b, o);
  tu_u64 (b, 4);
  tu_u32 (b, 3);
  tu_u64 (b, o + 1);
  tu_u64 (b, 1);
  tu_u32 (b, 0x20000);
  tu_u32 (b, o);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0x10000);
  tu_u32 (b, 0);
  tu_u64 (b, 17);
  tu_patch_u32 (b, at, (uint32_t) ((b->len - at - 4) / 4));
  tu_u32 (b, 0xae000000);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  if (words)
    {
      tu_u32 (b, 0xaf000000);
      tu_u32 (b, 384);
      for (int i = 0; i < 384; i++)
	tu_u32 (b, 0);
    }
}

START_TEST (test_gcov_name_at_index_0)
{
  /* _i: bit 0 the word layout, bit 1 the empty string at index 0.  */
  bool words = _i & 1, empty0 = _i & 2;
  tu_bytes b = { 0 };
  make_gcov (&b, words, empty0);
  afdo_error err;
  afdo_format fmt;
  afdo_profile *p = afdo_read_mem (b.d, b.len, "t.gcov", &fmt, &err);
  ck_assert_msg (p != NULL, "%s layout, %s: refused: %s",
		 words ? "word" : "byte", empty0 ? "\"\" at 0" : "foo at 0",
		 err.msg);
  ck_assert_int_eq (fmt, words ? AFDO_FORMAT_GCOV_WORDS : AFDO_FORMAT_GCOV);
  char *t = as_text (p);
  ck_assert_str_eq (t, gcov_text);
  /* What afdo writes is the file with the empty string at index 0.  */
  if (empty0)
    {
      size_t len;
      char *g = tu_write (p, words ? AFDO_FORMAT_GCOV_WORDS
			  : AFDO_FORMAT_GCOV, &len, &err);
      ck_assert_uint_eq (len, b.len);
      ck_assert_mem_eq (g, b.d, len);
      free (g);
    }
  free (t);
  afdo_profile_free (p);
  tu_free (&b);
}
END_TEST

/* LLVM's discriminators: base discriminator, duplication factor, copy
   identifier, as clang 19 writes them for -fdebug-info-for-profiling
   (the values are from the line tables of clang-built programs).  */
START_TEST (test_llvm_discriminators)
{
  static const struct
  {
    uint32_t d, base, dup, copy;
  } c[] = {
    { 0, 0, 1, 0 },
    { 2, 1, 1, 0 },		/* base 1 */
    { 4, 2, 1, 0 },
    { 62, 31, 1, 0 },		/* the largest short base */
    { 514, 1, 2, 0 },		/* base 1, unrolled twice */
    { 516, 2, 2, 0 },
    { 522, 5, 2, 0 },
    { 524, 6, 2, 0 },
    { 17, 0, 4, 0 },		/* base 0 (one bit), duplication 4 */
    { 2052, 2, 8, 0 },
    { 2054, 3, 8, 0 },
    { 0x41, 0, 16, 0 },
    { 0x181, 0, 32, 0 },	/* duplication 32, the 13-bit form */
    { 0xc0, 32, 1, 0 },		/* base 32, the 13-bit form */
    { 0x3ffe, 4095, 1, 0 },	/* the largest base */
    { 0x3, 0, 1, 0 },		/* base 0, duplication 0 (1) ... */
    { 0x3 | (4u << 2), 0, 1, 2 },	/* ... then copy 2 */
    { 2 | (4u << 7) | (6u << 14), 1, 2, 3 },
  };
  for (size_t i = 0; i < sizeof c / sizeof *c; i++)
    {
      ck_assert_msg (sym_llvm_base_discriminator (c[i].d) == c[i].base,
		     "base of %u: %u, expected %u", c[i].d,
		     sym_llvm_base_discriminator (c[i].d), c[i].base);
      ck_assert_msg (sym_llvm_duplication_factor (c[i].d) == c[i].dup,
		     "duplication factor of %u: %u, expected %u", c[i].d,
		     sym_llvm_duplication_factor (c[i].d), c[i].dup);
      ck_assert_msg (sym_llvm_copy_identifier (c[i].d) == c[i].copy,
		     "copy identifier of %u: %u, expected %u", c[i].d,
		     sym_llvm_copy_identifier (c[i].d), c[i].copy);
    }
}
END_TEST

START_TEST (test_llvm_producers)
{
  ck_assert (sym_producer_is_llvm ("Debian clang version 19.1.7 (3~deb12u1)"));
  ck_assert (sym_producer_is_llvm ("clang version 14.0.6"));
  ck_assert (sym_producer_is_llvm ("Apple clang version 15.0.0"));
  ck_assert (!sym_producer_is_llvm ("GNU C17 12.2.0 -mtune=generic -O2 -g"));
  ck_assert (!sym_producer_is_llvm ("GNU C17 12.2.0 -O2 -fplugin-arg-afdo-"
				    "profile=/tmp/clang.gcov"));
  ck_assert (!sym_producer_is_llvm (NULL));
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("interop");
  TCase *tc = tu_tcase (s, "interop", 0);
  tu_add_tests (tc, (const TTest *[]) {
    test_stated_total_kept, test_stated_total_nested,
    test_stated_total_written_as_sum, test_stated_total_consistent,
    test_stated_total_merge_scale, NULL });
  tcase_add_loop_test (tc, test_gcov_name_at_index_0, 0, 4);
  tu_add_tests (tc, (const TTest *[]) {
    test_llvm_discriminators, test_llvm_producers, NULL });
  return tu_run_suite (s);
}
