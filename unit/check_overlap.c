/* Unit tests of afdo-overlap: block count files and the block overlap.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <math.h>

#include "overlap.h"
#include "testutil.h"

static int
read_text (const char *text, struct afdo_ov_file *f, char *err, size_t n)
{
  FILE *in = fmemopen ((void *) text, strlen (text), "r");
  ck_assert_ptr_nonnull (in);
  int rc = afdo_ov_read (in, "test", f, err, n);
  fclose (in);
  return rc;
}

START_TEST (test_overlap_formula)
{
  /* Index 0 is ENTRY and is not a block.  */
  uint64_t gt[] = { 999, 10, 30, 60, 0 };
  uint64_t same[] = { 1, 1, 3, 6, 0 };
  uint64_t f[] = { 0, 20, 20, 60, 0 };
  uint64_t zero[] = { 5, 0, 0, 0, 5 };
  ck_assert (fabs (afdo_ov_block_overlap (same, gt, 3) - 1.0) < 1e-12);
  /* min (.2, .1) + min (.2, .3) + min (.6, .6) = .9  */
  ck_assert (fabs (afdo_ov_block_overlap (f, gt, 3) - 0.9) < 1e-12);
  ck_assert (fabs (afdo_ov_block_overlap (gt, f, 3) - 0.9) < 1e-12);
  ck_assert (afdo_ov_block_overlap (zero, gt, 3) == 0.0);
  ck_assert (afdo_ov_block_overlap (gt, zero, 3) == 0.0);
  /* Disjoint blocks: no overlap.  */
  uint64_t a[] = { 0, 5, 0, 0, 0 }, b[] = { 0, 0, 7, 0, 0 };
  ck_assert (afdo_ov_block_overlap (a, b, 3) == 0.0);
}
END_TEST

static const char exact_text[] =
  "# exact\n"
  "function a.c f profile 3\n"
  "0 10 1\n"
  "1 10 2 3\n"
  "2 30 3\n"
  "3 60 4\n"
  "4 10\n"
  "function a.c g profile 1\n"
  "0 100 1\n"
  "1 100 2\n"
  "2 100\n"
  "function a.c idle profile 1\n"
  "0 0 1\n"
  "1 0 2\n"
  "2 0\n"
  "function a.c h profile 1\n"
  "0 900 1\n"
  "1 900 2\n"
  "2 900\n"
  "function b.c odd unmatched 1\n"
  "0 50 1\n"
  "1 50 2\n"
  "2 50\n"
  "function b.c nocounts guessed 1\n"
  "0 5 1\n"
  "1 5 2\n"
  "2 5\n";

static const char test_text[] =
  "function a.c f profile 3\n"
  "0 1 1\n"
  "1 20 2 3\n"
  "2 20 3\n"
  "3 60 4\n"
  "4 1\n"
  /* g's CFG differs: left out.  */
  "function a.c g profile 2\n"
  "0 100 1\n"
  "1 100 2\n"
  "2 100 3\n"
  "3 100\n"
  /* h has the static estimate only: a miss.  */
  "function a.c h guessed 1\n"
  "0 7 1\n"
  "1 7 2\n"
  "2 7\n"
  "function a.c f profile 3\n"
  "0 1 1\n"
  "1 1 2 3\n"
  "2 1 3\n"
  "3 1 4\n"
  "4 1\n";

START_TEST (test_compare)
{
  char err[256];
  struct afdo_ov_file exact, test;
  ck_assert_int_eq (read_text (exact_text, &exact, err, sizeof err), 0);
  ck_assert_int_eq (read_text (test_text, &test, err, sizeof err), 0);
  ck_assert_uint_eq (test.duplicates, 1);
  struct afdo_ov_summary s;
  struct afdo_ov_test t;
  afdo_ov_compare (&exact, &test, 1, &s, &t, NULL);
  ck_assert_uint_eq (s.exact_fns, 4);
  ck_assert_uint_eq (s.not_run, 1);
  ck_assert_uint_eq (s.no_exact, 1);
  ck_assert_uint_eq (s.unmatched, 1);
  ck_assert (s.exact_weight == 100 + 100 + 900 + 50);
  /* f and h are compared, g is not.  */
  ck_assert_uint_eq (s.compared, 2);
  ck_assert (s.compared_weight == 1000);
  ck_assert_uint_eq (t.other_shape, 1);
  ck_assert_uint_eq (t.missing, 0);
  ck_assert_uint_eq (t.misses, 1);
  ck_assert (t.miss_weight == 900);
  ck_assert_uint_eq (t.zero, 0);
  /* The first f is used: overlap 0.9 at weight 100; h 0 at 900.  */
  ck_assert (fabs (t.sum - 90.0) < 1e-9);
  afdo_ov_free (&exact);
  afdo_ov_free (&test);
}
END_TEST

START_TEST (test_missing)
{
  char err[256];
  struct afdo_ov_file exact, test;
  ck_assert_int_eq (read_text (exact_text, &exact, err, sizeof err), 0);
  ck_assert_int_eq (read_text ("function a.c f profile 3\n0 1 1\n1 1 2 3\n"
			       "2 3 3\n3 6 4\n4 1\n", &test, err,
			       sizeof err), 0);
  struct afdo_ov_summary s;
  struct afdo_ov_test t;
  afdo_ov_compare (&exact, &test, 1, &s, &t, NULL);
  ck_assert_uint_eq (s.compared, 1);
  ck_assert_uint_eq (t.missing, 2);
  ck_assert (fabs (t.sum - 100.0) < 1e-9);
  afdo_ov_free (&test);
  /* Profile counts, all zero: overlap 0, counted apart.  */
  ck_assert_int_eq (read_text ("function a.c f profile 3\n0 0 1\n1 0 2 3\n"
			       "2 0 3\n3 0 4\n4 0\n", &test, err,
			       sizeof err), 0);
  afdo_ov_compare (&exact, &test, 1, &s, &t, NULL);
  ck_assert_uint_eq (t.zero, 1);
  ck_assert_uint_eq (t.misses, 0);
  ck_assert (t.zero_weight == 100);
  ck_assert (t.sum == 0.0);
  afdo_ov_free (&exact);
  afdo_ov_free (&test);
}
END_TEST

START_TEST (test_malformed)
{
  static const char *const bad[] = {
    "0 1 1\n",
    "function a.c f weird 1\n0 1 1\n1 1 2\n2 1\n",
    "function a.c f profile 1\n0 1 1\n1 1 2\n",
    "function a.c f profile 1\n0 1 1\n2 1 2\n2 1\n",
    "function a.c f profile 1\n0 1 1\n1 -4 2\n2 1\n",
    "function a.c f profile 1\n0 1 1\n1 1 9\n2 1\n",
    "function a.c f profile 1\n0 1 1\n1 1 x\n2 1\n",
    "function a.c f profile 1\n0 1 1\n1 99999999999999999999999 2\n2 1\n",
    "function a.c\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      char err[256] = "";
      struct afdo_ov_file f;
      ck_assert_msg (read_text (bad[i], &f, err, sizeof err) == -1,
		     "accepted: %s", bad[i]);
      ck_assert_msg (strncmp (err, "test:", 5) == 0 && !strchr (err, '\n'),
		     "message: %s", err);
    }
}
END_TEST

TU_MAIN ("overlap", "core", 0, test_overlap_formula, test_compare,
	test_missing, test_malformed)
