/* afdo: helpers of the converter's unit tests: the mapping of the test
   program, opening it as the binary, default options, conversion.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdio.h>
#include <string.h>

#include <check.h>

#include "testconv.h"

bool
tu_self_mapping (uintptr_t addr, uint64_t *start, uint64_t *end,
		 uint64_t *pgoff, char *path, size_t psz)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  char line[1024];
  bool ok = false;
  while (f && fgets (line, sizeof line, f))
    {
      unsigned long long s, e, o;
      char perm[8];
      int pos = 0;
      if (sscanf (line, "%llx-%llx %7s %llx %*s %*s %n", &s, &e, perm, &o,
		  &pos) >= 4 && addr >= s && addr < e && pos)
	{
	  *start = s;
	  *end = e;
	  *pgoff = o;
	  snprintf (path, psz, "%s", line + pos);
	  path[strcspn (path, "\n")] = 0;
	  ok = true;
	}
    }
  if (f)
    fclose (f);
  return ok;
}

binary *
tu_self_binary (bool need_dwarf)
{
  afdo_error err;
  binary *bin = binary_open ("/proc/self/exe", need_dwarf, &err);
  ck_assert_msg (bin != NULL, "%s", err.msg);
  return bin;
}

void
tu_convert_opts (convert_opts *o)
{
  memset (o, 0, sizeof *o);
  o->use_lbr = -1;
  o->build_id = BUILD_ID_CHECK;
  o->exec_model = EXEC_LIFT;
}

binary *
tu_self_binprof (binprof *bp, convert_opts *o, bool need_dwarf)
{
  binary *bin = tu_self_binary (need_dwarf);
  tu_convert_opts (o);
  binprof_init (bp, bin, o);
  return bin;
}

afdo_profile *
tu_to_profile (binprof *bp, quality *q)
{
  symbolizer *sym = symbolizer_new (bp->bin);
  ck_assert_ptr_nonnull (sym);
  afdo_error err;
  afdo_profile *p = binprof_to_profile (bp, sym, q, &err);
  ck_assert_msg (p != NULL, "%s", err.msg);
  symbolizer_free (sym);
  return p;
}
