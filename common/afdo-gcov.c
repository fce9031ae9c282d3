/* afdo: the AutoFDO gcov format: GCC 12's layout (version 2, string
   lengths in bytes) and create_gcov 0.19's (string lengths in 4-byte
   words), read and write.  See doc/profile-format.md.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"

/* Reading.  Every read is bounds-checked; every count read from the file
   is checked against the bytes left before anything is allocated for
   it.  */

typedef struct reader
{
  const unsigned char *buf;
  size_t len, pos;
  const char *file;
  afdo_error *err;
  /* False while trying a string-table layout: no message is wanted.  */
  bool quiet;
  bool failed;
  afdo_profile *prof;
  /* File string index -> profile name index.  */
  uint32_t *names;
  uint32_t n_strings;
} reader;

static bool
rd_fail (reader *r, size_t at, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static bool
rd_fail (reader *r, size_t at, const char *fmt, ...)
{
  if (r->failed)
    return false;
  r->failed = true;
  if (r->quiet)
    return false;
  char what[400];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  afdo_error_set (r->err, "%s: offset 0x%zx: %s", r->file, at, what);
  return false;
}

static size_t
rd_left (const reader *r)
{
  return r->len - r->pos;
}

static bool
rd_u32 (reader *r, uint32_t *v, const char *what)
{
  if (rd_left (r) < 4)
    return rd_fail (r, r->pos, "unexpected end of file reading %s", what);
  const unsigned char *b = r->buf + r->pos;
  *v = (uint32_t) b[0] | (uint32_t) b[1] << 8 | (uint32_t) b[2] << 16
       | (uint32_t) b[3] << 24;
  r->pos += 4;
  return true;
}

static bool
rd_u64 (reader *r, uint64_t *v, const char *what)
{
  uint32_t lo, hi;
  if (rd_left (r) < 8)
    return rd_fail (r, r->pos, "unexpected end of file reading %s", what);
  rd_u32 (r, &lo, what);
  rd_u32 (r, &hi, what);
  *v = (uint64_t) hi << 32 | lo;
  return true;
}

/* A count: a counter no larger than AFDO_COUNT_MAX.  */
static bool
rd_count (reader *r, uint64_t *v, const char *what)
{
  size_t at = r->pos;
  if (!rd_u64 (r, v, what))
    return false;
  if (*v > AFDO_COUNT_MAX)
    return rd_fail (r, at, "%s %" PRIu64 " is out of range (above 2^63-1)",
		    what, *v);
  return true;
}

/* Check that N items of at least SIZE bytes each fit in what is left.  */
static bool
rd_fits (reader *r, size_t at, uint64_t n, size_t size, const char *what)
{
  if (n > rd_left (r) / size)
    return rd_fail (r, at, "%s %" PRIu64 " is impossible: only %zu bytes "
		    "left", what, n, rd_left (r));
  return true;
}

/* Resolve file string index V (read at AT) to a profile name.  Any
   index may name a function, 0 included: GCC 12's reader maps every
   string of the table, and only create_gcov's habit puts the empty
   string at index 0 (which afdo's writer keeps, since GCC 12 asserts an
   index above 0 where it looks up the names of call targets).  */
static bool
rd_name (reader *r, uint64_t v, size_t at, uint32_t *name)
{
  if (v >= r->n_strings)
    return rd_fail (r, at, "string index %" PRIu64 " out of range "
		    "(%" PRIu32 " strings)", v, r->n_strings);
  *name = r->names[v];
  if (*name == 0)
    return rd_fail (r, at, "empty function name (string index %" PRIu64 ")",
		    v);
  return true;
}

static bool
rd_expect_tag (reader *r, uint32_t tag, const char *what)
{
  size_t at = r->pos;
  uint32_t t;
  if (rd_left (r) < 4)
    return rd_fail (r, at, "unexpected end of file: expected %s "
		    "(tag 0x%08x)", what, tag);
  rd_u32 (r, &t, what);
  if (t != tag)
    return rd_fail (r, at, "expected %s (tag 0x%08x), found 0x%08x", what,
		    tag, t);
  return true;
}

/* The string table, starting at its tag.  WORDS selects the layout.  On
   success R->names and R->n_strings are filled.  */
static bool
rd_strings (reader *r, bool words)
{
  if (!rd_expect_tag (r, AFDO_TAG_FILE_NAMES, "string table"))
    return false;
  uint32_t length, n;
  if (!rd_u32 (r, &length, "string table length"))
    return false;
  size_t start = r->pos, at = r->pos;
  if (!rd_u32 (r, &n, "string count")
      || !rd_fits (r, at, n, words ? 8 : 5, "string count"))
    return false;
  r->names = afdo_xmalloc (((size_t) n + 1) * sizeof *r->names);
  r->n_strings = n;
  for (uint32_t i = 0; i < n; i++)
    {
      uint32_t l;
      at = r->pos;
      if (!rd_u32 (r, &l, "string length"))
	return false;
      size_t bytes = words ? (size_t) l * 4 : l;
      if (l == 0)
	return rd_fail (r, at, "string %" PRIu32 " has length 0", i);
      if (bytes > rd_left (r))
	return rd_fail (r, at, "string %" PRIu32 " of %zu bytes runs past "
			"the end of the file", i, bytes);
      const char *s = (const char *) r->buf + r->pos;
      const char *nul = memchr (s, 0, bytes);
      if (!nul)
	return rd_fail (r, at, "string %" PRIu32 " is not NUL-terminated", i);
      size_t slen = (size_t) (nul - s);
      if (words)
	{
	  /* create_gcov writes strlen / 4 + 1 words, padded with NULs.  */
	  if (l != slen / 4 + 1)
	    return rd_fail (r, at, "string %" PRIu32 " has %" PRIu32
			    " words for %zu bytes", i, l, slen);
	  for (size_t k = slen; k < bytes; k++)
	    if (s[k])
	      return rd_fail (r, at, "string %" PRIu32 " has garbage in its "
			      "padding", i);
	}
      else if (slen + 1 != bytes)
	return rd_fail (r, at, "string %" PRIu32 " contains a NUL byte", i);
      r->names[i] = r->prof ? afdo_intern (r->prof, s, slen) : 0;
      r->pos += bytes;
    }
  /* GCC skips the length.  create_gcov's is exact: check it for the word
     layout.  In the byte layout the strings need not end on a word
     boundary and the length is not checked.  */
  if (words && (uint64_t) length * 4 != r->pos - start)
    return rd_fail (r, start - 4, "string table length %" PRIu32 " words "
		    "does not match its contents (%zu words)", length,
		    (r->pos - start) / 4);
  return true;
}

static bool rd_instance (reader *r, afdo_function *f, unsigned depth);

static bool
rd_body (reader *r, afdo_function *f, unsigned depth)
{
  uint32_t n_pos, n_callsites;
  size_t at = r->pos;
  if (!rd_u32 (r, &n_pos, "position count"))
    return false;
  at = r->pos;
  if (!rd_u32 (r, &n_callsites, "callsite count")
      || !rd_fits (r, at - 4, n_pos, 16, "position count")
      || !rd_fits (r, at, (uint64_t) n_callsites + n_pos, 16,
		   "callsite count"))
    return false;
  for (uint32_t i = 0; i < n_pos; i++)
    {
      uint32_t key, n_targets;
      uint64_t count;
      bool created;
      at = r->pos;
      if (!rd_u32 (r, &key, "position key"))
	return false;
      afdo_pos *pos = afdo_pos_lookup (f, key, true, &created);
      if (!created)
	return rd_fail (r, at, "duplicate position %" PRIu32 ".%" PRIu32
			" in %s", AFDO_KEY_OFFSET (key), AFDO_KEY_DISC (key),
			afdo_name (r->prof, f->name));
      at = r->pos;
      if (!rd_u32 (r, &n_targets, "target count")
	  || !rd_fits (r, at, n_targets, 20, "target count")
	  || !rd_count (r, &count, "count"))
	return false;
      pos->count = count;
      for (uint32_t j = 0; j < n_targets; j++)
	{
	  uint32_t type, tname;
	  uint64_t idx = 0, tcount;
	  if (!rd_u32 (r, &type, "histogram type"))
	    return false;
	  at = r->pos;
	  if (!rd_u64 (r, &idx, "target name") || !rd_name (r, idx, at, &tname))
	    return false;
	  for (uint32_t k = 0; k < pos->n_targets; k++)
	    if (pos->targets[k].name == tname)
	      return rd_fail (r, at, "duplicate call target %s",
			      afdo_name (r->prof, tname));
	  if (!rd_count (r, &tcount, "target count"))
	    return false;
	  afdo_target_add (pos, tname, tcount);
	}
    }
  for (uint32_t i = 0; i < n_callsites; i++)
    {
      uint32_t key, name;
      bool created;
      if (!rd_u32 (r, &key, "callsite key"))
	return false;
      at = r->pos;
      if (!rd_u32 (r, &name, "callee name") || !rd_name (r, name, at, &name))
	return false;
      afdo_function *c = afdo_callee_lookup (r->prof, f, key, name, true,
					     &created);
      if (!created)
	return rd_fail (r, at, "duplicate callsite %" PRIu32 ".%" PRIu32
			" %s in %s", AFDO_KEY_OFFSET (key), AFDO_KEY_DISC (key),
			afdo_name (r->prof, name),
			afdo_name (r->prof, f->name));
      if (!rd_instance (r, c, depth + 1))
	return false;
    }
  return true;
}

/* The body of instance F whose name has been read.  */
static bool
rd_instance (reader *r, afdo_function *f, unsigned depth)
{
  if (depth > AFDO_MAX_DEPTH)
    return rd_fail (r, r->pos, "inline nesting deeper than %d",
		    AFDO_MAX_DEPTH);
  return rd_body (r, f, depth);
}

static bool
rd_functions (reader *r)
{
  if (!rd_expect_tag (r, AFDO_TAG_FUNCTION, "function section"))
    return false;
  uint32_t length, n;
  size_t start = r->pos;
  if (!rd_u32 (r, &length, "function section length"))
    return false;
  size_t at = r->pos;
  if (!rd_u32 (r, &n, "function count")
      || !rd_fits (r, at, n, 20, "function count"))
    return false;
  for (uint32_t i = 0; i < n; i++)
    {
      uint64_t head;
      uint32_t name;
      if (!rd_count (r, &head, "head count"))
	return false;
      at = r->pos;
      if (!rd_u32 (r, &name, "function name") || !rd_name (r, name, at, &name))
	return false;
      afdo_function *f = afdo_function_new (name);
      f->head = head;
      if (!rd_instance (r, f, 0))
	{
	  afdo_function_free (f);
	  return false;
	}
      /* Two functions of the same name (static functions of different
	 files) are summed.  */
      afdo_attach_top (r->prof, f);
    }
  size_t words = (r->pos - start - 4) / 4;
  if (length != words)
    return rd_fail (r, start, "function section length %" PRIu32 " words "
		    "does not match its contents (%zu words)", length, words);
  return true;
}

static bool
rd_trailer (reader *r)
{
  uint32_t length, n;
  if (!rd_expect_tag (r, AFDO_TAG_MODULE, "module section"))
    return false;
  size_t at = r->pos;
  if (!rd_u32 (r, &length, "module section length"))
    return false;
  if (length != 1)
    return rd_fail (r, at, "module section length %" PRIu32 ", expected 1",
		    length);
  at = r->pos;
  if (!rd_u32 (r, &n, "module count"))
    return false;
  if (n != 0)
    return rd_fail (r, at, "module count %" PRIu32 ", expected 0", n);
  /* create_gcov's working set, which GCC 12 does not read.  */
  if (rd_left (r) >= 4)
    {
      uint32_t tag;
      at = r->pos;
      rd_u32 (r, &tag, "tag");
      if (tag != AFDO_TAG_WORKING_SET)
	{
	  r->pos = at;
	  goto trailing;
	}
      at = r->pos;
      if (!rd_u32 (r, &length, "working set length"))
	return false;
      if (length > rd_left (r) / 4)
	return rd_fail (r, at, "working set length %" PRIu32 " words runs "
			"past the end of the file", length);
      r->pos += (size_t) length * 4;
    }
 trailing:
  if (rd_left (r))
    return rd_fail (r, r->pos, "trailing garbage: %zu bytes after the last "
		    "section", rd_left (r));
  return true;
}

/* Parse the string table at AT in one layout, quietly; true when it
   parses and a function section tag follows.  */
static bool
try_layout (const unsigned char *buf, size_t len, size_t at, bool words)
{
  reader t = { .buf = buf, .len = len, .pos = at, .quiet = true };
  bool ok = rd_strings (&t, words);
  uint32_t tag = 0;
  ok = ok && rd_u32 (&t, &tag, "tag") && tag == AFDO_TAG_FUNCTION;
  free (t.names);
  return ok;
}

afdo_profile *
afdo_gcov_read (const unsigned char *buf, size_t len, const char *file,
		afdo_format *found, afdo_error *err)
{
  reader r = { .buf = buf, .len = len, .file = file, .err = err };
  uint32_t magic, version, stamp;
  if (!rd_u32 (&r, &magic, "magic"))
    return NULL;
  if (magic != AFDO_GCOV_MAGIC)
    {
      rd_fail (&r, 0, "wrong magic 0x%08x, expected 0x%08x (\"gcda\")",
	       magic, AFDO_GCOV_MAGIC);
      return NULL;
    }
  if (!rd_u32 (&r, &version, "version"))
    return NULL;
  if (version != AFDO_GCOV_VERSION && version != AFDO_GCOV_VERSION_CREATE_GCOV)
    {
      rd_fail (&r, 4, "unknown version 0x%08x (expected 2, or 0x%08x from "
	       "create_gcov)", version, AFDO_GCOV_VERSION_CREATE_GCOV);
      return NULL;
    }
  if (!rd_u32 (&r, &stamp, "stamp"))
    return NULL;

  /* Which string layout: the one that parses and ends where the function
     section begins.  When both would do, the version decides.  */
  bool bytes_ok = try_layout (buf, len, r.pos, false);
  bool words_ok = try_layout (buf, len, r.pos, true);
  bool words;
  if (bytes_ok != words_ok)
    words = words_ok;
  else
    words = version == AFDO_GCOV_VERSION_CREATE_GCOV;

  r.prof = afdo_profile_new ();
  if (rd_strings (&r, words) && rd_functions (&r) && rd_trailer (&r))
    {
      free (r.names);
      afdo_profile_finalize (r.prof);
      if (found)
	*found = words ? AFDO_FORMAT_GCOV_WORDS : AFDO_FORMAT_GCOV;
      return r.prof;
    }
  free (r.names);
  afdo_profile_free (r.prof);
  return NULL;
}

/* Writing.  */

typedef struct writer
{
  afdo_buf *out;
  const afdo_profile *prof;
  /* Profile name index -> file string index (0: unused).  */
  uint32_t *index;
  afdo_error *err;
} writer;

static void
wr_patch (afdo_buf *b, size_t at, uint32_t v)
{
  b->data[at] = v & 0xff;
  b->data[at + 1] = (v >> 8) & 0xff;
  b->data[at + 2] = (v >> 16) & 0xff;
  b->data[at + 3] = (v >> 24) & 0xff;
}

static int
wr_mark (writer *w, const afdo_function *f, unsigned depth)
{
  if (depth > AFDO_MAX_DEPTH)
    {
      afdo_error_set (w->err, "inline nesting of %s deeper than %d",
		      afdo_name (w->prof, f->name), AFDO_MAX_DEPTH);
      return -1;
    }
  w->index[f->name] = 1;
  for (uint32_t i = 0; i < f->n_pos; i++)
    for (uint32_t j = 0; j < f->pos[i].n_targets; j++)
      w->index[f->pos[i].targets[j].name] = 1;
  for (uint32_t i = 0; i < f->n_callees; i++)
    if (wr_mark (w, f->callees[i], depth + 1))
      return -1;
  return 0;
}

static const afdo_profile *sort_names_profile;

static int
name_order (const void *a, const void *b)
{
  return strcmp (afdo_name (sort_names_profile, *(const uint32_t *) a),
		 afdo_name (sort_names_profile, *(const uint32_t *) b));
}

static void
wr_instance (writer *w, const afdo_function *f)
{
  afdo_buf *b = w->out;
  afdo_buf_u32 (b, w->index[f->name]);
  afdo_buf_u32 (b, f->n_pos);
  afdo_buf_u32 (b, f->n_callees);
  for (uint32_t i = 0; i < f->n_pos; i++)
    {
      const afdo_pos *pos = &f->pos[i];
      uint32_t n = pos->n_targets;
      afdo_buf_u32 (b, pos->key);
      afdo_buf_u32 (b, n);
      afdo_buf_u64 (b, pos->count > AFDO_COUNT_MAX ? AFDO_COUNT_MAX
		    : pos->count);
      afdo_target *t = afdo_sorted_targets (w->prof, pos);
      for (uint32_t j = 0; j < n; j++)
	{
	  afdo_buf_u32 (b, AFDO_HIST_INDIR_CALL);
	  afdo_buf_u64 (b, w->index[t[j].name]);
	  afdo_buf_u64 (b, t[j].count > AFDO_COUNT_MAX ? AFDO_COUNT_MAX
			: t[j].count);
	}
      free (t);
    }
  for (uint32_t i = 0; i < f->n_callees; i++)
    {
      afdo_buf_u32 (b, f->callees[i]->callsite);
      wr_instance (w, f->callees[i]);
    }
}

int
afdo_gcov_write (const afdo_profile *p, afdo_buf *b, afdo_format fmt,
		 afdo_error *err)
{
  bool words = fmt == AFDO_FORMAT_GCOV_WORDS;
  uint32_t n_tops;
  afdo_function **tops = afdo_sorted_tops (p, &n_tops);
  writer w = { .out = b, .prof = p, .err = err };
  w.index = afdo_xcalloc (afdo_n_names (p) + 1, sizeof *w.index);
  for (uint32_t i = 0; i < n_tops; i++)
    if (wr_mark (&w, tops[i], 0))
      {
	free (tops);
	free (w.index);
	return -1;
      }

  /* The string table: "" at index 0, then the names used, sorted.  */
  uint32_t n_used = 0;
  uint32_t *used = afdo_xmalloc ((afdo_n_names (p) + 1) * sizeof *used);
  for (uint32_t i = 1; i < afdo_n_names (p); i++)
    if (w.index[i])
      used[n_used++] = i;
  sort_names_profile = p;
  qsort (used, n_used, sizeof *used, name_order);

  afdo_buf_u32 (b, AFDO_GCOV_MAGIC);
  afdo_buf_u32 (b, words ? AFDO_GCOV_VERSION_CREATE_GCOV : AFDO_GCOV_VERSION);
  afdo_buf_u32 (b, 0);

  afdo_buf_u32 (b, AFDO_TAG_FILE_NAMES);
  size_t len_at = b->len;
  afdo_buf_u32 (b, 0);
  size_t start = b->len;
  afdo_buf_u32 (b, n_used + 1);
  for (uint32_t i = 0; i <= n_used; i++)
    {
      const char *s = i ? afdo_name (p, used[i - 1]) : "";
      size_t l = strlen (s);
      if (i)
	w.index[used[i - 1]] = i;
      if (words)
	{
	  static const char zeros[4];
	  uint32_t nw = (uint32_t) (l / 4 + 1);
	  afdo_buf_u32 (b, nw);
	  afdo_buf_put (b, s, l);
	  afdo_buf_put (b, zeros, (size_t) nw * 4 - l);
	}
      else
	{
	  afdo_buf_u32 (b, (uint32_t) (l + 1));
	  afdo_buf_put (b, s, l + 1);
	}
    }
  wr_patch (b, len_at, (uint32_t) ((b->len - start + 3) / 4));
  free (used);

  afdo_buf_u32 (b, AFDO_TAG_FUNCTION);
  len_at = b->len;
  afdo_buf_u32 (b, 0);
  start = b->len;
  afdo_buf_u32 (b, n_tops);
  for (uint32_t i = 0; i < n_tops; i++)
    {
      afdo_buf_u64 (b, tops[i]->head > AFDO_COUNT_MAX ? AFDO_COUNT_MAX
		    : tops[i]->head);
      wr_instance (&w, tops[i]);
    }
  wr_patch (b, len_at, (uint32_t) ((b->len - start) / 4));

  afdo_buf_u32 (b, AFDO_TAG_MODULE);
  afdo_buf_u32 (b, 1);
  afdo_buf_u32 (b, 0);
  if (words)
    {
      /* create_gcov's working set: 128 entries (instructions, minimum
	 count); GCC 12 does not read it, so it is left empty.  */
      afdo_buf_u32 (b, AFDO_TAG_WORKING_SET);
      afdo_buf_u32 (b, AFDO_WORKING_SET_ENTRIES * 3);
      for (uint32_t i = 0; i < AFDO_WORKING_SET_ENTRIES * 3; i++)
	afdo_buf_u32 (b, 0);
    }
  free (tops);
  free (w.index);
  return 0;
}
