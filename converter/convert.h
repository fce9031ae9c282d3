/* The converter's stages after the readers: the binary-level profile
   (samples mapped back to ELF addresses of the binary: IP, LBR range and
   branch counts; binprof.c, fed by perfdata.c and perfscript.c) and its
   aggregation over the symbolized source locations (aggregate.c).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_CONVERT_H
#define AFDO_CONVERT_H

#include <stdbool.h>
#include <stdint.h>

#include "afdo-profile.h"
#include "binary.h"
#include "execcount.h"
#include "afdo-map.h"
#include "perfdata.h"
#include "symbolize.h"
#include "unwind.h"
#include "warmup.h"

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
  bool no_callchains;		/* ignore the samples' call chains */
  bool progress;		/* progress lines on stderr */
  exec_model exec_model;	/* how IP samples become counts */
  const char *insn_counts;	/* --insn-counts file, or NULL */
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
  afdo_map ips;			/* (addr, 0) -> IP samples */
  afdo_map ranges;		/* (first, last instruction) -> count */
  afdo_map branches;		/* (from, to) -> taken count */
  afdo_map entries;		/* (to, 0) -> branches in from elsewhere */
  /* From call chains (IP samples only): calls (return address, callee
     entry) -> samples under that call, and the samples of one level of
     calling context, (return address, IP) -> samples.  */
  afdo_map calls;
  afdo_map contexts;
  /* For samples with a copy of the user stack (--call-graph dwarf);
     NULL until a file has such samples.  */
  unwinder *uw;
  /* Told every newly sampled address, when the caller started it
     (warmup_start); binprof_to_profile finishes it.  */
  warmup *warm;

  /* Per input file.  */
  bin_map *maps;
  size_t n_maps, cap_maps;
  /* The last translation of a runtime address (binprof.c): addresses
     in [XLATE_LO, XLATE_HI) of a process that map XLATE_MAP selects are
     at ELF address runtime + XLATE_DELTA; an empty range when the maps
     changed.  MAPS_DISJOINT: no two maps overlap (0 no, 1 yes, -1 not
     yet known).  */
  uint64_t xlate_lo, xlate_hi, xlate_delta;
  size_t xlate_map;
  int maps_disjoint;
  /* All maps lie in [MAPS_LO, MAPS_LO + MAPS_SPAN); MAPS_SPAN is
     UINT64_MAX when not known.  */
  uint64_t maps_lo, maps_span;
  afdo_map pids_comm;		/* (pid, 0) -> 1 when its comm matches */
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
  uint64_t samples_chain;	/* in the binary, with a caller frame */
  uint64_t chain_frames;	/* return addresses at a call of the binary */
  uint64_t chain_bad;		/* chains with an address of the binary that
				   does not follow a call */
  uint64_t unknown_records, lost_records;
  uint32_t files;
} binprof;

void binprof_init (binprof *, binary *, const convert_opts *);
void binprof_free (binprof *);

/* Add the samples of a perf.data file (binprof.c).  0, or -1 with ERR
   filled.  */
int binprof_add_perf_data (binprof *, const char *path, afdo_error *err);
/* Add the samples of `perf script -F ip[,brstack]' text output
   (perfscript.c).  */
int binprof_add_perf_script (binprof *, const char *path, afdo_error *err);

/* Parse one line of perf script output; exposed for the unit tests.
   Returns 0 for a line that was used or ignored, -1 for a malformed
   line (ERR filled).  */
int binprof_script_line (binprof *, const char *line, size_t lineno,
			 const char *path, afdo_error *err);

/* What the readers of samples use to fill a binprof (binprof.c).  */

/* Start a new input file: its mappings and process names are its own.  */
void binprof_begin_file (binprof *);
/* Does the mapped file name FN designate the binary?  2 exactly, 1 by
   basename only, 0 not.  */
int binprof_names_binary (const binary *, const char *fn);
/* Add a mapping of LEN bytes at START of the binary's file offset PGOFF
   in process PID (ANY_PID: in every process).  0, or -1 with ERR
   filled.  */
int binprof_add_map (binprof *, uint32_t pid, uint64_t start, uint64_t len,
		     uint64_t pgoff, bool exact, bool any_pid,
		     afdo_error *err);
/* After the mappings of a file: keep the exact matches when there are
   any.  */
void binprof_settle_maps (binprof *);
/* A sample of process PID (any process unless HAS_PID): its IP, then
   NR branches, entry 0 the most recent, from BRS or else from PS.  0, or
   -1 with ERR filled.  */
int binprof_add_sample (binprof *, unsigned cpumode, bool has_pid,
			uint32_t pid, uint64_t ip, uint64_t nr,
			const perf_branch *brs, const perf_sample *ps,
			afdo_error *err);
/* The call chain of a sample of process PID (any process unless
   HAS_PID): PCS[0] is its IP, PCS[1..N) the return addresses, innermost
   first, as runtime addresses.  Adds the calls and contexts of the frames
   in the binary, up to the first frame that is not at a call of the
   binary.  EXACT: the chain was unwound from the stack with CFI; else it
   is a frame-pointer chain, which misses the caller of a function
   without a frame.  0, or -1 with ERR filled.  */
int binprof_add_chain (binprof *, bool has_pid, uint32_t pid,
		       const uint64_t *pcs, size_t n, bool exact,
		       afdo_error *err);
/* Fill ERR with the message of a failed allocation.  */
void binprof_oom (afdo_error *err);

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
  uint64_t targets;		/* indirect-call targets from call chains */
  uint64_t contexts;		/* calling contexts added */
  uint64_t context_samples;	/* samples moved into them */
  /* Execution counts (IP samples): functions with a CFG, their blocks
     and jump tables read, samples outside them, flows not finished.  */
  uint64_t cfg_functions, cfg_blocks, cfg_tables, cfg_unplaced;
  uint64_t cfg_flows_failed;
  bool chains_ignored;		/* too many bad chains: not used */
  bool lbr;
} quality;

/* The calling contexts worth a nested instance (contexts.c).  */
bool choose_contexts (binprof *, symbolizer *, const afdo_map_slot *ips,
		      size_t n_ips, afdo_map *kept);

/* Symbolize and aggregate into a new finalized profile (aggregate.c).  */
afdo_profile *binprof_to_profile (binprof *, symbolizer *, quality *,
				  afdo_error *err);

#endif /* AFDO_CONVERT_H */
