/* afdo: unit tests of the readers on malformed input (binary and text),
   each run in a child process so that a crash is a failure; afdo-dump's
   exit status and message on bad input.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <sys/wait.h>

#include "testutil.h"

/* Pieces of hand-made files.  The string table is "", "main", "foo",
   "bar", "" (index 4 is empty).  */

static void
hdr (tu_bytes *b, uint32_t version)
{
  tu_u32 (b, 0x67636461);
  tu_u32 (b, version);
  tu_u32 (b, 0);
}

/* A header of VERSION, then the head of a string table of WORDS words
   and COUNT strings (the strings are the caller's).  */
static void
strings_head (tu_bytes *b, uint32_t version, uint32_t words, uint32_t count)
{
  hdr (b, version);
  tu_u32 (b, 0xaa000000);
  tu_u32 (b, words);
  tu_u32 (b, count);
}

static void
strings (tu_bytes *b)
{
  static const char *s[] = { "", "main", "foo", "bar", "" };
  tu_u32 (b, 0xaa000000);
  size_t at = b->len;
  tu_u32 (b, 0);
  size_t start = b->len;
  tu_u32 (b, 5);
  for (int i = 0; i < 5; i++)
    tu_str_bytes (b, s[i]);
  tu_patch_u32 (b, at, (uint32_t) ((b->len - start + 3) / 4));
}

static size_t
fn_begin (tu_bytes *b, uint32_t n)
{
  tu_u32 (b, 0xac000000);
  size_t at = b->len;
  tu_u32 (b, 0);
  tu_u32 (b, n);
  return at;
}

static void
fn_end (tu_bytes *b, size_t at)
{
  tu_patch_u32 (b, at, (uint32_t) ((b->len - at - 4) / 4));
}

static void
module (tu_bytes *b)
{
  tu_u32 (b, 0xae000000);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
}

/* An instance NAME with one position KEY of COUNT, no callsites.  */
static void
simple_fn (tu_bytes *b, uint32_t name, uint32_t key, uint64_t count)
{
  tu_u32 (b, name);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, key);
  tu_u32 (b, 0);
  tu_u64 (b, count);
}

/* A file up to the head count HEAD of its one top-level function: where
   fn_end is to patch the length.  */
static size_t
top_begin (tu_bytes *b, uint64_t head)
{
  hdr (b, 2);
  strings (b);
  size_t at = fn_begin (b, 1);
  tu_u64 (b, head);
  return at;
}

/* A whole file with one top-level function whose body is written by
   BODY (after the head count).  */
static void
whole (tu_bytes *b, void (*body) (tu_bytes *))
{
  size_t at = top_begin (b, 5);
  body (b);
  fn_end (b, at);
  module (b);
}

static void body_ok (tu_bytes *b) { simple_fn (b, 1, 0x10000, 10); }
static void body_name7 (tu_bytes *b) { simple_fn (b, 7, 0x10000, 10); }
static void body_name0 (tu_bytes *b) { simple_fn (b, 0, 0x10000, 10); }
static void body_name_empty (tu_bytes *b) { simple_fn (b, 4, 0, 1); }
static void body_big_count (tu_bytes *b)
{
  simple_fn (b, 1, 0x10000, (uint64_t) INT64_MAX + 1);
}

static void
body_target (tu_bytes *b, uint64_t t1, uint64_t t2)
{
  tu_u32 (b, 1);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0x10000);
  tu_u32 (b, 2);
  tu_u64 (b, 10);
  tu_u32 (b, 3);
  tu_u64 (b, t1);
  tu_u64 (b, 4);
  tu_u32 (b, 3);
  tu_u64 (b, t2);
  tu_u64 (b, 6);
}

static void body_target_range (tu_bytes *b) { body_target (b, 2, 1ull << 32); }
static void body_target_dup (tu_bytes *b) { body_target (b, 2, 2); }

static void
body_dup_pos (tu_bytes *b)
{
  tu_u32 (b, 1);
  tu_u32 (b, 2);
  tu_u32 (b, 0);
  for (int i = 0; i < 2; i++)
    {
      tu_u32 (b, 0x10000);
      tu_u32 (b, 0);
      tu_u64 (b, 1);
    }
}

static void
body_dup_callsite (tu_bytes *b)
{
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 2);
  for (int i = 0; i < 2; i++)
    {
      tu_u32 (b, 0x30000);
      simple_fn (b, 2, 0, 1);
    }
}

static void
body_huge_pos_count (tu_bytes *b)
{
  tu_u32 (b, 1);
  tu_u32 (b, 0x10000000);
  tu_u32 (b, 0);
  tu_u32 (b, 0x10000);
  tu_u32 (b, 0);
  tu_u64 (b, 1);
}

static void
body_huge_target_count (tu_bytes *b)
{
  tu_u32 (b, 1);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 0x10000);
  tu_u32 (b, 0xffffffff);
  tu_u64 (b, 1);
}

static void
body_deep (tu_bytes *b)
{
  for (int d = 0; d < 300; d++)
    {
      tu_u32 (b, d % 2 ? 2 : 1);
      tu_u32 (b, 0);
      tu_u32 (b, 1);
      tu_u32 (b, 0x10000);
    }
  simple_fn (b, 3, 0, 1);
  /* The counts of the enclosing instances are all zero, so the file is
     valid but for its depth.  */
}

typedef struct bcase
{
  const char *what;
  void (*make) (tu_bytes *);
  const char *expect;
} bcase;

static void mk_empty (tu_bytes *b) { (void) b; }
static void mk_elf (tu_bytes *b)
{
  tu_raw (b, "\177ELF\2\1\1\0\0\0\0\0\0\0\0\0", 16);
}
static void mk_swapped (tu_bytes *b)
{
  tu_raw (b, "gcda\0\0\0\2\0\0\0\0", 12);
}
static void mk_version (tu_bytes *b) { hdr (b, 3); strings (b); }
static void mk_short_header (tu_bytes *b)
{
  tu_u32 (b, 0x67636461);
  tu_raw (b, "\2\0", 2);
}
static void mk_string_tag (tu_bytes *b) { hdr (b, 2); tu_u32 (b, 0xab000000); }
static void mk_string_count (tu_bytes *b)
{
  strings_head (b, 2, 1, 0xffffffff);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
}
/* A GCC 12 string table of one string: the length word LEN, then the N
   bytes at BYTES.  */
static void
one_string (tu_bytes *b, uint32_t len, const char *bytes, size_t n)
{
  strings_head (b, 2, 3, 1);
  tu_u32 (b, len);
  tu_raw (b, bytes, n);
}
static void mk_string_past_end (tu_bytes *b)
{
  one_string (b, 1000, "main\0", 5);
}
static void mk_string_unterminated (tu_bytes *b)
{
  one_string (b, 4, "mainxxxx", 8);
}
static void mk_string_nul (tu_bytes *b)
{
  one_string (b, 6, "ma\0in\0xxxx", 10);
}
static void mk_string_len0 (tu_bytes *b)
{
  strings_head (b, 2, 3, 2);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
  tu_u32 (b, 0);
}
static void mk_name7 (tu_bytes *b) { whole (b, body_name7); }
static void mk_name0 (tu_bytes *b) { whole (b, body_name0); }
static void mk_name_empty (tu_bytes *b) { whole (b, body_name_empty); }
static void mk_target_range (tu_bytes *b) { whole (b, body_target_range); }
static void mk_big_count (tu_bytes *b) { whole (b, body_big_count); }
static void mk_big_head (tu_bytes *b)
{
  size_t at = top_begin (b, UINT64_MAX);
  body_ok (b);
  fn_end (b, at);
  module (b);
}
static void mk_dup_pos (tu_bytes *b) { whole (b, body_dup_pos); }
static void mk_dup_callsite (tu_bytes *b) { whole (b, body_dup_callsite); }
static void mk_dup_target (tu_bytes *b) { whole (b, body_target_dup); }
static void mk_fn_count (tu_bytes *b)
{
  hdr (b, 2);
  strings (b);
  fn_begin (b, 100000);
  tu_u64 (b, 5);
  body_ok (b);
}
static void mk_pos_count (tu_bytes *b) { whole (b, body_huge_pos_count); }
static void mk_target_count (tu_bytes *b)
{
  whole (b, body_huge_target_count);
}
static void mk_deep (tu_bytes *b) { whole (b, body_deep); }
static void mk_fn_length (tu_bytes *b)
{
  size_t at = top_begin (b, 5);
  body_ok (b);
  fn_end (b, at);
  tu_patch_u32 (b, at, 99);
  module (b);
}
static void mk_fn_tag (tu_bytes *b)
{
  hdr (b, 2);
  strings (b);
  tu_u32 (b, 0xad000000);
}
static void mk_no_module (tu_bytes *b)
{
  size_t at = top_begin (b, 5);
  body_ok (b);
  fn_end (b, at);
}
static void mk_module_count (tu_bytes *b)
{
  whole (b, body_ok);
  tu_patch_u32 (b, b->len - 4, 3);
}
static void mk_module_length (tu_bytes *b)
{
  whole (b, body_ok);
  tu_patch_u32 (b, b->len - 8, 2);
}
static void mk_trailing (tu_bytes *b)
{
  whole (b, body_ok);
  tu_raw (b, "junk!", 5);
}
static void mk_working_set (tu_bytes *b)
{
  whole (b, body_ok);
  tu_u32 (b, 0xaf000000);
  tu_u32 (b, 384);
  tu_u32 (b, 0);
}
static void mk_padding (tu_bytes *b)
{
  strings_head (b, 0x3430372a, 5, 2);
  tu_u32 (b, 1);
  tu_u32 (b, 0);
  tu_u32 (b, 2);
  tu_raw (b, "main\0\0x\0", 8);
  tu_u32 (b, 0xac000000);
}
static void mk_words_length (tu_bytes *b)
{
  strings_head (b, 0x3430372a, 9, 2);
  tu_str_words (b, "");
  tu_str_words (b, "main");
  tu_u32 (b, 0xac000000);
}
static void mk_truncated_count (tu_bytes *b)
{
  whole (b, body_ok);
  /* Cut in the middle of the position's count.  */
  b->len -= 12 + 4;
}

static void mk_truncated_module (tu_bytes *b)
{
  whole (b, body_ok);
  b->len -= 2;
}
static void mk_truncated_magic (tu_bytes *b) { tu_raw (b, "adc", 3); }

static const bcase bcases[] = {
  { "empty file", mk_empty, "empty file" },
  { "wrong magic (ELF)", mk_elf, "offset 0x0: wrong magic 0x464c457f" },
  { "byte-swapped magic", mk_swapped, "offset 0x0: byte-swapped magic" },
  { "unknown version", mk_version, "offset 0x4: unknown version 0x00000003" },
  { "truncated header", mk_short_header,
    "offset 0x4: unexpected end of file reading version" },
  { "wrong string table tag", mk_string_tag,
    "offset 0xc: expected string table (tag 0xaa000000), found 0xab000000" },
  { "impossible string count", mk_string_count,
    "offset 0x14: string count 4294967295 is impossible" },
  { "string past the end", mk_string_past_end,
    "offset 0x18: string 0 of 1000 bytes runs past the end" },
  { "string not terminated", mk_string_unterminated,
    "offset 0x18: string 0 is not NUL-terminated" },
  { "string with a NUL", mk_string_nul,
    "offset 0x18: string 0 contains a NUL byte" },
  { "string of length 0", mk_string_len0,
    "offset 0x18: string 0 has length 0" },
  { "name index out of range", mk_name7,
    "offset 0x4f: string index 7 out of range (5 strings)" },
  { "name index 0 (the empty string)", mk_name0,
    "offset 0x4f: empty function name (string index 0)" },
  { "empty name", mk_name_empty,
    "offset 0x4f: empty function name (string index 4)" },
  { "target index out of range", mk_target_range,
    "string index 4294967296 out of range (5 strings)" },
  { "count above 2^63-1", mk_big_count,
    "offset 0x63: count 9223372036854775808 is out of range" },
  { "head count above 2^63-1", mk_big_head,
    "offset 0x47: head count 18446744073709551615 is out of range" },
  { "duplicate position", mk_dup_pos, "duplicate position 1.0 in main" },
  { "duplicate callsite", mk_dup_callsite,
    "duplicate callsite 3.0 foo in main" },
  { "duplicate call target", mk_dup_target, "duplicate call target foo" },
  { "impossible function count", mk_fn_count,
    "offset 0x43: function count 100000 is impossible" },
  { "impossible position count", mk_pos_count,
    "position count 268435456 is impossible" },
  { "impossible target count", mk_target_count,
    "target count 4294967295 is impossible" },
  { "nesting too deep", mk_deep, "inline nesting deeper than 256" },
  { "function section length", mk_fn_length,
    "function section length 99 words does not match its contents "
    "(10 words)" },
  { "wrong function tag", mk_fn_tag,
    "offset 0x3b: expected function section (tag 0xac000000), found "
    "0xad000000" },
  { "missing module section", mk_no_module,
    "offset 0x6b: unexpected end of file: expected module section" },
  { "module count", mk_module_count,
    "offset 0x73: module count 3, expected 0" },
  { "module section length", mk_module_length,
    "offset 0x6f: module section length 2, expected 1" },
  { "trailing garbage", mk_trailing,
    "offset 0x77: trailing garbage: 5 bytes after the last section" },
  { "working set past the end", mk_working_set,
    "offset 0x7b: working set length 384 words runs past the end" },
  { "garbage in string padding", mk_padding,
    "offset 0x20: string 1 has garbage in its padding" },
  { "word-layout table length", mk_words_length,
    "offset 0x10: string table length 9 words does not match its contents "
    "(6 words)" },
  { "truncated position", mk_truncated_count,
    "offset 0x53: position count 1 is impossible: only 12 bytes left" },
  { "truncated module section", mk_truncated_module,
    "offset 0x73: unexpected end of file reading module count" },
  { "truncated magic", mk_truncated_magic,
    "offset 0x0: unexpected end of file reading magic" },
};

static void
expect_error (const void *data, size_t len, const char *name,
	      const char *expect, const char *what)
{
  bool ok;
  char msg[1024];
  bool finished = tu_read_in_child (data, len, name, &ok, msg, sizeof msg);
  ck_assert_msg (finished, "%s: the reader crashed: %s", what, msg);
  ck_assert_msg (!ok, "%s: accepted", what);
  size_t n = strlen (name);
  ck_assert_msg (strncmp (msg, name, n) == 0 && msg[n] == ':',
		 "%s: message does not start with the file name: %s", what,
		 msg);
  ck_assert_msg (strstr (msg, expect), "%s: expected '%s' in '%s'", what,
		 expect, msg);
  ck_assert_msg (!strchr (msg, '\n'), "%s: more than one line", what);
}

START_TEST (test_bad_binary)
{
  const bcase *c = &bcases[_i];
  tu_bytes b = { 0 };
  c->make (&b);
  char expect[512];
  /* Errors about binary input carry the offset.  */
  snprintf (expect, sizeof expect, "%s", c->expect);
  expect_error (b.d ? (void *) b.d : (void *) "", b.len, "bad.gcov", expect,
		c->what);
  if (b.len)
    {
      bool ok;
      char msg[1024];
      tu_read_in_child (b.d, b.len, "bad.gcov", &ok, msg, sizeof msg);
      ck_assert_msg (strcmp (c->what, "empty file") == 0
		     || strstr (msg, "bad.gcov: offset 0x"),
		     "%s: no offset in '%s'", c->what, msg);
    }
  tu_free (&b);
}
END_TEST

typedef struct tcase_text
{
  const char *what;
  const char *text;
  const char *expect;
} tcase_text;

static const tcase_text tcases[] = {
  { "body before any header", "# c\n 1: 5\n",
    "bad.afdo:2: expected a function header 'name:total:head' at column 0" },
  { "header without head", "main:12\n",
    "bad.afdo:1: expected 'name:total:head', found 'main:12'" },
  { "empty name", ":1:1\n 1: 1\n",
    "bad.afdo:1: expected a function name before ':'" },
  { "name with a space", "foo bar:1:1\n 1: 1\n",
    "bad.afdo:1: function name 'foo bar' contains white space or a control "
    "character" },
  { "bad count", "main:1:1\n 1: 1x\n", "bad.afdo:2: expected a count, found "
    "'1x'" },
  { "offset out of range", "main:1:1\n 70000: 1\n",
    "bad.afdo:2: line offset '70000' is out of range (0..65535)" },
  { "discriminator out of range", "main:1:1\n 1.65536: 1\n",
    "bad.afdo:2: discriminator '65536' is out of range" },
  { "missing colon", "main:1:1\n 1 1\n",
    "bad.afdo:2: expected ':' after the line offset" },
  { "unexpected indentation", "main:1:1\n   1: 1\n",
    "bad.afdo:2: unexpected indentation: 3 spaces, at most 1 expected" },
  { "tab indentation", "main:1:1\n\t1: 1\n",
    "bad.afdo:2: expected spaces for indentation, found a tab" },
  { "duplicate position", "main:2:1\n 1: 1\n 1: 1\n",
    "bad.afdo:3: duplicate position 1.0 in main" },
  { "duplicate callsite", "main:0:1\n 1: f:0\n 1: f:0\n",
    "bad.afdo:3: duplicate callsite 1.0 f in main" },
  { "count above 2^63-1", "main:9223372036854775808:1\n",
    "bad.afdo:1: a total count '9223372036854775808' is out of range" },
  { "bad call target", "main:1:1\n 1: 1 foo\n",
    "bad.afdo:2: expected 'target:count', found 'foo'" },
  { "nothing after the colon", "main:1:1\n 1:\n",
    "bad.afdo:2: expected a count or 'callee:total' after ':'" },
  { "body under a count line", "main:2:1\n 1: 1\n  2: 1\n",
    "bad.afdo:3: unexpected indentation: 2 spaces, at most 1 expected" },
  { "duplicate call target", "main:1:1\n 1: 1 a:1 a:2\n",
    "bad.afdo:2: duplicate call target a" },
  { "bad inline header", "main:1:1\n 1: foo bar:1\n",
    "bad.afdo:2: expected 'callee:total', found 'foo bar:1'" },
  { "binary junk", "\x01\x02\x03\x00\x04",
    "bad.afdo: offset 0x0: wrong magic" },
};

START_TEST (test_bad_text)
{
  const tcase_text *c = &tcases[_i];
  size_t len = strlen (c->text);
  if (strcmp (c->what, "binary junk") == 0)
    len = 5;
  expect_error (c->text, len, "bad.afdo", c->expect, c->what);
}
END_TEST

START_TEST (test_bad_text_deep)
{
  /* 300 levels of inlining in text.  */
  char *s = malloc (300 * 320 + 64), *p = s;
  p += sprintf (p, "top:0:0\n");
  for (int d = 1; d <= 300; d++)
    p += sprintf (p, "%*s1: f:0\n", d, "");
  expect_error (s, strlen (s), "deep.afdo",
		"deep.afdo:258: inline nesting deeper than 256", "deep text");
  free (s);
}
END_TEST

/* A valid file with every feature, for the sweeps.  */
static const char sweep_text[] =
  "_Z3barv:1234:17\n 0: 1000\n 1: 34\n 2.3: 200\n"
  "foo:6011:100\n 1: 100\n 2: 5000 _Z3barv:3000 baz:1000 qux:1000\n"
  " 2: _Z3barv:800\n  0: 700\n  1: 100\n 3.1: 7\n"
  " 4: lvl1:104\n  1: 11\n  1: lvl2:93\n   2.1: 22 qux:2\n   3: lvl3:71\n"
  "    0: 71\n";

/* Run FN in a child; true when it exited with status 0.  */
static bool
in_child (int (*fn) (const void *), const void *arg, char *why, size_t n)
{
  fflush (NULL);
  pid_t pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    _exit (fn (arg));
  int status;
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  if (WIFSIGNALED (status))
    snprintf (why, n, "crashed with signal %d", WTERMSIG (status));
  else if (WEXITSTATUS (status))
    snprintf (why, n, "check failed in the child (status %d)",
	      WEXITSTATUS (status));
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

/* sweep_text in the gcov layout *ARG (an afdo_format); its length in
   *LEN.  */
static char *
sweep_image (const void *arg, size_t *len)
{
  afdo_profile *p = afdo_read_mem (sweep_text, strlen (sweep_text), "s",
				   NULL, NULL);
  char *g = tu_write (p, *(const afdo_format *) arg, len, NULL);
  afdo_profile_free (p);
  return g;
}

/* FN in a child process for each gcov layout: the test fails when one
   crashes or fails.  */
static void
sweep_layouts (int (*fn) (const void *))
{
  char why[128];
  static const afdo_format fmts[] = { AFDO_FORMAT_GCOV,
				      AFDO_FORMAT_GCOV_WORDS };
  for (int k = 0; k < 2; k++)
    ck_assert_msg (in_child (fn, &fmts[k], why, sizeof why), "%s", why);
}

static int
sweep_prefixes (const void *arg)
{
  afdo_format fmt = *(const afdo_format *) arg;
  size_t len;
  char *g = sweep_image (arg, &len);
  int bad = 0;
  for (size_t l = 1; l < len && !bad; l++)
    {
      afdo_error err;
      afdo_profile *q = afdo_read_mem (g, l, "cut.gcov", NULL, &err);
      /* The working set of the word layout is optional (GCC does not
	 read it): the file without it is whole.  */
      bool whole_file = fmt == AFDO_FORMAT_GCOV_WORDS
			&& l == len - 8 - 128 * 12;
      if (q && !whole_file)
	{
	  fprintf (stderr, "prefix of %zu bytes accepted\n", l);
	  bad = 1;
	}
      else if (!q && strncmp (err.msg, "cut.gcov: offset 0x", 19) != 0)
	{
	  fprintf (stderr, "prefix of %zu bytes: %s\n", l, err.msg);
	  bad = 1;
	}
      afdo_profile_free (q);
    }
  free (g);
  return bad;
}

START_TEST (test_truncation_sweep)
{
  sweep_layouts (sweep_prefixes);
}
END_TEST

static int
sweep_bytes (const void *arg)
{
  size_t len;
  unsigned char *g = (unsigned char *) sweep_image (arg, &len);
  static const unsigned char values[] = { 0x00, 0xff, 0x7f, 0x80 };
  int bad = 0;
  for (size_t i = 0; i < len && !bad; i++)
    for (unsigned v = 0; v < 5 && !bad; v++)
      {
	unsigned char old = g[i];
	g[i] = v < 4 ? values[v] : (unsigned char) (old + 1);
	afdo_error err;
	afdo_profile *q = afdo_read_mem (g, len, "flip.gcov", NULL, &err);
	if (!q && strncmp (err.msg, "flip.gcov: offset 0x", 20) != 0)
	  {
	    fprintf (stderr, "byte %zu = %u: %s\n", i, g[i], err.msg);
	    bad = 1;
	  }
	if (q)
	  {
	    /* Whatever was accepted can be written and read back.  */
	    size_t l2;
	    char *w = tu_write (q, AFDO_FORMAT_GCOV, &l2, &err);
	    afdo_profile *r = w ? afdo_read_mem (w, l2, "w", NULL, &err) : NULL;
	    if (!r)
	      {
		fprintf (stderr, "byte %zu: rewrite failed: %s\n", i, err.msg);
		bad = 1;
	      }
	    afdo_profile_free (r);
	    free (w);
	  }
	afdo_profile_free (q);
	g[i] = old;
      }
  free (g);
  return bad;
}

START_TEST (test_corruption_sweep)
{
  sweep_layouts (sweep_bytes);
}
END_TEST

static int
sweep_text_edits (const void *arg)
{
  (void) arg;
  size_t len = strlen (sweep_text);
  char *t = malloc (len + 1);
  static const char repl[] = { ' ', ':', '.', '\n', '9', 'x', '\t', '#' };
  int bad = 0;
  for (size_t i = 0; i <= len && !bad; i++)
    {
      /* Every prefix, and every byte replaced by characters that matter
	 to the grammar.  */
      afdo_error err;
      afdo_profile *q = afdo_read_mem (sweep_text, i, "e.afdo", NULL, &err);
      if (!q && strncmp (err.msg, "e.afdo", 6) != 0)
	bad = 1;
      afdo_profile_free (q);
      if (i == len)
	break;
      for (unsigned k = 0; k < sizeof repl && !bad; k++)
	{
	  memcpy (t, sweep_text, len + 1);
	  t[i] = repl[k];
	  q = afdo_read_mem (t, len, "e.afdo", NULL, &err);
	  if (!q && strncmp (err.msg, "e.afdo:", 7) != 0)
	    {
	      fprintf (stderr, "edit at %zu: %s\n", i, err.msg);
	      bad = 1;
	    }
	  afdo_profile_free (q);
	}
    }
  free (t);
  return bad;
}

START_TEST (test_text_sweep)
{
  char why[128];
  ck_assert_msg (in_child (sweep_text_edits, NULL, why, sizeof why), "%s",
		 why);
}
END_TEST

/* afdo-dump on good and bad files.  */
static int
run_dump (char *const argv[], char *out, size_t out_size, char *err,
	  size_t err_size)
{
  int po[2], pe[2];
  ck_assert_int_eq (pipe (po), 0);
  ck_assert_int_eq (pipe (pe), 0);
  fflush (NULL);
  pid_t pid = fork ();
  ck_assert_int_ge (pid, 0);
  if (pid == 0)
    {
      dup2 (po[1], 1);
      dup2 (pe[1], 2);
      close (po[0]);
      close (pe[0]);
      execv (argv[0], argv);
      _exit (127);
    }
  close (po[1]);
  close (pe[1]);
  /* The outputs here are small: read one pipe, then the other.  */
  size_t n = 0;
  ssize_t r;
  while (n < out_size - 1 && (r = read (po[0], out + n, out_size - 1 - n)) > 0)
    n += (size_t) r;
  out[n] = 0;
  n = 0;
  while (n < err_size - 1 && (r = read (pe[0], err + n, err_size - 1 - n)) > 0)
    n += (size_t) r;
  err[n] = 0;
  close (po[0]);
  close (pe[0]);
  int status;
  ck_assert_int_eq (waitpid (pid, &status, 0), pid);
  ck_assert_msg (WIFEXITED (status), "afdo-dump died (0x%x)", status);
  return WEXITSTATUS (status);
}

static void
write_bytes (const char *path, const void *data, size_t len)
{
  FILE *f = fopen (path, "wb");
  ck_assert_ptr_nonnull (f);
  ck_assert_uint_eq (fwrite (data, 1, len, f), len);
  ck_assert_int_eq (fclose (f), 0);
}

START_TEST (test_afdo_dump)
{
  char tool[4200];
  snprintf (tool, sizeof tool, "%s/afdo-dump", tu_build_dir ());
  if (access (tool, X_OK))
    ck_abort_msg ("%s not built", tool);
  char dir[] = "/tmp/afdo-dump-XXXXXX";
  ck_assert_ptr_nonnull (mkdtemp (dir));
  char good[64], bad[64], missing[64];
  snprintf (good, sizeof good, "%s/good.afdo", dir);
  snprintf (bad, sizeof bad, "%s/bad.gcov", dir);
  snprintf (missing, sizeof missing, "%s/missing.gcov", dir);
  write_bytes (good, sweep_text, strlen (sweep_text));
  tu_bytes b = { 0 };
  mk_module_count (&b);
  write_bytes (bad, b.d, b.len);
  tu_free (&b);
  static char out[65536], err[4096];

  char *a1[] = { tool, good, NULL };
  ck_assert_int_eq (run_dump (a1, out, sizeof out, err, sizeof err), 0);
  ck_assert_str_eq (out, sweep_text);
  ck_assert_str_eq (err, "");

  char *a2[] = { tool, bad, NULL };
  ck_assert_int_eq (run_dump (a2, out, sizeof out, err, sizeof err), 1);
  ck_assert_str_eq (out, "");
  char expect[256];
  snprintf (expect, sizeof expect, "afdo-dump: %s: offset 0x73: module "
	    "count 3, expected 0\n", bad);
  ck_assert_str_eq (err, expect);

  char *a3[] = { tool, missing, NULL };
  ck_assert_int_eq (run_dump (a3, out, sizeof out, err, sizeof err), 1);
  snprintf (expect, sizeof expect, "afdo-dump: %s: cannot open: No such "
	    "file or directory\n", missing);
  ck_assert_str_eq (err, expect);

  char *a4[] = { tool, "--summary", "--top=1", good, NULL };
  ck_assert_int_eq (run_dump (a4, out, sizeof out, err, sizeof err), 0);
  ck_assert_msg (strstr (out, "format:          text\n")
		 && strstr (out, "functions:       2\n")
		 && strstr (out, "total samples:   7245\n")
		 && strstr (out, "max inline depth: 3\n")
		 && strstr (out, "82.97%  6011  foo\n")
		 && !strstr (out, "_Z3barv\n"), "%s", out);

  char *a5[] = { tool, "--help", NULL };
  ck_assert_int_eq (run_dump (a5, out, sizeof out, err, sizeof err), 0);
  ck_assert_msg (strstr (out, "Usage: afdo-dump"), "%s", out);

  char *a6[] = { tool, NULL };
  ck_assert_int_eq (run_dump (a6, out, sizeof out, err, sizeof err), 2);

  unlink (good);
  unlink (bad);
  rmdir (dir);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("malformed");
  TCase *tc = tu_tcase (s, "malformed", 600);
  tcase_add_loop_test (tc, test_bad_binary, 0,
		       (int) (sizeof bcases / sizeof bcases[0]));
  tcase_add_loop_test (tc, test_bad_text, 0,
		       (int) (sizeof tcases / sizeof tcases[0]));
  tu_add_tests (tc, (const TTest *[]) {
    test_bad_text_deep, test_truncation_sweep, test_corruption_sweep,
    test_text_sweep, test_afdo_dump, NULL });
  return tu_run_suite (s);
}
