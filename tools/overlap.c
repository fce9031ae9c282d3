/* afdo: reading block count files and the block overlap of their
   functions, for afdo-overlap and its unit test (the file format is
   described in overlap.h).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlap.h"
#include "textline.h"

void
afdo_ov_free (struct afdo_ov_file *f)
{
  for (size_t i = 0; i < f->n; i++)
    {
      free (f->fns[i].key);
      free (f->fns[i].counts);
      free (f->fns[i].shape);
    }
  free (f->fns);
  memset (f, 0, sizeof *f);
}

/* The block overlap of counts F and GT of blocks 1 to N (seed 003,
   Section IV.C): sum over the blocks of min (f / sum f, gt / sum gt);
   0 when either sum is 0.  */
double
afdo_ov_block_overlap (const uint64_t *f, const uint64_t *gt, unsigned n)
{
  double sf = 0, sg = 0, d = 0;
  for (unsigned i = 1; i <= n; i++)
    {
      sf += (double) f[i];
      sg += (double) gt[i];
    }
  if (sf <= 0 || sg <= 0)
    return 0.0;
  for (unsigned i = 1; i <= n; i++)
    {
      double a = (double) f[i] / sf, b = (double) gt[i] / sg;
      d += a < b ? a : b;
    }
  return d > 1.0 ? 1.0 : d;
}

/* The sum of the counts of the real blocks of FN.  */
static double
afdo_ov_weight (const struct afdo_ov_fn *fn)
{
  double w = 0;
  for (unsigned i = 1; i <= fn->n; i++)
    w += (double) fn->counts[i];
  return w;
}

static int
afdo_ov_cmp (const void *a, const void *b)
{
  return strcmp (((const struct afdo_ov_fn *) a)->key,
		 ((const struct afdo_ov_fn *) b)->key);
}

/* By key, then by place in the file.  */
static int
afdo_ov_cmp_seq (const void *a, const void *b)
{
  const struct afdo_ov_fn *x = (const struct afdo_ov_fn *) a;
  const struct afdo_ov_fn *y = (const struct afdo_ov_fn *) b;
  int c = strcmp (x->key, y->key);
  if (c)
    return c;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static const struct afdo_ov_fn *
afdo_ov_find (const struct afdo_ov_file *f, const char *key)
{
  struct afdo_ov_fn k;
  k.key = (char *) key;
  return (const struct afdo_ov_fn *) bsearch (&k, f->fns, f->n,
					      sizeof *f->fns, afdo_ov_cmp);
}

/* Append the text S of length LEN to the growing string *BUF.  */
static int
afdo_ov_append (char **buf, size_t *len, size_t *cap, const char *s,
		size_t n)
{
  if (*len + n + 1 > *cap)
    {
      size_t c = *cap ? *cap * 2 : 64;
      while (c < *len + n + 1)
	c *= 2;
      char *p = (char *) realloc (*buf, c);
      if (!p)
	return -1;
      *buf = p;
      *cap = c;
    }
  memcpy (*buf + *len, s, n);
  *len += n;
  (*buf)[*len] = '\0';
  return 0;
}

/* Read the block count file IN (named NAME in messages) into OUT, its
   functions sorted by key.  Returns 0, or -1 with a one-line message in
   ERR.  */
int
afdo_ov_read (FILE *in, const char *name, struct afdo_ov_file *out,
	      char *err, size_t errlen)
{
  char *line = NULL;
  size_t linecap = 0;
  long lineno = 0;
  struct afdo_ov_fn *cur = NULL;
  unsigned next_block = 0;
  size_t shape_len = 0, shape_cap = 0;
  int rc = 0;
  memset (out, 0, sizeof *out);

#define OV_FAIL(...) \
  do { rc = afdo_line_fail (err, errlen, name, lineno, __VA_ARGS__); \
       goto done; } while (0)

  while (afdo_next_line (in, &line, &linecap, &lineno))
    {
      if (strncmp (line, "function ", 9) == 0)
	{
	  if (cur && next_block != cur->n + 2)
	    OV_FAIL ("function %s has %u of its %u blocks", cur->key,
		     next_block, cur->n + 2);
	  char tu[4096], fname[4096], kind[32];
	  unsigned n;
	  char extra;
	  if (sscanf (line + 9, "%4095s %4095s %31s %u %c", tu, fname, kind, &n,
		      &extra) != 4
	      || (strcmp (kind, "profile") != 0 && strcmp (kind, "guessed") != 0
		  && strcmp (kind, "unmatched") != 0)
	      || n > 10000000)
	    OV_FAIL ("bad function line");
	  if (out->n == out->cap)
	    {
	      size_t c = out->cap ? out->cap * 2 : 64;
	      struct afdo_ov_fn *p
		= (struct afdo_ov_fn *) realloc (out->fns, c * sizeof *p);
	      if (!p)
		OV_FAIL ("out of memory");
	      out->fns = p;
	      out->cap = c;
	    }
	  cur = &out->fns[out->n++];
	  memset (cur, 0, sizeof *cur);
	  size_t kl = strlen (tu) + strlen (fname) + 2;
	  cur->key = (char *) malloc (kl);
	  cur->counts = (uint64_t *) calloc ((size_t) n + 2, sizeof (uint64_t));
	  if (!cur->key || !cur->counts)
	    OV_FAIL ("out of memory");
	  snprintf (cur->key, kl, "%s %s", tu, fname);
	  cur->profiled = kind[0] != 'g';
	  cur->unmatched = kind[0] == 'u';
	  cur->n = n;
	  next_block = 0;
	  shape_len = shape_cap = 0;
	  continue;
	}
      if (!cur)
	OV_FAIL ("block before any function line");
      char *p = line, *end;
      errno = 0;
      unsigned long idx = strtoul (p, &end, 10);
      if (end == p || errno || idx != next_block || idx > cur->n + 1)
	OV_FAIL ("expected block %u", next_block);
      p = end;
      errno = 0;
      if (*p == ' ' && p[1] == '-')
	OV_FAIL ("negative count");
      unsigned long long c = strtoull (p, &end, 10);
      if (end == p || errno)
	OV_FAIL ("bad count");
      cur->counts[idx] = c;
      p = end;
      /* The successors: numbers of blocks of this function.  */
      for (char *q = p; *q; q++)
	if (*q != ' ' && (*q < '0' || *q > '9'))
	  OV_FAIL ("bad successor list");
      for (char *q = p; *q;)
	{
	  while (*q == ' ')
	    q++;
	  if (!*q)
	    break;
	  unsigned long s = strtoul (q, &end, 10);
	  if (s > cur->n + 1)
	    OV_FAIL ("successor %lu out of range", s);
	  q = end;
	}
      char head[32];
      int hl = snprintf (head, sizeof head, "%lu:", idx);
      if (afdo_ov_append (&cur->shape, &shape_len, &shape_cap, head,
			  (size_t) hl) != 0
	  || afdo_ov_append (&cur->shape, &shape_len, &shape_cap, p,
			     strlen (p)) != 0
	  || afdo_ov_append (&cur->shape, &shape_len, &shape_cap, ";", 1) != 0)
	OV_FAIL ("out of memory");
      next_block++;
    }
  if (ferror (in))
    OV_FAIL ("read error");
  if (cur && next_block != cur->n + 2)
    OV_FAIL ("function %s has %u of its %u blocks", cur->key, next_block,
	     cur->n + 2);

  /* Sorted by key; a key seen again is dropped (the first is kept).  */
  for (size_t i = 0; i < out->n; i++)
    if (!out->fns[i].shape)
      out->fns[i].shape = strdup ("");
  for (size_t i = 0; i < out->n; i++)
    out->fns[i].seq = i;
  qsort (out->fns, out->n, sizeof *out->fns, afdo_ov_cmp_seq);
  {
    size_t w = 0;
    for (size_t i = 0; i < out->n; i++)
      {
	if (w > 0 && strcmp (out->fns[w - 1].key, out->fns[i].key) == 0)
	  {
	    free (out->fns[i].key);
	    free (out->fns[i].counts);
	    free (out->fns[i].shape);
	    out->duplicates++;
	    continue;
	  }
	out->fns[w++] = out->fns[i];
      }
    out->n = w;
  }
done:
#undef OV_FAIL
  free (line);
  if (rc != 0)
    afdo_ov_free (out);
  return rc;
}

/* Compare the NT files TESTS with EXACT over the functions that ran and
   whose CFG has the same shape in EXACT and every one of TESTS; fill S
   and T[0..NT-1].  With LIST, print a line per function there.  */
void
afdo_ov_compare (const struct afdo_ov_file *exact,
		 const struct afdo_ov_file *tests, size_t nt,
		 struct afdo_ov_summary *s, struct afdo_ov_test *t, FILE *list)
{
  memset (s, 0, sizeof *s);
  memset (t, 0, nt * sizeof *t);
  for (size_t i = 0; i < exact->n; i++)
    {
      const struct afdo_ov_fn *g = &exact->fns[i];
      if (!g->profiled)
	{
	  s->no_exact++;
	  continue;
	}
      double w = afdo_ov_weight (g);
      if (w <= 0)
	{
	  s->not_run++;
	  continue;
	}
      s->exact_fns++;
      s->exact_weight += w;
      int same = !g->unmatched;
      if (g->unmatched)
	s->unmatched++;
      for (size_t k = 0; k < nt && !g->unmatched; k++)
	{
	  const struct afdo_ov_fn *f = afdo_ov_find (&tests[k], g->key);
	  if (!f)
	    {
	      t[k].missing++;
	      same = 0;
	    }
	  else if (f->unmatched || f->n != g->n
		   || strcmp (f->shape, g->shape) != 0)
	    {
	      t[k].other_shape++;
	      same = 0;
	    }
	}
      if (list)
	fprintf (list, "%s weight=%.0f blocks=%u", g->key, w, g->n);
      if (!same)
	{
	  if (list)
	    fputs (" not compared (CFG differs or function missing)\n", list);
	  continue;
	}
      s->compared++;
      s->compared_weight += w;
      for (size_t k = 0; k < nt; k++)
	{
	  const struct afdo_ov_fn *f = afdo_ov_find (&tests[k], g->key);
	  double d = 0.0;
	  if (f->profiled)
	    {
	      d = afdo_ov_block_overlap (f->counts, g->counts, g->n);
	      if (afdo_ov_weight (f) <= 0)
		{
		  t[k].zero++;
		  t[k].zero_weight += w;
		}
	    }
	  else
	    {
	      t[k].misses++;
	      t[k].miss_weight += w;
	    }
	  t[k].sum += d * w;
	  if (list)
	    fprintf (list, " overlap[%zu]=%.1f%s", k + 1, 100.0 * d,
		     f->profiled ? "" : "(miss)");
	}
      if (list)
	fputc ('\n', list);
    }
}
