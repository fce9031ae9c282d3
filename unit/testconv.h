/* afdo: helpers of the converter's unit tests, which convert samples
   placed in the test program itself.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_TESTCONV_H
#define AFDO_TESTCONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "convert.h"

/* The executable mapping of this process that holds ADDR: its START,
   END, file offset PGOFF and the PATH (of PSZ bytes) of the mapped file.
   False when there is none.  */
bool tu_self_mapping (uintptr_t addr, uint64_t *start, uint64_t *end,
		      uint64_t *pgoff, char *path, size_t psz);

/* This test program as the binary to convert for (its DWARF required
   when NEED_DWARF); the test fails when it cannot be opened.  */
binary *tu_self_binary (bool need_dwarf);

/* afdo-convert's default options: no filter, branch stacks used when
   present, a build-id mismatch refused.  */
void tu_convert_opts (convert_opts *);

/* The two above, and BP an empty binary-level profile of them.  */
binary *tu_self_binprof (binprof *bp, convert_opts *o, bool need_dwarf);

/* Symbolize and aggregate BP, which must succeed.  */
afdo_profile *tu_to_profile (binprof *bp, quality *q);

#endif
