/* afdo: reading the plugin's build report and summing it over a build
   (afdo-dump --build-report); the format is described in buildreport.h.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "buildreport.h"
#include "textline.h"

void
afdo_br_unit_free (struct afdo_br_unit *u)
{
  free (u->source);
  free (u->profile);
  for (size_t i = 0; i < u->n_fns; i++)
    free (u->fns[i].name);
  free (u->fns);
  memset (u, 0, sizeof *u);
}

void
afdo_br_free (struct afdo_br_report *r)
{
  for (size_t i = 0; i < r->n; i++)
    afdo_br_unit_free (&r->units[i]);
  free (r->units);
  memset (r, 0, sizeof *r);
}

void
afdo_br_sum_free (struct afdo_br_sum *s)
{
  free (s->fns);
  memset (s, 0, sizeof *s);
}

static uint64_t
afdo_br_add (uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* VALUE with its \ooo escapes undone, in place.  Returns 0, or -1 when
   an escape is malformed.  */
static int
afdo_br_unescape (char *value)
{
  char *out = value;
  for (const char *p = value; *p; p++)
    {
      if (*p != '\\')
	{
	  *out++ = *p;
	  continue;
	}
      unsigned c = 0;
      for (int k = 1; k <= 3; k++)
	{
	  if (p[k] < '0' || p[k] > '7')
	    return -1;
	  c = c * 8 + (unsigned) (p[k] - '0');
	}
      if (c == 0 || c > 0xff)
	return -1;
      *out++ = (char) c;
      p += 3;
    }
  *out = '\0';
  return 0;
}

static int
afdo_br_number (const char *s, uint64_t *out)
{
  if (*s < '0' || *s > '9')
    return -1;
  uint64_t v = 0;
  for (; *s; s++)
    {
      if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
	return -1;
      v = v * 10 + (uint64_t) (*s - '0');
    }
  *out = v;
  return 0;
}

/* By profile, then source, then place in the report.  */
static int
afdo_br_unit_cmp (const void *a, const void *b)
{
  const struct afdo_br_unit *x = (const struct afdo_br_unit *) a;
  const struct afdo_br_unit *y = (const struct afdo_br_unit *) b;
  int c = strcmp (x->profile, y->profile);
  if (!c)
    c = strcmp (x->source, y->source);
  if (c)
    return c;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int
afdo_br_fn_cmp (const void *a, const void *b)
{
  return strcmp (((const struct afdo_br_fn *) a)->name,
		 ((const struct afdo_br_fn *) b)->name);
}

/* Read the report IN (named NAME in messages) into OUT.  Returns 0, or
   -1 with a one-line message in ERR.  */
int
afdo_br_read (FILE *in, const char *name, struct afdo_br_report *out,
	      char *err, size_t errlen)
{
  char *line = NULL;
  size_t linecap = 0;
  long lineno = 0;
  int rc = 0;
  struct afdo_br_unit *cur = NULL;
  memset (out, 0, sizeof *out);

#define BR_FAIL(...) \
  do { rc = afdo_line_fail (err, errlen, name, lineno, __VA_ARGS__); \
       goto done; } while (0)

  while (afdo_next_line (in, &line, &linecap, &lineno))
    {
      char *save = NULL;
      char *kind = strtok_r (line, " ", &save);
      if (!kind)
	continue;
      int is_unit = strcmp (kind, "unit") == 0;
      if (!is_unit && strcmp (kind, "function") != 0)
	BR_FAIL ("'%s' is not an entry of a build report", kind);
      if (!is_unit && !cur)
	BR_FAIL ("a function line before any unit line");

      struct afdo_br_unit u;
      struct afdo_br_fn fn;
      memset (&u, 0, sizeof u);
      memset (&fn, 0, sizeof fn);
      /* Which of the required keys were seen.  */
      unsigned seen = 0, need = is_unit ? 0x7fu : 0x7u;
      for (char *tok = strtok_r (NULL, " ", &save); tok;
	   tok = strtok_r (NULL, " ", &save))
	{
	  char *eq = strchr (tok, '=');
	  if (!eq)
	    {
	      free (u.source);
	      free (u.profile);
	      free (fn.name);
	      BR_FAIL ("'%s' is not KEY=VALUE", tok);
	    }
	  *eq = '\0';
	  char *v = eq + 1;
	  uint64_t num = 0;
	  int bad = 0;
	  if (is_unit && strcmp (tok, "source") == 0 && !(seen & 1))
	    {
	      bad = afdo_br_unescape (v);
	      u.source = strdup (v);
	      seen |= 1;
	    }
	  else if (is_unit && strcmp (tok, "profile") == 0 && !(seen & 2))
	    {
	      bad = afdo_br_unescape (v);
	      u.profile = strdup (v);
	      seen |= 2;
	    }
	  else if (!is_unit && strcmp (tok, "name") == 0 && !(seen & 1))
	    {
	      bad = afdo_br_unescape (v);
	      fn.name = strdup (v);
	      seen |= 1;
	    }
	  else
	    {
	      /* The first five are required, the matcher's are not.  */
	      static const char *const unit_keys[]
		= { "profile-samples", "functions", "in-profile", "samples",
		    "matched", "changed", "moved", "emptied", "renamed",
		    "moved-samples", "dropped-samples" };
	      static const char *const fn_keys[] = { "samples", "matched" };
	      const char *const *keys = is_unit ? unit_keys : fn_keys;
	      int nkeys = is_unit ? 11 : 2;
	      int k;
	      for (k = 0; k < nkeys; k++)
		if (strcmp (tok, keys[k]) == 0)
		  break;
	      if (k == nkeys)
		continue;	/* a key of a later plugin */
	      unsigned bit = 1u << (k + (is_unit ? 2 : 1));
	      bad = (seen & bit) || afdo_br_number (v, &num) != 0;
	      seen |= bit;
	      if (!bad && is_unit)
		switch (k)
		  {
		  case 0: u.profile_samples = num; break;
		  case 1: u.functions = num > UINT32_MAX ? UINT32_MAX
					: (unsigned) num; break;
		  case 2: u.in_profile = num > UINT32_MAX ? UINT32_MAX
					 : (unsigned) num; break;
		  case 3: u.samples = num; break;
		  case 4: u.matched = num; break;
		  case 5: u.stale.changed = num; break;
		  case 6: u.stale.moved = num; break;
		  case 7: u.stale.emptied = num; break;
		  case 8: u.stale.renamed = num; break;
		  case 9: u.stale.moved_samples = num; break;
		  default: u.stale.dropped_samples = num; break;
		  }
	      else if (!bad)
		{
		  if (k == 0)
		    fn.samples = num;
		  else
		    fn.matched = num;
		}
	    }
	  if (bad || (is_unit && ((seen & 1) && !u.source))
	      || (is_unit && ((seen & 2) && !u.profile))
	      || (!is_unit && (seen & 1) && !fn.name))
	    {
	      free (u.source);
	      free (u.profile);
	      free (fn.name);
	      BR_FAIL ("bad value of '%s'", tok);
	    }
	}
      if ((seen & need) != need)
	{
	  free (u.source);
	  free (u.profile);
	  free (fn.name);
	  BR_FAIL ("a %s line without all of its keys", kind);
	}
      if (!is_unit)
	{
	  if (fn.matched > fn.samples)
	    fn.matched = fn.samples;
	  if (cur->n_fns == cur->cap_fns)
	    {
	      size_t c = cur->cap_fns ? 2 * cur->cap_fns : 8;
	      struct afdo_br_fn *p
		= (struct afdo_br_fn *) realloc (cur->fns, c * sizeof *p);
	      if (!p)
		{
		  free (fn.name);
		  BR_FAIL ("out of memory");
		}
	      cur->fns = p;
	      cur->cap_fns = c;
	    }
	  cur->fns[cur->n_fns++] = fn;
	  continue;
	}
      if (u.matched > u.samples)
	u.matched = u.samples;
      if (out->n == out->cap)
	{
	  size_t c = out->cap ? 2 * out->cap : 64;
	  struct afdo_br_unit *p
	    = (struct afdo_br_unit *) realloc (out->units, c * sizeof *p);
	  if (!p)
	    {
	      free (u.source);
	      free (u.profile);
	      BR_FAIL ("out of memory");
	    }
	  out->units = p;
	  out->cap = c;
	}
      u.seq = out->entries++;
      out->units[out->n] = u;
      cur = &out->units[out->n++];
    }

  /* Keep the last entry of each source and profile.  */
  if (out->n > 1)
    qsort (out->units, out->n, sizeof *out->units, afdo_br_unit_cmp);
  {
    size_t k = 0;
    for (size_t i = 0; i < out->n; i++)
      {
	size_t entries = 1;
	if (k > 0 && strcmp (out->units[k - 1].source,
			     out->units[i].source) == 0
	    && strcmp (out->units[k - 1].profile, out->units[i].profile) == 0)
	  {
	    entries = out->units[k - 1].entries + 1;
	    afdo_br_unit_free (&out->units[k - 1]);
	    k--;
	  }
	out->units[k] = out->units[i];
	out->units[k].entries = entries;
	k++;
      }
    out->n = k;
  }

done:
#undef BR_FAIL
  free (line);
  if (rc)
    afdo_br_free (out);
  return rc;
}

/* Sum the units R->units[FIRST, LAST), all of one profile, into OUT.
   Returns 0, or -1 when out of memory.  */
int
afdo_br_sum (const struct afdo_br_report *r, size_t first, size_t last,
	     struct afdo_br_sum *out)
{
  memset (out, 0, sizeof *out);
  if (first >= last)
    return 0;
  out->profile = r->units[first].profile;
  size_t n = 0;
  for (size_t i = first; i < last; i++)
    n += r->units[i].n_fns;
  struct afdo_br_fn *all
    = (struct afdo_br_fn *) malloc ((n ? n : 1) * sizeof *all);
  if (!all)
    return -1;
  n = 0;
  for (size_t i = first; i < last; i++)
    {
      const struct afdo_br_unit *u = &r->units[i];
      out->sources++;
      out->entries += u->entries;
      out->functions += u->functions;
      out->in_profile += u->in_profile;
      out->stale.changed = afdo_br_add (out->stale.changed, u->stale.changed);
      out->stale.moved = afdo_br_add (out->stale.moved, u->stale.moved);
      out->stale.emptied = afdo_br_add (out->stale.emptied, u->stale.emptied);
      out->stale.renamed = afdo_br_add (out->stale.renamed, u->stale.renamed);
      out->stale.moved_samples = afdo_br_add (out->stale.moved_samples,
					      u->stale.moved_samples);
      out->stale.dropped_samples = afdo_br_add (out->stale.dropped_samples,
						u->stale.dropped_samples);
      if (u->samples > 0)
	out->sources_with_samples++;
      if (u->profile_samples > out->profile_samples)
	out->profile_samples = u->profile_samples;
      for (size_t j = 0; j < u->n_fns; j++)
	all[n++] = u->fns[j];
    }
  if (n > 1)
    qsort (all, n, sizeof *all, afdo_br_fn_cmp);
  /* One entry per name: its samples, the most matched.  */
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (k > 0 && strcmp (all[k - 1].name, all[i].name) == 0)
	{
	  if (all[i].samples > all[k - 1].samples)
	    all[k - 1].samples = all[i].samples;
	  if (all[i].matched > all[k - 1].matched)
	    all[k - 1].matched = all[i].matched;
	  continue;
	}
      all[k++] = all[i];
    }
  out->fns = all;
  out->n_fns = k;
  for (size_t i = 0; i < k; i++)
    {
      out->samples = afdo_br_add (out->samples, all[i].samples);
      out->matched = afdo_br_add (out->matched, all[i].matched);
    }
  return 0;
}

/* The function NAME of S, or NULL.  */
const struct afdo_br_fn *
afdo_br_sum_find (const struct afdo_br_sum *s, const char *name)
{
  struct afdo_br_fn k;
  k.name = (char *) name;
  return (const struct afdo_br_fn *) bsearch (&k, s->fns, s->n_fns,
					      sizeof *s->fns, afdo_br_fn_cmp);
}
