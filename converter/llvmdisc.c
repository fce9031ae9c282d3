/* LLVM's encoding of discriminators, and which producers use it: what
   the symbolizer needs to read the line tables of clang's units.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <string.h>

#include "symbolize.h"

/* LLVM's discriminators.  A discriminator holds up to three components,
   lowest bits first: the base discriminator (what the source-level
   profile is keyed by), the duplication factor (how many copies of the
   code unrolling or vectorization made) and the copy identifier.  Each
   component takes one bit when it is 0 (the bit set), otherwise a clear
   bit followed by its value: 6 bits for a value below 32, or 13 bits for
   a 12-bit value, the sixth of them set to say so, holding the low 5
   bits and then the high 7.  Components that are 0 at the top are left
   out, so 0 is all three 0 (and a duplication factor of 0 means 1).  */

static uint32_t
llvm_component (uint32_t d)
{
  if (d & 1)
    return 0;
  d >>= 1;
  if (d & 0x20)
    return (d & 0x1f) | ((d >> 1) & 0xfe0);
  return d & 0x1f;
}

static uint32_t
llvm_next_component (uint32_t d)
{
  if (d & 1)
    return d >> 1;
  return d >> ((d & 0x40) ? 14 : 7);
}

uint32_t
sym_llvm_base_discriminator (uint32_t d)
{
  return llvm_component (d);
}

uint32_t
sym_llvm_duplication_factor (uint32_t d)
{
  uint32_t f = llvm_component (llvm_next_component (d));
  return f ? f : 1;
}

uint32_t
sym_llvm_copy_identifier (uint32_t d)
{
  return llvm_component (llvm_next_component (llvm_next_component (d)));
}

bool
sym_producer_is_llvm (const char *producer)
{
  /* GCC's producer begins "GNU " and may quote any option, a file name
     with "clang" in it included.  */
  if (!producer || strncmp (producer, "GNU ", 4) == 0)
    return false;
  return strstr (producer, "clang") || strstr (producer, "LLVM")
	 || strstr (producer, "flang") || strstr (producer, "Intel(R) oneAPI");
}
