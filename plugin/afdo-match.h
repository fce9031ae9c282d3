/* afdo: the stale-profile matcher's shared parts: what each side has
   of a function, and the move of its rows (afdo-match.cc,
   afdo-match-map.cc).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_MATCH_H
#define AFDO_MATCH_H

/* Stage, before all others: where a function's source changed since
   the profile was recorded, move its rows to where its code is now,
   anchored by the calls the two have in common; find functions renamed
   since through their callers; empty the instances of a function that
   cannot be matched with confidence (afdo-match.cc).  */
void afdo_match_unit (afdo_session *);

/* From now on, lookups of DECL's name find NAME, the name under which
   the profile knows DECL's function (afdo-lookup.cc).  */
void afdo_names_rename (tree decl, const char *name);

namespace afdo_match {

/* A call: the line offset of the call site and the callee, by its index
   in the profile's string table (UINT32_MAX: a name the profile does
   not have; AFDO_MATCH_ANY_NAME: an indirect call of the unit) and, on
   the unit's side, its declaration (NULL for an indirect call).  */
struct anchor
{
  uint32_t offset;
  uint32_t name;
  tree callee;
};

/* One source function as the unit has it.  */
struct ir_view
{
  tree decl;
  uint32_t name;
  vec<anchor> anchors;
  /* The lines with code, sorted (keys without a discriminator).  */
  vec<afdo_key_t> keys;
  /* Per line with code, sorted: how often GCC's static estimate runs
     it, per entry of the function it is in.  */
  vec<std::pair<uint32_t, double> > freqs;
  /* The line of its closing brace, when the unit defines it; else 0.  */
  int end_line;
};

/* A row of the profile's function (all its instances summed).  */
struct row
{
  afdo_key_t key;
  uint64_t count;
};

/* Orders for vec::lower_bound over sorted keys and rows.  */
static inline bool
key_less (const afdo_key_t &a, const afdo_key_t &b)
{
  return a < b;
}

static inline bool
row_less (const row &a, const row &b)
{
  return a.key < b.key;
}

/* The move of one function's rows: the matched calls (old offset -> new
   offset), increasing in both, and where the rows between two of them
   stop following the first.  */
struct offset_map
{
  auto_vec<std::pair<uint32_t, uint32_t> > pairs;
  /* For the gap before PAIRS[i]: rows at offsets below SPLIT[i] follow
     the pair before it (the start of the function, for the first), the
     others PAIRS[i].  */
  auto_vec<uint32_t> split;
  /* After the last pair (everywhere, without pairs): rows at offsets
     from TAIL_SPLIT on move by TAIL_SHIFT lines, not with the last
     pair.  */
  uint32_t tail_split;
  int64_t tail_shift;

  offset_map () : tail_split (UINT32_MAX), tail_shift (0) {}
};

/* How far the rows after the last matched call may move on their own:
   lines inserted or removed there, where no call anchors them.  */
#define AFDO_MATCH_TAIL_LINES 32

/* The name of an indirect call of the unit: it matches a call of the
   profile to any function.  */
#define AFDO_MATCH_ANY_NAME (UINT32_MAX - 1)

/* Whether the profile's call P and the unit's call I name the same
   function.  */
static inline bool
anchor_matches (const anchor &p, const anchor &i)
{
  return (i.name != UINT32_MAX
	  && (p.name == i.name || i.name == AFDO_MATCH_ANY_NAME));
}

/* Whether V has code at KEY: the same discriminator, or any on the
   line for a row without one.  */
bool has_code (const ir_view *v, afdo_key_t key);
/* The new offset of old offset OFF under M, or UINT32_MAX to drop.  */
uint32_t map_offset (const offset_map *m, uint32_t off);

/* The samples of ROWS (sorted) on lines of V without code that are
   blank or comments in the unit's source, or past the function's
   end.  */
uint64_t samples_on_blank_lines (const ir_view *v, const vec<row> &rows);
/* The same, for afdo_function_rekey.  */
uint32_t map_offset_cb (uint32_t off, void *data);
/* Samples of ROWS (sorted) that land on code of V under M (NULL: where
   they are).  */
uint64_t landed (const ir_view *v, const vec<row> &rows,
		 const offset_map *m);
/* The matched calls of the longest common subsequence of PA (the
   profile's calls) and IA (the unit's), by name, into M->pairs, and
   how many calls matched; false when the two are too long to align.  */
bool align_calls (const vec<anchor> &pa, const vec<anchor> &ia,
		  offset_map *m, unsigned *n_matched);
/* Where the rows of each gap between matched calls stop following the
   earlier call, into M->split.  */
void choose_splits (const ir_view *v, const vec<row> &rows, offset_map *m);
/* Whether the rows after the last matched call move by a shift of
   their own, into M->tail_split and M->tail_shift.  */
void choose_tail (const ir_view *v, const vec<row> &rows, offset_map *m);

}  // namespace afdo_match

#endif /* AFDO_MATCH_H */
