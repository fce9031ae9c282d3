/* Work ahead of the later stages while the samples are read: a second
   thread reads the DWARF of the sampled code and builds the CFGs of the
   sampled functions as their addresses appear.
   Copyright (C) 2026 The afdo authors.

   This file is part of afdo.

   afdo is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   afdo is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or
   FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
   for more details.

   You should have received a copy of the GNU General Public License
   along with afdo; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

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
