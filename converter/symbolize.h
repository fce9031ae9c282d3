/* Symbolizer: ELF address -> inline stack of (function, line, discriminator)
   from DWARF 4 or 5, with libdw; line tables and inline trees are built
   once per compilation unit.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_SYMBOLIZE_H
#define AFDO_SYMBOLIZE_H

#include <stdbool.h>
#include <stdint.h>

#include "binary.h"

/* A function scope of the DWARF tree: an outline subprogram (PARENT is
   NULL) or an inlined_subroutine nested in PARENT.  */
typedef struct sym_scope sym_scope;
struct sym_scope
{
  sym_scope *parent;
  const char *name;		/* linkage name, else name; may be NULL */
  int decl_line;		/* of the function (through abstract origin) */
  uint32_t call_line, call_disc;	/* inlined: where it was inlined */
  uint32_t first_range, n_ranges;
  void *aux;			/* free for the user */
  /* Private to the symbolizer.  */
  sym_scope *first_child, *next_sibling;
  uint32_t first_kid, n_kids;	/* children's ranges, sorted */
  bool expanded;		/* children known */
  Dwarf_Die die;
};

typedef struct sym_result
{
  const sym_scope *scope;	/* innermost scope, NULL when none */
  uint32_t line, disc;		/* of the line-table row; line 0 = none */
  /* How many copies of the code at this line and discriminator the
     compiler made (LLVM's duplication factor: unrolling, vectorization);
     the largest count of one copy stands for MULT of them.  1 for
     GCC.  */
  uint32_t mult;
  bool llvm;			/* in a unit of clang (LLVM's discriminators) */
  uint64_t end;			/* the result holds for [addr, end) */
} sym_result;

typedef struct symbolizer symbolizer;

symbolizer *symbolizer_new (binary *);
void symbolizer_free (symbolizer *);

/* Symbolize ADDR (an ELF virtual address); also tells up to where the
   answer stays the same, so ranges can be walked piecewise.  */
void symbolize (symbolizer *, uint64_t addr, sym_result *);

/* Read what symbolize (ADDR) needs of the DWARF (its unit's line table
   and scopes, its function's inline tree) ahead of the lookup, which
   is not counted in the statistics: symbolize then gives the same
   answers as without it.  */
void symbolizer_prepare (symbolizer *, uint64_t addr);

/* LLVM's DWARF discriminators (of a compilation unit whose producer is
   clang) hold a base discriminator, a duplication factor and a copy
   identifier; the sample profile is keyed by the base discriminator
   alone.  The symbolizer gives the base discriminator of such units in
   sym_result.disc and sym_scope.call_disc, and the duplication factor in
   sym_result.mult (see doc/afdo-convert.md).  Exposed for the tests.  */
uint32_t sym_llvm_base_discriminator (uint32_t d);
uint32_t sym_llvm_duplication_factor (uint32_t d);
uint32_t sym_llvm_copy_identifier (uint32_t d);
/* Whether DW_AT_producer PRODUCER names clang (or another LLVM-based
   compiler that encodes discriminators so).  */
bool sym_producer_is_llvm (const char *producer);

/* Number of scopes in an inline stack (1 for an outline function).  */
unsigned sym_depth (const sym_scope *);

/* The compilation unit of SC (the offset of its DIE in .debug_info),
   UINT64_MAX when unknown.  */
uint64_t sym_scope_unit (const sym_scope *);

/* Statistics for reports.  */
typedef struct sym_stats
{
  uint64_t cus, scopes, lookups;
} sym_stats;
void symbolizer_stats (const symbolizer *, sym_stats *);

#endif /* AFDO_SYMBOLIZE_H */
