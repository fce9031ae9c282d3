/* libFuzzer harness: the profile readers (gcov in the GCC 12 and
   create_gcov layouts, LLVM's text format) through afdo_read_mem, which
   tells the formats apart by their contents; an accepted profile must
   survive a round trip through every writer.  fuzz.sh builds it twice,
   as fuzz-gcov and fuzz-text, each run on its own seed corpus.
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
