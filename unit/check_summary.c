/* Unit tests of the profile-summary algorithms (common/afdo-summary.c).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "afdo-summary.h"
#include "testutil.h"

static afdo_profile *
text_profile (const char *text)
{
  afdo_error err;
  afdo_profile *p = afdo_read_mem (text, strlen (text), "test", NULL, &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  return p;
}

/* Positions 1000, 500, 300, 100, 50, 30, 10, 5, 4, 1 (sum 2000), one of
   them in an inline instance.  */
static const char ws_text[] =
  "f:1900:0\n"
  " 1: 1000\n"
  " 2: 500\n"
  " 3: 300\n"
  " 4: g:100\n"
  "  1: 50\n"
  "  2: 30\n"
  "  3: 10\n"
  "  4: 5\n"
  "  5: 4\n"
  "  6: 1\n"
  " 5: 0\n"
  "h:100:0\n"
  " 1: 100\n";

START_TEST (test_working_set)
{
  afdo_profile *p = text_profile (ws_text);
  uint64_t sum, max;
  /* 50 %: 1000 alone makes the cut.  */
  ck_assert_uint_eq (afdo_working_set_count (p, 500, &sum, &max), 1000);
  ck_assert_uint_eq (sum, 2000);
  ck_assert_uint_eq (max, 1000);
  /* 90 %: 1000 + 500 + 300 = 1800.  */
  ck_assert_uint_eq (afdo_working_set_count (p, 900, NULL, NULL), 300);
  /* 95 %: 1900 needs the 100s too; 99 % (1980): ... + 50 + 30.  */
  ck_assert_uint_eq (afdo_working_set_count (p, 950, NULL, NULL), 100);
  ck_assert_uint_eq (afdo_working_set_count (p, 990, NULL, NULL), 30);
  /* 100 %: every sampled position.  */
  ck_assert_uint_eq (afdo_working_set_count (p, 1000, NULL, NULL), 1);
  /* Out of range is clamped; 0 makes no cut.  */
  ck_assert_uint_eq (afdo_working_set_count (p, 0, NULL, NULL), 1);
  ck_assert_uint_eq (afdo_working_set_count (p, 5000, NULL, NULL), 1);
  afdo_profile_free (p);

  afdo_profile *e = afdo_profile_new ();
  ck_assert_uint_eq (afdo_working_set_count (e, 990, &sum, &max), 1);
  ck_assert_uint_eq (sum, 0);
  ck_assert_uint_eq (max, 0);
  afdo_profile_free (e);
}
END_TEST

START_TEST (test_max_and_branches)
{
  afdo_profile *p = text_profile (ws_text);
  ck_assert_uint_eq (afdo_max_count (p), 1000);
  ck_assert (!afdo_has_branch_info (p));
  afdo_profile_free (p);

  /* A head count and a call target count beyond every position.  */
  afdo_profile *h = text_profile ("f:10:7000\n 1: 10\n");
  ck_assert_uint_eq (afdo_max_count (h), 7000);
  ck_assert (afdo_has_branch_info (h));
  afdo_profile_free (h);
  /* Call targets without head counts (IP samples with call chains): the
     target counts are samples under the call, not counted.  */
  afdo_profile *t = text_profile ("f:10:0\n 1: 10 g:9000\ng:5:0\n 1: 5\n");
  ck_assert_uint_eq (afdo_max_count (t), 10);
  ck_assert (!afdo_has_branch_info (t));
  afdo_profile_free (t);
  afdo_profile *th
    = text_profile ("f:10:1\n 1: 10 g:9000\ng:5:9000\n 1: 5\n");
  ck_assert_uint_eq (afdo_max_count (th), 9000);
  ck_assert (afdo_has_branch_info (th));
  afdo_profile_free (th);
}
END_TEST

TU_MAIN ("summary", "core", 0, test_working_set, test_max_and_branches)
