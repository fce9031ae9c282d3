/* Shared part of the converter's libFuzzer harnesses: the binary the
   samples are mapped onto (opened once), and the rest of the pipeline
   (symbolization, aggregation, round trip of the profile).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_FUZZ_CONVERT_H
#define AFDO_FUZZ_CONVERT_H

#include <libgen.h>
#include <limits.h>

#include "convert.h"
#include "fuzz-common.h"

/* The binary: $AFDO_FUZZ_BINARY, else cv-prog beside the harness (the
   program whose perf.data files are in the seed corpus).  */
static binary *fuzz_bin;
static fuzz_memfile fuzz_file;

static void
fuzz_convert_init (void)
{
  char path[PATH_MAX];
  const char *env = getenv ("AFDO_FUZZ_BINARY");
  if (env)
    snprintf (path, sizeof path, "%s", env);
  else
    {
      char exe[PATH_MAX];
      ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
      FUZZ_ASSERT (n > 0);
      exe[n] = 0;
      snprintf (path, sizeof path, "%s/cv-prog", dirname (exe));
    }
  afdo_error err;
  fuzz_bin = binary_open (path, true, &err);
  if (!fuzz_bin)
    {
      fprintf (stderr, "fuzz: %s (set AFDO_FUZZ_BINARY)\n", err.msg);
      exit (1);
    }
  fuzz_memfile_init (&fuzz_file);
}

/* Symbolize and aggregate what BP collected, as afdo-convert does.  */
static inline void
fuzz_convert_finish (binprof *bp)
{
  if (bp->samples_binary == 0 && bp->n_branches == 0)
    return;
  symbolizer *sym = symbolizer_new (fuzz_bin);
  FUZZ_ASSERT (sym);
  quality q;
  afdo_error err;
  afdo_profile *p = binprof_to_profile (bp, sym, &q, &err);
  FUZZ_ASSERT (p);
  FUZZ_ASSERT (q.with_line <= q.in_binary || q.lbr);
  fuzz_round_trip (p);
  afdo_profile_free (p);
  symbolizer_free (sym);
}

/* The converter on DATA, given to the reader ADD (of perf.data or perf
   script text) as a file: mappings, samples, aggregation.  A refused
   input gives one line of message.  */
static inline void
fuzz_convert (const uint8_t *data, size_t size,
	      int (*add) (binprof *, const char *, afdo_error *))
{
  if (!fuzz_bin)
    fuzz_convert_init ();
  fuzz_memfile_set (&fuzz_file, data, size);
  convert_opts co = { .build_id = BUILD_ID_IGNORE, .use_lbr = -1,
		       .exec_model = EXEC_NORM };
  binprof bp;
  binprof_init (&bp, fuzz_bin, &co);
  afdo_error err;
  if (add (&bp, fuzz_file.path, &err) == 0)
    fuzz_convert_finish (&bp);
  else
    FUZZ_ASSERT (!strchr (err.msg, '\n'));
  binprof_free (&bp);
}

#endif /* AFDO_FUZZ_CONVERT_H */
