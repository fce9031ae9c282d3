/* Execution counts of the instructions of the sampled functions,
   inferred from IP samples on the binary's CFG.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* An estimate is in samples per instruction of the block (the scale of
   IP samples, so that totals and thresholds keep their meaning):
   a block that ran N times gets about N / (sampling period in
   instructions).  The models are cumulative (doc/afdo-convert.md):
     raw   the instruction's own samples;
     norm  the block's samples over its instructions;
     skid  samples moved to the instruction before (a block's first
	   instruction's to its predecessors' last ones), then norm;
     mcf   then a minimum-cost flow over the CFG, every block's count
	   as dear to change;
     full  the flow with costs by confidence (the default).  */

#ifndef AFDO_EXECCOUNT_H
#define AFDO_EXECCOUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "afdo-map.h"
#include "afdo-profile.h"
#include "bincfg.h"

typedef enum exec_model
{
  EXEC_RAW,
  EXEC_NORM,
  EXEC_LIFT,
  EXEC_SKID,
  EXEC_MCF,
  EXEC_FULL
} exec_model;

/* The model named NAME (raw, norm, lift, skid, mcf, full); false when
   none is.  */
bool exec_model_parse (const char *name, exec_model *model);

/* The counts of one function (one CFG).  */
typedef struct exec_func
{
  const bincfg *g;
  double *samples;		/* IP samples per instruction, as read */
  double *block_samples;	/* per block, as read */
  double *est;			/* estimate per block */
} exec_func;

typedef struct execcounts
{
  cfg_cache *cfgs;
  exec_model model;
  exec_func *f;			/* parallel to the cache's CFGs */
  uint32_t n_f;
  uint64_t unplaced;		/* samples not at an instruction of a CFG */
  uint64_t flow_failed;		/* functions whose flow did not finish */
} execcounts;

/* The estimates for the IP samples IPS ((address, 0) -> samples) of
   binary BIN under MODEL.  NULL when out of memory.  */
execcounts *exec_compute (const binary *bin, const afdo_map *ips,
			  exec_model model);

/* exec_compute with the CFG cache CFGS of the same binary (CFGs
   offered to it ahead: warmup.c), which the result owns from then on
   (freed when the result could not be made).  */
execcounts *exec_compute_cached (cfg_cache *cfgs, const afdo_map *ips,
				 exec_model model);
void exec_free (execcounts *);

/* The function and instruction of address ADDR, when it is a sampled
   function's instruction: *F and *I set, true.  */
bool exec_find (const execcounts *, uint64_t addr, uint32_t *f, uint32_t *i);

/* The estimate of instruction I of function F.  */
double exec_insn (const execcounts *, uint32_t f, uint32_t i);

/* An estimate as a profile count: rounded, and at least 1 when not 0
   (code that ran is told from code that did not).  */
uint64_t exec_count (double e);

/* Write "0x<address> <estimate>" for every instruction of every
   sampled function, by address, to PATH.  0, or -1 with ERR filled.  */
int exec_write_insn_counts (const execcounts *, const char *path,
			    afdo_error *err);

#endif /* AFDO_EXECCOUNT_H */
