/* Unit tests of the build report reader and its sums
   (afdo-dump --build-report).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "../tools/buildreport.h"
#include "testutil.h"

static int
read_text (const char *text, struct afdo_br_report *r, char *err, size_t n)
{
  FILE *in = fmemopen ((void *) text, strlen (text), "r");
  ck_assert_ptr_nonnull (in);
  int rc = afdo_br_read (in, "test", r, err, n);
  fclose (in);
  return rc;
}

/* Two files define a static function "helper" (one profile instance);
   b.c is compiled twice (its last entry counts); c.c has no function
   of the profile; the path of a.c has a space.  */
static const char report_text[] =
  "unit source=/src/a\\040dir/a.c profile=/p/app.gcov profile-samples=1000 "
  "functions=3 in-profile=2 samples=700 matched=650\n"
  "function name=main samples=500 matched=480\n"
  "function name=helper samples=200 matched=170\n"
  "unit source=/src/b.c profile=/p/app.gcov profile-samples=1000 "
  "functions=2 in-profile=1 samples=200 matched=10 future-key=7\n"
  "function name=helper samples=200 matched=10\n"
  "unit source=/src/c.c profile=/p/app.gcov profile-samples=1000 "
  "functions=4 in-profile=0 samples=0 matched=0\n"
  "# b.c again, after an edit\n"
  "unit source=/src/b.c profile=/p/app.gcov profile-samples=1000 "
  "functions=2 in-profile=1 samples=200 matched=190\n"
  "function name=helper samples=200 matched=190\n";

START_TEST (test_read_and_sum)
{
  struct afdo_br_report r;
  char err[256];
  ck_assert_int_eq (read_text (report_text, &r, err, sizeof err), 0);
  ck_assert_uint_eq (r.entries, 4);
  ck_assert_uint_eq (r.n, 3);
  /* Sorted by source; the escape undone.  */
  ck_assert_str_eq (r.units[0].source, "/src/a dir/a.c");
  ck_assert_str_eq (r.units[1].source, "/src/b.c");
  ck_assert_uint_eq (r.units[1].entries, 2);
  ck_assert_uint_eq (r.units[1].matched, 190);
  ck_assert_uint_eq (r.units[1].n_fns, 1);
  ck_assert_uint_eq (r.units[1].fns[0].matched, 190);

  struct afdo_br_sum s;
  ck_assert_int_eq (afdo_br_sum (&r, 0, r.n, &s), 0);
  ck_assert_str_eq (s.profile, "/p/app.gcov");
  ck_assert_uint_eq (s.profile_samples, 1000);
  ck_assert_uint_eq (s.sources, 3);
  ck_assert_uint_eq (s.entries, 4);
  ck_assert_uint_eq (s.sources_with_samples, 2);
  ck_assert_uint_eq (s.functions, 9);
  ck_assert_uint_eq (s.in_profile, 3);
  /* helper counts once, with the most a file matched of it: the per-file
     figures add up to 900 samples and 840 matched, more than there is.  */
  ck_assert_uint_eq (s.n_fns, 2);
  ck_assert_uint_eq (s.samples, 700);
  ck_assert_uint_eq (s.matched, 480 + 190);
  ck_assert (s.matched <= s.samples && s.samples <= s.profile_samples);
  const struct afdo_br_fn *h = afdo_br_sum_find (&s, "helper");
  ck_assert_ptr_nonnull (h);
  ck_assert_uint_eq (h->matched, 190);
  ck_assert_ptr_null (afdo_br_sum_find (&s, "absent"));
  afdo_br_sum_free (&s);
  afdo_br_free (&r);
}
END_TEST

/* Entries of two profiles are kept apart, sorted by profile.  */
START_TEST (test_two_profiles)
{
  static const char text[] =
    "unit source=/s/x.c profile=/p/b.gcov profile-samples=10 functions=1 "
    "in-profile=1 samples=10 matched=10\n"
    "function name=f samples=10 matched=10\n"
    "unit source=/s/x.c profile=/p/a.gcov profile-samples=20 functions=1 "
    "in-profile=1 samples=20 matched=5\n"
    "function name=f samples=20 matched=5\n";
  struct afdo_br_report r;
  char err[256];
  ck_assert_int_eq (read_text (text, &r, err, sizeof err), 0);
  ck_assert_uint_eq (r.n, 2);
  ck_assert_str_eq (r.units[0].profile, "/p/a.gcov");
  struct afdo_br_sum s;
  ck_assert_int_eq (afdo_br_sum (&r, 0, 1, &s), 0);
  ck_assert_uint_eq (s.matched, 5);
  afdo_br_sum_free (&s);
  afdo_br_free (&r);
}
END_TEST

/* A figure larger than its whole is cut to it: matched never exceeds
   samples.  */
START_TEST (test_clamped)
{
  static const char text[] =
    "unit source=/s/x.c profile=/p/a.gcov profile-samples=20 functions=1 "
    "in-profile=1 samples=20 matched=50\n"
    "function name=f samples=20 matched=30\n";
  struct afdo_br_report r;
  char err[256];
  ck_assert_int_eq (read_text (text, &r, err, sizeof err), 0);
  ck_assert_uint_eq (r.units[0].matched, 20);
  ck_assert_uint_eq (r.units[0].fns[0].matched, 20);
  afdo_br_free (&r);
}
END_TEST

START_TEST (test_malformed)
{
  static const struct { const char *text, *msg; } cases[] = {
    { "function name=f samples=1 matched=1\n",
      "test:1: a function line before any unit line" },
    { "units source=/a\n", "test:1: 'units' is not an entry" },
    { "unit source=/a profile=/p profile-samples=1 functions=1 "
      "in-profile=1 samples=1\n",
      "test:1: a unit line without all of its keys" },
    { "unit source=/a profile=/p profile-samples=x functions=1 "
      "in-profile=1 samples=1 matched=1\n",
      "test:1: bad value of 'profile-samples'" },
    { "unit source=/a\\09 profile=/p profile-samples=1 functions=1 "
      "in-profile=1 samples=1 matched=1\n",
      "test:1: bad value of 'source'" },
    { "unit source=/a profile=/p profile-samples=1 functions=1 "
      "in-profile=1 samples=1 matched=1\nfunction name=f samples=1 "
      "matched=1 samples=2\n",
      "test:2: bad value of 'samples'" },
    { "unit source=/a profile=/p profile-samples=1 functions=1 "
      "in-profile=1 samples=1 matched=1 junk\n",
      "test:1: 'junk' is not KEY=VALUE" },
    { "unit source=/a profile=/p profile-samples=99999999999999999999 "
      "functions=1 in-profile=1 samples=1 matched=1\n",
      "test:1: bad value of 'profile-samples'" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct afdo_br_report r;
      char err[256];
      err[0] = '\0';
      ck_assert_int_eq (read_text (cases[i].text, &r, err, sizeof err), -1);
      ck_assert_msg (strncmp (err, cases[i].msg, strlen (cases[i].msg)) == 0,
		     "case %zu: message: %s", i, err);
      ck_assert_ptr_null (r.units);
    }
}
END_TEST

/* The stale-profile matcher's keys: optional, summed over the files; a
   repeated one is an error.  */
START_TEST (test_stale_keys)
{
  static const char text[] =
    "unit source=/s/a.c profile=/p/x.gcov profile-samples=100 functions=2 "
    "in-profile=2 samples=90 matched=80 changed=2 moved=1 emptied=1 "
    "renamed=0 moved-samples=40 dropped-samples=5\n"
    "unit source=/s/b.c profile=/p/x.gcov profile-samples=100 functions=1 "
    "in-profile=1 samples=10 matched=10 changed=0 moved=0 emptied=0 "
    "renamed=1 moved-samples=0 dropped-samples=0\n"
    "unit source=/s/c.c profile=/p/x.gcov profile-samples=100 functions=1 "
    "in-profile=0 samples=0 matched=0\n";
  struct afdo_br_report r;
  char err[256];
  ck_assert_int_eq (read_text (text, &r, err, sizeof err), 0);
  ck_assert_uint_eq (r.units[0].stale.emptied, 1);
  ck_assert_uint_eq (r.units[2].stale.changed, 0);
  struct afdo_br_sum s;
  ck_assert_int_eq (afdo_br_sum (&r, 0, r.n, &s), 0);
  ck_assert_uint_eq (s.stale.changed, 2);
  ck_assert_uint_eq (s.stale.moved, 1);
  ck_assert_uint_eq (s.stale.emptied, 1);
  ck_assert_uint_eq (s.stale.renamed, 1);
  ck_assert_uint_eq (s.stale.moved_samples, 40);
  ck_assert_uint_eq (s.stale.dropped_samples, 5);
  afdo_br_sum_free (&s);
  afdo_br_free (&r);

  static const char twice[] =
    "unit source=/s/a.c profile=/p/x.gcov profile-samples=100 functions=2 "
    "in-profile=2 samples=90 matched=80 moved=1 moved=2\n";
  ck_assert_int_eq (read_text (twice, &r, err, sizeof err), -1);
  ck_assert_msg (strstr (err, "moved"), "%s", err);
}
END_TEST

TU_MAIN ("buildreport", "core", 0, test_read_and_sum, test_two_profiles,
	test_clamped, test_malformed, test_stale_keys)
