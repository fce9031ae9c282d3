/* libFuzzer harness: the reader of `perf script -F ip[,brstack]' text
   (with --show-mmap-events lines), through the converter's whole path to
   a profile.  The reader takes a path; the input is given as an
   in-memory file.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "fuzz-convert.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  fuzz_convert (data, size, binprof_add_perf_script);
  return 0;
}
