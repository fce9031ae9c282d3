/* Work ahead of the later stages while the samples are read: a second
   thread reads the DWARF of the sampled code and builds the CFGs of the
   sampled functions as their addresses appear.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_WARMUP_H
#define AFDO_WARMUP_H

#include <stdint.h>

#include "afdo-map.h"
#include "bincfg.h"
#include "symbolize.h"

typedef struct warmup warmup;

/* Start the thread for binary BIN and the symbolizer SYM, which belongs
   to that thread until warmup_finish (the caller must not use SYM
   meanwhile; the binary's own capstone handle stays the caller's).
   NULL when the process may run on a single processor or no thread
   could be started: the work is then done when it is needed, as
   without this.  */
warmup *warmup_start (const binary *bin, symbolizer *sym);

/* ADDR (an ELF address of BIN) was sampled for the first time.  */
void warmup_add (warmup *w, uint64_t addr);

/* No more addresses: help build the CFGs, wait for the thread, free W
   and give SYM back.  Returns a CFG cache holding what was built, for
   exec_compute_cached (which takes the CFGs in its own order: the
   results do not depend on this), or NULL when out of memory.  */
cfg_cache *warmup_finish (warmup *w);

#endif /* AFDO_WARMUP_H */
