/* afdo: unit tests of the profile formats: text and gcov round trips on
   hand-written and generated profiles, create_gcov 0.19 files.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <time.h>

#include "testutil.h"

/* Deep inlining, discriminators, icall histograms (ties broken by name),
   positions and callsites on the same line, extreme keys and counts.  */
static const char profile1[] =
  "_Z3barv:1234:17\n"
  " 0: 1000\n"
  " 1: 34\n"
  " 2.3: 200\n"
  "baz:0:0\n"
  " 0: 0\n"
  "foo:9223372036854775807:100\n"
  " 1: 100\n"
  " 2: 5000 _Z3barv:3000 baz:1000 qux:1000 aaa:1\n"
  " 2: _Z3barv:10000\n"
  "  0: 9000\n"
  "  1: 1000\n"
  " 2: baz:500\n"
  "  0: 500\n"
  " 3.1: 7\n"
  " 3.2: 0 qux:5\n"
  " 4: lvl1:485\n"
  "  1: 11\n"
  "  1: lvl2:375\n"
  "   2.1: 22 qux:2\n"
  "   3: lvl3:353\n"
  "    0: 33\n"
  "    1: lvl4:320\n"
  "     1: lvl5:320\n"
  "      1: lvl6:254\n"
  "       1: lvl7:254\n"
  "        1: lvl8:177\n"
  "         0: 88 foo:80 _Z3barv:8\n"
  "         5.9: 89\n"
  "        2: 77\n"
  "      7: 66\n"
  "  9: 99\n"
  " 7.65535: 1\n"
  " 65535: 1\n"
  " 65535.65535: 9223372036854775807\n"
  "main:5:1\n"
  " 5: foo:3\n"
  "  1: 3\n"
  " 6: 2\n";

/* C++ names, a recursive inline, a function with only callsites.  */
static const char profile2[] =
  "_ZN2ns5ClassC2Ev:0:0\n"
  " 1: _ZN2ns5ClassC2Ev:0\n"
  "_ZN2ns6detail4workIiEEvPT_:4660:0\n"
  " 0.1: 10\n"
  " 0.2: 20\n"
  " 0.3: 30 _ZN2ns5ClassC2Ev:30\n"
  " 12: _ZNSt6vectorIiSaIiEE9push_backERKi:4600\n"
  "  0: 4600\n"
  "only_calls:3:9\n"
  " 1: a:1\n"
  "  0: 1\n"
  " 1: b:1\n"
  "  0: 1\n"
  " 2: c:1\n"
  "  0: 1\n";

static const char empty_profile[] = "# empty profile\n";

static char *
deep_chain (unsigned depth)
{
  size_t cap = (size_t) (depth + 2) * (depth + 40) + 64;
  char *s = malloc (cap), *p = s;
  ck_assert_ptr_nonnull (s);
  p += sprintf (p, "top:1:1\n");
  for (unsigned d = 1; d <= depth; d++)
    p += sprintf (p, "%*s1.%u: f%u:1\n", (int) d, "", d % 7 + 1, d);
  p += sprintf (p, "%*s0: 1\n", (int) depth + 1, "");
  return s;
}

/* TEXT -> model -> FMT -> model -> text is TEXT again, and FMT ->
   text -> FMT gives the same bytes.  */
static void
round_trip (const char *text, afdo_format fmt)
{
  afdo_error err;
  afdo_format found;
  afdo_profile *p = afdo_read_mem (text, strlen (text), "in.afdo", &found,
				   &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  char *t0 = tu_write (p, AFDO_FORMAT_TEXT, NULL, &err);
  ck_assert_msg (t0 != NULL, "%s", err.msg);
  ck_assert_str_eq (t0, text);
  size_t l1;
  char *g1 = tu_write (p, fmt, &l1, &err);
  ck_assert_msg (g1 != NULL, "%s", err.msg);
  afdo_profile *q = afdo_read_mem (g1, l1, "mid.gcov", &found, &err);
  ck_assert_msg (q != NULL, "%s", err.msg);
  ck_assert_int_eq (found, fmt);
  char *t1 = tu_write (q, AFDO_FORMAT_TEXT, NULL, &err);
  ck_assert_str_eq (t1, text);
  afdo_profile *r = afdo_read_mem (t1, strlen (t1), "mid.afdo", &found,
				   &err);
  ck_assert_msg (r != NULL, "%s", err.msg);
  size_t l2;
  char *g2 = tu_write (r, fmt, &l2, &err);
  ck_assert_uint_eq (l1, l2);
  ck_assert_mem_eq (g1, g2, l1);
  free (t0);
  free (g1);
  free (t1);
  free (g2);
  afdo_profile_free (p);
  afdo_profile_free (q);
  afdo_profile_free (r);
}

START_TEST (test_round_trip_hand)
{
  round_trip (profile1, AFDO_FORMAT_GCOV);
  round_trip (profile2, AFDO_FORMAT_GCOV);
  round_trip (empty_profile, AFDO_FORMAT_GCOV);
  round_trip (profile1, AFDO_FORMAT_GCOV_WORDS);
  round_trip (profile2, AFDO_FORMAT_GCOV_WORDS);
}
END_TEST

START_TEST (test_round_trip_deep)
{
  char *s = deep_chain (AFDO_MAX_DEPTH);
  round_trip (s, AFDO_FORMAT_GCOV);
  round_trip (s, AFDO_FORMAT_GCOV_WORDS);
  free (s);
}
END_TEST

START_TEST (test_round_trip_10000)
{
  clock_t t0 = clock ();
  afdo_profile *p = tu_random_profile (10000, 1);
  afdo_summary s;
  afdo_profile_summarize (p, &s);
  ck_assert_uint_eq (s.n_functions, 10000);
  ck_assert_uint_gt (s.n_instances, 20000);
  ck_assert_uint_gt (s.max_depth, 3);
  afdo_error err;
  char *text = tu_write (p, AFDO_FORMAT_TEXT, NULL, &err);
  ck_assert_msg (text != NULL, "%s", err.msg);
  round_trip (text, AFDO_FORMAT_GCOV);
  round_trip (text, AFDO_FORMAT_GCOV_WORDS);
  /* The generator's own profile writes the same gcov as its text.  */
  size_t l1, l2;
  char *g1 = tu_write (p, AFDO_FORMAT_GCOV, &l1, &err);
  afdo_profile *q = tu_text (text);
  char *g2 = tu_write (q, AFDO_FORMAT_GCOV, &l2, &err);
  ck_assert_uint_eq (l1, l2);
  ck_assert_mem_eq (g1, g2, l1);
  fprintf (stderr, "10000 functions: %u instances, %u positions, max depth "
	   "%u, text %zu bytes, gcov %zu bytes, %.2f s\n", s.n_instances,
	   s.n_positions, s.max_depth, strlen (text), l1,
	   (double) (clock () - t0) / CLOCKS_PER_SEC);
  free (g1);
  free (g2);
  free (text);
  afdo_profile_free (p);
  afdo_profile_free (q);
}
END_TEST

/* The bytes create_gcov 0.19 wrote for a small program (two functions,
   IP samples), word for word: version "*704", strings with lengths in
   words padded with NULs, the empty module section and the working set
   (128 entries of instructions and minimum count).  */
static void
create_gcov_bytes (tu_bytes *b)
{
  tu_u32 (b, 0x67636461);
  tu_u32 (b, 0x3430372a);
  tu_u32 (b, 0);
  tu_u32 (b, 0xaa000000);
  tu_u32 (b, 9);
  tu_u32 (b, 3);
  tu_str_words (b, "");
  tu_str_words (b, "main");
  tu_str_words (b, "work");
  tu_u32 (b, 0xac000000);
  tu_u32 (b, 27);
  tu_u32 (b, 2);
  /* main: head 0; positions 0, 0.3, 0.4.  */
  tu_u64 (b, 0);
  tu_u32 (b, 1);
  tu_u32 (b, 3);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
  tu_u64 (b, 0);
  tu_u32 (b, 3);
  tu_u32 (b, 0);
  tu_u64 (b, 178);
  tu_u32 (b, 4);
  tu_u32 (b, 0);
  tu_u64 (b, 0);
  /* work: head 0; position 0.  */
  tu_u64 (b, 0);
  tu_u32 (b, 2);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
  tu_u64 (b, 504);
  tu_u32 (b, 0xae000000);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0xaf000000);
  tu_u32 (b, 384);
  static const struct { unsigned n, instrs, count; } ws[] = {
    { 25, 0, 504 }, { 25, 1, 504 }, { 26, 2, 504 }, { 25, 3, 504 },
    { 5, 4, 504 }, { 8, 4, 178 }, { 9, 5, 178 }, { 5, 6, 178 }
  };
  for (unsigned i = 0; i < sizeof ws / sizeof ws[0]; i++)
    for (unsigned k = 0; k < ws[i].n; k++)
      {
	tu_u32 (b, ws[i].instrs);
	tu_u64 (b, ws[i].count);
      }
}

START_TEST (test_create_gcov_layout)
{
  tu_bytes b = { 0 };
  create_gcov_bytes (&b);
  ck_assert_uint_eq (b.len, 1728);
  afdo_error err;
  afdo_format found;
  afdo_profile *p = afdo_read_mem (b.d, b.len, "t.gcov", &found, &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  ck_assert_int_eq (found, AFDO_FORMAT_GCOV_WORDS);
  ck_assert_str_eq (afdo_format_name (found), "gcov-create_gcov");
  char *t = tu_write (p, AFDO_FORMAT_TEXT, NULL, &err);
  ck_assert_str_eq (t, "main:178:0\n 0: 0\n 0.3: 178\n 0.4: 0\n"
		    "work:504:0\n 0: 504\n");
  /* Our word-layout writer gives the same bytes but for the working set,
     which it leaves empty.  */
  size_t len;
  char *w = tu_write (p, AFDO_FORMAT_GCOV_WORDS, &len, &err);
  ck_assert_uint_eq (len, b.len);
  ck_assert_mem_eq (w, b.d, 0xc0);
  free (w);
  /* And GCC 12's layout reads back the same.  */
  char *g = tu_write (p, AFDO_FORMAT_GCOV, &len, &err);
  afdo_profile *q = afdo_read_mem (g, len, "t2.gcov", &found, &err);
  ck_assert_int_eq (found, AFDO_FORMAT_GCOV);
  char *t2 = tu_write (q, AFDO_FORMAT_TEXT, NULL, &err);
  ck_assert_str_eq (t, t2);
  free (g);
  free (t);
  free (t2);
  afdo_profile_free (p);
  afdo_profile_free (q);
  tu_free (&b);
}
END_TEST

/* A file of VERSION whose string table of WORDS words holds "" and NAME,
   each written by STR; one function NAME with a head count of 7 and
   nothing else; one module.  */
static void
one_function_file (tu_bytes *b, uint32_t version, uint32_t words,
		   void (*str) (tu_bytes *, const char *), const char *name)
{
  tu_u32 (b, 0x67636461);
  tu_u32 (b, version);
  tu_u32 (b, 0);
  tu_u32 (b, 0xaa000000);
  tu_u32 (b, words);
  tu_u32 (b, 2);
  str (b, "");
  str (b, name);
  tu_u32 (b, 0xac000000);
  tu_u32 (b, 6);
  tu_u32 (b, 1);
  tu_u64 (b, 7);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
  tu_u32 (b, 0xae000000);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
}

/* Version 2 with word-layout strings (and the reverse): the layout that
   parses is the one used.  */
START_TEST (test_layout_detection)
{
  tu_bytes b = { 0 };
  one_function_file (&b, 2, 7, tu_str_words, "abcdefgh");
  afdo_error err;
  afdo_format found;
  afdo_profile *p = afdo_read_mem (b.d, b.len, "w.gcov", &found, &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  ck_assert_int_eq (found, AFDO_FORMAT_GCOV_WORDS);
  ck_assert_ptr_nonnull (afdo_top_by_name (p, "abcdefgh"));
  ck_assert_uint_eq (afdo_top_by_name (p, "abcdefgh")->head, 7);
  afdo_profile_free (p);
  tu_free (&b);

  one_function_file (&b, 0x3430372a, 3, tu_str_bytes, "xy");
  p = afdo_read_mem (b.d, b.len, "b.gcov", &found, &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  ck_assert_int_eq (found, AFDO_FORMAT_GCOV);
  ck_assert_ptr_nonnull (afdo_top_by_name (p, "xy"));
  afdo_profile_free (p);
  tu_free (&b);
}
END_TEST

/* GCC 12's layout exactly: the bytes of a one-function profile.  */
START_TEST (test_gcc_layout_bytes)
{
  afdo_profile *p = tu_text ("fn:7:2\n 1.2: 7 ab:3\n");
  size_t len;
  char *g = tu_write (p, AFDO_FORMAT_GCOV, &len, NULL);
  tu_bytes b = { 0 };
  tu_u32 (&b, 0x67636461);
  tu_u32 (&b, 2);
  tu_u32 (&b, 0);
  tu_u32 (&b, 0xaa000000);
  tu_u32 (&b, 6);		/* 4 + 5 + 7 + 7 = 23 bytes, rounded up.  */
  tu_u32 (&b, 3);
  tu_str_bytes (&b, "");
  tu_str_bytes (&b, "ab");
  tu_str_bytes (&b, "fn");
  tu_u32 (&b, 0xac000000);
  tu_u32 (&b, 15);
  tu_u32 (&b, 1);
  tu_u64 (&b, 2);
  tu_u32 (&b, 2);
  tu_u32 (&b, 1);
  tu_u32 (&b, 0);
  tu_u32 (&b, 0x00010002);
  tu_u32 (&b, 1);
  tu_u64 (&b, 7);
  tu_u32 (&b, 3);
  tu_u64 (&b, 1);
  tu_u64 (&b, 3);
  tu_u32 (&b, 0xae000000);
  tu_u32 (&b, 1);
  tu_u32 (&b, 0);
  ck_assert_uint_eq (len, b.len);
  ck_assert_mem_eq (g, b.d, len);
  free (g);
  tu_free (&b);
  afdo_profile_free (p);
}
END_TEST

/* Text accepted beyond the canonical form: comments, blank lines, CRLF,
   trailing blanks, any order, LLVM metadata lines.  */
START_TEST (test_text_lenient)
{
  afdo_profile *p = tu_text ("# a comment\n\n"
			     "zz:3:0\r\n"
			     " 2: 2   \n"
			     "   # indented comment\n"
			     " !CFGChecksum: 12345\n"
			     " 1: 1\n"
			     "aa:5:1\n"
			     " 3: c:5\n"
			     "  !CFGChecksum: 1\n"
			     "  1.0: 5\n");
  char *t = tu_write (p, AFDO_FORMAT_TEXT, NULL, NULL);
  ck_assert_str_eq (t, "aa:5:1\n 3: c:5\n  1: 5\nzz:3:0\n 1: 1\n 2: 2\n");
  free (t);
  afdo_profile_free (p);
}
END_TEST

START_TEST (test_text_write_refuses)
{
  afdo_profile *p = afdo_profile_new ();
  afdo_top (p, afdo_intern_str (p, "has space"), true);
  afdo_error err;
  ck_assert_ptr_null (tu_write (p, AFDO_FORMAT_TEXT, NULL, &err));
  ck_assert_msg (strstr (err.msg, "has space"), "%s", err.msg);
  afdo_profile_free (p);
  p = afdo_profile_new ();
  afdo_function *f = afdo_top (p, afdo_intern_str (p, "f"), true);
  afdo_callee (p, f, 0, afdo_intern_str (p, "9starts_with_digit"), true);
  ck_assert_ptr_null (tu_write (p, AFDO_FORMAT_TEXT, NULL, &err));
  /* gcov has no such restriction.  */
  char *g = tu_write (p, AFDO_FORMAT_GCOV, NULL, &err);
  ck_assert_ptr_nonnull (g);
  free (g);
  afdo_profile_free (p);
}
END_TEST

/* A file made by the installed create_gcov from a program sampled with
   perf, compared with what the installed dump_gcov prints of it.  Passes
   with a note when the tools or perf cannot be used here.  */
static int
sh (const char *dir, const char *cmd)
{
  char buf[2048];
  snprintf (buf, sizeof buf, "cd '%s' && ( %s ) >>log 2>&1", dir, cmd);
  return system (buf);
}

START_TEST (test_real_create_gcov)
{
  if (access ("/usr/bin/create_gcov", X_OK) || access ("/usr/bin/dump_gcov",
						       X_OK))
    {
      fprintf (stderr, "note: create_gcov not installed, real-file test "
	       "not run\n");
      return;
    }
  char dir[] = "/tmp/afdo-cg-XXXXXX";
  ck_assert_ptr_nonnull (mkdtemp (dir));
  char path[512];
  snprintf (path, sizeof path, "%s/t.c", dir);
  FILE *f = fopen (path, "w");
  ck_assert_ptr_nonnull (f);
  fputs ("#include <stdio.h>\n"
	 "static int __attribute__((noinline)) work (int i)\n"
	 "{ return (i * 7) % 13 > 5 ? i * 3 : i / 2; }\n"
	 "int main (void) { long s = 0;\n"
	 "  for (long i = 0; i < 60000000; i++) s += work (i);\n"
	 "  printf (\"%ld\\n\", s); return 0; }\n", f);
  fclose (f);
  bool ok = sh (dir, "gcc -O2 -g -gdwarf-4 t.c -o t") == 0
	    && sh (dir, "perf record -q -e cpu-clock -F 5000 -o perf.data "
		   "./t") == 0
	    && sh (dir, "create_gcov --binary=t --profile=perf.data "
		   "--gcov=t.gcov --use_lbr=false") == 0
	    && sh (dir, "dump_gcov t.gcov > dump.txt") == 0;
  if (!ok)
    {
      fprintf (stderr, "note: could not make a profile with perf and "
	       "create_gcov here (see %s/log); real-file test not run\n", dir);
      return;
    }
  afdo_error err;
  afdo_format found;
  snprintf (path, sizeof path, "%s/t.gcov", dir);
  afdo_profile *p = afdo_read_file (path, &found, &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  ck_assert_int_eq (found, AFDO_FORMAT_GCOV_WORDS);
  /* dump_gcov prints "NAME total:T head:H" and "  OFF[.DISC]: COUNT".  */
  snprintf (path, sizeof path, "%s/dump.txt", dir);
  f = fopen (path, "r");
  ck_assert_ptr_nonnull (f);
  char line[1024];
  afdo_function *cur = NULL;
  unsigned n_fn = 0, n_pos = 0;
  while (fgets (line, sizeof line, f))
    {
      char name[512];
      unsigned long long total, head, count;
      unsigned off, disc;
      if (sscanf (line, "%511s total:%llu head:%llu", name, &total, &head)
	  == 3)
	{
	  cur = afdo_top_by_name (p, name);
	  ck_assert_msg (cur != NULL, "%s missing", name);
	  ck_assert_uint_eq (cur->total, total);
	  ck_assert_uint_eq (cur->head, head);
	  n_fn++;
	}
      else if (cur && line[0] == ' ' && line[1] == ' ' && line[2] != ' ')
	{
	  disc = 0;
	  if (sscanf (line, " %u.%u: %llu", &off, &disc, &count) == 3
	      || sscanf (line, " %u: %llu", &off, &count) == 2)
	    {
	      const afdo_pos *pos = afdo_pos_find (cur, AFDO_KEY (off, disc));
	      if (pos)
		{
		  ck_assert_uint_eq (pos->count, count);
		  n_pos++;
		}
	    }
	}
    }
  fclose (f);
  ck_assert_uint_eq (n_fn, afdo_n_functions (p));
  ck_assert_uint_gt (n_pos, 0);
  fprintf (stderr, "create_gcov file: %u functions, %u positions agree with "
	   "dump_gcov\n", n_fn, n_pos);
  afdo_profile_free (p);
  char cmd[600];
  snprintf (cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq (system (cmd), 0);
}
END_TEST

TU_MAIN ("formats", "formats", 300, test_round_trip_hand, test_round_trip_deep,
	test_round_trip_10000, test_create_gcov_layout, test_layout_detection,
	test_gcc_layout_bytes, test_text_lenient, test_text_write_refuses,
	test_real_create_gcov)
