/* Unwinder of the user stacks that perf record --call-graph dwarf
   copies into its samples (registers and a piece of the stack), for
   the code of one binary, with elfutils' libdwfl.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_UNWIND_H
#define AFDO_UNWIND_H

#include <stddef.h>
#include <stdint.h>

#include "afdo-profile.h"
#include "perfdata.h"

typedef struct unwinder unwinder;

/* An unwinder for the user stacks of samples in the executable PATH
   (the binary being converted; only its code is unwound: frames are
   followed while the PC is inside a mapping of this binary, and
   unwinding stops at the first frame outside it).  NULL with ERR
   filled when PATH cannot be opened by libdwfl or is not an x86-64
   ELF file.  */
unwinder *unwinder_new (const char *path, afdo_error *err);

void unwinder_free (unwinder *);

/* The binary is mapped in process PID at runtime address START, LEN
   bytes, from file offset PGOFF (from the MMAP/MMAP2 records; may be
   called several times per pid, for each executable segment).  The
   mappings of the other segments may be given too: they are ignored,
   as are mappings that do not start at the first page of an executable
   segment.  A mapping at another load address than the earlier ones of
   PID (a new exec, or a reused pid) replaces them.  */
void unwinder_map (unwinder *, uint32_t pid, uint64_t start, uint64_t len,
		   uint64_t pgoff);

/* Unwind sample S (x86-64 only: registers in perf's PERF_REG_X86_*
   numbering, ABI PERF_SAMPLE_REGS_ABI_64) of process PID: write the
   runtime PCs of the frames into PCS, PCS[0] being the IP of the
   sample's user registers (its IP for a sample in user mode) and
   PCS[I > 0] the return addresses (as dwfl_frame_pc gives them, not
   minus 1), at most MAX; return how many.  0 when the sample has no
   user registers (IP and SP at least) or stack, or its IP is not in
   the binary; 1 when the unwinding fails right away.  */
size_t unwinder_unwind (unwinder *, uint32_t pid, const perf_sample *s,
			uint64_t *pcs, size_t max);

/* Statistics for -v: the samples given to unwinder_unwind, those of
   them that gave at least one return address, and the PCs returned.  */
typedef struct unwind_stats
{
  uint64_t samples, unwound, frames;
} unwind_stats;

void unwinder_stats (const unwinder *, unwind_stats *);

#endif /* AFDO_UNWIND_H */
