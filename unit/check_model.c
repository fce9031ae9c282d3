/* afdo: unit tests of the profile model: string table, lookups, counts,
   merge, scale, finalize, walk, summary, determinism.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <time.h>

#include "testutil.h"

START_TEST (test_intern)
{
  afdo_profile *p = afdo_profile_new ();
  ck_assert_uint_eq (afdo_n_names (p), 1);
  ck_assert_str_eq (afdo_name (p, 0), "");
  uint32_t a = afdo_intern_str (p, "foo");
  uint32_t b = afdo_intern (p, "foobar", 3);
  ck_assert_uint_eq (a, b);
  ck_assert_uint_ne (a, 0);
  uint32_t c = afdo_intern_str (p, "bar");
  ck_assert_uint_ne (a, c);
  ck_assert_str_eq (afdo_name (p, a), "foo");
  ck_assert_str_eq (afdo_name (p, c), "bar");
  ck_assert_uint_eq (afdo_name_index (p, "bar", 3), c);
  ck_assert_uint_eq (afdo_name_index (p, "baz", 3), UINT32_MAX);
  ck_assert_uint_eq (afdo_intern_str (p, ""), 0);
  ck_assert_ptr_null (afdo_name (p, 12345));
  ck_assert_uint_eq (afdo_n_names (p), 3);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_intern_many)
{
  /* 200,000 names: interning and lookup must stay fast (a hash).  */
  afdo_profile *p = afdo_profile_new ();
  char buf[64];
  clock_t t0 = clock ();
  for (uint32_t i = 0; i < 200000; i++)
    {
      snprintf (buf, sizeof buf, "_ZN4name%uE", i);
      ck_assert_uint_eq (afdo_intern_str (p, buf), i + 1);
    }
  for (uint32_t i = 0; i < 200000; i++)
    {
      snprintf (buf, sizeof buf, "_ZN4name%uE", i);
      ck_assert_uint_eq (afdo_name_index (p, buf, strlen (buf)), i + 1);
      ck_assert_str_eq (afdo_name (p, i + 1), buf);
    }
  double secs = (double) (clock () - t0) / CLOCKS_PER_SEC;
  /* Generous even under valgrind; quadratic behaviour takes minutes.  */
  ck_assert_msg (secs < 20.0, "interning took %.1f s", secs);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_top_lookup)
{
  afdo_profile *p = afdo_profile_new ();
  uint32_t z = afdo_intern_str (p, "zeta"), a = afdo_intern_str (p, "alpha");
  ck_assert_ptr_null (afdo_top (p, z, false));
  afdo_function *fz = afdo_top (p, z, true);
  afdo_function *fa = afdo_top (p, a, true);
  ck_assert_ptr_eq (afdo_top (p, z, true), fz);
  ck_assert_ptr_eq (afdo_top_by_name (p, "alpha"), fa);
  ck_assert_ptr_null (afdo_top_by_name (p, "beta"));
  ck_assert_ptr_null (afdo_top (p, 999, true));
  ck_assert_uint_eq (afdo_n_functions (p), 2);
  ck_assert_ptr_eq (afdo_function_at (p, 0), fz);
  afdo_profile_finalize (p);
  /* Sorted by name after finalize, lookups still right.  */
  ck_assert_ptr_eq (afdo_function_at (p, 0), fa);
  ck_assert_ptr_eq (afdo_function_at (p, 1), fz);
  ck_assert_ptr_null (afdo_function_at (p, 2));
  ck_assert_ptr_eq (afdo_top (p, z, false), fz);
  ck_assert_ptr_eq (afdo_top_by_name (p, "alpha"), fa);
  ck_assert_ptr_null (fa->parent);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_positions_and_callees)
{
  afdo_profile *p = afdo_profile_new ();
  afdo_function *f = afdo_top (p, afdo_intern_str (p, "f"), true);
  afdo_key_t keys[] = { AFDO_KEY (5, 0), AFDO_KEY (1, 2), AFDO_KEY (1, 0),
			AFDO_KEY (65535, 65535), AFDO_KEY (3, 0) };
  for (unsigned i = 0; i < 5; i++)
    afdo_pos_add (afdo_pos_get (f, keys[i], true), i + 1);
  ck_assert_uint_eq (f->n_pos, 5);
  for (uint32_t i = 1; i < f->n_pos; i++)
    ck_assert_uint_lt (f->pos[i - 1].key, f->pos[i].key);
  ck_assert_uint_eq (afdo_pos_find (f, AFDO_KEY (1, 2))->count, 2);
  ck_assert_uint_eq (afdo_pos_find (f, AFDO_KEY (65535, 65535))->count, 4);
  ck_assert_ptr_null (afdo_pos_find (f, AFDO_KEY (2, 0)));
  ck_assert_ptr_null (afdo_pos_get (f, AFDO_KEY (2, 0), false));
  ck_assert_uint_eq (AFDO_KEY_OFFSET (AFDO_KEY (70000, 3)), 70000 & 0xffff);
  ck_assert_uint_eq (AFDO_KEY_DISC (AFDO_KEY (7, 3)), 3);

  uint32_t g = afdo_intern_str (p, "g"), h = afdo_intern_str (p, "h");
  afdo_function *c1 = afdo_callee (p, f, AFDO_KEY (4, 0), h, true);
  afdo_function *c2 = afdo_callee (p, f, AFDO_KEY (4, 0), g, true);
  afdo_function *c3 = afdo_callee (p, f, AFDO_KEY (2, 1), h, true);
  ck_assert_ptr_eq (afdo_callee (p, f, AFDO_KEY (4, 0), h, true), c1);
  ck_assert_ptr_eq (afdo_callee_find (p, f, AFDO_KEY (4, 0), g), c2);
  ck_assert_ptr_null (afdo_callee_find (p, f, AFDO_KEY (4, 1), g));
  ck_assert_ptr_eq (c1->parent, f);
  ck_assert_uint_eq (c1->callsite, AFDO_KEY (4, 0));
  /* Sorted by (key, name).  */
  ck_assert_ptr_eq (f->callees[0], c3);
  ck_assert_ptr_eq (f->callees[1], c2);
  ck_assert_ptr_eq (f->callees[2], c1);
  afdo_pos_add (afdo_pos_get (c1, AFDO_KEY (1, 0), true), 100);
  afdo_function *d = afdo_callee (p, c1, AFDO_KEY (9, 0), g, true);
  afdo_pos_add (afdo_pos_get (d, AFDO_KEY (0, 0), true), 1000);
  afdo_profile_finalize (p);
  ck_assert_uint_eq (d->total, 1000);
  ck_assert_uint_eq (c1->total, 1100);
  ck_assert_uint_eq (f->total, 1 + 2 + 3 + 4 + 5 + 1100);
  ck_assert_uint_eq (afdo_profile_total (p), f->total);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_saturation)
{
  const uint64_t M = AFDO_COUNT_MAX;
  ck_assert_uint_eq (afdo_count_add (1, 2), 3);
  ck_assert_uint_eq (afdo_count_add (M, 1), M);
  ck_assert_uint_eq (afdo_count_add (M - 1, 1), M);
  ck_assert_uint_eq (afdo_count_add (UINT64_MAX, 0), M);
  ck_assert_uint_eq (afdo_count_mul (3, 4), 12);
  ck_assert_uint_eq (afdo_count_mul (M, 2), M);
  ck_assert_uint_eq (afdo_count_mul (1ull << 32, 1ull << 32), M);
  ck_assert_uint_eq (afdo_count_mul (0, M), 0);
  afdo_pos pos = { 0 };
  afdo_pos_add (&pos, M - 5);
  afdo_pos_add (&pos, 10);
  ck_assert_uint_eq (pos.count, M);
  pos.count = 7;
  afdo_pos_max (&pos, 3);
  ck_assert_uint_eq (pos.count, 7);
  afdo_pos_max (&pos, 9);
  ck_assert_uint_eq (pos.count, 9);
  afdo_pos_max (&pos, UINT64_MAX);
  ck_assert_uint_eq (pos.count, M);
  /* Totals saturate too.  */
  afdo_profile *p = afdo_profile_new ();
  afdo_function *f = afdo_top (p, afdo_intern_str (p, "f"), true);
  afdo_pos_add (afdo_pos_get (f, 1 << 16, true), M);
  afdo_pos_add (afdo_pos_get (f, 2 << 16, true), M);
  afdo_profile_finalize (p);
  ck_assert_uint_eq (f->total, M);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_targets)
{
  afdo_profile *p = afdo_profile_new ();
  afdo_function *f = afdo_top (p, afdo_intern_str (p, "f"), true);
  afdo_pos *pos = afdo_pos_get (f, AFDO_KEY (1, 0), true);
  uint32_t a = afdo_intern_str (p, "a"), b = afdo_intern_str (p, "b"),
    c = afdo_intern_str (p, "c"), z = afdo_intern_str (p, "z");
  afdo_target_add (pos, z, 5);
  afdo_target_add (pos, c, 10);
  afdo_target_add (pos, a, 5);
  afdo_target_add (pos, b, 0);
  afdo_target_add (pos, z, 5);
  ck_assert_uint_eq (pos->n_targets, 4);
  afdo_profile_finalize (p);
  pos = afdo_pos_get (f, AFDO_KEY (1, 0), false);
  /* By count, then name; a count of 0 stays (a call that took no
     samples).  */
  ck_assert_uint_eq (pos->n_targets, 4);
  ck_assert_uint_eq (pos->targets[0].name, c);
  ck_assert_uint_eq (pos->targets[0].count, 10);
  ck_assert_uint_eq (pos->targets[1].name, z);
  ck_assert_uint_eq (pos->targets[1].count, 10);
  ck_assert_uint_eq (pos->targets[2].name, a);
  ck_assert_uint_eq (pos->targets[3].name, b);
  ck_assert_uint_eq (pos->targets[3].count, 0);
  /* Histograms do not count towards totals.  */
  ck_assert_uint_eq (f->total, 0);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_merge)
{
  afdo_profile *a = tu_text ("f:30:2\n 1: 10 t:10\n 2: g:20\n  1: 20\n");
  afdo_profile *b = tu_text ("e:5:0\n 1: 5\n"
			     "f:111:1\n 1: 1 t:1 u:3\n 2: g:100\n  1: 100\n"
			     " 3: 10\n");
  afdo_profile_merge (a, b, 2);
  char *s = tu_write (a, AFDO_FORMAT_TEXT, NULL, NULL);
  ck_assert_str_eq (s, "e:10:0\n 1: 10\n"
		    "f:252:4\n 1: 12 t:12 u:6\n 2: g:220\n  1: 220\n"
		    " 3: 20\n");
  free (s);
  /* Into itself: doubled.  */
  afdo_profile_merge (b, b, 1);
  s = tu_write (b, AFDO_FORMAT_TEXT, NULL, NULL);
  ck_assert_str_eq (s, "e:10:0\n 1: 10\n"
		    "f:222:2\n 1: 2 u:6 t:2\n 2: g:200\n  1: 200\n"
		    " 3: 20\n");
  free (s);
  /* Into an empty profile with weight 1: equal.  */
  afdo_profile *c = afdo_profile_new ();
  afdo_profile_merge (c, a, 1);
  char *s1 = tu_write (a, AFDO_FORMAT_GCOV, NULL, NULL);
  char *s2 = tu_write (c, AFDO_FORMAT_GCOV, NULL, NULL);
  size_t l1, l2;
  free (s1);
  free (s2);
  s1 = tu_write (a, AFDO_FORMAT_GCOV, &l1, NULL);
  s2 = tu_write (c, AFDO_FORMAT_GCOV, &l2, NULL);
  ck_assert_uint_eq (l1, l2);
  ck_assert_mem_eq (s1, s2, l1);
  free (s1);
  free (s2);
  afdo_profile_free (a);
  afdo_profile_free (b);
  afdo_profile_free (c);
}
END_TEST

START_TEST (test_scale)
{
  afdo_profile *p = tu_text ("f:15:3\n 1: 5 t:3\n 2: g:10\n  1: 10\n");
  afdo_profile_scale (p, 1, 2);
  char *s = tu_write (p, AFDO_FORMAT_TEXT, NULL, NULL);
  /* Rounded to nearest: 5/2 -> 3, 3/2 -> 2.  */
  ck_assert_str_eq (s, "f:8:2\n 1: 3 t:2\n 2: g:5\n  1: 5\n");
  free (s);
  afdo_profile_scale (p, 1000, 1);
  ck_assert_uint_eq (afdo_profile_total (p), 8000);
  afdo_profile_scale (p, UINT64_MAX, 1);
  ck_assert_uint_eq (afdo_top_by_name (p, "f")->head, AFDO_COUNT_MAX);
  afdo_profile_scale (p, 1, 0);	/* Ignored.  */
  afdo_profile_free (p);
}
END_TEST

static int
walk_record (afdo_function *f, unsigned depth, void *data)
{
  char *s = data;
  (void) f;
  size_t n = strlen (s);
  s[n] = (char) ('0' + depth);
  s[n + 1] = 0;
  return depth == 9 ? 42 : 0;
}

START_TEST (test_walk_summary)
{
  afdo_profile *p = tu_text ("a:6:1\n 1: 1\n 2: b:5\n  1: 2\n  2: c:3\n"
			     "   1: 3\n 3: d:0\n"
			     "e:7:0\n 1: 7\n");
  char order[64] = "";
  ck_assert_int_eq (afdo_profile_walk (p, walk_record, order), 0);
  ck_assert_str_eq (order, "01210");
  afdo_summary s;
  afdo_profile_summarize (p, &s);
  ck_assert_uint_eq (s.n_functions, 2);
  ck_assert_uint_eq (s.n_instances, 5);
  ck_assert_uint_eq (s.n_positions, 4);
  ck_assert_uint_eq (s.max_depth, 2);
  ck_assert_uint_eq (s.total, 13);
  ck_assert_uint_eq (s.max_count, 7);
  afdo_profile_free (p);
  /* Stopping early.  */
  p = tu_text ("a:0:0\n 1: b:0\n  1: c:0\n   1: d:0\n    1: e:0\n"
	       "     1: f:0\n      1: g:0\n       1: h:0\n        1: i:0\n"
	       "         1: j:0\n          1: k:0\n");
  order[0] = 0;
  ck_assert_int_eq (afdo_profile_walk (p, walk_record, order), 42);
  ck_assert_str_eq (order, "0123456789");
  afdo_profile_free (p);
}
END_TEST

/* The same contents built in different orders give the same bytes.  */
static afdo_profile *
build_in_order (bool reverse)
{
  afdo_profile *p = afdo_profile_new ();
  const char *names[] = { "m", "b", "z", "a", "q" };
  for (int k = 0; k < 5; k++)
    {
      int i = reverse ? 4 - k : k;
      afdo_intern_str (p, names[reverse ? k : 4 - k]);
      afdo_function *f = afdo_top (p, afdo_intern_str (p, names[i]), true);
      f->head = (uint64_t) i;
      for (int j = 0; j < 6; j++)
	{
	  int jj = reverse ? 5 - j : j;
	  afdo_pos *pos = afdo_pos_get (f, AFDO_KEY (jj, jj % 2), true);
	  afdo_pos_add (pos, (uint64_t) (i * 10 + jj));
	  afdo_target_add (pos, afdo_intern_str (p, names[(i + jj) % 5]), 7);
	  afdo_target_add (pos, afdo_intern_str (p, names[(i + jj + 1) % 5]),
			   7);
	  afdo_function *c = afdo_callee (p, f, AFDO_KEY (jj, 0),
					  afdo_intern_str (p, names[jj % 5]),
					  true);
	  afdo_pos_add (afdo_pos_get (c, AFDO_KEY (1, 0), true), 3);
	}
    }
  afdo_profile_finalize (p);
  return p;
}

START_TEST (test_determinism)
{
  afdo_profile *a = build_in_order (false), *b = build_in_order (true);
  static const afdo_format fmts[] = { AFDO_FORMAT_GCOV, AFDO_FORMAT_GCOV_WORDS,
				      AFDO_FORMAT_TEXT };
  for (int k = 0; k < 3; k++)
    {
      size_t la, lb;
      char *sa = tu_write (a, fmts[k], &la, NULL);
      char *sb = tu_write (b, fmts[k], &lb, NULL);
      ck_assert_uint_eq (la, lb);
      ck_assert_mem_eq (sa, sb, la);
      free (sa);
      free (sb);
    }
  afdo_profile_free (a);
  afdo_profile_free (b);
}
END_TEST

START_TEST (test_duplicate_tops_summed)
{
  /* Two static functions of the same name (different files) in one
     profile: summed.  */
  afdo_profile *p = tu_text ("s:10:1\n 1: 10\n 2: g:0\n"
			     "t:1:0\n 1: 1\n"
			     "s:25:2\n 1: 5 x:3\n 3: 20\n 2: g:0\n");
  char *s = tu_write (p, AFDO_FORMAT_TEXT, NULL, NULL);
  ck_assert_str_eq (s, "s:35:3\n 1: 15 x:3\n 2: g:0\n 3: 20\nt:1:0\n 1: 1\n");
  free (s);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_files)
{
  char path[] = "/tmp/afdo-unit-XXXXXX";
  int fd = mkstemp (path);
  ck_assert_int_ge (fd, 0);
  close (fd);
  afdo_profile *p = tu_text ("main:3:1\n 1: 3\n");
  afdo_error err;
  ck_assert_int_eq (afdo_write_file (p, path, AFDO_FORMAT_GCOV, &err), 0);
  afdo_format f;
  afdo_profile *q = afdo_read_file (path, &f, &err);
  ck_assert_ptr_nonnull (q);
  ck_assert_int_eq (f, AFDO_FORMAT_GCOV);
  ck_assert_uint_eq (afdo_top_by_name (q, "main")->total, 3);
  afdo_profile_free (q);
  unlink (path);
  ck_assert_ptr_null (afdo_read_file (path, &f, &err));
  ck_assert_int_eq (f, AFDO_FORMAT_UNKNOWN);
  ck_assert_msg (strstr (err.msg, path) && strstr (err.msg, "cannot open"),
		 "%s", err.msg);
  ck_assert_ptr_null (afdo_read_file ("/tmp", &f, &err));
  ck_assert_msg (strstr (err.msg, "/tmp: cannot read"), "%s", err.msg);
  ck_assert_int_eq (afdo_write_file (p, "/nonexistent/dir/x.gcov",
				     AFDO_FORMAT_GCOV, &err), -1);
  ck_assert_msg (strstr (err.msg, "/nonexistent/dir/x.gcov"), "%s", err.msg);
  ck_assert_str_eq (afdo_format_name (AFDO_FORMAT_TEXT), "text");
  ck_assert_str_eq (afdo_format_name (AFDO_FORMAT_GCOV), "gcov");
  afdo_profile_free (p);
}
END_TEST

/* Stale profiles: rows moved to new offsets (meeting rows keep the larger
   count, meeting nested instances of one function merge, the total
   stays), dropped, and an instance emptied or a nested one removed.  */
static uint32_t
shift_map (uint32_t off, void *data)
{
  (void) data;
  if (off == 9)
    return UINT32_MAX;		/* dropped */
  if (off == 4)
    return 3;			/* meets offset 3 */
  return off >= 5 ? off + 10 : off;
}

START_TEST (test_rekey)
{
  afdo_profile *p = tu_text ("f:1000:0\n"
			     " 1: 10\n"
			     " 3: 20 t:20\n"
			     " 4: 50 t:5 u:1\n"
			     " 6: 100\n"
			     " 9: 7\n"
			     " 3: g:300\n"
			     "  1: 300\n"
			     " 4: g:400\n"
			     "  1: 150\n"
			     "  2: 250\n"
			     " 5: h:90\n"
			     "  7: 90\n"
			     " 9: h:23\n"
			     "  1: 23\n");
  afdo_function *f = afdo_top_by_name (p, "f");
  ck_assert_uint_eq (f->total, 1000);
  afdo_function *h = f->callees[2];
  uint64_t moved, dropped;
  afdo_function_rekey (p, f, shift_map, NULL, &moved, &dropped);
  /* 4 -> 3 (50 and g's 400) and 5, 6 -> 15, 16 (h's 90, 100) moved; 9 (7
     and h's 23) dropped.  */
  ck_assert_uint_eq (moved, 50 + 400 + 90 + 100);
  ck_assert_uint_eq (dropped, 7 + 23);
  ck_assert_uint_eq (f->n_pos, 3);
  ck_assert_uint_eq (afdo_pos_find (f, AFDO_KEY (1, 0))->count, 10);
  const afdo_pos *p3 = afdo_pos_find (f, AFDO_KEY (3, 0));
  ck_assert_uint_eq (p3->count, 50);
  ck_assert_uint_eq (p3->n_targets, 2);
  ck_assert_uint_eq (afdo_pos_find (f, AFDO_KEY (16, 0))->count, 100);
  ck_assert_ptr_null (afdo_pos_find (f, AFDO_KEY (4, 0)));
  ck_assert_uint_eq (f->n_callees, 2);
  afdo_function *g = afdo_callee_find (p, f, AFDO_KEY (3, 0),
				       afdo_name_index (p, "g", 1));
  ck_assert_ptr_nonnull (g);
  ck_assert_uint_eq (g->total, 700);
  ck_assert_uint_eq (afdo_pos_find (g, AFDO_KEY (1, 0))->count, 450);
  ck_assert_ptr_eq (g->parent, f);
  /* A nested instance that does not meet another keeps its identity.  */
  ck_assert_ptr_eq (afdo_callee_find (p, f, AFDO_KEY (15, 0),
				      afdo_name_index (p, "h", 1)), h);
  ck_assert_uint_eq (f->total, 1000);

  afdo_function_drop_callee (f, h);
  ck_assert_uint_eq (f->n_callees, 1);
  ck_assert_uint_eq (f->total, 1000);
  afdo_function_clear (f);
  ck_assert_uint_eq (f->n_pos, 0);
  ck_assert_uint_eq (f->n_callees, 0);
  ck_assert_uint_eq (f->total, 1000);
  afdo_profile_free (p);
}
END_TEST

TU_MAIN ("model", "model", 120, test_intern, test_intern_many, test_top_lookup,
	test_positions_and_callees, test_saturation, test_targets, test_merge,
	test_scale, test_walk_summary, test_determinism,
	test_duplicate_tops_summed, test_files, test_rekey)
