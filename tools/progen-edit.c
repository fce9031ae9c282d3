/* afdo: the next release of an afdo-progen program: the generator's
   text written out with deterministic edits at the places its marks
   allow (progen-edit.h), the edits a new release of a program has:
   statements inserted that change no output, lines removed or joined
   that change nothing, a static function renamed.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "progen-edit.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

enum mark
{
  M_PLAIN,
  M_POINT,
  M_GROUP,
  M_JOIN,
  M_GLOBALS
};

/* One line of the generator's text.  */
typedef struct pline
{
  char *text;			/* after its mark, without the newline */
  enum mark mark;
  char cls;			/* of a point: L, B, A, C, S (lower case: pure) */
  unsigned group;		/* of a removable line */
} pline;

enum edit_kind
{
  E_INSERT,
  E_REMOVE,
  E_JOIN,
  E_RENAME
};

/* One edit; LINE, FN and OFFSET are found while the program is
   written, for the list after it.  */
typedef struct edit
{
  enum edit_kind kind;
  size_t at;			/* the point's, the group's first or the joined line */
  unsigned group;		/* of a removal */
  int comment;			/* an insertion of a comment or blank lines */
  char stmt[160];		/* of an insertion: its lines, '\n' between them */
  char name[64];		/* of a rename: the old name */
  unsigned long line;
  char fn[80];
  unsigned long offset;
} edit;

static afdo_rng rng;

static uint64_t
below (uint64_t n)
{
  return afdo_rng_below (&rng, n);
}

/* The name of the function whose definition LINE opens ("NAME (" at
   the start of the line, GNU style) into NAME, or 0.  */
static int
fn_line (const char *line, char *name, size_t size)
{
  size_t n = 0;
  if (!isalpha ((unsigned char) line[0]))
    return 0;
  while (isalnum ((unsigned char) line[n]) || line[n] == '_')
    n++;
  if (strncmp (line + n, " (", 2) != 0 || n + 1 > size
      || (n == 13 && strncmp (line, "__attribute__", 13) == 0))
    return 0;
  memcpy (name, line, n);
  name[n] = 0;
  return 1;
}

/* Index K among the entries of LIST (of N) whose USED flag is clear,
   else among all: the places are spread before any is used twice.  */
static size_t
pick (const size_t *list, size_t n, const char *used)
{
  size_t free_n = 0;
  for (size_t i = 0; i < n; i++)
    free_n += !used[list[i]];
  size_t k = below (free_n ? free_n : n);
  for (size_t i = 0; i < n; i++)
    if (!free_n || !used[list[i]])
      {
	if (k == 0)
	  return list[i];
	k--;
      }
  return list[0];
}

/* The statement of insertion number ID at point P into E: a store to
   the volatile sink (plain, cumulative or under a test that is almost
   never true), a local computation nothing reads, a comment or a blank
   line; a point in a const or pure function gets none of the stores.  */
static void
make_stmt (edit *e, const pline *p, unsigned id)
{
  static const char *const comments[] = {
    "/* The word may have changed since the last pass.  */",
    "/* Keep the sum in range.  */",
    "/* Checked against the reference values by hand.  */",
    "/* The order of these steps matters: each reads what the one\n"
    "   before it wrote.  */",
    "/* A faster way exists for long inputs; not worth it for the\n"
    "   sizes seen so far.  */",
  };
  const char *vars = strchr (p->text, '|') + 1;
  const char *v[16];
  size_t vl[16], nv = 0;
  for (const char *s = vars; *s && nv < 16;)
    {
      size_t l = strcspn (s, ",");
      v[nv] = s;
      vl[nv++] = l;
      s += l + (s[l] == ',');
    }
  size_t a = nv ? below (nv) : 0, b = nv ? below (nv) : 0;
  unsigned kind = isupper ((unsigned char) p->cls) ? below (6) : 3 + below (3);
  if (nv == 0 && kind < 4)
    kind = 4;
  e->comment = kind >= 4;
  switch (kind)
    {
    case 0:
      snprintf (e->stmt, sizeof e->stmt, "sink = %.*s;", (int) vl[a], v[a]);
      break;
    case 1:
      snprintf (e->stmt, sizeof e->stmt, "sink += %.*s;", (int) vl[a], v[a]);
      break;
    case 2:
      snprintf (e->stmt, sizeof e->stmt, "if (%.*s == %uu)\n  sink = %.*s;",
		(int) vl[a], v[a], (unsigned) below (0xfffffff) * 7 + 5,
		(int) vl[b], v[b]);
      break;
    case 3:
      snprintf (e->stmt, sizeof e->stmt, "unsigned e%u = %.*s * %uu + %uu;",
		id, (int) vl[a], v[a], (unsigned) below (500) * 2 + 3,
		(unsigned) below (1000));
      break;
    case 4:
      snprintf (e->stmt, sizeof e->stmt, "%s",
		comments[below (sizeof comments / sizeof comments[0])]);
      break;
    default:
      snprintf (e->stmt, sizeof e->stmt, "%s", below (2) ? "" : "\n");
      break;
    }
}

/* Where a point of class C is, for the list of edits.  */
static const char *
where (char c)
{
  switch (tolower ((unsigned char) c))
    {
    case 'l':
      return "in a loop's body";
    case 'b':
      return "before a loop";
    case 'a':
      return "after a loop";
    case 'c':
      return "between the driver's calls";
    default:
      return "in the body";
    }
}

/* The writer's state: the output, its line number, the function it is
   in, and the rename (OLD_NAME to NEW_NAME, or none).  */
typedef struct writer
{
  FILE *out;
  unsigned long line;
  char fn[80];
  unsigned long fn_line;
  const char *old_name, *new_name;
} writer;

/* Write S (the start of a line when START) with the rename applied to
   whole words.  */
static void
put (writer *w, const char *s, int start)
{
  size_t n = w->old_name ? strlen (w->old_name) : 0;
  if (start)
    {
      char name[80];
      if (fn_line (s, name, sizeof name))
	{
	  snprintf (w->fn, sizeof w->fn, "%s",
		    n && strcmp (name, w->old_name) == 0 ? w->new_name : name);
	  w->fn_line = w->line + 1;
	}
    }
  for (const char *p = s; *p;)
    {
      if (n && strncmp (p, w->old_name, n) == 0
	  && (p == s || !(isalnum ((unsigned char) p[-1]) || p[-1] == '_'))
	  && !(isalnum ((unsigned char) p[n]) || p[n] == '_'))
	{
	  fputs (w->new_name, w->out);
	  p += n;
	}
      else
	fputc (*p++, w->out);
    }
}

static void
end_line (writer *w)
{
  fputc ('\n', w->out);
  w->line++;
}

/* Note where edit E lands: at the next line written.  */
static void
place (writer *w, edit *e)
{
  e->line = w->line + 1;
  snprintf (e->fn, sizeof e->fn, "%s", w->fn);
  e->offset = e->line - w->fn_line;
}

int
progen_write (FILE *out, char *text, uint64_t seed, unsigned edits)
{
  size_t n = 0, cap = 256;
  pline *lines = malloc (cap * sizeof *lines);
  if (!lines)
    return -1;
  for (char *s = text; *s;)
    {
      char *nl = strchr (s, '\n');
      if (nl)
	*nl = 0;
      if (n == cap)
	{
	  pline *l = realloc (lines, (cap *= 2) * sizeof *lines);
	  if (!l)
	    {
	      free (lines);
	      return -1;
	    }
	  lines = l;
	}
      pline *l = &lines[n++];
      memset (l, 0, sizeof *l);
      l->text = s;
      if (s[0] == PROGEN_MARK[0])
	switch (s[1])
	  {
	  case 'P':
	    l->mark = M_POINT;
	    l->cls = s[2];
	    l->text = s + 3;
	    break;
	  case 'R':
	    l->mark = M_GROUP;
	    l->group = (unsigned) strtoul (s + 2, &l->text, 10);
	    l->text++;
	    break;
	  case 'J':
	    l->mark = M_JOIN;
	    l->text = s + 3;
	    break;
	  default:
	    l->mark = M_GLOBALS;
	    break;
	  }
      if (!nl)
	break;
      s = nl + 1;
    }

  /* The places: points (hot ones: loop bodies and the driver's calls),
     the first line of each removable group, joinable lines, and the
     functions that may be renamed (the patterns' own).  */
  size_t *points = malloc ((n + 1) * sizeof *points);
  size_t *hot = malloc ((n + 1) * sizeof *hot);
  size_t *cuts = malloc ((n + 1) * sizeof *cuts);
  size_t *fns = malloc ((n + 1) * sizeof *fns);
  char *used = calloc (n + 1, 1);
  edit *ed = calloc (edits + 1, sizeof *ed);
  int rc = -1;
  if (!points || !hot || !cuts || !fns || !used || !ed)
    goto done;
  size_t np = 0, nh = 0, nc = 0, nf = 0;
  for (size_t i = 0; i < n; i++)
    {
      char name[80];
      const pline *l = &lines[i];
      if (l->mark == M_POINT)
	{
	  points[np++] = i;
	  if (l->cls == 'L' || l->cls == 'C')
	    hot[nh++] = i;
	}
      else if (l->mark == M_GROUP)
	{
	  size_t j = 0;
	  while (j < nc && !(lines[cuts[j]].mark == M_GROUP
			     && lines[cuts[j]].group == l->group))
	    j++;
	  if (j == nc)
	    cuts[nc++] = i;
	}
      else if (l->mark == M_JOIN && i + 1 < n && lines[i + 1].mark == M_PLAIN)
	cuts[nc++] = i;
      else if (l->mark == M_PLAIN && fn_line (l->text, name, sizeof name)
	       && strchr ("fcst", name[0]) && isdigit ((unsigned char) name[1]))
	fns[nf++] = i;
    }

  /* The edits: a rename in one program of three; the first of the others
     an insertion in a hot place; of the rest, three in ten a removal or
     join while there are lines for one, the others insertions.  */
  afdo_rng_seed (&rng, seed * 0x100000001b3ull + edits);
  size_t ne = 0;
  int sink = 0;
  int rename = edits > 0 && nf > 0 && below (3) == 0;
  for (unsigned i = 0; i + rename < edits; i++)
    {
      edit *e = &ed[ne++];
      size_t free_cuts = 0;
      for (size_t j = 0; j < nc; j++)
	free_cuts += !used[cuts[j]];
      if (i > 0 && free_cuts > 0 && below (10) < 3)
	{
	  e->at = pick (cuts, nc, used);
	  used[e->at] = 1;
	  e->kind = lines[e->at].mark == M_GROUP ? E_REMOVE : E_JOIN;
	  e->group = lines[e->at].group;
	}
      else if (np > 0)
	{
	  e->kind = E_INSERT;
	  e->at = i == 0 && nh > 0 ? pick (hot, nh, used) : pick (points, np, used);
	  used[e->at] = 1;
	  make_stmt (e, &lines[e->at], i + 1);
	  sink |= strstr (e->stmt, "sink") != NULL;
	}
      else
	ne--;
    }
  if (rename)
    {
      edit *e = &ed[ne++];
      e->kind = E_RENAME;
      e->at = fns[below (nf)];
      fn_line (lines[e->at].text, e->name, sizeof e->name);
    }

  /* The program.  */
  char new_name[80];
  writer w = { out, 0, "", 0, NULL, NULL };
  if (rename)
    {
      snprintf (new_name, sizeof new_name, "%s_v2", ed[ne - 1].name);
      w.old_name = ed[ne - 1].name;
      w.new_name = new_name;
    }
  for (size_t i = 0; i < n; i++)
    {
      pline *l = &lines[i];
      size_t k;
      switch (l->mark)
	{
	case M_PLAIN:
	  put (&w, l->text, 1);
	  for (k = 0; k < ne; k++)
	    if (ed[k].kind == E_RENAME && ed[k].at == i)
	      {
		ed[k].line = w.line + 1;
		snprintf (ed[k].fn, sizeof ed[k].fn, "%s", w.fn);
		ed[k].offset = 0;
	      }
	  end_line (&w);
	  break;
	case M_POINT:
	  for (k = 0; k < ne; k++)
	    if (ed[k].kind == E_INSERT && ed[k].at == i)
	      {
		int indent = (int) (strchr (l->text, '|') - l->text);
		place (&w, &ed[k]);
		for (const char *s = ed[k].stmt;;)
		  {
		    size_t len = strcspn (s, "\n");
		    if (len)
		      fprintf (out, "%.*s%.*s", indent, l->text, (int) len, s);
		    end_line (&w);
		    if (!s[len])
		      break;
		    s += len + 1;
		  }
	      }
	  break;
	case M_GROUP:
	  for (k = 0; k < ne; k++)
	    if (ed[k].kind == E_REMOVE && ed[k].group == l->group)
	      break;
	  if (k == ne)
	    {
	      put (&w, l->text, 1);
	      end_line (&w);
	    }
	  else if (ed[k].at == i)
	    place (&w, &ed[k]);
	  break;
	case M_JOIN:
	  for (k = 0; k < ne; k++)
	    if (ed[k].kind == E_JOIN && ed[k].at == i)
	      break;
	  put (&w, l->text, 1);
	  if (k < ne)
	    {
	      const char *next = lines[++i].text;
	      place (&w, &ed[k]);
	      fputc (' ', out);
	      put (&w, next + strspn (next, " \t"), 0);
	    }
	  end_line (&w);
	  break;
	case M_GLOBALS:
	  if (sink)
	    {
	      fputs ("static volatile unsigned sink;", out);
	      end_line (&w);
	    }
	  break;
	}
    }

  /* The list of edits, after the program: no line of it moves.  */
  if (ne > 0)
    {
      fprintf (out, "\n/* afdo-progen edit=%u: the changes from the program "
	       "of seed %llu (function +line offset):\n",
	       edits, (unsigned long long) seed);
      for (size_t k = 0; k < ne; k++)
	{
	  const edit *e = &ed[k];
	  fprintf (out, "   %s +%lu: ", e->fn, e->offset);
	  switch (e->kind)
	    {
	    case E_INSERT:
	      if (e->comment)
		fprintf (out, "inserted %s %s\n",
			 e->stmt[0] == '/' ? "a comment"
			 : e->stmt[0] ? "two blank lines" : "a blank line",
			 where (lines[e->at].cls));
	      else
		{
		  fputs ("inserted \"", out);
		  for (const char *s = e->stmt; *s; s++)
		    if (*s == '\n')
		      {
			fputc (' ', out);
			s += strspn (s + 1, " ");
		      }
		    else
		      fputc (*s, out);
		  fprintf (out, "\" %s\n", where (lines[e->at].cls));
		}
	      break;
	    case E_REMOVE:
	      fputs ("removed the braces of a one-statement arm\n", out);
	      break;
	    case E_JOIN:
	      fputs ("joined two lines into one\n", out);
	      break;
	    case E_RENAME:
	      fprintf (out, "renamed %s from %s\n", new_name, e->name);
	      break;
	    }
	}
      fputs ("*/\n", out);
    }
  rc = ferror (out) ? -1 : 0;

done:
  free (lines);
  free (points);
  free (hot);
  free (cuts);
  free (fns);
  free (used);
  free (ed);
  return rc;
}
