/* Unit tests of the minimum-cost flow solver (common/afdo-mcf.c).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "afdo-mcf.h"
#include "testutil.h"

/* Two paths of different cost and capacity.  */
START_TEST (test_two_paths)
{
  afdo_mcf *m = afdo_mcf_new (4);
  int a = afdo_mcf_arc (m, 0, 1, 5, 1);
  int b = afdo_mcf_arc (m, 1, 3, 5, 1);
  int c = afdo_mcf_arc (m, 0, 2, 10, 3);
  int d = afdo_mcf_arc (m, 2, 3, 10, 3);
  int64_t cost;
  bool done;
  ck_assert_int_eq (afdo_mcf_solve (m, 0, 3, 1000000, &cost, &done), 15);
  ck_assert (done);
  ck_assert_int_eq (afdo_mcf_flow (m, a), 5);
  ck_assert_int_eq (afdo_mcf_flow (m, b), 5);
  ck_assert_int_eq (afdo_mcf_flow (m, c), 10);
  ck_assert_int_eq (afdo_mcf_flow (m, d), 10);
  ck_assert_int_eq (cost, 5 * 2 + 10 * 6);
  afdo_mcf_free (m);
}
END_TEST

/* The cheap path must be undone for the maximum flow: 0->1->2->3 is
   cheapest, but 0->1->3 and 0->2->3 carry more.  */
START_TEST (test_reroute)
{
  afdo_mcf *m = afdo_mcf_new (4);
  int a01 = afdo_mcf_arc (m, 0, 1, 1, 1);
  int a12 = afdo_mcf_arc (m, 1, 2, 1, 1);
  int a23 = afdo_mcf_arc (m, 2, 3, 1, 1);
  int a13 = afdo_mcf_arc (m, 1, 3, 1, 10);
  int a02 = afdo_mcf_arc (m, 0, 2, 1, 10);
  int64_t cost;
  ck_assert_int_eq (afdo_mcf_solve (m, 0, 3, 1000000, &cost, NULL), 2);
  ck_assert_int_eq (afdo_mcf_flow (m, a12), 0);
  ck_assert_int_eq (afdo_mcf_flow (m, a01) + afdo_mcf_flow (m, a02), 2);
  ck_assert_int_eq (afdo_mcf_flow (m, a13) + afdo_mcf_flow (m, a23), 2);
  ck_assert_int_eq (cost, 22);
  afdo_mcf_free (m);
}
END_TEST

/* Large capacities cost no more steps than small ones.  */
START_TEST (test_large_counts)
{
  afdo_mcf *m = afdo_mcf_new (3);
  int a = afdo_mcf_arc (m, 0, 1, (int64_t) 1 << 40, 0);
  afdo_mcf_arc (m, 1, 2, AFDO_MCF_INF, 2);
  bool done;
  ck_assert_int_eq (afdo_mcf_solve (m, 0, 2, 1000, NULL, &done),
		    (int64_t) 1 << 40);
  ck_assert (done);
  ck_assert_int_eq (afdo_mcf_flow (m, a), (int64_t) 1 << 40);
  afdo_mcf_free (m);
}
END_TEST

/* Out of budget: a feasible flow, and the solver says so.  */
START_TEST (test_budget)
{
  enum { N = 200 };
  afdo_mcf *m = afdo_mcf_new (N);
  for (int i = 0; i + 1 < N; i++)
    for (int j = i + 1; j < N && j < i + 5; j++)
      afdo_mcf_arc (m, i, j, 1, j - i);
  bool done = true;
  int64_t f = afdo_mcf_solve (m, 0, N - 1, 50, NULL, &done);
  ck_assert (!done);
  ck_assert (f >= 0 && f <= 4);
  afdo_mcf_free (m);
}
END_TEST

TU_MAIN ("mcf", "core", 0, test_two_paths, test_reroute, test_large_counts,
	test_budget)
