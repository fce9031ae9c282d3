/* afdo: the stale-profile matcher of the GCC plugin: rows of a profile
   recorded before the source changed, moved to where their code is now.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* A profile names code by line offsets from the start of its function.
   When lines are inserted or removed in a function between the profiled
   build and this one, every row below the edit names the wrong code.
   The calls of a function are what the two builds most surely share:
   the profile has them as the call sites of its nested instances (calls
   the profiled binary inlined), and this unit as its calls and the
   inlined calls of its inline stacks.  The matcher, before any other
   stage:

   1. gathers, for each source function the unit has code of, the line
      offsets that have code and its calls (offset, callee); and from
      the profile, every instance of the function (top level and nested)
      with its rows and its call sites (nested instances, and the
      targets of its rows: the calls the profiled binary made);
   2. leaves alone a function whose every call site is where the profile
      has it and whose samples fall on lines with code, or at least not
      on lines that are blank or comments now: unchanged; and one whose
      samples fall so while the calls out of place are not the last
      ones (an edit moves every call below it);
   3. otherwise aligns the two sequences of calls by callee name (the
      longest common subsequence) and moves every row: a matched call
      site goes where its call is; the rows between two matched calls
      follow one of them, the earlier ones the first and the later ones
      the second, split where most samples fall on lines with code (ties
      at the middle); the rows after the last call follow it; a row that
      would pass a matched call is dropped;
   4. keeps the move only where it puts more samples on code than
      leaving them;
   5. empties every instance of a function whose calls cannot be aligned
      (fewer than half of the profile's found) or whose samples mostly
      fall where there is no code even so: it is compiled as without a
      profile (its total stays, so it is not made cold);
   6. takes a function of the unit without a profile, called where a
      matched caller's profile calls a function the unit does not know,
      for that function renamed, when each of the two has only the other.

   What it did is counted for verbose, the dump and the build report:
   samples that matched as they were, matched after moving, dropped.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "function.h"
#include "basic-block.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "cgraph.h"
#include "hash-map.h"
#include "hash-set.h"
#include "dumpfile.h"
#include "sreal.h"
#include "afdo-plugin.h"
#include "afdo-match.h"


using namespace afdo_match;

namespace {

struct match_ctx
{
  afdo_session *s;
  afdo_names *names;
  hash_map<tree, ir_view *> views;
  auto_vec<ir_view *> order;
  /* Every instance of the profile, sorted by name.  */
  auto_vec<afdo_function *> insts;
};

int
anchor_cmp (const void *a, const void *b)
{
  const anchor *x = (const anchor *) a, *y = (const anchor *) b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  int ux = x->callee ? DECL_UID (x->callee) : 0;
  int uy = y->callee ? DECL_UID (y->callee) : 0;
  return ux < uy ? -1 : ux > uy;
}

int
key_cmp (const void *a, const void *b)
{
  afdo_key_t x = *(const afdo_key_t *) a, y = *(const afdo_key_t *) b;
  return x < y ? -1 : x > y;
}

int
freq_cmp (const void *a, const void *b)
{
  const std::pair<uint32_t, double> *x
    = (const std::pair<uint32_t, double> *) a;
  const std::pair<uint32_t, double> *y
    = (const std::pair<uint32_t, double> *) b;
  return x->first < y->first ? -1 : x->first > y->first;
}

int
row_cmp (const void *a, const void *b)
{
  const row *x = (const row *) a, *y = (const row *) b;
  return x->key < y->key ? -1 : x->key > y->key;
}

int
inst_cmp (const void *a, const void *b)
{
  const afdo_function *x = *(afdo_function *const *) a;
  const afdo_function *y = *(afdo_function *const *) b;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return 0;
}

bool
inst_less (afdo_function *const &a, afdo_function *const &b)
{
  return a->name < b->name;
}

tree
origin_of (tree decl)
{
  for (int i = 0; i < 16; i++)
    {
      tree o = DECL_ABSTRACT_ORIGIN (decl);
      if (!o || o == decl)
	break;
      decl = o;
    }
  return decl;
}

ir_view *
view_of (match_ctx *c, tree decl)
{
  decl = origin_of (decl);
  bool existed;
  ir_view *&v = c->views.get_or_insert (decl, &existed);
  if (!existed)
    {
      v = XCNEW (ir_view);
      v->decl = decl;
      v->name = c->names->index (decl);
      c->order.safe_push (v);
    }
  return v;
}

/* Step 1, the unit's side: every statement of every function, through
   its inline stack.  */
void
gather_unit (match_ctx *c)
{
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (!afdo_unit_function_p (node))
	continue;
      ir_view *own = view_of (c, node->decl);
      push_cfun (DECL_STRUCT_FUNCTION (node->decl));
      /* The lines of the opening and the closing brace have code in
	 every build (the prologue and the epilogue), and seldom a
	 statement.  */
      tree origin = own->decl;
      location_t braces[2] = { cfun->function_start_locus,
			       cfun->function_end_locus };
      if (LOCATION_LOCUS (cfun->function_end_locus) != UNKNOWN_LOCATION)
	own->end_line = MAX (own->end_line,
			     LOCATION_LINE (cfun->function_end_locus));
      for (unsigned k = 0; k < 2; k++)
	if (LOCATION_LOCUS (braces[k]) != UNKNOWN_LOCATION
	    && LOCATION_LINE (braces[k]) >= DECL_SOURCE_LINE (origin))
	  {
	    uint32_t off = ((uint32_t) LOCATION_LINE (braces[k])
			    - (uint32_t) DECL_SOURCE_LINE (origin)) & 0xffffu;
	    own->keys.safe_push (AFDO_KEY (off, 0));
	    own->freqs.safe_push (std::make_pair (off, 1.0));
	  }
      basic_block bb;
      profile_count entry = ENTRY_BLOCK_PTR_FOR_FN (cfun)->count;
      FOR_EACH_BB_FN (bb, cfun)
	{
	  double freq = 1.0;
	  if (bb->count.initialized_p () && entry.nonzero_p ())
	    freq = bb->count.to_sreal_scale (entry).to_double ();
	  /* A jump's line: a goto or a break is no statement of its own
	     after the CFG is built, but its jump has code on that line in
	     every build that keeps the edge.  */
	  edge e;
	  edge_iterator ei;
	  FOR_EACH_EDGE (e, ei, bb->succs)
	    {
	      if (LOCATION_LOCUS (e->goto_locus) == UNKNOWN_LOCATION)
		continue;
	      tree decls[64];
	      uint32_t offs[64];
	      unsigned n = afdo_loc_frames (e->goto_locus, decls, offs, 64);
	      for (unsigned k = 0; k < n; k++)
		{
		  ir_view *v = view_of (c, decls[k]);
		  v->keys.safe_push (AFDO_KEY (offs[k], 0));
		  v->freqs.safe_push (std::make_pair (offs[k], freq));
		}
	    }
	for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	     gsi_next (&gsi))
	  {
	    gimple *stmt = gsi_stmt (gsi);
	    if (is_gimple_debug (stmt))
	      continue;
	    tree decls[64];
	    uint32_t offs[64];
	    unsigned n = afdo_stmt_frames (stmt, decls, offs, 64);
	    for (unsigned k = 0; k < n; k++)
	      {
		ir_view *v = view_of (c, decls[k]);
		v->keys.safe_push (AFDO_KEY (offs[k], 0));
		v->freqs.safe_push (std::make_pair (offs[k], freq));
		anchor a;
		a.offset = offs[k];
		a.callee = NULL;
		a.name = UINT32_MAX;
		if (k >= 1)
		  a.callee = origin_of (decls[k - 1]);
		else if (is_gimple_call (stmt) && !gimple_call_internal_p (stmt))
		  {
		    tree fn = gimple_call_fndecl (stmt);
		    if (fn && !fndecl_built_in_p (fn))
		      a.callee = origin_of (fn);
		    else if (!fn)
		      /* An indirect call: any function of the profile.  */
		      a.name = AFDO_MATCH_ANY_NAME;
		  }
		if (a.callee)
		  a.name = c->names->index (a.callee);
		if (a.name != UINT32_MAX || a.callee)
		  v->anchors.safe_push (a);
	      }
	  }
	}
      pop_cfun ();
    }
  for (unsigned i = 0; i < c->order.length (); i++)
    {
      ir_view *v = c->order[i];
      v->keys.qsort (key_cmp);
      unsigned k = 0;
      for (unsigned j = 0; j < v->keys.length (); j++)
	if (k == 0 || v->keys[k - 1] != v->keys[j])
	  v->keys[k++] = v->keys[j];
      v->keys.truncate (k);
      v->freqs.qsort (freq_cmp);
      k = 0;
      for (unsigned j = 0; j < v->freqs.length (); j++)
	if (k > 0 && v->freqs[k - 1].first == v->freqs[j].first)
	  v->freqs[k - 1].second = MAX (v->freqs[k - 1].second,
					v->freqs[j].second);
	else
	  v->freqs[k++] = v->freqs[j];
      v->freqs.truncate (k);
      v->anchors.qsort (anchor_cmp);
      k = 0;
      for (unsigned j = 0; j < v->anchors.length (); j++)
	if (k == 0 || anchor_cmp (&v->anchors[k - 1], &v->anchors[j]) != 0)
	  v->anchors[k++] = v->anchors[j];
      v->anchors.truncate (k);
    }
}

int
collect_inst (afdo_function *fn, unsigned, void *data)
{
  ((vec<afdo_function *> *) data)->safe_push (fn);
  return 0;
}

/* The instances of the profile named NAME: [*FIRST, *LAST) of C's.  */
void
instances_of (match_ctx *c, uint32_t name, unsigned *first, unsigned *last)
{
  afdo_function key = {};
  key.name = name;
  unsigned lo = c->insts.lower_bound (&key, inst_less);
  unsigned end = lo;
  while (end < c->insts.length () && c->insts[end]->name == name)
    end++;
  *first = lo;
  *last = end;
}

/* The profile's side of NAME: its rows summed over its instances, and
   its call sites.  */
void
gather_profile (match_ctx *c, uint32_t name, vec<row> *rows,
		vec<anchor> *anchors)
{
  unsigned first, last;
  instances_of (c, name, &first, &last);
  for (unsigned i = first; i < last; i++)
    {
      afdo_function *f = c->insts[i];
      for (uint32_t j = 0; j < f->n_pos; j++)
	{
	  row r = { f->pos[j].key, f->pos[j].count };
	  rows->safe_push (r);
	  /* The calls the profiled binary made on the line: the
	     converter names the callee of each direct call, branch records
	     and call chains the targets of an indirect one (which the
	     unit's indirect call matches, whichever it is).  */
	  for (uint32_t t = 0; t < f->pos[j].n_targets; t++)
	    {
	      anchor a;
	      a.offset = AFDO_KEY_OFFSET (f->pos[j].key);
	      a.name = f->pos[j].targets[t].name;
	      a.callee = NULL;
	      anchors->safe_push (a);
	    }
	}
      for (uint32_t j = 0; j < f->n_callees; j++)
	{
	  /* The samples of a call site count where the call is.  */
	  row cr = { AFDO_KEY (AFDO_KEY_OFFSET (f->callees[j]->callsite), 0),
		     f->callees[j]->total };
	  rows->safe_push (cr);
	  anchor a;
	  a.offset = AFDO_KEY_OFFSET (f->callees[j]->callsite);
	  a.name = f->callees[j]->name;
	  a.callee = NULL;
	  anchors->safe_push (a);
	}
    }
  rows->qsort (row_cmp);
  unsigned k = 0;
  for (unsigned j = 0; j < rows->length (); j++)
    if (k > 0 && (*rows)[k - 1].key == (*rows)[j].key)
      (*rows)[k - 1].count = afdo_count_add ((*rows)[k - 1].count,
					     (*rows)[j].count);
    else
      (*rows)[k++] = (*rows)[j];
  rows->truncate (k);
  anchors->qsort (anchor_cmp);
  k = 0;
  for (unsigned j = 0; j < anchors->length (); j++)
    if (k == 0 || (*anchors)[k - 1].offset != (*anchors)[j].offset
	|| (*anchors)[k - 1].name != (*anchors)[j].name)
      (*anchors)[k++] = (*anchors)[j];
  anchors->truncate (k);
}

/* Step 6: a function of the unit with no profile of its own (DECL),
   called where a caller's profile calls NAME.  */
struct rename_vote
{
  uint32_t name;
  tree decl;
};

int
vote_cmp (const void *a, const void *b)
{
  const rename_vote *x = (const rename_vote *) a;
  const rename_vote *y = (const rename_vote *) b;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return DECL_UID (x->decl) < DECL_UID (y->decl) ? -1
	 : DECL_UID (x->decl) > DECL_UID (y->decl);
}

typedef std::pair<unsigned, afdo_function *> depth_inst;

int
depth_cmp (const void *a, const void *b)
{
  const depth_inst *x = (const depth_inst *) a;
  const depth_inst *y = (const depth_inst *) b;
  return x->first > y->first ? -1 : x->first < y->first;
}

/* What the matcher decided for one function.  */
enum verdict
{
  UNCHANGED,
  MOVED,
  KEPT,
  EMPTIED
};

/* Steps 2 to 5 for V: its map in *M; the verdict.  VOTES gets the
   renames its calls suggest.  */
verdict
match_view (match_ctx *c, ir_view *v, offset_map *m, vec<rename_vote> *votes,
	    hash_set<int_hash<unsigned, UINT_MAX> > *unit_names,
	    unsigned *n_anchors, unsigned *n_matched)
{
  auto_vec<row> rows;
  auto_vec<anchor> pa;
  gather_profile (c, v->name, &rows, &pa);
  *n_anchors = pa.length ();
  *n_matched = 0;
  uint64_t total = 0;
  for (unsigned i = 0; i < rows.length (); i++)
    total = afdo_count_add (total, rows[i].count);
  uint64_t as_is = landed (v, rows, NULL);

  /* Unchanged: every call site where the profile has it.  */
  bool calls_in_place = true;
  for (unsigned i = 0; i < pa.length () && calls_in_place; i++)
    {
      bool found = false;
      for (unsigned j = 0; j < v->anchors.length () && !found; j++)
	found = (v->anchors[j].offset == pa[i].offset
		 && anchor_matches (pa[i], v->anchors[j]));
      calls_in_place = found;
    }
  /* Samples off code are evidence of a change only when there are
     min-samples of them and they are a quarter of the function's, and
     only those on lines that are blank or comments now: a line whose
     code GCC's early passes folded into another's (a copy such as
     "unsigned h = k;", a return of a value already loaded) has a row
     and no statement in every build.  */
  uint64_t enough = (uint64_t) c->s->opts.min_samples;
  uint64_t off_code = total - MIN (as_is, total);
  bool lands = off_code * 4 < total || off_code < enough;
  /* The source is read only when the statements say too few land, as
     they do in nearly every function of a fresh profile.  */
  if (!lands)
    {
      off_code = samples_on_blank_lines (v, rows);
      lands = off_code * 4 < total || off_code < enough;
    }
  if (calls_in_place && lands)
    return UNCHANGED;

  if (!align_calls (pa, v->anchors, m, n_matched))
    return KEPT;
  choose_splits (v, rows, m);

  /* Renames: an unmatched call of the profile to a function the unit
     does not know, moved with the calls around it onto a call of the
     unit to a function the profile does not know, which is the only
     such call between the same two matched calls (a function without
     samples called nearby is no rename).  */
  for (unsigned i = 0; i < pa.length (); i++)
    {
      if (unit_names->contains (pa[i].name))
	continue;
      uint32_t to = map_offset (m, pa[i].offset);
      if (to == UINT32_MAX)
	continue;
      /* The unit's lines between the matched calls around it.  */
      int64_t lo = -1, hi = INT64_MAX;
      for (unsigned k = 0; k < m->pairs.length (); k++)
	if (m->pairs[k].first < pa[i].offset)
	  lo = m->pairs[k].second;
	else if (m->pairs[k].first > pa[i].offset)
	  {
	    hi = m->pairs[k].second;
	    break;
	  }
      tree only = NULL_TREE;
      bool at_to = false, several = false;
      for (unsigned j = 0; j < v->anchors.length (); j++)
	{
	  const anchor &a = v->anchors[j];
	  if ((int64_t) a.offset <= lo || (int64_t) a.offset >= hi
	      || a.name != UINT32_MAX || !a.callee
	      || !c->views.get (a.callee))
	    continue;
	  if (only && only != a.callee)
	    several = true;
	  only = a.callee;
	  at_to |= a.offset == to;
	}
      if (only && at_to && !several)
	{
	  rename_vote r = { pa[i].name, only };
	  votes->safe_push (r);
	}
    }
  /* Where the samples fall on code as they are, the calls alone say
     that lines moved only as an edit moves them: lines inserted or
     removed above a call move it and every call below it, so the calls
     out of place are the last ones.  GCC keeps one of two identical
     calls, or merges their code, in one build and not in another (lua's
     luaO_pushvfstring: the profiled binary's calls of addstr2buff for
     '%c' and '%%', this unit's for '%s' and '%U', each seemingly moved
     by 4 to 6 lines between calls in place): no edit.  */
  if (lands)
    {
      unsigned n = m->pairs.length (), first = 0;
      while (first < n && m->pairs[first].first == m->pairs[first].second)
	first++;
      bool edit = first < n;
      for (unsigned i = first; i < n && edit; i++)
	edit = m->pairs[i].first != m->pairs[i].second;
      if (!edit)
	{
	  m->pairs.truncate (0);
	  m->split.truncate (0);
	  return UNCHANGED;
	}
    }
  choose_tail (v, rows, m);
  uint64_t moved = landed (v, rows, m);

  /* A call that moved is the evidence: the rows follow the calls unless
     that puts clearly fewer samples on code (lines GCC compiles to no
     statement, such as a closing brace, make "on code" approximate).
     Without one, rows move by the lines' agreement alone only when that
     puts nine tenths of the samples on code: lines inserted above them,
     not a shift that finds code by chance.  */
  bool any_moved = false;
  for (unsigned i = 0; i < m->pairs.length (); i++)
    any_moved |= m->pairs[i].first != m->pairs[i].second;
  bool move = (any_moved ? moved * 10 >= as_is * 9
	       : moved > as_is && moved * 10 >= total * 9);
  /* Calls the profile has elsewhere are the evidence of a change; with
     fewer than half of them found, nothing says where the rows go.  */
  bool confident = calls_in_place || *n_matched * 2 >= pa.length ();
  uint64_t best = move ? moved : as_is;
  if (!confident
      || (total - MIN (best, total) >= enough
	  && best * 100 < total * (uint64_t) c->s->opts.match_percent))
    return EMPTIED;
  if (move)
    return MOVED;
  m->pairs.truncate (0);
  m->split.truncate (0);
  m->tail_split = UINT32_MAX;
  return KEPT;
}

}  // anon namespace

void
afdo_match_unit (afdo_session *s)
{
  if (!s->opts.match)
    return;
  match_ctx c;
  c.s = s;
  afdo_names names (s->prof);
  c.names = &names;
  gather_unit (&c);
  afdo_profile_walk (s->prof, collect_inst, &c.insts);
  c.insts.qsort (inst_cmp);

  /* The profile names of the functions the unit knows.  */
  hash_set<int_hash<unsigned, UINT_MAX> > unit_names;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    {
      uint32_t idx = names.index (node->decl);
      if (idx != UINT32_MAX)
	unit_names.add (idx);
    }

  afdo_match_stats &st = s->match_stats;
  auto_vec<rename_vote> votes;
  auto_vec<std::pair<ir_view *, offset_map *> > moves;
  auto_vec<ir_view *> emptied;
  /* First the renames the calls of every function suggest, which each
     side suggested alone; then every function is matched with the
     renamed calls known by their profile names.  */
  for (unsigned i = 0; i < c.order.length (); i++)
    {
      ir_view *v = c.order[i];
      unsigned first, last, n_anchors, n_matched;
      if (v->name == UINT32_MAX)
	continue;
      instances_of (&c, v->name, &first, &last);
      if (first == last)
	continue;
      offset_map m;
      match_view (&c, v, &m, &votes, &unit_names, &n_anchors, &n_matched);
    }
  votes.qsort (vote_cmp);
  for (unsigned i = 0; i < votes.length (); i++)
    {
      bool alone = true;
      for (unsigned j = 0; j < votes.length () && alone; j++)
	if ((votes[j].name == votes[i].name)
	    != (votes[j].decl == votes[i].decl))
	  alone = false;
      if (!alone || (i > 0 && votes[i - 1].decl == votes[i].decl))
	continue;
      ir_view **v = c.views.get (votes[i].decl);
      if (!v || (*v)->name != UINT32_MAX)
	continue;
      const char *old = afdo_name (s->prof, votes[i].name);
      const char *now = IDENTIFIER_POINTER (DECL_NAME ((*v)->decl));
      afdo_names_rename ((*v)->decl, old);
      (*v)->name = votes[i].name;
      st.renamed++;
      if (dump_file)
	fprintf (dump_file, "matcher: %s found as %s in the profile "
		 "(through its callers)\n", now, old);
      if (s->opts.verbose)
	fprintf (stderr, "afdo: %s: %s: the profile's %s used (renamed, "
		 "found through its callers)\n", afdo_input_name (), now, old);
      for (unsigned k = 0; k < c.order.length (); k++)
	for (unsigned j = 0; j < c.order[k]->anchors.length (); j++)
	  if (c.order[k]->anchors[j].callee == (*v)->decl)
	    c.order[k]->anchors[j].name = votes[i].name;
    }
  for (unsigned i = 0; i < c.order.length (); i++)
    c.order[i]->anchors.qsort (anchor_cmp);
  votes.truncate (0);

  for (unsigned i = 0; i < c.order.length (); i++)
    {
      ir_view *v = c.order[i];
      if (v->name == UINT32_MAX)
	continue;
      unsigned first, last;
      instances_of (&c, v->name, &first, &last);
      if (first == last)
	continue;
      offset_map *m = new offset_map ();
      unsigned n_anchors, n_matched;
      verdict what = match_view (&c, v, m, &votes, &unit_names,
				 &n_anchors, &n_matched);
      const char *fname = afdo_name (s->prof, v->name);
      const char *said = (what == MOVED ? "rows moved"
			  : what == KEPT ? "rows kept where they are"
			  : "cannot be matched: compiled as without a "
			    "profile");
      if (what != UNCHANGED)
	st.changed++;
      if (what == MOVED)
	{
	  moves.safe_push (std::make_pair (v, m));
	  st.moved_functions++;
	}
      else
	{
	  if (what == EMPTIED)
	    {
	      emptied.safe_push (v);
	      st.emptied_functions++;
	    }
	  delete m;
	}
      if (what != UNCHANGED && dump_file)
	fprintf (dump_file, "matcher: %s: source changed: %u of %u call "
		 "sites of the profile found; %s\n", fname, n_matched,
		 n_anchors, said);
      if (what != UNCHANGED && s->opts.verbose)
	fprintf (stderr, "afdo: %s: %s: source changed since the profile: "
		 "%u of %u call sites found; %s\n", afdo_input_name (),
		 fname, n_matched, n_anchors, said);
    }

  /* Count what lands before anything moves, then move: the deepest
     instances first, so a nested instance is moved before its caller's
     move may merge it into another.  */
  hash_map<int_hash<unsigned, UINT_MAX>, offset_map *> map_of;
  for (unsigned i = 0; i < moves.length (); i++)
    map_of.put (moves[i].first->name, moves[i].second);
  hash_set<int_hash<unsigned, UINT_MAX> > empty_names;
  for (unsigned i = 0; i < emptied.length (); i++)
    empty_names.add (emptied[i]->name);
  for (unsigned i = 0; i < c.order.length (); i++)
    {
      ir_view *v = c.order[i];
      if (v->name == UINT32_MAX)
	continue;
      unsigned first, last;
      instances_of (&c, v->name, &first, &last);
      offset_map **m = map_of.get (v->name);
      bool empty = empty_names.contains (v->name);
      for (unsigned k = first; k < last; k++)
	{
	  afdo_function *f = c.insts[k];
	  for (uint32_t j = 0; j < f->n_pos; j++)
	    {
	      const afdo_pos *p = &f->pos[j];
	      uint32_t off = AFDO_KEY_OFFSET (p->key);
	      uint32_t to = m ? map_offset (*m, off) : off;
	      if (empty || to == UINT32_MAX)
		st.dropped = afdo_count_add (st.dropped, p->count);
	      else if (has_code (v, AFDO_KEY (to, AFDO_KEY_DISC (p->key))))
		{
		  if (to == off)
		    st.as_is = afdo_count_add (st.as_is, p->count);
		  else
		    st.after = afdo_count_add (st.after, p->count);
		}
	    }
	}
    }
  /* Emptied functions first: a top-level instance loses its rows and is
     marked, so its function keeps its static profile; a nested one goes
     with what is nested in it, so its call site has no instance.  Then
     the moves, the deepest instances first: a nested instance is moved
     before its caller's move may merge it into another.  */
  auto_vec<depth_inst> todo;
  hash_set<afdo_function *> gone;
  for (unsigned i = 0; i < c.insts.length (); i++)
    {
      afdo_function *f = c.insts[i];
      if (!map_of.get (f->name) && !empty_names.contains (f->name))
	continue;
      unsigned depth = 0;
      for (afdo_function *p = f->parent; p; p = p->parent)
	depth++;
      todo.safe_push (std::make_pair (depth, f));
      /* What is nested in an emptied instance goes with it.  */
      if (empty_names.contains (f->name))
	gone.add (f);
    }
  todo.qsort (depth_cmp);
  auto_vec<afdo_function *> to_empty, to_move;
  for (unsigned i = 0; i < todo.length (); i++)
    {
      afdo_function *f = todo[i].second;
      bool inside = false;
      for (afdo_function *p = f->parent; p && !inside; p = p->parent)
	inside = gone.contains (p);
      if (inside)
	continue;
      if (empty_names.contains (f->name))
	to_empty.safe_push (f);
      else
	to_move.safe_push (f);
    }
  for (unsigned i = 0; i < to_empty.length (); i++)
    {
      afdo_function *f = to_empty[i];
      if (f->parent)
	afdo_function_drop_callee (f->parent, f);
      else
	{
	  afdo_function_clear (f);
	  f->aux |= AFDO_AUX_EMPTIED;
	}
    }
  for (unsigned i = 0; i < to_move.length (); i++)
    {
      afdo_function *f = to_move[i];
      afdo_function_rekey (s->prof, f, map_offset_cb, *map_of.get (f->name),
			   NULL, NULL);
    }

  if (dump_file && (st.changed || st.renamed))
    fprintf (dump_file, "matcher: %u functions changed: %u moved, %u "
	     "without a profile, %u renamed; samples matched as they were %"
	     PRIu64 ", after moving %" PRIu64 ", dropped %" PRIu64 "\n",
	     st.changed, st.moved_functions, st.emptied_functions, st.renamed,
	     st.as_is, st.after, st.dropped);
  if (s->opts.verbose && (st.changed || st.renamed))
    fprintf (stderr, "afdo: %s: stale profile: %u functions changed: %u "
	     "moved, %u without a profile, %u renamed; samples matched as "
	     "they were %" PRIu64 ", after moving %" PRIu64 ", dropped %"
	     PRIu64 "\n", afdo_input_name (), st.changed, st.moved_functions,
	     st.emptied_functions, st.renamed, st.as_is, st.after, st.dropped);

  for (unsigned i = 0; i < moves.length (); i++)
    delete moves[i].second;
  for (unsigned i = 0; i < c.order.length (); i++)
    {
      c.order[i]->anchors.release ();
      c.order[i]->keys.release ();
      c.order[i]->freqs.release ();
      XDELETE (c.order[i]);
    }
}
