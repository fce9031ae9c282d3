/* The control-flow graph of a function of the profiled binary, built
   from its machine code with capstone.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* A function's CFG covers its symbol and, when GCC split it, its
   NAME.cold part: blocks split at branch targets and after branches,
   returns and calls that do not return; a call does not end a block.
   Edges leave the function at returns, tail calls and calls that do not
   return (the block has CFG_EXIT), and at indirect jumps whose table
   could not be read (CFG_UNKNOWN).  CFGs are built on demand and kept
   in a cache, one per function asked for.  */

#ifndef AFDO_BINCFG_H
#define AFDO_BINCFG_H

#include <stdbool.h>
#include <stdint.h>

#include "binary.h"

/* Instruction flags.  */
#define CFG_I_CALL 1		/* a call (direct or indirect) */
#define CFG_I_BRANCH 2		/* a jump, return or other block end */
#define CFG_I_CONDMOVE 4	/* CMOVcc, SETcc, or an SBB mask */
#define CFG_I_NORETURN 8	/* a call that does not return */
#define CFG_I_LONG 16		/* a long-latency instruction (div, sqrt) */
#define CFG_I_NOP 32		/* a no-op (padding) */

typedef struct cfg_insn
{
  uint64_t addr;
  uint32_t block;
  uint8_t len, flags;
} cfg_insn;

/* Block flags.  */
#define CFG_EXIT 1		/* leaves the function (return, tail call) */
#define CFG_UNKNOWN 2		/* an indirect jump to unknown targets */
#define CFG_PAD 4		/* padding: no-ops that nothing jumps to after
				   a block end; no edges */

typedef struct cfg_block
{
  uint32_t first, n;		/* instructions [FIRST, FIRST + N) */
  uint32_t succ, n_succ;	/* successors: SUCCS[SUCC...] */
  uint32_t pred, n_pred;	/* predecessors: PREDS[PRED...] */
  uint8_t flags;
} cfg_block;

typedef struct bincfg
{
  const bin_func *hot, *cold;	/* COLD: NAME.cold, or NULL */
  uint32_t entry;		/* the block of HOT's first instruction */
  cfg_insn *insns;		/* by address */
  uint32_t n_insns;
  cfg_block *blocks;		/* by address of their first instruction */
  uint32_t n_blocks;
  uint32_t *succs, *preds;
  uint32_t n_tables;		/* jump tables read */
  uint32_t id;			/* its position in the cache */
} bincfg;

typedef struct cfg_cache cfg_cache;

cfg_cache *cfg_cache_new (const binary *);
void cfg_cache_free (cfg_cache *);

/* The CFG of the function whose code holds ADDR (its hot part or its
   .cold part), built on first use; NULL when ADDR is in no function
   symbol or out of memory.  */
const bincfg *cfg_get (cfg_cache *, uint64_t addr);

/* The CFG of the function holding ADDR if it has been built, else
   NULL.  */
const bincfg *cfg_lookup (const cfg_cache *, uint64_t addr);

/* All CFGs built so far, in the order built.  */
uint32_t cfg_count (const cfg_cache *);
const bincfg *cfg_nth (const cfg_cache *, uint32_t i);

/* The index of the instruction starting at ADDR in G, or -1.  */
long cfg_insn_at (const bincfg *g, uint64_t addr);

/* Build the CFG of the function of symbol FN on its own (the cache does
   this); NULL when out of memory.  */
bincfg *bincfg_build (const binary *, const bin_func *fn);
/* The same with the capstone handle CS (binary_cs_open), for a thread
   other than the one that uses the binary's own handle.  */
bincfg *bincfg_build_cs (const binary *, const bin_func *fn, size_t cs);

/* The symbol of the hot part of the function whose code holds ADDR
   (the symbol the cache builds the CFG of), or NULL.  */
const bin_func *cfg_hot_part (const binary *, uint64_t addr);

/* Give C the CFG G built ahead (by bincfg_build_cs of the hot part of
   its function): cfg_get takes it instead of building the same CFG,
   at the position a build would have had.  C owns G from then on.
   False when out of memory (G freed).  */
bool cfg_cache_offer (cfg_cache *c, bincfg *g);
void bincfg_free (bincfg *);

#endif /* AFDO_BINCFG_H */
