/* afdo: the stale-profile matcher's view of lines and its move of a
   changed function's rows: which lines have code (statements, or text
   in the source), the calls aligned, the lines between them split, the
   tail's shift.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "input.h"
#include "afdo-plugin.h"
#include "afdo-match.h"

#include <math.h>

namespace afdo_match {

/* Whether V has code on KEY's line.  Its discriminator is no evidence
   either way: GCC gives them to the blocks of a line as the CFG is
   built, and blocks duplicated later keep them or take new ones, so the
   profiled binary has discriminators the unit's early IR does not (lua's
   lua_seti: half of its samples on discriminators 7 of two lines with
   code, which made an unchanged function look changed).  */
bool
has_code (const ir_view *v, afdo_key_t key)
{
  uint32_t off = AFDO_KEY_OFFSET (key);
  /* The line of the function's name: code of the prologue may be there
     too.  */
  if (off == 0)
    return true;
  afdo_key_t line = AFDO_KEY (off, 0);
  unsigned i = v->keys.lower_bound (line, key_less);
  return i < v->keys.length () && v->keys[i] == line;
}

static bool
freq_less (const std::pair<uint32_t, double> &a,
	   const std::pair<uint32_t, double> &b)
{
  return a.first < b.first;
}

/* How often GCC's static estimate runs line OFF of V per entry (0: no
   code).  */
static double
line_freq (const ir_view *v, uint32_t off)
{
  unsigned i = v->freqs.lower_bound (std::make_pair (off, 0.0), freq_less);
  return i < v->freqs.length () && v->freqs[i].first == off
	 ? v->freqs[i].second : 0.0;
}

static bool
pair_not_after (const std::pair<uint32_t, uint32_t> &a,
		const std::pair<uint32_t, uint32_t> &b)
{
  return a.first <= b.first;
}

/* The new offset of old offset OFF under M, or UINT32_MAX to drop.  */
uint32_t
map_offset (const offset_map *m, uint32_t off)
{
  const vec<std::pair<uint32_t, uint32_t> > &p = m->pairs;
  if (p.is_empty () || off > p[p.length () - 1].first)
    {
      /* After the last call: with it, or by the tail's own shift.  */
      int64_t base = p.is_empty () ? 0
		     : (int64_t) p[p.length () - 1].second - p[p.length () - 1].first;
      int64_t low = p.is_empty () ? -1 : (int64_t) p[p.length () - 1].second;
      int64_t to = (int64_t) off + (off < m->tail_split ? base
				    : m->tail_shift);
      if (to <= low || to > 0xffff)
	return UINT32_MAX;
      return (uint32_t) to;
    }
  /* The last pair at or before OFF; before the first, the start of the
     function, which stays where it is.  */
  unsigned lo = p.lower_bound (std::make_pair (off, 0u), pair_not_after);
  int64_t to;
  int64_t low, high;
  if (lo == 0)
    {
      /* Before the first call: the first split decides whether a row
	 stays or follows the call.  */
      to = off < m->split[0] ? (int64_t) off
	   : (int64_t) off - p[0].first + p[0].second;
      low = -1;
      high = p[0].second;
    }
  else
    {
      unsigned i = lo - 1;
      if (p[i].first == off)
	return p[i].second;
      if (off < m->split[i + 1])
	to = (int64_t) off - p[i].first + p[i].second;
      else
	to = (int64_t) off - p[i + 1].first + p[i + 1].second;
      low = p[i].second;
      high = p[i + 1].second;
    }
  if (to <= low || to >= high || to < 0 || to > 0xffff)
    return UINT32_MAX;
  return (uint32_t) to;
}

uint32_t
map_offset_cb (uint32_t off, void *data)
{
  return map_offset ((const offset_map *) data, off);
}

/* Samples of ROWS that land on code of V under M.  */
uint64_t
landed (const ir_view *v, const vec<row> &rows, const offset_map *m)
{
  uint64_t n = 0;
  for (unsigned i = 0; i < rows.length (); i++)
    {
      uint32_t to = m ? map_offset (m, AFDO_KEY_OFFSET (rows[i].key))
		      : AFDO_KEY_OFFSET (rows[i].key);
      if (to != UINT32_MAX
	  && has_code (v, AFDO_KEY (to, AFDO_KEY_DISC (rows[i].key))))
	n = afdo_count_add (n, rows[i].count);
    }
  return n;
}

/* The matched calls of the longest common subsequence of PA (the
   profile's) and IA (the unit's), by name, into M->pairs.  */
bool
align_calls (const vec<anchor> &pa, const vec<anchor> &ia, offset_map *m,
	     unsigned *n_matched)
{
  unsigned n = pa.length (), k = ia.length ();
  *n_matched = 0;
  if (n == 0 || k == 0)
    return true;
  /* A quadratic table; functions with more calls than this are left
     as they are.  */
  if ((uint64_t) n * k > 4000000)
    return false;
  unsigned w = k + 1;
  unsigned short *t = XCNEWVEC (unsigned short, (size_t) (n + 1) * w);
  for (unsigned i = n; i-- > 0;)
    for (unsigned j = k; j-- > 0;)
      {
	unsigned short best;
	if (anchor_matches (pa[i], ia[j]))
	  best = t[(size_t) (i + 1) * w + j + 1] + 1;
	else
	  best = MAX (t[(size_t) (i + 1) * w + j], t[(size_t) i * w + j + 1]);
	t[(size_t) i * w + j] = best;
      }
  unsigned i = 0, j = 0;
  while (i < n && j < k)
    {
      if (anchor_matches (pa[i], ia[j])
	  && t[(size_t) i * w + j] == t[(size_t) (i + 1) * w + j + 1] + 1)
	{
	  (*n_matched)++;
	  /* Several calls on one line: the line moves once.  */
	  if (m->pairs.is_empty ()
	      || (m->pairs.last ().first < pa[i].offset
		  && m->pairs.last ().second < ia[j].offset))
	    m->pairs.safe_push (std::make_pair (pa[i].offset, ia[j].offset));
	  i++;
	  j++;
	}
      else if (t[(size_t) (i + 1) * w + j] >= t[(size_t) i * w + j + 1])
	i++;
      else
	j++;
    }
  XDELETEVEC (t);
  return true;
}

/* The scores of the lines [FIRST, FIRST + LEN) of ROWS (sorted) moved by
   DELTA, each valid only inside (LOW, HIGH): the samples that land on
   code; whether the line agrees (a line with a row goes to a line with
   code, a line without one to a line without code: the profile has a
   row, if only of 0, for every line that had code in the profiled
   binary); how well its largest count fits GCC's static estimate of how
   often the line it goes to runs.  */
struct line_scores
{
  auto_vec<uint64_t> land;
  auto_vec<unsigned> agree;
  auto_vec<double> fit;
};

static void
score_lines (const ir_view *v, const vec<row> &rows, uint32_t first,
	     unsigned len, int64_t delta, int64_t low, int64_t high,
	     line_scores *out)
{
  out->land.truncate (0);
  out->agree.truncate (0);
  out->fit.truncate (0);
  out->land.safe_grow_cleared (len);
  out->agree.safe_grow_cleared (len);
  out->fit.safe_grow_cleared (len);
  row from = { AFDO_KEY (first, 0), 0 };
  unsigned r = rows.lower_bound (from, row_less);
  for (unsigned i = 0; i < len; i++)
    {
      uint32_t off = first + i;
      int64_t to = (int64_t) off + delta;
      bool ok = to > low && to < high && to >= 0 && to <= 0xffff;
      bool row_here = (r < rows.length ()
		       && AFDO_KEY_OFFSET (rows[r].key) == off);
      out->agree[i] = ok && has_code (v, AFDO_KEY (to, 0)) == row_here;
      uint64_t cmax = 0;
      for (; r < rows.length () && AFDO_KEY_OFFSET (rows[r].key) == off; r++)
	{
	  cmax = MAX (cmax, rows[r].count);
	  if (ok && has_code (v, AFDO_KEY (to, AFDO_KEY_DISC (rows[r].key))))
	    out->land[i] = afdo_count_add (out->land[i], rows[r].count);
	}
      if (ok)
	out->fit[i] = (double) cmax * log2 (1.0 + line_freq (v, to));
    }
}

/* A split's score: samples landed, lines agreeing, fit; compared in
   that order, fits within a millionth equal (sums in another order).  */
struct split_score
{
  uint64_t land;
  unsigned agree;
  double fit;
};

static int
score_cmp (const split_score &a, const split_score &b)
{
  if (a.land != b.land)
    return a.land > b.land ? 1 : -1;
  if (a.agree != b.agree)
    return a.agree > b.agree ? 1 : -1;
  double tol = 1e-6 * MAX (a.fit, b.fit);
  if (a.fit > b.fit + tol)
    return 1;
  if (a.fit < b.fit - tol)
    return -1;
  return 0;
}

/* The split S in [0, LEN] (lines below S scored by E, the others by L)
   with the best score, into *BEST; among equals the one nearest the
   middle of the lines.  */
static unsigned
best_split (const line_scores &e, const line_scores &l, unsigned len,
	    split_score *best)
{
  split_score early = { 0, 0, 0 }, late = { 0, 0, 0 };
  for (unsigned i = 0; i < len; i++)
    {
      late.land = afdo_count_add (late.land, l.land[i]);
      late.agree += l.agree[i];
      late.fit += l.fit[i];
    }
  unsigned best_s = 0, best_d = UINT_MAX;
  for (unsigned s = 0; s <= len; s++)
    {
      split_score here = { afdo_count_add (early.land, late.land),
			   early.agree + late.agree, early.fit + late.fit };
      unsigned d = 2 * s > len ? 2 * s - len : len - 2 * s;
      int c = s == 0 ? 1 : score_cmp (here, *best);
      if (c > 0 || (c == 0 && d < best_d))
	{
	  *best = here;
	  best_s = s;
	  best_d = d;
	}
      if (s < len)
	{
	  early.land = afdo_count_add (early.land, e.land[s]);
	  late.land -= l.land[s];
	  early.agree += e.agree[s];
	  late.agree -= l.agree[s];
	  early.fit += e.fit[s];
	  late.fit -= l.fit[s];
	}
    }
  return best_s;
}

/* For each gap before a matched call, the line where the rows stop
   following the call before it (the start of the function, which stays
   where it is, before the first call) and follow the call after it:
   lines were inserted or removed somewhere in the gap.  */
void
choose_splits (const ir_view *v, const vec<row> &rows, offset_map *m)
{
  const vec<std::pair<uint32_t, uint32_t> > &p = m->pairs;
  m->split.safe_grow_cleared (p.length ());
  line_scores early, late;
  for (unsigned g = 0; g < p.length (); g++)
    {
      int64_t a0 = g ? (int64_t) p[g - 1].first : -1;
      int64_t b0 = g ? (int64_t) p[g - 1].second : -1;
      uint32_t a1 = p[g].first, b1 = p[g].second;
      uint32_t first = (uint32_t) (a0 + 1);
      unsigned len = a1 - first;
      score_lines (v, rows, first, len, g ? b0 - a0 : 0, b0, b1, &early);
      score_lines (v, rows, first, len, (int64_t) b1 - a1, b0, b1, &late);
      split_score best;
      m->split[g] = first + best_split (early, late, len, &best);
    }
}

/* Whether ROWS (sorted) has a row at an offset in [LO, HI).  */
static bool
rows_between (const vec<row> &rows, int64_t lo, uint32_t hi)
{
  row from = { AFDO_KEY (lo < 0 ? 0 : (uint32_t) lo, 0), 0 };
  unsigned i = rows.lower_bound (from, row_less);
  return i < rows.length () && AFDO_KEY_OFFSET (rows[i].key) < hi;
}

/* The rows after the last matched call (all rows, without one) follow
   it unless lines were inserted or removed below it: then from some
   line on they move by a shift of their own, within
   AFDO_MATCH_TAIL_LINES of the call's, split as the gaps are, when that
   scores better than following the call.  In dense code several shifts
   put the samples on code; of those that land nearly as many as the
   best, the one nearest the call's is taken (the fewest lines inserted
   or removed: an edit is more often small than large), and two as near
   on either side of it are no evidence of where the lines went: the
   rows follow the call.  */
void
choose_tail (const ir_view *v, const vec<row> &rows, offset_map *m)
{
  const vec<std::pair<uint32_t, uint32_t> > &p = m->pairs;
  unsigned n = p.length ();
  int64_t a0 = n ? (int64_t) p[n - 1].first : -1;
  int64_t b0 = n ? (int64_t) p[n - 1].second : -1;
  int64_t base = n ? b0 - a0 : 0;
  if (rows.is_empty ()
      || (int64_t) AFDO_KEY_OFFSET (rows[rows.length () - 1].key) <= a0)
    return;
  uint32_t first = (uint32_t) (a0 + 1);
  unsigned len = AFDO_KEY_OFFSET (rows[rows.length () - 1].key) - first + 1;
  line_scores follow, shifted;
  score_lines (v, rows, first, len, base, b0, INT64_MAX, &follow);
  /* Following the call is the score to beat.  */
  split_score stay = { 0, 0, 0 };
  for (unsigned i = 0; i < len; i++)
    {
      stay.land = afdo_count_add (stay.land, follow.land[i]);
      stay.agree += follow.agree[i];
      stay.fit += follow.fit[i];
    }
  struct candidate
  {
    int64_t shift;
    uint32_t split;
    split_score score;
  };
  auto_vec<candidate> better;
  uint64_t most = 0;
  for (int64_t d = base - AFDO_MATCH_TAIL_LINES;
       d <= base + AFDO_MATCH_TAIL_LINES; d++)
    {
      if (d == base)
	continue;
      score_lines (v, rows, first, len, d, b0, INT64_MAX, &shifted);
      candidate c;
      c.shift = d;
      unsigned sp = best_split (follow, shifted, len, &c.score);
      c.split = first + sp;
      /* Lines removed above the split: the rows that stay may not be on
	 them, or rows the profile had apart would meet (a shift up that
	 puts the rows below on the lines of the rows above finds code,
	 and no edit does that).  */
      if (d < base && sp < len
	  && rows_between (rows, (int64_t) c.split - (base - d), c.split))
	continue;
      if (sp < len && score_cmp (c.score, stay) > 0)
	{
	  better.safe_push (c);
	  most = MAX (most, c.score.land);
	}
    }
  const candidate *pick = NULL;
  bool tie = false;
  for (unsigned i = 0; i < better.length (); i++)
    {
      const candidate &c = better[i];
      if (c.score.land * 100 < most * 99)
	continue;
      int64_t dist = c.shift > base ? c.shift - base : base - c.shift;
      int64_t pdist = !pick ? INT64_MAX
		      : pick->shift > base ? pick->shift - base
		      : base - pick->shift;
      if (dist < pdist)
	{
	  pick = &c;
	  tie = false;
	}
      else if (dist == pdist)
	tie = true;
    }
  if (pick && !tie)
    {
      m->tail_split = pick->split;
      m->tail_shift = pick->shift;
    }
}

/* The lines of a function the source is read for, from its first.  */
#define AFDO_MATCH_SCAN_LINES 8192

/* Whether the source line LINE of FILE holds code: text other than
   blanks and comments.  *IN_COMMENT says whether the line starts inside
   a block comment, and is left saying whether the next one does.  A
   line that cannot be read holds none.  */
static bool
line_has_text (const char *file, int line, bool *in_comment)
{
  char_span text = location_get_source_line (file, line);
  if (!text)
    {
      *in_comment = false;
      return false;
    }
  const char *p = text.get_buffer ();
  size_t n = text.length ();
  bool code = false;
  for (size_t i = 0; i < n; i++)
    {
      char ch = p[i];
      if (*in_comment)
	{
	  if (ch == '*' && i + 1 < n && p[i + 1] == '/')
	    {
	      *in_comment = false;
	      i++;
	    }
	  continue;
	}
      if (ch == '/' && i + 1 < n && p[i + 1] == '/')
	break;
      if (ch == '/' && i + 1 < n && p[i + 1] == '*')
	{
	  *in_comment = true;
	  i++;
	  continue;
	}
      if (ch == '"' || ch == '\'')
	{
	  /* A literal: a comment's opening in it opens none.  */
	  for (i++; i < n && p[i] != ch; i++)
	    if (p[i] == '\\')
	      i++;
	  code = true;
	  continue;
	}
      if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\f'
	  && ch != '\v')
	code = true;
    }
  return code;
}

/* The samples of ROWS (sorted) on lines of V's function without code
   that are blank or comments in this unit's source, or past the
   function's end: where no build has code, so the lines moved since
   the profile.  Where the source cannot be read, every row off code.  */
uint64_t
samples_on_blank_lines (const ir_view *v, const vec<row> &rows)
{
  const char *file = DECL_SOURCE_FILE (v->decl);
  int base = DECL_SOURCE_LINE (v->decl);
  uint64_t n = 0;
  bool in_comment = false;
  int line = base;
  bool text = true;
  for (unsigned i = 0; i < rows.length (); i++)
    {
      uint32_t off = AFDO_KEY_OFFSET (rows[i].key);
      if (has_code (v, rows[i].key))
	continue;
      if (!file || base <= 0 || off > AFDO_MATCH_SCAN_LINES
	  || (v->end_line && base + (int) off > v->end_line))
	{
	  n = afdo_count_add (n, rows[i].count);
	  continue;
	}
      /* Scan from the function's first line, to know which lines are
	 inside a block comment.  */
      for (; line <= base + (int) off; line++)
	text = line_has_text (file, line, &in_comment);
      if (line - 1 == base + (int) off && !text)
	n = afdo_count_add (n, rows[i].count);
    }
  return n;
}

}  // namespace afdo_match
