/* perf.data reader: the file layout of the kernel's perf tool (header,
   attributes, records, feature sections), decoded from a memory image;
   and the constants of that layout, which afdo-lbrgen writes too.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_PERFDATA_H
#define AFDO_PERFDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The kernel's ABI: perf_event_attr's sample_type, branch_sample_type
   and read_format bits, the record types and header.misc.  */
#include <linux/perf_event.h>

#include "afdo-profile.h"

/* What perf itself adds in its files, after the kernel's ABI
   (tools/perf/Documentation/perf.data-file-format.txt): record types
   of its own, ...  */
enum
{
  PERF_RECORD_FINISHED_ROUND = 68,
  PERF_RECORD_AUXTRACE = 71,
  PERF_RECORD_COMPRESSED = 81
};

/* ... the build-id size flag of HEADER_BUILD_ID entries, ...  */
#define PERF_RECORD_MISC_BUILD_ID_SIZE	(1u << 15)

/* ... the feature sections of the file header (bit numbers), ...  */
enum
{
  PERF_HEADER_BUILD_ID = 2,
  PERF_HEADER_HOSTNAME = 3,
  PERF_HEADER_OSRELEASE = 4,
  PERF_HEADER_VERSION = 5,
  PERF_HEADER_ARCH = 6,
  PERF_HEADER_NRCPUS = 7,
  PERF_HEADER_CMDLINE = 11,
  PERF_HEADER_EVENT_DESC = 12,
  PERF_HEADER_BRANCH_STACK = 15,
  PERF_HEADER_SAMPLE_TIME = 21,
  PERF_HEADER_FEAT_BITS = 256
};

/* ... and the fixed sizes of the file format.  */
#define PERF_FILE_HEADER_SIZE 104
#define PERF_PIPE_HEADER_SIZE 16
#define PERF_FILE_MAGIC 0x32454c4946524550ull	/* "PERFILE2" */

typedef struct perf_branch
{
  uint64_t from, to, flags;
} perf_branch;

typedef struct perf_sample
{
  uint32_t attr;		/* index of the event's attribute */
  uint8_t cpumode;		/* PERF_RECORD_MISC_* */
  bool has_tid;
  uint32_t pid, tid;
  uint64_t ip;
  uint64_t period;		/* 1 when not recorded */
  uint64_t nr_callchain;
  const uint8_t *callchain;	/* nr_callchain u64, unaligned */
  uint64_t nr_branches;
  const uint8_t *branches;	/* nr_branches {from, to, flags}, unaligned */
  bool has_hw_idx;
  uint64_t hw_idx;
  /* PERF_SAMPLE_REGS_USER: the ABI (PERF_SAMPLE_REGS_ABI_*, 0 when the
     sample has no user registers), the attribute's sample_regs_user
     mask and one u64 per bit set in it, in bit order.  */
  uint64_t regs_abi;
  uint64_t regs_mask;
  const uint8_t *regs;		/* popcount (regs_mask) u64, unaligned */
  /* PERF_SAMPLE_STACK_USER: a copy of the user stack from the sampled
     stack pointer up.  */
  const uint8_t *stack;
  uint64_t stack_size;		/* valid bytes: dyn_size */
} perf_sample;

/* The I-th branch of S (0 is the most recent).  */
void perf_sample_branch (const perf_sample *s, uint64_t i, perf_branch *b);

typedef struct perf_attr_info
{
  uint32_t type;
  uint64_t config;
  uint64_t sample_type;
  uint64_t read_format;
  uint64_t branch_sample_type;
  uint64_t sample_regs_user;	/* 0 when the attribute is too old */
  bool sample_id_all;
} perf_attr_info;

/* Callbacks, each may be NULL; a non-zero return stops the parse and is
   returned by perf_data_parse (the callback fills the error).  Strings
   are NUL-terminated copies valid during the call only.  */
typedef struct perf_callbacks
{
  int (*mmap) (void *data, uint32_t pid, uint64_t start, uint64_t len,
	       uint64_t pgoff, const char *filename, const uint8_t *build_id,
	       size_t build_id_len, unsigned cpumode, afdo_error *err);
  int (*comm) (void *data, uint32_t pid, uint32_t tid, const char *comm,
	       bool exec, afdo_error *err);
  int (*fork) (void *data, uint32_t pid, uint32_t ppid, afdo_error *err);
  int (*exit) (void *data, uint32_t pid, afdo_error *err);
  int (*sample) (void *data, const perf_sample *s, afdo_error *err);
  int (*build_id) (void *data, uint32_t pid, const char *filename,
		   const uint8_t *id, size_t len, unsigned cpumode,
		   afdo_error *err);
  /* Called every few megabytes of the data section: bytes before OFF
     of the image are not read again until the feature sections (which
     follow the data).  For progress display and releasing memory.  */
  void (*progress) (void *data, size_t off, size_t len);
} perf_callbacks;

typedef struct perf_stats
{
  uint64_t records;
  uint64_t samples;
  uint64_t unknown_records;	/* skipped by size */
  uint64_t lost_records;
  uint32_t n_attrs;
  perf_attr_info attrs[8];	/* the first few, for reports */
} perf_stats;

/* Parse the perf.data file image BUF of LEN bytes (NAME for messages):
   header, attributes, the data section, then the build-id feature
   section.  Returns 0, or -1 with ERR filled (one line naming NAME and
   the byte offset), or a callback's non-zero value.  Never reads
   outside BUF.  STATS may be NULL.  */
int perf_data_parse (const uint8_t *buf, size_t len, const char *name,
		     const perf_callbacks *cb, void *data, perf_stats *stats,
		     afdo_error *err);

#endif /* AFDO_PERFDATA_H */
