/* The binary-level profile: the mappings of the binary in the profiled
   processes (from the records of perf.data, through the callbacks of the
   reader in perfdata.c), the --pid and --comm filters, and the IP, LBR
   range (seed paper 002, Algorithm 2) and branch counts of the samples by
   ELF virtual address.  The perf script reader (perfscript.c) feeds the
   same tables; aggregate.c turns them into a profile.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convert.h"
#include "perfdata.h"
#include "mapfile.h"

/* A maximal non-taken path longer than this is not believed: the two
   branches were not back to back (an interrupt or a lost record).  */
#define MAX_RANGE (1u << 16)

static void maps_changed (binprof *bp);

void
binprof_init (binprof *bp, binary *b, const convert_opts *o)
{
  memset (bp, 0, sizeof *bp);
  bp->bin = b;
  bp->opts = o;
  maps_changed (bp);
}

void
binprof_free (binprof *bp)
{
  if (bp->warm)
    cfg_cache_free (warmup_finish (bp->warm));
  afdo_map_free (&bp->ips);
  afdo_map_free (&bp->ranges);
  afdo_map_free (&bp->branches);
  afdo_map_free (&bp->entries);
  afdo_map_free (&bp->calls);
  afdo_map_free (&bp->contexts);
  if (bp->uw)
    unwinder_free (bp->uw);
  afdo_map_free (&bp->pids_comm);
  free (bp->maps);
  memset (bp, 0, sizeof *bp);
}

static const char *
base_name (const char *p)
{
  const char *s = strrchr (p, '/');
  return s ? s + 1 : p;
}

int
binprof_names_binary (const binary *b, const char *fn)
{
  if (!strcmp (fn, b->path) || (b->realpath && !strcmp (fn, b->realpath)))
    return 2;
  if (!strcmp (base_name (fn), b->base))
    return 1;
  return 0;
}

void
binprof_oom (afdo_error *err)
{
  afdo_error_set (err, "out of memory");
}

/* Forget what translate knows of the maps.  */
static void
maps_changed (binprof *bp)
{
  bp->xlate_lo = bp->xlate_hi = 0;
  bp->maps_disjoint = -1;
  bp->maps_lo = 0;
  bp->maps_span = UINT64_MAX;
}

int
binprof_add_map (binprof *bp, uint32_t pid, uint64_t start, uint64_t len,
		 uint64_t pgoff, bool exact, bool any_pid, afdo_error *err)
{
  if (len == 0 || start + len < start)
    return 0;
  if (bp->n_maps == bp->cap_maps)
    {
      size_t nc = bp->cap_maps ? 2 * bp->cap_maps : 16;
      bin_map *n = realloc (bp->maps, nc * sizeof *n);
      if (!n)
	{
	  binprof_oom (err);
	  return -1;
	}
      bp->maps = n;
      bp->cap_maps = nc;
    }
  maps_changed (bp);
  bin_map *m = &bp->maps[bp->n_maps++];
  m->pid = pid;
  m->start = start;
  m->end = start + len;
  m->pgoff = pgoff;
  m->exact = exact;
  m->any_pid = any_pid;
  return 0;
}

/* Pass 1 callbacks: mappings, process names, forks, build-ids.  */

static void
note_other_build_id (binprof *bp, const char *fn, const uint8_t *id,
		     size_t len)
{
  if (bp->build_id_other)
    return;
  bp->build_id_other = true;
  build_id_hex (id, len, bp->other_id, sizeof bp->other_id);
  snprintf (bp->other_name, sizeof bp->other_name, "%s", fn);
}

static int
cb_mmap (void *data, uint32_t pid, uint64_t start, uint64_t len,
	 uint64_t pgoff, const char *fn, const uint8_t *bid, size_t bid_len,
	 unsigned cpumode, afdo_error *err)
{
  binprof *bp = data;
  const binary *b = bp->bin;
  if (cpumode == PERF_RECORD_MISC_KERNEL
      || cpumode == PERF_RECORD_MISC_GUEST_KERNEL)
    return 0;
  int how = binprof_names_binary (b, fn);
  if (bid && bid_len && b->build_id_len)
    {
      if (bid_len == b->build_id_len && !memcmp (bid, b->build_id, bid_len))
	{
	  how = 2;
	  bp->build_id_match = true;
	}
      else if (how)
	note_other_build_id (bp, fn, bid, bid_len);
    }
  if (!how)
    return 0;
  bp->saw_binary_name = true;
  return binprof_add_map (bp, pid, start, len, pgoff, how == 2, false, err);
}

static int
cb_comm (void *data, uint32_t pid, uint32_t tid, const char *comm,
	 bool exec, afdo_error *err)
{
  binprof *bp = data;
  (void) exec;
  if (!bp->opts->comm || pid != tid)
    return 0;
  if (!strcmp (comm, bp->opts->comm))
    {
      if (!afdo_map_get (&bp->pids_comm, pid, 0)
	  && !afdo_map_add (&bp->pids_comm, pid, 0, 1))
	{
	  binprof_oom (err);
	  return -1;
	}
    }
  else if (afdo_map_get (&bp->pids_comm, pid, 0))
    /* Renamed (exec of another program): mark with an odd count.  */
    afdo_map_add (&bp->pids_comm, pid, 0, 1);
  return 0;
}

static int
cb_fork (void *data, uint32_t pid, uint32_t ppid, afdo_error *err)
{
  binprof *bp = data;
  if (pid == ppid)
    return 0;			/* a new thread */
  size_t n = bp->n_maps;
  for (size_t i = 0; i < n; i++)
    if (bp->maps[i].pid == ppid && !bp->maps[i].any_pid)
      {
	bin_map m = bp->maps[i];
	if (binprof_add_map (bp, pid, m.start, m.end - m.start, m.pgoff,
			     m.exact, false, err))
	  return -1;
      }
  if (bp->opts->comm)
    {
      uint64_t c = afdo_map_get (&bp->pids_comm, ppid, 0);
      if (c && !afdo_map_add (&bp->pids_comm, pid, 0, c))
	{
	  binprof_oom (err);
	  return -1;
	}
    }
  return 0;
}

static int
cb_build_id (void *data, uint32_t pid, const char *fn, const uint8_t *id,
	     size_t len, unsigned cpumode, afdo_error *err)
{
  binprof *bp = data;
  const binary *b = bp->bin;
  (void) pid;
  (void) err;
  if (cpumode == PERF_RECORD_MISC_KERNEL || !b->build_id_len || !len)
    return 0;
  if (len == b->build_id_len && !memcmp (id, b->build_id, len))
    bp->build_id_match = true;
  else if (binprof_names_binary (b, fn))
    note_other_build_id (bp, fn, id, len);
  return 0;
}

/* After pass 1: was another build of the binary recorded?  Only when
   perf.data has no record of BIN's own build-id: then the samples are
   of another build, named like BIN.  0, or -1 with ERR filled.  */
static int
check_build_id (binprof *bp, afdo_error *err)
{
  const binary *b = bp->bin;
  if (bp->build_id_match || !bp->build_id_other
      || bp->opts->build_id == BUILD_ID_IGNORE)
    return 0;
  char mine[129];
  build_id_hex (b->build_id, b->build_id_len, mine, sizeof mine);
  if (bp->opts->build_id == BUILD_ID_WARN)
    {
      fprintf (stderr, "afdo-convert: warning: %s: build-id %s differs from "
	       "the one perf.data recorded for %s (%s)\n", b->path, mine,
	       bp->other_name, bp->other_id);
      return 0;
    }
  afdo_error_set (err, "%s: build-id mismatch: the binary has %s but "
		  "perf.data recorded %s for %s (use --build-id=ignore to "
		  "convert anyway)", b->path, mine, bp->other_id,
		  bp->other_name);
  return -1;
}

void
binprof_settle_maps (binprof *bp)
{
  bool exact = false;
  for (size_t i = 0; i < bp->n_maps; i++)
    exact |= bp->maps[i].exact;
  if (!exact)
    return;
  size_t o = 0;
  for (size_t i = 0; i < bp->n_maps; i++)
    if (bp->maps[i].exact)
      bp->maps[o++] = bp->maps[i];
  bp->n_maps = o;
  maps_changed (bp);
}

static int
map_start_cmp (const void *x, const void *y)
{
  const bin_map *a = x, *b = y;
  return a->start < b->start ? -1 : a->start > b->start;
}

/* Whether no two of BP's maps overlap (whatever their processes).  */
static bool
maps_disjoint (const binprof *bp)
{
  if (bp->n_maps < 2)
    return true;
  bin_map *v = malloc (bp->n_maps * sizeof *v);
  if (!v)
    return false;
  memcpy (v, bp->maps, bp->n_maps * sizeof *v);
  qsort (v, bp->n_maps, sizeof *v, map_start_cmp);
  bool ok = true;
  for (size_t i = 1; i < bp->n_maps && ok; i++)
    ok = v[i].start >= v[i - 1].end;
  free (v);
  return ok;
}

/* What translate may know of BP's maps: whether they overlap, and the
   range of addresses they cover.  */
static void
maps_survey (binprof *bp)
{
  bp->maps_disjoint = maps_disjoint (bp);
  uint64_t lo = UINT64_MAX, hi = 0;
  for (size_t i = 0; i < bp->n_maps; i++)
    {
      if (bp->maps[i].start < lo)
	lo = bp->maps[i].start;
      if (bp->maps[i].end > hi)
	hi = bp->maps[i].end;
    }
  bp->maps_lo = lo < hi ? lo : 0;
  bp->maps_span = lo < hi ? hi - lo : 0;
}

/* The ELF address of runtime address A in process PID (ANY: any
   process), or false when A is not in the binary: the first map that
   holds A, at the file offset's first PT_LOAD segment.  Remembers the
   range of runtime addresses that the same map and segment translate
   when that answer cannot differ for another address of the range: no
   other map overlaps the map, and no other segment the segment.  */
static bool
translate_slow (binprof *bp, uint32_t pid, bool any, uint64_t a,
		uint64_t *va)
{
  if (bp->maps_disjoint < 0)
    maps_survey (bp);
  if (a - bp->maps_lo >= bp->maps_span)
    return false;
  for (size_t i = 0; i < bp->n_maps; i++)
    {
      const bin_map *m = &bp->maps[i];
      if (!((any || m->any_pid || m->pid == pid) && a >= m->start
	    && a < m->end))
	continue;
      uint64_t off = a - m->start + m->pgoff;
      if (!binary_offset_to_vaddr (bp->bin, off, va))
	return false;
      if (!bp->maps_disjoint)
	return true;
      const binary *b = bp->bin;
      size_t l = 0;
      while (!(off >= b->loads[l].offset
	       && off - b->loads[l].offset < b->loads[l].filesz))
	l++;
      const bin_load *ld = &b->loads[l];
      for (size_t k = 0; k < b->n_loads; k++)
	if (k != l && b->loads[k].offset < ld->offset + ld->filesz
	    && ld->offset < b->loads[k].offset + b->loads[k].filesz)
	  return true;
      /* The runtime addresses of the map whose offsets are in the
	 segment.  */
      uint64_t olo = ld->offset > m->pgoff ? ld->offset : m->pgoff;
      uint64_t ohi = ld->offset + ld->filesz;
      if (m->pgoff + (m->end - m->start) < ohi)
	ohi = m->pgoff + (m->end - m->start);
      bp->xlate_lo = m->start + (olo - m->pgoff);
      bp->xlate_hi = m->start + (ohi - m->pgoff);
      bp->xlate_delta = *va - a;
      bp->xlate_map = i;
      return true;
    }
  return false;
}

static inline bool
translate (binprof *bp, uint32_t pid, bool any, uint64_t a, uint64_t *va)
{
  if (a - bp->maps_lo >= bp->maps_span)
    return false;
  if (a - bp->xlate_lo < bp->xlate_hi - bp->xlate_lo)
    {
      const bin_map *m = &bp->maps[bp->xlate_map];
      if (any || m->any_pid || m->pid == pid)
	{
	  *va = a + bp->xlate_delta;
	  return true;
	}
    }
  return translate_slow (bp, pid, any, a, va);
}

static bool
pid_selected (binprof *bp, bool has_pid, uint32_t pid)
{
  const convert_opts *o = bp->opts;
  if (o->n_pids)
    {
      if (!has_pid)
	return false;
      bool found = false;
      for (size_t i = 0; i < o->n_pids && !found; i++)
	found = o->pids[i] == pid;
      if (!found)
	return false;
    }
  if (o->comm)
    {
      if (!has_pid)
	return false;
      uint64_t c = afdo_map_get (&bp->pids_comm, pid, 0);
      if (!(c & 1))
	return false;
    }
  return true;
}

int
binprof_add_sample (binprof *bp, unsigned cpumode, bool has_pid,
		    uint32_t pid, uint64_t ip, uint64_t nr, const perf_branch *brs,
		    const perf_sample *ps, afdo_error *err)
{
  bool any = !has_pid;
  bp->samples++;
  if (!pid_selected (bp, has_pid, pid))
    {
      bp->samples_filtered++;
      return 0;
    }
  uint64_t va;
  if (cpumode == PERF_RECORD_MISC_KERNEL
      || cpumode == PERF_RECORD_MISC_GUEST_KERNEL)
    bp->samples_kernel++;
  else if (translate (bp, pid, any, ip, &va))
    {
      bp->samples_binary++;
      size_t known = bp->ips.n;
      if (!afdo_map_add (&bp->ips, va, 0, 1))
	goto oom;
      if (bp->warm && bp->ips.n != known)
	warmup_add (bp->warm, va);
    }
  else
    bp->samples_other++;

  if (nr == 0 || bp->opts->use_lbr == 0)
    return 0;
  bp->samples_lbr++;
  uint64_t prev_to = 0;
  bool prev_ok = false;
  /* Walk from the oldest entry to the newest.  */
  for (uint64_t k = nr; k-- > 0;)
    {
      perf_branch b;
      if (brs)
	b = brs[k];
      else
	perf_sample_branch (ps, k, &b);
      uint64_t from, to;
      bool from_ok = translate (bp, pid, any, b.from, &from);
      bool to_ok = translate (bp, pid, any, b.to, &to);
      /* The path from the previous (older) branch's target to this
	 branch's source ran without a taken branch.  */
      if (prev_ok && from_ok)
	{
	  if (prev_to <= from && from - prev_to < MAX_RANGE)
	    {
	      bp->ranges_ok++;
	      if (!afdo_map_add (&bp->ranges, prev_to, from, 1))
		goto oom;
	    }
	  else
	    bp->ranges_bad++;
	}
      if (from_ok && to_ok)
	{
	  bp->n_branches++;
	  if (!afdo_map_add (&bp->branches, from, to, 1))
	    goto oom;
	}
      else if (to_ok)
	{
	  if (!afdo_map_add (&bp->entries, to, 0, 1))
	    goto oom;
	}
      prev_to = to;
      prev_ok = to_ok;
    }
  return 0;
oom:
  binprof_oom (err);
  return -1;
}

/* Whether the frame-pointer chain of a sample at IP in function FN names
   FN's caller first: FN has set up its frame (push %rbp; mov %rsp,%rbp,
   found near its entry, perhaps after endbr64, a shrink-wrapped test or
   other instructions scheduled between them)
   and IP is after that and not at a return.  A leaf function that needs
   no frame has none even with -fno-omit-frame-pointer, and then the
   chain's first return address is in its caller's caller.  */
static bool
frame_set_up (const binary *b, const bin_func *fn, uint64_t ip)
{
  const uint8_t *p, *q;
  size_t n = binary_code (b, fn->addr, &p);
  if (n > 48)
    n = 48;
  if (binary_code (b, ip, &q) && (q[0] == 0xc3 || q[0] == 0xc2))
    return false;
  /* The push and the mov may be apart (scheduled): find the mov, and a
     push before it.  */
  bool push = false;
  for (size_t i = 0; i + 3 <= n; i++)
    {
      push |= p[i] == 0x55;
      if (push && p[i] == 0x48 && p[i + 1] == 0x89 && p[i + 2] == 0xe5)
	return ip >= fn->addr + i + 3;
    }
  return false;
}

int
binprof_add_chain (binprof *bp, bool has_pid, uint32_t pid,
		   const uint64_t *pcs, size_t n, bool exact,
		   afdo_error *err)
{
  bool any = !has_pid;
  uint64_t ip, ret1;
  /* A chain whose first return address is not in the binary adds
     nothing (the walk below stops there): the common case of
     frame-pointer chains through code without frame pointers, settled
     before the function lookup.  */
  if (n < 2 || bp->opts->no_callchains || !pid_selected (bp, has_pid, pid)
      || !translate (bp, pid, any, pcs[0], &ip)
      || !translate (bp, pid, any, pcs[1], &ret1))
    return 0;
  /* The function executing frame I-1 is the callee of the call that
     returns to frame I.  */
  const bin_func *callee = binary_func_at (bp->bin, ip);
  bool counted = false;
  for (size_t i = 1; i < n && callee; i++)
    {
      uint64_t ret, call, target;
      if (!translate (bp, pid, any, pcs[i], &ret))
	break;
      if (!binary_call_before (bp->bin, ret, &call, &target))
	{
	  /* In the binary, but not after a call: not a return address.  */
	  bp->chain_bad++;
	  break;
	}
      const bin_func *caller = binary_func_at (bp->bin, call);
      if (!caller)
	break;
      /* A frame-pointer chain misses the caller of a function without
	 a frame at the IP: the first return address is in the caller's
	 caller.  Its call is then of an unknown function when it is
	 indirect: go on from the caller.  */
      bool skipped = i == 1 && !exact
		     && !frame_set_up (bp->bin, callee, ip);
      if (skipped && !target)
	{
	  callee = caller;
	  continue;
	}
      /* A direct call of another function of the binary: a frame was
	 missed (as above, or a tail call); the call is its target's, and
	 the IP's context is unknown.  */
      if (target && target != callee->addr)
	{
	  const bin_func *t = binary_func_at (bp->bin, target);
	  if (t && t->addr == target)
	    {
	      callee = t;
	      skipped = true;
	    }
	}
      if (!counted)
	{
	  bp->samples_chain++;
	  counted = true;
	}
      bp->chain_frames++;
      if (!afdo_map_add (&bp->calls, ret, callee->addr, 1))
	goto oom;
      if (i == 1 && !skipped && caller != callee
	  && !afdo_map_add (&bp->contexts, ret, ip, 1))
	goto oom;
      callee = caller;
    }
  return 0;
oom:
  binprof_oom (err);
  return -1;
}

/* Marks of perf's call chains (PERF_CONTEXT_*, the last 4095 values of
   a u64): what follows a PERF_CONTEXT_USER mark is user space.  */
#define CHAIN_MARK_MIN ((uint64_t) -4095)

/* The user part of the call chain of S into PCS (at most MAX): its first
   entry is the IP, the others return addresses.  */
static size_t
user_chain (const perf_sample *s, uint64_t *pcs, size_t max)
{
  size_t n = 0;
  bool user = false;
  for (uint64_t i = 0; i < s->nr_callchain; i++)
    {
      uint64_t v;
      memcpy (&v, s->callchain + 8 * i, 8);
      if (v >= CHAIN_MARK_MIN)
	{
	  user = v == (uint64_t) PERF_CONTEXT_USER;
	  continue;
	}
      if (user && n < max)
	pcs[n++] = v;
      if (n == max)
	break;
    }
  return n;
}

/* Frames followed in a call chain.  */
#define MAX_CHAIN 128

static int
cb_sample (void *data, const perf_sample *s, afdo_error *err)
{
  binprof *bp = data;
  int r = binprof_add_sample (bp, s->cpumode, s->has_tid, s->pid, s->ip,
			      s->nr_branches, NULL, s, err);
  if (r || (!s->nr_callchain && !s->stack_size)
      || s->cpumode != PERF_RECORD_MISC_USER)
    return r;
  uint64_t pcs[MAX_CHAIN];
  /* The first two frames first: a chain whose first return address is
     not in the binary adds nothing (binprof_add_chain), and is not read
     further.  */
  size_t n = user_chain (s, pcs, 2);
  if (n == 2)
    {
      uint64_t ret;
      if (!translate (bp, s->pid, !s->has_tid, pcs[1], &ret))
	return 0;
      n = user_chain (s, pcs, MAX_CHAIN);
    }
  bool exact = false;
  /* --call-graph dwarf: the kernel gives the IP alone, and a copy of the
     stack to unwind.  */
  if (n < 2 && s->stack_size && bp->uw && s->has_tid)
    {
      n = unwinder_unwind (bp->uw, s->pid, s, pcs, MAX_CHAIN);
      exact = true;
    }
  return binprof_add_chain (bp, s->has_tid, s->pid, pcs, n, exact, err);
}

typedef struct pass_ctx
{
  binprof *bp;
  const char *path;
  const char *what;
  const uint8_t *base;
  size_t released;
} pass_ctx;

/* Pages already parsed are given back (the mapping is read-only and
   private, so they are simply read again if needed): peak memory does
   not grow with the size of perf.data.  */
static void
cb_progress (void *data, size_t off, size_t len)
{
  binprof *bp = data;
  pass_ctx *pc = bp->pass;
  if (!pc)
    return;
  size_t page = (size_t) sysconf (_SC_PAGESIZE);
  size_t upto = off / page * page;
  if (upto > pc->released)
    {
      madvise ((void *) (pc->base + pc->released), upto - pc->released,
	       MADV_DONTNEED);
      pc->released = upto;
    }
  if (bp->opts->progress)
    fprintf (stderr, "afdo-convert: %s %s: %zu%%\r", pc->what, pc->path,
	     len ? off * 100 / len : 100);
}

void
binprof_begin_file (binprof *bp)
{
  bp->n_maps = 0;
  maps_changed (bp);
  afdo_map_free (&bp->pids_comm);
  bp->saw_binary_name = false;
  bp->build_id_match = bp->build_id_other = false;
  bp->files++;
}

/* When the samples of the file carry copies of the user stack (perf
   record --call-graph dwarf), the unwinder, told the binary's mappings
   of this file.  A binary libdwfl cannot use leaves those samples with
   their IPs, said under -v.  */
static void
start_unwinder (binprof *bp, const char *path, const perf_stats *st)
{
  bool stacks = false;
  for (uint32_t i = 0; i < st->n_attrs && i < 8; i++)
    stacks |= (st->attrs[i].sample_type & PERF_SAMPLE_STACK_USER) != 0;
  if (!stacks)
    return;
  if (!bp->uw)
    {
      afdo_error uerr;
      bp->uw = unwinder_new (bp->bin->path, &uerr);
      if (!bp->uw)
	{
	  if (bp->opts->verbose)
	    fprintf (stderr, "afdo-convert: %s: the user stacks cannot be "
		     "unwound: %s\n", path, uerr.msg);
	  return;
	}
    }
  for (size_t i = 0; i < bp->n_maps; i++)
    if (!bp->maps[i].any_pid)
      unwinder_map (bp->uw, bp->maps[i].pid, bp->maps[i].start,
		    bp->maps[i].end - bp->maps[i].start, bp->maps[i].pgoff);
}

int
binprof_add_perf_data (binprof *bp, const char *path, afdo_error *err)
{
  mapped_file mf;
  if (mapped_file_open (path, &mf, err))
    return -1;
  binprof_begin_file (bp);
  perf_callbacks pass1 = { .mmap = cb_mmap, .comm = cb_comm,
			   .fork = cb_fork, .build_id = cb_build_id,
			   .progress = cb_progress };
  perf_stats st;
  pass_ctx pc = { bp, path, "mappings of", mf.buf, 0 };
  bp->pass = &pc;
  int r = perf_data_parse (mf.buf, mf.len, path, &pass1, bp, &st, err);
  if (r)
    goto out;
  if ((r = check_build_id (bp, err)))
    goto out;
  binprof_settle_maps (bp);
  if (!bp->opts->no_callchains)
    start_unwinder (bp, path, &st);
  if (st.samples == 0)
    {
      afdo_error_set (err, "%s: no samples in perf.data", path);
      r = -1;
      goto out;
    }
  if (bp->n_maps == 0)
    {
      afdo_error_set (err, "%s: the binary %s does not appear in this "
		      "perf.data (no mapping of it was recorded)", path,
		      bp->bin->path);
      r = -1;
      goto out;
    }
  perf_callbacks pass2 = { .sample = cb_sample, .progress = cb_progress };
  pc.what = "samples of";
  pc.released = 0;
  r = perf_data_parse (mf.buf, mf.len, path, &pass2, bp, NULL, err);
  bp->unknown_records += st.unknown_records;
  bp->lost_records += st.lost_records;
out:
  bp->pass = NULL;
  if (bp->opts->progress)
    fprintf (stderr, "\033[K");
  mapped_file_close (&mf);
  return r;
}
