/* From perf samples to an AutoFDO profile: the binary-level profile
   (addresses, LBR ranges and branches, mapped back to ELF addresses) and
   its aggregation over source locations.
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

#ifndef AFDO_CONVERT_H
#define AFDO_CONVERT_H

#include <stdbool.h>
#include <stdint.h>

#include "afdo-profile.h"
#include "binary.h"
#include "hashmap.h"
#include "symbolize.h"

typedef enum build_id_mode
{
  BUILD_ID_CHECK,		/* refuse a mismatch (default) */
  BUILD_ID_WARN,
  BUILD_ID_IGNORE
} build_id_mode;

typedef struct convert_opts
{
  build_id_mode build_id;
  const uint32_t *pids;		/* only these processes, when N_PIDS */
  size_t n_pids;
  const char *comm;		/* only processes of this name */
  int use_lbr;			/* -1 when branch stacks are present, 0 never */
  bool progress;		/* progress lines on stderr */
  unsigned verbose;
} convert_opts;

/* One executable mapping of the binary in a process.  */
typedef struct bin_map
{
  uint32_t pid;
  bool exact;			/* path or build-id matched, not only basename */
  bool any_pid;			/* from perf script without pids */
  uint64_t start, end, pgoff;
} bin_map;

/* The binary-level profile: counts by ELF virtual address of BIN.  */
typedef struct binprof
{
  binary *bin;
  const convert_opts *opts;
  cmap ips;			/* (addr, 0) -> IP samples */
  cmap ranges;			/* (first, last instruction) -> count */
  cmap branches;		/* (from, to) -> taken count */
  cmap entries;			/* (to, 0) -> branches in from elsewhere */

  /* Per input file.  */
  bin_map *maps;
  size_t n_maps, cap_maps;
  cmap pids_comm;		/* (pid, 0) -> 1 when its comm matches */
  bool saw_binary_name;		/* some mapping named like BIN */
  bool build_id_match;		/* perf.data recorded BIN's build-id */
  bool build_id_other;		/* ... or another one under BIN's name */
  char other_id[129];		/* that other build-id, in hex */
  char other_name[256];		/* and the file name it was recorded for */
  void *pass;			/* the perf.data pass under way */

  /* Statistics over all inputs.  */
  uint64_t samples;		/* sample records read */
  uint64_t samples_filtered;	/* dropped by --pid / --comm */
  uint64_t samples_kernel;
  uint64_t samples_other;	/* other binaries, or unmapped */
  uint64_t samples_binary;
  uint64_t samples_lbr;		/* with a branch stack */
  uint64_t n_branches;		/* branch records in the binary */
  uint64_t ranges_ok, ranges_bad;
  uint64_t unknown_records, lost_records;
  uint32_t files;
} binprof;

void binprof_init (binprof *, binary *, const convert_opts *);
void binprof_free (binprof *);

/* Add the samples of a perf.data file.  0, or -1 with ERR filled.  */
int binprof_add_perf_data (binprof *, const char *path, afdo_error *err);
/* Add the samples of `perf script -F ip[,brstack]' text output.  */
int binprof_add_perf_script (binprof *, const char *path, afdo_error *err);

/* Parse one line of perf script output; exposed for the unit tests.
   Returns 0 for a line that was used or ignored, -1 for a malformed
   line (ERR filled).  */
int binprof_script_line (binprof *, const char *line, size_t lineno,
			 const char *path, afdo_error *err);

/* The quality of the symbolized profile (seed paper 000, 3.4.1), in
   IP samples.  */
typedef struct quality
{
  uint64_t samples;		/* after filters */
  uint64_t in_binary;
  uint64_t with_function;	/* in a function with DWARF */
  uint64_t with_line;
  uint64_t with_disc;
  uint64_t inlined;
  uint64_t addresses;		/* distinct addresses symbolized */
  bool lbr;
} quality;

/* Symbolize and aggregate into a new finalized profile.  */
afdo_profile *binprof_to_profile (binprof *, symbolizer *, quality *,
				  afdo_error *err);

#endif /* AFDO_CONVERT_H */
