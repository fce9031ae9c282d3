/* afdo: LLVM's sample-profile text format, read and write.  See
   doc/profile-format.md for the grammar and the checks.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"

/* Reading.  */

typedef struct frame
{
  afdo_function *f;
  uint64_t stated;
  unsigned line;
} frame;

typedef struct text_reader
{
  const char *file;
  afdo_error *err;
  afdo_profile *prof;
  unsigned line;
  frame stack[AFDO_MAX_DEPTH + 1];
  unsigned depth;		/* Frames in use.  */
} text_reader;

static bool
tx_fail (text_reader *r, unsigned line, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

static bool
tx_fail (text_reader *r, unsigned line, const char *fmt, ...)
{
  char what[400];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  afdo_error_set (r->err, "%s:%u: %s", r->file, line, what);
  return false;
}

/* Parse the decimal number in [S, E) as a whole.  0: not a number,
   -1: above LIMIT, 1: fine.  */
static int
tx_number (const char *s, const char *e, uint64_t limit, uint64_t *v)
{
  if (s == e)
    return 0;
  uint64_t x = 0;
  for (const char *c = s; c < e; c++)
    {
      if (*c < '0' || *c > '9')
	return 0;
      unsigned d = (unsigned) (*c - '0');
      if (x > (limit - d) / 10)
	{
	  for (c++; c < e; c++)
	    if (*c < '0' || *c > '9')
	      return 0;
	  return -1;
	}
      x = x * 10 + d;
    }
  *v = x;
  return 1;
}

static bool
tx_count (text_reader *r, const char *s, const char *e, uint64_t *v,
	  const char *what)
{
  switch (tx_number (s, e, AFDO_COUNT_MAX, v))
    {
    case 1:
      return true;
    case -1:
      return tx_fail (r, r->line, "%s '%.*s' is out of range (above 2^63-1)",
		      what, (int) (e - s), s);
    default:
      return tx_fail (r, r->line, "expected %s, found '%.*s'", what,
		      (int) (e - s), s);
    }
}

static const char *
tx_last_colon (const char *s, const char *e)
{
  for (const char *c = e; c > s; c--)
    if (c[-1] == ':')
      return c - 1;
  return NULL;
}

static bool
tx_has_space (const char *s, const char *e)
{
  for (; s < e; s++)
    if (*s == ' ' || *s == '\t')
      return true;
  return false;
}

/* Close the innermost open instance.  Its total is the one stated, as
   in LLVM's reader, also when it is not the sum of its counts and the
   totals of its inline instances (a trimmed or hand-edited profile); the
   instance is marked (HAS_STATED_TOTAL) for the tools to report.  */
static bool
tx_close (text_reader *r)
{
  frame *fr = &r->stack[--r->depth];
  afdo_function *f = fr->f;
  uint64_t sum = 0;
  for (uint32_t i = 0; i < f->n_pos; i++)
    sum = afdo_count_add (sum, f->pos[i].count);
  for (uint32_t i = 0; i < f->n_callees; i++)
    sum = afdo_count_add (sum, f->callees[i]->total);
  f->has_stated_total = sum != fr->stated;
  f->stated_total = fr->stated;
  f->stated_line = fr->line;
  f->total = fr->stated;
  if (r->depth == 0)
    afdo_attach_top (r->prof, f);
  fr->f = NULL;
  return true;
}

static bool
tx_header (text_reader *r, const char *s, const char *e)
{
  const char *c2 = tx_last_colon (s, e);
  const char *c1 = c2 ? tx_last_colon (s, c2) : NULL;
  if (!c1)
    return tx_fail (r, r->line, "expected 'name:total:head', found '%.*s'",
		    (int) (e - s), s);
  if (c1 == s)
    return tx_fail (r, r->line, "expected a function name before ':'");
  /* The writer could not write such a name back.  */
  for (const char *c = s; c < c1; c++)
    if ((unsigned char) *c <= ' ' || *c == 0x7f)
      return tx_fail (r, r->line, "function name '%.*s' contains white "
		      "space or a control character", (int) (c1 - s), s);
  uint64_t total, head;
  if (!tx_count (r, c1 + 1, c2, &total, "a total count")
      || !tx_count (r, c2 + 1, e, &head, "a head count"))
    return false;
  afdo_function *f = afdo_function_new (afdo_intern (r->prof, s, c1 - s));
  f->head = head;
  r->stack[0] = (frame) { f, total, r->line };
  r->depth = 1;
  return true;
}

/* A body line at INDENT (>= 1) spaces, [S, E) without them.  */
static bool
tx_body (text_reader *r, unsigned indent, const char *s, const char *e)
{
  afdo_function *parent = r->stack[indent - 1].f;
  const char *c = s;
  while (c < e && *c >= '0' && *c <= '9')
    c++;
  uint64_t offset, disc = 0;
  int k = tx_number (s, c, 0xffff, &offset);
  if (k == 0)
    return tx_fail (r, r->line, "expected 'offset[.discriminator]:', found "
		    "'%.*s'", (int) (e - s), s);
  if (k < 0)
    return tx_fail (r, r->line, "line offset '%.*s' is out of range "
		    "(0..65535)", (int) (c - s), s);
  if (c < e && *c == '.')
    {
      const char *d = ++c;
      while (c < e && *c >= '0' && *c <= '9')
	c++;
      k = tx_number (d, c, 0xffff, &disc);
      if (k == 0)
	return tx_fail (r, r->line, "expected a discriminator after '.'");
      if (k < 0)
	return tx_fail (r, r->line, "discriminator '%.*s' is out of range "
			"(0..65535)", (int) (c - d), d);
    }
  if (c == e || *c != ':')
    return tx_fail (r, r->line, "expected ':' after the line offset, found "
		    "'%.*s'", (int) (e - c), c);
  c++;
  while (c < e && *c == ' ')
    c++;
  if (c == e)
    return tx_fail (r, r->line, "expected a count or 'callee:total' after "
		    "':'");
  afdo_key_t key = AFDO_KEY (offset, disc);

  if (*c >= '0' && *c <= '9')
    {
      /* offset[.disc]: count [target:count ...]  */
      const char *t = c;
      while (c < e && *c != ' ')
	c++;
      uint64_t count;
      if (!tx_count (r, t, c, &count, "a count"))
	return false;
      bool created;
      afdo_pos *pos = afdo_pos_lookup (parent, key, true, &created);
      if (!created)
	return tx_fail (r, r->line, "duplicate position %" PRIu64 ".%" PRIu64
			" in %s", offset, disc,
			afdo_name (r->prof, parent->name));
      pos->count = count;
      for (;;)
	{
	  while (c < e && *c == ' ')
	    c++;
	  if (c == e)
	    break;
	  t = c;
	  while (c < e && *c != ' ')
	    c++;
	  const char *colon = tx_last_colon (t, c);
	  if (!colon || colon == t)
	    return tx_fail (r, r->line, "expected 'target:count', found "
			    "'%.*s'", (int) (c - t), t);
	  uint64_t tc;
	  if (!tx_count (r, colon + 1, c, &tc, "a target count"))
	    return false;
	  uint32_t name = afdo_intern (r->prof, t, colon - t);
	  for (uint32_t i = 0; i < pos->n_targets; i++)
	    if (pos->targets[i].name == name)
	      return tx_fail (r, r->line, "duplicate call target %s",
			      afdo_name (r->prof, name));
	  afdo_target_add (pos, name, tc);
	}
      return true;
    }

  /* offset[.disc]: callee:total, then the callee's body one level
     deeper.  */
  const char *colon = tx_last_colon (c, e);
  if (!colon || colon == c || tx_has_space (c, e))
    return tx_fail (r, r->line, "expected 'callee:total', found '%.*s'",
		    (int) (e - c), c);
  uint64_t total;
  if (!tx_count (r, colon + 1, e, &total, "a total count"))
    return false;
  if (indent > AFDO_MAX_DEPTH)
    return tx_fail (r, r->line, "inline nesting deeper than %d",
		    AFDO_MAX_DEPTH);
  uint32_t name = afdo_intern (r->prof, c, colon - c);
  bool created;
  afdo_function *f = afdo_callee_lookup (r->prof, parent, key, name, true,
					 &created);
  if (!created)
    return tx_fail (r, r->line, "duplicate callsite %" PRIu64 ".%" PRIu64
		    " %s in %s", offset, disc, afdo_name (r->prof, name),
		    afdo_name (r->prof, parent->name));
  r->stack[indent] = (frame) { f, total, r->line };
  r->depth = indent + 1;
  return true;
}

static bool
tx_line (text_reader *r, const char *s, const char *e)
{
  if (memchr (s, 0, e - s))
    return tx_fail (r, r->line, "NUL byte: binary data is not a text "
		    "profile");
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  const char *t = s;
  while (t < e && *t == ' ')
    t++;
  if (t == e || *t == '#')
    return true;
  if (*t == '\t')
    return tx_fail (r, r->line, "expected spaces for indentation, found a "
		    "tab");
  unsigned indent = t - s > AFDO_MAX_DEPTH + 1 ? AFDO_MAX_DEPTH + 2
		    : (unsigned) (t - s);
  if (indent == 0)
    {
      while (r->depth)
	if (!tx_close (r))
	  return false;
      return tx_header (r, s, e);
    }
  if (r->depth == 0)
    return tx_fail (r, r->line, "expected a function header 'name:total:head'"
		    " at column 0");
  if (indent > r->depth)
    return tx_fail (r, r->line, "unexpected indentation: %u spaces, at most "
		    "%u expected here", indent, r->depth);
  while (r->depth > indent)
    if (!tx_close (r))
      return false;
  /* LLVM's metadata lines (!CFGChecksum: ...) carry nothing GCC uses.  */
  if (*t == '!')
    return true;
  return tx_body (r, indent, t, e);
}

afdo_profile *
afdo_text_read (const char *buf, size_t len, const char *file,
		afdo_error *err)
{
  text_reader *r = afdo_xcalloc (1, sizeof *r);
  r->file = file;
  r->err = err;
  r->prof = afdo_profile_new ();
  bool ok = true;
  size_t pos = 0;
  while (ok && pos < len)
    {
      const char *s = buf + pos;
      const char *nl = memchr (s, '\n', len - pos);
      const char *e = nl ? nl : buf + len;
      pos = (size_t) (e - buf) + (nl != NULL);
      r->line++;
      ok = tx_line (r, s, e);
    }
  while (ok && r->depth)
    ok = tx_close (r);
  afdo_profile *p = r->prof;
  if (!ok)
    {
      /* The open top-level instance is not in the profile yet.  */
      afdo_function_free (r->stack[0].f);
      afdo_profile_free (p);
      p = NULL;
    }
  else
    afdo_profile_finalize (p);
  free (r);
  return p;
}

/* Writing.  */

/* Names that the grammar could not read back are refused.  */
static bool
tx_name_ok (const char *s, bool callee)
{
  if (!*s || (callee && *s >= '0' && *s <= '9') || *s == '#' || *s == '!')
    return false;
  for (; *s; s++)
    if ((unsigned char) *s <= ' ' || *s == 0x7f)
      return false;
  return true;
}

static void
tx_key (afdo_buf *b, unsigned depth, afdo_key_t key)
{
  afdo_buf_printf (b, "%*s%" PRIu32, (int) depth, "", AFDO_KEY_OFFSET (key));
  if (AFDO_KEY_DISC (key))
    afdo_buf_printf (b, ".%" PRIu32, AFDO_KEY_DISC (key));
  afdo_buf_put (b, ": ", 2);
}

static int
tx_write_body (const afdo_profile *p, afdo_buf *b, const afdo_function *f,
	       unsigned depth, afdo_error *err)
{
  if (depth > AFDO_MAX_DEPTH + 1)
    {
      afdo_error_set (err, "inline nesting of %s deeper than %d",
		      afdo_name (p, f->name), AFDO_MAX_DEPTH);
      return -1;
    }
  uint32_t i = 0, j = 0;
  while (i < f->n_pos || j < f->n_callees)
    {
      if (j == f->n_callees
	  || (i < f->n_pos && f->pos[i].key <= f->callees[j]->callsite))
	{
	  const afdo_pos *pos = &f->pos[i++];
	  tx_key (b, depth, pos->key);
	  afdo_buf_printf (b, "%" PRIu64, pos->count);
	  afdo_target *t = afdo_sorted_targets (p, pos);
	  for (uint32_t k = 0; k < pos->n_targets; k++)
	    {
	      const char *n = afdo_name (p, t[k].name);
	      if (!tx_name_ok (n, false))
		{
		  afdo_error_set (err, "call target name '%s' cannot be "
				  "written in the text format", n);
		  free (t);
		  return -1;
		}
	      afdo_buf_printf (b, " %s:%" PRIu64, n, t[k].count);
	    }
	  free (t);
	  afdo_buf_put (b, "\n", 1);
	}
      else
	{
	  const afdo_function *c = f->callees[j++];
	  const char *n = afdo_name (p, c->name);
	  if (!tx_name_ok (n, true))
	    {
	      afdo_error_set (err, "inlined function name '%s' cannot be "
			      "written in the text format", n);
	      return -1;
	    }
	  tx_key (b, depth, c->callsite);
	  afdo_buf_printf (b, "%s:%" PRIu64 "\n", n, afdo_function_sum (c));
	  if (tx_write_body (p, b, c, depth + 1, err))
	    return -1;
	}
    }
  return 0;
}

int
afdo_text_write (const afdo_profile *p, afdo_buf *b, afdo_error *err)
{
  uint32_t n;
  afdo_function **tops = afdo_sorted_tops (p, &n);
  int r = 0;
  if (n == 0)
    afdo_buf_printf (b, "# empty profile\n");
  for (uint32_t i = 0; i < n && !r; i++)
    {
      const afdo_function *f = tops[i];
      const char *name = afdo_name (p, f->name);
      if (!tx_name_ok (name, false))
	{
	  afdo_error_set (err, "function name '%s' cannot be written in the "
			  "text format", name);
	  r = -1;
	  break;
	}
      afdo_buf_printf (b, "%s:%" PRIu64 ":%" PRIu64 "\n", name,
		       afdo_function_sum (f),
		       f->head > AFDO_COUNT_MAX ? AFDO_COUNT_MAX : f->head);
      r = tx_write_body (p, b, f, 1, err);
    }
  free (tops);
  return r;
}
