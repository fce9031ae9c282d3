/* afdo: helpers shared by the unit tests: running a suite, reading and
   writing profiles in memory, hand-made gcov bytes, reading in a child
   process, random profiles.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rng.h"
#include "testutil.h"

TCase *
tu_tcase (Suite *suite, const char *name, double seconds)
{
  TCase *tc = tcase_create (name);
  if (seconds > 0)
    tcase_set_timeout (tc, seconds);
  suite_add_tcase (suite, tc);
  return tc;
}

void
tu_add_tests (TCase *tc, const TTest *const *tests)
{
  for (; *tests; tests++)
    tcase_add_test (tc, *tests);
}

int
tu_run_suite (Suite *suite)
{
  SRunner *sr = srunner_create (suite);
  srunner_run_all (sr, CK_NORMAL);
  int failed = srunner_ntests_failed (sr);
  srunner_free (sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

int
tu_main (const char *suite, const char *tcase, double seconds,
	 const TTest *const *tests)
{
  Suite *s = suite_create (suite);
  tu_add_tests (tu_tcase (s, tcase, seconds), tests);
  return tu_run_suite (s);
}

afdo_profile *
tu_read (const void *data, size_t len, const char *name, afdo_format *found,
	 afdo_error *err)
{
  return afdo_read_mem (data, len, name, found, err);
}

afdo_profile *
tu_text (const char *text)
{
  afdo_error err;
  afdo_format f;
  afdo_profile *p = afdo_read_mem (text, strlen (text), "test.afdo", &f,
				   &err);
  ck_assert_msg (p != NULL, "cannot read test profile: %s", err.msg);
  ck_assert_int_eq (f, AFDO_FORMAT_TEXT);
  return p;
}

char *
tu_write (const afdo_profile *p, afdo_format fmt, size_t *len,
	  afdo_error *err)
{
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream (&buf, &n);
  ck_assert_ptr_nonnull (f);
  int r = afdo_write (p, f, fmt, err);
  fclose (f);
  if (r)
    {
      free (buf);
      return NULL;
    }
  if (len)
    *len = n;
  return buf;
}

void
tu_raw (tu_bytes *b, const void *data, size_t n)
{
  if (b->len + n > b->cap)
    {
      b->cap = (b->len + n) * 2 + 64;
      b->d = realloc (b->d, b->cap);
      ck_assert_ptr_nonnull (b->d);
    }
  memcpy (b->d + b->len, data, n);
  b->len += n;
}

void
tu_u32 (tu_bytes *b, uint32_t v)
{
  unsigned char w[4] = { v, v >> 8, v >> 16, v >> 24 };
  tu_raw (b, w, 4);
}

void
tu_u64 (tu_bytes *b, uint64_t v)
{
  tu_u32 (b, (uint32_t) v);
  tu_u32 (b, (uint32_t) (v >> 32));
}

void
tu_str_bytes (tu_bytes *b, const char *s)
{
  tu_u32 (b, (uint32_t) strlen (s) + 1);
  tu_raw (b, s, strlen (s) + 1);
}

void
tu_str_words (tu_bytes *b, const char *s)
{
  static const char zeros[4];
  size_t l = strlen (s);
  uint32_t w = (uint32_t) (l / 4 + 1);
  tu_u32 (b, w);
  tu_raw (b, s, l);
  tu_raw (b, zeros, w * 4 - l);
}

void
tu_patch_u32 (tu_bytes *b, size_t at, uint32_t v)
{
  ck_assert (at + 4 <= b->len);
  b->d[at] = v;
  b->d[at + 1] = v >> 8;
  b->d[at + 2] = v >> 16;
  b->d[at + 3] = v >> 24;
}

void
tu_free (tu_bytes *b)
{
  free (b->d);
  b->d = NULL;
  b->len = b->cap = 0;
}

bool
tu_read_in_child (const void *data, size_t len, const char *name,
		  bool *read_ok, char *msg, size_t size)
{
  int fds[2];
  ck_assert_int_eq (pipe (fds), 0);
  fflush (NULL);
  pid_t pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      close (fds[0]);
      afdo_error err;
      strcpy (err.msg, "");
      afdo_profile *p = afdo_read_mem (data, len, name, NULL, &err);
      char out[sizeof err.msg + 2];
      int n = snprintf (out, sizeof out, "%c%s", p ? 'Y' : 'N',
			p ? "" : err.msg);
      afdo_profile_free (p);
      if (write (fds[1], out, (size_t) n) != n)
	_exit (3);
      close (fds[1]);
      _exit (0);
    }
  close (fds[1]);
  char buf[1024];
  size_t got = 0;
  ssize_t n;
  while (got < sizeof buf - 1
	 && (n = read (fds[0], buf + got, sizeof buf - 1 - got)) > 0)
    got += (size_t) n;
  close (fds[0]);
  buf[got] = 0;
  int status;
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0 || got == 0)
    {
      snprintf (msg, size, "child died (status 0x%x)", status);
      *read_ok = false;
      return false;
    }
  *read_ok = buf[0] == 'Y';
  snprintf (msg, size, "%s", buf + 1);
  return true;
}

static afdo_rng tu_rng;

static uint32_t
tu_below (uint32_t n)
{
  return (uint32_t) afdo_rng_below (&tu_rng, n);
}

static void
tu_random_body (afdo_profile *p, afdo_function *f, uint32_t n_names,
		const uint32_t *names, unsigned depth)
{
  uint32_t n_pos = 1 + tu_below (12);
  for (uint32_t i = 0; i < n_pos; i++)
    {
      afdo_key_t key = AFDO_KEY (tu_below (400),
				 tu_below (4) ? 0 : 1 + tu_below (30));
      afdo_pos *pos = afdo_pos_get (f, key, true);
      afdo_pos_add (pos, tu_below (5) ? tu_below (1000000) : 0);
      if (tu_below (6) == 0)
	{
	  uint32_t n_t = 1 + tu_below (4);
	  for (uint32_t j = 0; j < n_t; j++)
	    afdo_target_add (pos, names[tu_below (n_names)],
			     1 + tu_below (5000));
	}
    }
  /* Mostly shallow inlining, sometimes a deep chain.  */
  uint32_t n_callees = depth < 3 ? tu_below (4) : (tu_below (8) == 0);
  if (depth >= 40)
    n_callees = 0;
  for (uint32_t i = 0; i < n_callees; i++)
    {
      afdo_key_t key = AFDO_KEY (tu_below (400),
				 tu_below (5) ? 0 : 1 + tu_below (8));
      afdo_function *c = afdo_callee (p, f, key, names[tu_below (n_names)],
				      true);
      tu_random_body (p, c, n_names, names, depth + 1);
    }
}

afdo_profile *
tu_random_profile (uint32_t n, uint64_t seed)
{
  afdo_rng_seed (&tu_rng, seed);
  afdo_profile *p = afdo_profile_new ();
  uint32_t *names = malloc (n * sizeof *names);
  ck_assert_ptr_nonnull (names);
  for (uint32_t i = 0; i < n; i++)
    {
      /* Names of varied lengths, so the padding of every length modulo 4
	 is exercised.  */
      char buf[64];
      unsigned pad = i % 7;
      snprintf (buf, sizeof buf, "_Z%uf%.*s%u", i % 97, (int) pad,
		"abcdefg", i);
      names[i] = afdo_intern_str (p, buf);
    }
  for (uint32_t i = 0; i < n; i++)
    {
      afdo_function *f = afdo_top (p, names[i], true);
      f->head = tu_below (3) ? tu_below (100000) : 0;
      tu_random_body (p, f, n, names, 0);
    }
  free (names);
  afdo_profile_finalize (p);
  return p;
}

const char *
tu_build_dir (void)
{
  static char dir[PATH_MAX];
  ssize_t n = readlink ("/proc/self/exe", dir, sizeof dir - 1);
  ck_assert_int_gt (n, 0);
  dir[n] = 0;
  /* BUILD/unit/check_x -> BUILD.  */
  for (int k = 0; k < 2; k++)
    {
      char *slash = strrchr (dir, '/');
      ck_assert_ptr_nonnull (slash);
      *slash = 0;
    }
  return dir;
}
