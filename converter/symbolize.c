/* Symbolizer: ELF address -> inline stack with libdw.  Each compilation
   unit's line table and tree of subprograms and inlined subroutines is
   built once, then every lookup is a pair of binary searches and a
   walk down the inline tree.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdlib.h>
#include <string.h>

#include <dwarf.h>

#include "afdo-map.h"
#include "symbolize.h"

#ifndef DW_AT_GNU_discriminator
#define DW_AT_GNU_discriminator 0x2136
#endif

typedef struct sym_row
{
  uint64_t addr;
  uint32_t line, disc;		/* line UINT32_MAX: end of a sequence */
  uint32_t mult;		/* duplication factor (LLVM), else 1 */
} sym_row;

typedef struct sym_range
{
  uint64_t lo, hi;
} sym_range;

typedef struct sym_top
{
  uint64_t lo, hi;
  sym_scope *scope;
} sym_top;

/* What a scope needs of its DIE: its name (scope_name) and declaration
   line (dwarf_decl_line; HAS_DECL_LINE false when it has none).  */
typedef struct die_info
{
  const char *name;
  int decl_line;
  bool has_decl_line;
} die_info;

typedef struct sym_cu
{
  Dwarf_Off off;
  bool llvm;			/* discriminators in LLVM's encoding */
  sym_row *rows;
  size_t n_rows;
  sym_range *ranges;
  size_t n_ranges, cap_ranges;
  sym_top *tops;
  size_t n_tops, cap_tops;
  bool tops_dirty;		/* tops to sort again */
  sym_top *kids;		/* children's ranges of every scope */
  size_t n_kids, cap_kids;
  /* The name and declaration line of abstract origins (die_info).  */
  afdo_map origins;		/* (origin's offset, 0) -> index + 1 */
  struct die_info *orig;
  size_t n_orig, cap_orig;
  /* Scopes are allocated in blocks so pointers stay valid.  */
  sym_scope **blocks;
  size_t n_blocks, used_in_block;
  size_t n_scopes;
} sym_cu;

#define SCOPE_BLOCK 1024

/* The address ranges of a compilation unit, from its DIE.  */
typedef struct cu_span
{
  uint64_t lo, hi;
  Dwarf_Off off;
} cu_span;

struct symbolizer
{
  binary *bin;
  sym_cu **cus;			/* hash by CU offset */
  size_t n_cus, cap_cus;
  sym_cu *last;			/* the last CU used */
  uint64_t lookups;
  /* For addresses that .debug_aranges does not cover (clang writes no
     .debug_aranges): every unit's ranges, sorted, built at the first
     such address.  */
  cu_span *spans;
  size_t n_spans;
  bool spans_built;
};

symbolizer *
symbolizer_new (binary *b)
{
  symbolizer *s = calloc (1, sizeof *s);
  if (s)
    s->bin = b;
  return s;
}

static void
cu_free (sym_cu *c)
{
  if (!c)
    return;
  free (c->rows);
  free (c->ranges);
  free (c->tops);
  free (c->kids);
  afdo_map_free (&c->origins);
  free (c->orig);
  for (size_t i = 0; i < c->n_blocks; i++)
    free (c->blocks[i]);
  free (c->blocks);
  free (c);
}

void
symbolizer_free (symbolizer *s)
{
  if (!s)
    return;
  for (size_t i = 0; i < s->cap_cus; i++)
    cu_free (s->cus[i]);
  free (s->cus);
  free (s->spans);
  free (s);
}

void
symbolizer_stats (const symbolizer *s, sym_stats *st)
{
  memset (st, 0, sizeof *st);
  for (size_t i = 0; i < s->cap_cus; i++)
    if (s->cus[i])
      {
	st->cus++;
	st->scopes += s->cus[i]->n_scopes;
      }
  st->lookups = s->lookups;
}

unsigned
sym_depth (const sym_scope *sc)
{
  unsigned d = 0;
  for (; sc; sc = sc->parent)
    d++;
  return d;
}

uint64_t
sym_scope_unit (const sym_scope *sc)
{
  Dwarf_Die cu;
  Dwarf_Die die = sc->die;
  if (!dwarf_diecu (&die, &cu, NULL, NULL))
    return UINT64_MAX;
  return dwarf_dieoffset (&cu);
}

static int
row_cmp (const void *a, const void *b)
{
  const sym_row *x = a, *y = b;
  if (x->addr != y->addr)
    return x->addr < y->addr ? -1 : 1;
  return 0;
}

static int
top_cmp (const void *a, const void *b)
{
  const sym_top *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  return x->hi < y->hi ? -1 : x->hi > y->hi;
}

/* The line table of the CU: one row per address (the last row at an
   address is the one in effect), end-of-sequence rows as gaps.  */
static void
build_rows (sym_cu *c, Dwarf_Die *cudie)
{
  Dwarf_Lines *lines;
  size_t n;
  if (dwarf_getsrclines (cudie, &lines, &n) != 0 || n == 0)
    return;
  c->rows = malloc (n * sizeof *c->rows);
  if (!c->rows)
    return;
  size_t o = 0;
  for (size_t i = 0; i < n; i++)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      Dwarf_Addr a;
      bool endseq = false;
      int line = 0;
      unsigned disc = 0;
      if (!l || dwarf_lineaddr (l, &a) != 0)
	continue;
      dwarf_lineendsequence (l, &endseq);
      dwarf_lineno (l, &line);
      dwarf_linediscriminator (l, &disc);
      sym_row r = { a, endseq ? UINT32_MAX : (uint32_t) (line < 0 ? 0 : line),
		    endseq ? 0 : disc, 1 };
      if (c->llvm && !endseq)
	{
	  r.disc = sym_llvm_base_discriminator (disc);
	  r.mult = sym_llvm_duplication_factor (disc);
	}
      c->rows[o++] = r;
    }
  /* libdw sorts by address already (keeping the order of rows at the
     same address); sort only when needed.  */
  bool sorted = true;
  for (size_t i = 1; i < o && sorted; i++)
    if (c->rows[i].addr < c->rows[i - 1].addr)
      sorted = false;
  if (!sorted)
    qsort (c->rows, o, sizeof *c->rows, row_cmp);
  /* Collapse rows at the same address: a non-end row wins over an
     end-of-sequence row (a new sequence starting where one ended), and
     among the others the last one is in effect.  */
  size_t w = 0;
  for (size_t i = 0; i < o; i++)
    {
      if (w && c->rows[w - 1].addr == c->rows[i].addr)
	{
	  if (c->rows[i].line != UINT32_MAX
	      || c->rows[w - 1].line == UINT32_MAX)
	    c->rows[w - 1] = c->rows[i];
	}
      else
	c->rows[w++] = c->rows[i];
    }
  c->n_rows = w;
}

static sym_scope *
new_scope (sym_cu *c)
{
  if (c->n_blocks == 0 || c->used_in_block == SCOPE_BLOCK)
    {
      sym_scope **nb = realloc (c->blocks, (c->n_blocks + 1) * sizeof *nb);
      if (!nb)
	return NULL;
      c->blocks = nb;
      c->blocks[c->n_blocks] = calloc (SCOPE_BLOCK, sizeof (sym_scope));
      if (!c->blocks[c->n_blocks])
	return NULL;
      c->n_blocks++;
      c->used_in_block = 0;
    }
  c->n_scopes++;
  return &c->blocks[c->n_blocks - 1][c->used_in_block++];
}

static bool
add_range (sym_cu *c, uint64_t lo, uint64_t hi)
{
  if (c->n_ranges == c->cap_ranges)
    {
      size_t nc = c->cap_ranges ? 2 * c->cap_ranges : 256;
      sym_range *n = realloc (c->ranges, nc * sizeof *n);
      if (!n)
	return false;
      c->ranges = n;
      c->cap_ranges = nc;
    }
  c->ranges[c->n_ranges].lo = lo;
  c->ranges[c->n_ranges].hi = hi;
  c->n_ranges++;
  return true;
}

static bool
add_top (sym_cu *c, uint64_t lo, uint64_t hi, sym_scope *sc)
{
  if (c->n_tops == c->cap_tops)
    {
      size_t nc = c->cap_tops ? 2 * c->cap_tops : 64;
      sym_top *n = realloc (c->tops, nc * sizeof *n);
      if (!n)
	return false;
      c->tops = n;
      c->cap_tops = nc;
    }
  c->tops[c->n_tops].lo = lo;
  c->tops[c->n_tops].hi = hi;
  c->tops[c->n_tops].scope = sc;
  c->n_tops++;
  return true;
}

static const char *
scope_name (Dwarf_Die *die)
{
  Dwarf_Attribute a;
  const char *n = NULL;
  if (dwarf_attr_integrate (die, DW_AT_linkage_name, &a))
    n = dwarf_formstring (&a);
  if (!n && dwarf_attr_integrate (die, DW_AT_MIPS_linkage_name, &a))
    n = dwarf_formstring (&a);
  if (!n && dwarf_attr_integrate (die, DW_AT_name, &a))
    n = dwarf_formstring (&a);
  return n;
}

/* DIE's name and declaration line.  An inlined instance that has
   neither of its own gets both from its abstract origin, as every
   other instance of that origin does (dwarf_attr_integrate follows
   DW_AT_abstract_origin first): they are read once per origin.  */
static void
die_info_get (sym_cu *c, Dwarf_Die *die, die_info *out)
{
  Dwarf_Attribute a;
  Dwarf_Die origin;
  bool shared = dwarf_attr (die, DW_AT_abstract_origin, &a)
		&& dwarf_formref_die (&a, &origin) != NULL
		&& !dwarf_hasattr (die, DW_AT_linkage_name)
		&& !dwarf_hasattr (die, DW_AT_MIPS_linkage_name)
		&& !dwarf_hasattr (die, DW_AT_name)
		&& !dwarf_hasattr (die, DW_AT_decl_line);
  Dwarf_Off o = shared ? dwarf_dieoffset (&origin) : 0;
  uint64_t k = shared ? afdo_map_get (&c->origins, o, 0) : 0;
  if (k)
    {
      *out = c->orig[k - 1];
      return;
    }
  out->name = scope_name (die);
  out->decl_line = 0;
  out->has_decl_line = dwarf_decl_line (die, &out->decl_line) == 0;
  if (!out->has_decl_line)
    out->decl_line = 0;
  if (!shared)
    return;
  if (c->n_orig == c->cap_orig)
    {
      size_t nc = c->cap_orig ? 2 * c->cap_orig : 256;
      die_info *v = realloc (c->orig, nc * sizeof *v);
      if (!v)
	return;
      c->orig = v;
      c->cap_orig = nc;
    }
  if (afdo_map_put (&c->origins, o, 0, c->n_orig + 1))
    c->orig[c->n_orig++] = *out;
}

static uint32_t
udata_attr (Dwarf_Die *die, unsigned name)
{
  Dwarf_Attribute a;
  Dwarf_Word w;
  if (dwarf_attr (die, name, &a) && dwarf_formudata (&a, &w) == 0)
    return (uint32_t) w;
  return 0;
}

static void walk (sym_cu *c, Dwarf_Die *die, sym_scope *parent, int depth);

/* Whether the inlined subroutine DIE in PARENT is a part GCC split off
   PARENT's own function (-fpartial-inlining: F becomes F and F.part.N)
   and then inlined back into it: the same function, called at its own
   declaration line, which is where GCC puts the call of the part.  Its
   code is the function's own code; the plugin, which compiles the
   unsplit function or puts the part back (split-parts), looks its
   statements up as the function's own, so the profile must not nest
   them one level deeper (F at offset 0 in F).  */
static bool
split_part_p (sym_cu *c, Dwarf_Die *die, const sym_scope *parent)
{
  die_info di;
  die_info_get (c, die, &di);
  if (!di.name || !parent->name || strcmp (di.name, parent->name) != 0
      || !di.has_decl_line || di.decl_line != parent->decl_line)
    return false;
  return udata_attr (die, DW_AT_call_line) == (uint32_t) di.decl_line;
}

/* A scope for DIE.  Outline functions (PARENT NULL) are only recorded
   with their ranges; their inline trees are read when an address falls
   in them (expand_scope).  */
static void
make_scope (sym_cu *c, Dwarf_Die *die, sym_scope *parent, int depth)
{
  if (parent && split_part_p (c, die, parent))
    {
      walk (c, die, parent, depth + 1);
      return;
    }
  Dwarf_Addr base, lo, hi;
  ptrdiff_t off = 0;
  size_t first = c->n_ranges;
  while ((off = dwarf_ranges (die, off, &base, &lo, &hi)) > 0)
    if (hi > lo && !add_range (c, lo, hi))
      return;
  if (c->n_ranges == first)
    return;			/* no code */
  sym_scope *sc = new_scope (c);
  if (!sc)
    return;
  sc->parent = parent;
  die_info di;
  die_info_get (c, die, &di);
  sc->name = di.name;
  sc->decl_line = di.decl_line;
  sc->first_range = (uint32_t) first;
  sc->n_ranges = (uint32_t) (c->n_ranges - first);
  sc->die = *die;
  if (parent)
    {
      sc->call_line = udata_attr (die, DW_AT_call_line);
      sc->call_disc = udata_attr (die, DW_AT_GNU_discriminator);
      if (c->llvm)
	sc->call_disc = sym_llvm_base_discriminator (sc->call_disc);
      sc->next_sibling = parent->first_child;
      parent->first_child = sc;
      sc->expanded = true;
      walk (c, die, sc, depth + 1);
    }
  else
    {
      for (size_t i = first; i < c->n_ranges; i++)
	if (!add_top (c, c->ranges[i].lo, c->ranges[i].hi, sc))
	  return;
      c->tops_dirty = true;
    }
}

static void
walk (sym_cu *c, Dwarf_Die *die, sym_scope *parent, int depth)
{
  Dwarf_Die child;
  if (depth > AFDO_MAX_DEPTH * 4 || dwarf_child (die, &child) != 0)
    return;
  do
    {
      switch (dwarf_tag (&child))
	{
	case DW_TAG_subprogram:
	  make_scope (c, &child, NULL, depth);
	  break;
	case DW_TAG_inlined_subroutine:
	  if (parent)
	    make_scope (c, &child, parent, depth);
	  break;
	case DW_TAG_lexical_block:
	case DW_TAG_try_block:
	case DW_TAG_catch_block:
	case DW_TAG_namespace:
	case DW_TAG_module:
	  walk (c, &child, parent, depth + 1);
	  break;
	default:
	  break;
	}
    }
  while (dwarf_siblingof (&child, &child) == 0);
}

static sym_scope *
scope_at (sym_cu *c, size_t i)
{
  return &c->blocks[i / SCOPE_BLOCK][i % SCOPE_BLOCK];
}

/* The sorted ranges of SC's children.  */
static void
build_kids (sym_cu *c, sym_scope *sc)
{
  sc->first_kid = (uint32_t) c->n_kids;
  sc->n_kids = 0;
  for (sym_scope *ch = sc->first_child; ch; ch = ch->next_sibling)
    for (uint32_t i = 0; i < ch->n_ranges; i++)
      {
	if (c->n_kids == c->cap_kids)
	  {
	    size_t nc = c->cap_kids ? 2 * c->cap_kids : 256;
	    sym_top *n = realloc (c->kids, nc * sizeof *n);
	    if (!n)
	      return;
	    c->kids = n;
	    c->cap_kids = nc;
	  }
	c->kids[c->n_kids].lo = c->ranges[ch->first_range + i].lo;
	c->kids[c->n_kids].hi = c->ranges[ch->first_range + i].hi;
	c->kids[c->n_kids].scope = ch;
	c->n_kids++;
	sc->n_kids++;
      }
  /* A scope without children may come before any kids were allocated
     (C->kids still NULL).  */
  if (sc->n_kids)
    qsort (c->kids + sc->first_kid, sc->n_kids, sizeof *c->kids, top_cmp);
}

/* Read the inline tree of the outline function SC.  */
static void
expand_scope (sym_cu *c, sym_scope *sc)
{
  size_t before = c->n_scopes;
  sc->expanded = true;
  walk (c, &sc->die, sc, 1);
  build_kids (c, sc);
  for (size_t i = before; i < c->n_scopes; i++)
    {
      sym_scope *s = scope_at (c, i);
      if (s->parent)
	build_kids (c, s);
    }
}

static sym_cu *
build_cu (Dwarf_Die *cudie)
{
  sym_cu *c = calloc (1, sizeof *c);
  if (!c)
    return NULL;
  c->off = dwarf_dieoffset (cudie);
  Dwarf_Attribute a;
  c->llvm = sym_producer_is_llvm (dwarf_formstring (dwarf_attr (cudie,
								DW_AT_producer,
								&a)));
  build_rows (c, cudie);
  walk (c, cudie, NULL, 0);
  if (c->n_tops)
    qsort (c->tops, c->n_tops, sizeof *c->tops, top_cmp);
  c->tops_dirty = false;
  return c;
}

static int
span_cmp (const void *a, const void *b)
{
  const cu_span *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  return x->hi < y->hi ? -1 : x->hi > y->hi;
}

/* The ranges of every compilation unit (DW_AT_low_pc/high_pc or
   DW_AT_ranges of the unit's DIE).  */
static void
build_spans (symbolizer *s)
{
  size_t cap = 0;
  Dwarf_CU *cu = NULL;
  Dwarf_Die cudie;
  uint8_t type;
  s->spans_built = true;
  while (dwarf_get_units (s->bin->dwarf, cu, &cu, NULL, &type, &cudie,
			  NULL) == 0)
    {
      if (type != DW_UT_compile && type != DW_UT_partial)
	continue;
      Dwarf_Addr base, lo, hi;
      ptrdiff_t off = 0;
      while ((off = dwarf_ranges (&cudie, off, &base, &lo, &hi)) > 0)
	{
	  if (hi <= lo)
	    continue;
	  if (s->n_spans == cap)
	    {
	      size_t nc = cap ? 2 * cap : 64;
	      cu_span *n = realloc (s->spans, nc * sizeof *n);
	      if (!n)
		return;
	      s->spans = n;
	      cap = nc;
	    }
	  s->spans[s->n_spans++] = (cu_span) { lo, hi,
					       dwarf_dieoffset (&cudie) };
	}
    }
  if (s->n_spans > 1)
    qsort (s->spans, s->n_spans, sizeof *s->spans, span_cmp);
}

/* The unit of ADDR from the units' own ranges.  */
static bool
cu_from_spans (symbolizer *s, uint64_t addr, Dwarf_Die *cudie)
{
  if (!s->spans_built)
    build_spans (s);
  size_t lo = 0, hi = s->n_spans;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (s->spans[mid].lo <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  /* Ranges of different units may nest (a unit's single range around
     another's code): look back for one that holds ADDR.  */
  for (size_t i = lo; i > 0 && lo - i < 8; i--)
    if (addr < s->spans[i - 1].hi)
      return dwarf_offdie (s->bin->dwarf, s->spans[i - 1].off, cudie)
	     != NULL;
  return false;
}

static sym_cu *
find_cu (symbolizer *s, uint64_t addr)
{
  Dwarf_Die cudie;
  if (!s->bin->dwarf)
    return NULL;
  if (!dwarf_addrdie (s->bin->dwarf, addr, &cudie)
      && !cu_from_spans (s, addr, &cudie))
    return NULL;
  Dwarf_Off off = dwarf_dieoffset (&cudie);
  if (s->last && s->last->off == off)
    return s->last;
  if (2 * (s->n_cus + 1) > s->cap_cus)
    {
      size_t nc = s->cap_cus ? 2 * s->cap_cus : 64;
      sym_cu **n = calloc (nc, sizeof *n);
      if (!n)
	return NULL;
      for (size_t i = 0; i < s->cap_cus; i++)
	if (s->cus[i])
	  {
	    size_t h = (s->cus[i]->off * 0x9e3779b97f4a7c15ull >> 20) & (nc - 1);
	    while (n[h])
	      h = (h + 1) & (nc - 1);
	    n[h] = s->cus[i];
	  }
      free (s->cus);
      s->cus = n;
      s->cap_cus = nc;
    }
  size_t h = (off * 0x9e3779b97f4a7c15ull >> 20) & (s->cap_cus - 1);
  while (s->cus[h])
    {
      if (s->cus[h]->off == off)
	return s->last = s->cus[h];
      h = (h + 1) & (s->cap_cus - 1);
    }
  sym_cu *c = build_cu (&cudie);
  if (!c)
    return NULL;
  s->cus[h] = c;
  s->n_cus++;
  return s->last = c;
}

static inline uint64_t
min64 (uint64_t a, uint64_t b)
{
  return a < b ? a : b;
}

void
symbolize (symbolizer *s, uint64_t addr, sym_result *r)
{
  r->scope = NULL;
  r->line = 0;
  r->disc = 0;
  r->mult = 1;
  r->llvm = false;
  r->end = addr + 1;
  s->lookups++;
  sym_cu *c = find_cu (s, addr);
  if (!c)
    return;
  r->llvm = c->llvm;
  uint64_t end = UINT64_MAX;

  /* The line row.  */
  size_t lo = 0, hi = c->n_rows;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (c->rows[mid].addr <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < c->n_rows)
    end = c->rows[lo].addr;
  if (lo > 0 && c->rows[lo - 1].line != UINT32_MAX)
    {
      r->line = c->rows[lo - 1].line;
      r->disc = c->rows[lo - 1].disc;
      r->mult = c->rows[lo - 1].mult;
    }

  /* The outline function.  */
  if (c->tops_dirty)
    {
      qsort (c->tops, c->n_tops, sizeof *c->tops, top_cmp);
      c->tops_dirty = false;
    }
  lo = 0;
  hi = c->n_tops;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (c->tops[mid].lo <= addr)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo < c->n_tops)
    end = min64 (end, c->tops[lo].lo);
  sym_scope *sc = NULL;
  if (lo > 0 && addr < c->tops[lo - 1].hi)
    {
      sc = c->tops[lo - 1].scope;
      end = min64 (end, c->tops[lo - 1].hi);
    }
  /* Descend the inline tree.  */
  while (sc)
    {
      if (!sc->expanded)
	expand_scope (c, sc);
      size_t n = sc->n_kids;
      if (n == 0)
	break;
      const sym_top *k = c->kids + sc->first_kid;
      lo = 0;
      hi = n;
      while (lo < hi)
	{
	  size_t mid = lo + (hi - lo) / 2;
	  if (k[mid].lo <= addr)
	    lo = mid + 1;
	  else
	    hi = mid;
	}
      /* K[LO] is the first child range starting after ADDR.  */
      if (lo < n)
	end = min64 (end, k[lo].lo);
      if (lo == 0 || addr >= k[lo - 1].hi)
	break;
      end = min64 (end, k[lo - 1].hi);
      sc = k[lo - 1].scope;
    }
  r->scope = sc;
  if (end <= addr)
    end = addr + 1;
  r->end = end;
}

void
symbolizer_prepare (symbolizer *s, uint64_t addr)
{
  sym_result r;
  symbolize (s, addr, &r);
  s->lookups--;
}
