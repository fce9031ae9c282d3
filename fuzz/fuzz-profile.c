/* libFuzzer harness: the profile readers (gcov in the GCC 12 and
   create_gcov layouts, LLVM's text format) through afdo_read_mem, which
   tells the formats apart by their contents; an accepted profile must
   survive a round trip through every writer.  fuzz.sh builds it twice,
   as fuzz-gcov and fuzz-text, each run on its own seed corpus.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  afdo_error err;
  afdo_format found;
  afdo_profile *p = afdo_read_mem (data, size, "fuzz.profile", &found, &err);
  if (!p)
    {
      /* One line naming the file.  */
      FUZZ_ASSERT (strncmp (err.msg, "fuzz.profile", 12) == 0);
      FUZZ_ASSERT (!strchr (err.msg, '\n'));
      return 0;
    }
  fuzz_round_trip (p);
  afdo_profile_free (p);
  return 0;
}
