/* From perf samples to an AutoFDO profile: mappings of the binary in the
   profiled processes, IP and LBR counts by ELF address (LBR ranges as in
   seed paper 002, Algorithm 2), then symbolization and aggregation with
   MAX over the instructions of a source position (seed paper 000,
   Algorithm 1).
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

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convert.h"
#include "perfdata.h"

/* A maximal non-taken path longer than this is not believed: the two
   branches were not back to back (an interrupt or a lost record).  */
#define MAX_RANGE (1u << 16)

void
binprof_init (binprof *bp, binary *b, const convert_opts *o)
{
  memset (bp, 0, sizeof *bp);
  bp->bin = b;
  bp->opts = o;
}

void
binprof_free (binprof *bp)
{
  cmap_free (&bp->ips);
  cmap_free (&bp->ranges);
  cmap_free (&bp->branches);
  cmap_free (&bp->entries);
  cmap_free (&bp->pids_comm);
  free (bp->maps);
  memset (bp, 0, sizeof *bp);
}

static const char *
base_name (const char *p)
{
  const char *s = strrchr (p, '/');
  return s ? s + 1 : p;
}

/* Does the mapped file name FN designate the binary?  2 exactly, 1 by
   basename only, 0 not.  */
static int
names_binary (const binary *b, const char *fn)
{
  if (!strcmp (fn, b->path) || (b->realpath && !strcmp (fn, b->realpath)))
    return 2;
  if (!strcmp (base_name (fn), b->base))
    return 1;
  return 0;
}

static void
oom (afdo_error *err)
{
  afdo_error_set (err, "out of memory");
}

static int
add_map (binprof *bp, uint32_t pid, uint64_t start, uint64_t len,
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
	  oom (err);
	  return -1;
	}
      bp->maps = n;
      bp->cap_maps = nc;
    }
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
  int how = names_binary (b, fn);
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
  return add_map (bp, pid, start, len, pgoff, how == 2, false, err);
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
      if (!cmap_get (&bp->pids_comm, pid, 0)
	  && !cmap_add (&bp->pids_comm, pid, 0, 1))
	{
	  oom (err);
	  return -1;
	}
    }
  else if (cmap_get (&bp->pids_comm, pid, 0))
    /* Renamed (exec of another program): mark with an odd count.  */
    cmap_add (&bp->pids_comm, pid, 0, 1);
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
	if (add_map (bp, pid, m.start, m.end - m.start, m.pgoff, m.exact,
		     false, err))
	  return -1;
      }
  if (bp->opts->comm)
    {
      uint64_t c = cmap_get (&bp->pids_comm, ppid, 0);
      if (c && !cmap_add (&bp->pids_comm, pid, 0, c))
	{
	  oom (err);
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
  else if (names_binary (b, fn))
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

/* After pass 1: keep the exact matches when there are any.  */
static void
settle_maps (binprof *bp)
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
}

/* The ELF address of runtime address A in process PID (ANY: any
   process), or false when A is not in the binary.  */
static inline bool
translate (binprof *bp, uint32_t pid, bool any, uint64_t a, uint64_t *va)
{
  for (size_t i = 0; i < bp->n_maps; i++)
    {
      const bin_map *m = &bp->maps[i];
      if ((any || m->any_pid || m->pid == pid) && a >= m->start && a < m->end)
	return binary_offset_to_vaddr (bp->bin, a - m->start + m->pgoff, va);
    }
  return false;
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
      uint64_t c = cmap_get (&bp->pids_comm, pid, 0);
      if (!(c & 1))
	return false;
    }
  return true;
}

/* A sample: its IP, then its branch stack (entry 0 the most recent).  */
static int
add_sample (binprof *bp, unsigned cpumode, bool has_pid, uint32_t pid,
	    uint64_t ip, uint64_t nr, const perf_branch *brs,
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
      if (!cmap_add (&bp->ips, va, 0, 1))
	goto oom;
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
	      if (!cmap_add (&bp->ranges, prev_to, from, 1))
		goto oom;
	    }
	  else
	    bp->ranges_bad++;
	}
      if (from_ok && to_ok)
	{
	  bp->n_branches++;
	  if (!cmap_add (&bp->branches, from, to, 1))
	    goto oom;
	}
      else if (to_ok)
	{
	  if (!cmap_add (&bp->entries, to, 0, 1))
	    goto oom;
	}
      prev_to = to;
      prev_ok = to_ok;
    }
  return 0;
oom:
  oom (err);
  return -1;
}

static int
cb_sample (void *data, const perf_sample *s, afdo_error *err)
{
  binprof *bp = data;
  return add_sample (bp, s->cpumode, s->has_tid, s->pid, s->ip,
		     s->nr_branches, NULL, s, err);
}

typedef struct mapped_file
{
  const uint8_t *buf;
  size_t len;
  void *map;
} mapped_file;

static int
map_file (const char *path, mapped_file *mf, afdo_error *err)
{
  memset (mf, 0, sizeof *mf);
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      afdo_error_set (err, "%s: cannot open: %s", path, strerror (errno));
      return -1;
    }
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      afdo_error_set (err, "%s: not a regular file", path);
      close (fd);
      return -1;
    }
  mf->len = (size_t) st.st_size;
  if (mf->len)
    {
      mf->map = mmap (NULL, mf->len, PROT_READ, MAP_PRIVATE, fd, 0);
      if (mf->map == MAP_FAILED)
	{
	  afdo_error_set (err, "%s: cannot map: %s", path, strerror (errno));
	  close (fd);
	  return -1;
	}
      mf->buf = mf->map;
      madvise (mf->map, mf->len, MADV_SEQUENTIAL);
    }
  close (fd);
  return 0;
}

static void
unmap_file (mapped_file *mf)
{
  if (mf->map && mf->len)
    munmap (mf->map, mf->len);
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

static void
begin_file (binprof *bp)
{
  bp->n_maps = 0;
  cmap_free (&bp->pids_comm);
  bp->saw_binary_name = false;
  bp->build_id_match = bp->build_id_other = false;
  bp->files++;
}

int
binprof_add_perf_data (binprof *bp, const char *path, afdo_error *err)
{
  mapped_file mf;
  if (map_file (path, &mf, err))
    return -1;
  begin_file (bp);
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
  settle_maps (bp);
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
  unmap_file (&mf);
  return r;
}

/* perf script text.  */

static const char *
skip_ws (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

static bool
parse_hex (const char **pp, uint64_t *v)
{
  const char *p = *pp;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;
  uint64_t x = 0;
  int n = 0;
  for (;; p++, n++)
    {
      unsigned d;
      if (*p >= '0' && *p <= '9')
	d = (unsigned) (*p - '0');
      else if (*p >= 'a' && *p <= 'f')
	d = (unsigned) (*p - 'a' + 10);
      else if (*p >= 'A' && *p <= 'F')
	d = (unsigned) (*p - 'A' + 10);
      else
	break;
      if (n >= 16)
	return false;
      x = x << 4 | d;
    }
  if (n == 0)
    return false;
  *v = x;
  *pp = p;
  return true;
}

static int
script_mmap (binprof *bp, const char *line, size_t lineno, const char *path,
	     afdo_error *err)
{
  const char *p = strstr (line, "PERF_RECORD_MMAP");
  p += 16;
  if (*p == '2')
    p++;
  p = skip_ws (p);
  char *e;
  unsigned long pid = strtoul (p, &e, 10);
  const char *q = strchr (p, '[');
  uint64_t start, len, pgoff;
  if (e == p || !q)
    goto bad;
  q++;
  if (!parse_hex (&q, &start) || *q != '(')
    goto bad;
  q++;
  if (!parse_hex (&q, &len) || *q != ')')
    goto bad;
  q = strstr (q, "@ ");
  if (!q)
    goto bad;
  q += 2;
  if (!parse_hex (&q, &pgoff))
    goto bad;
  q = strstr (q, "]: ");
  if (!q)
    goto bad;
  q += 3;
  q = strchr (q, ' ');		/* after the permissions */
  if (!q)
    goto bad;
  q = skip_ws (q);
  {
    size_t n = strcspn (q, "\r\n");
    char fn[4096];
    if (n >= sizeof fn)
      n = sizeof fn - 1;
    memcpy (fn, q, n);
    fn[n] = 0;
    int how = names_binary (bp->bin, fn);
    if (!how)
      return 0;
    bp->saw_binary_name = true;
    (void) pid;
    return add_map (bp, 0, start, len, pgoff, how == 2, true, err);
  }
bad:
  afdo_error_set (err, "%s:%zu: malformed MMAP event line", path, lineno);
  return -1;
}

int
binprof_script_line (binprof *bp, const char *line, size_t lineno,
		     const char *path, afdo_error *err)
{
  if (strstr (line, "PERF_RECORD_MMAP"))
    return script_mmap (bp, line, lineno, path, err);
  if (strstr (line, "PERF_RECORD_"))
    return 0;
  const char *p = skip_ws (line);
  if (*p == 0 || *p == '\n' || *p == '#')
    return 0;

  uint64_t plain[2];
  const char *plain_tok[2] = { NULL, NULL };
  unsigned n_plain = 0;
  perf_branch brs[64];
  uint64_t nr = 0;
  while (*p && *p != '\n' && *p != '\r')
    {
      const char *tok = p;
      uint64_t a, b;
      if (!parse_hex (&p, &a))
	goto bad;
      if (*p == '/')
	{
	  p++;
	  if (!parse_hex (&p, &b))
	    goto bad;
	  /* Flags fields: /P/-/-/0 and perhaps a branch type.  */
	  while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
	    p++;
	  if (nr < 64)
	    {
	      brs[nr].from = a;
	      brs[nr].to = b;
	      brs[nr].flags = 0;
	      nr++;
	    }
	}
      else
	{
	  if ((*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
	      || nr || n_plain == 2)
	    goto bad;
	  plain_tok[n_plain] = tok;
	  plain[n_plain++] = a;
	}
      p = skip_ws (p);
    }
  if (n_plain == 0 && nr == 0)
    return 0;
  uint64_t ip = n_plain ? plain[n_plain - 1] : brs[0].from;
  bool has_pid = false;
  uint32_t pid = 0;
  if (n_plain == 2)
    {
      /* "PID IP" from -F pid,ip: the pid is decimal.  */
      char *e;
      unsigned long v = strtoul (plain_tok[0], &e, 10);
      if (*e != ' ' && *e != '\t')
	goto bad;
      has_pid = true;
      pid = (uint32_t) v;
    }
  /* perf script prints the most recent branch first, as perf.data.  */
  return add_sample (bp, PERF_RECORD_MISC_USER, has_pid, pid, ip, nr, brs,
		     NULL, err);
bad:
  afdo_error_set (err, "%s:%zu: not `perf script -F ip[,brstack]' output",
		  path, lineno);
  return -1;
}

int
binprof_add_perf_script (binprof *bp, const char *path, afdo_error *err)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      afdo_error_set (err, "%s: cannot open: %s", path, strerror (errno));
      return -1;
    }
  begin_file (bp);
  char *line = NULL;
  size_t cap = 0, lineno = 0;
  ssize_t n;
  int r = 0;
  uint64_t before = bp->samples;
  bool mapped_checked = false;
  while ((n = getline (&line, &cap, f)) >= 0)
    {
      lineno++;
      if (!mapped_checked && !strstr (line, "PERF_RECORD_")
	  && *skip_ws (line) && *skip_ws (line) != '\n')
	{
	  mapped_checked = true;
	  if (bp->n_maps == 0)
	    {
	      if (bp->bin->e_type != ET_EXEC)
		{
		  afdo_error_set (err, "%s: no MMAP event for %s before the "
				  "samples, and it is position-independent; "
				  "run perf script with --show-mmap-events",
				  path, bp->bin->path);
		  r = -1;
		  break;
		}
	      /* A fixed-address executable: identity mappings of its
		 loadable segments.  */
	      for (size_t i = 0; i < bp->bin->n_loads && !r; i++)
		{
		  const bin_load *l = &bp->bin->loads[i];
		  if (l->filesz)
		    r = add_map (bp, 0, l->vaddr, l->filesz, l->offset, true,
				 true, err);
		}
	      if (r)
		break;
	    }
	  else
	    settle_maps (bp);
	}
      if ((r = binprof_script_line (bp, line, lineno, path, err)))
	break;
    }
  free (line);
  if (!r && ferror (f))
    {
      afdo_error_set (err, "%s: read error", path);
      r = -1;
    }
  fclose (f);
  if (!r && bp->samples == before)
    {
      afdo_error_set (err, "%s: no samples in perf script output", path);
      r = -1;
    }
  return r;
}

/* Aggregation.  */

typedef struct agg
{
  afdo_profile *prof;
  symbolizer *sym;
  binary *bin;
} agg;

/* The profile instance of SCOPE (cached in its aux field).  */
static afdo_function *
instance (agg *g, sym_scope *sc)
{
  if (sc->aux)
    return sc->aux;
  if (!sc->name)
    return NULL;
  afdo_function *f;
  uint32_t name = afdo_intern_str (g->prof, sc->name);
  if (!sc->parent)
    f = afdo_top (g->prof, name, true);
  else
    {
      afdo_function *p = instance (g, sc->parent);
      if (!p)
	return NULL;
      afdo_key_t key = AFDO_KEY ((uint32_t) sc->call_line
				 - (uint32_t) sc->parent->decl_line,
				 sc->call_disc);
      f = afdo_callee (g->prof, p, key, name, true);
    }
  sc->aux = f;
  return f;
}

static afdo_key_t
pos_key (const sym_result *r)
{
  return AFDO_KEY (r->line - (uint32_t) r->scope->decl_line, r->disc);
}

/* Count C for the instructions in [LO, HI).  */
static void
add_piece (agg *g, uint64_t lo, uint64_t hi, uint64_t c)
{
  uint64_t a = lo;
  while (a < hi)
    {
      sym_result r;
      symbolize (g->sym, a, &r);
      if (r.scope && r.line)
	{
	  afdo_function *f = instance (g, (sym_scope *) r.scope);
	  if (f)
	    afdo_pos_max (afdo_pos_get (f, pos_key (&r), true),
			  afdo_count_mul (c, r.mult));
	}
      a = r.end < hi ? r.end : hi;
    }
}

/* The functions (symbols) that got samples, in the order met.  */
typedef struct func_list
{
  const bin_func **v;
  size_t n, cap;
} func_list;

static void
note_func (func_list *l, const bin_func *fn)
{
  if (!fn || (l->n && l->v[l->n - 1] == fn))
    return;
  if (l->n == l->cap)
    {
      size_t nc = l->cap ? 2 * l->cap : 64;
      const bin_func **n = realloc (l->v, nc * sizeof *n);
      if (!n)
	return;
      l->v = n;
      l->cap = nc;
    }
  l->v[l->n++] = fn;
}

/* llvm-profgen gives every line of a sampled function that got no
   sample a count of 0, and LLVM's sample loader (its profile inference,
   -fsample-profile-use-profi, above all) takes such a line for a cold
   one where a line missing from the profile is unknown.  Do the same for
   the functions of clang's units.  GCC's units are left as they were:
   GCC and the plugin read a missing position and a position of count 0
   alike.  */
static int
func_order (const void *a, const void *b)
{
  const bin_func *x = *(const bin_func *const *) a;
  const bin_func *y = *(const bin_func *const *) b;
  return x < y ? -1 : x > y;
}

static void
fill_zeros (agg *g, func_list *l)
{
  if (l->n > 1)
    qsort (l->v, l->n, sizeof *l->v, func_order);
  for (size_t i = 0; i < l->n; i++)
    {
      uint64_t a = l->v[i]->addr, hi = a + l->v[i]->size;
      if (i && l->v[i] == l->v[i - 1])
	continue;
      while (a < hi)
	{
	  sym_result r;
	  symbolize (g->sym, a, &r);
	  if (!r.llvm)
	    break;
	  if (r.scope && r.line)
	    {
	      afdo_function *f = instance (g, (sym_scope *) r.scope);
	      if (f)
		afdo_pos_max (afdo_pos_get (f, pos_key (&r), true), 0);
	    }
	  a = r.end < hi ? r.end : hi;
	}
    }
  free (l->v);
}

static int
u64pair_cmp (const void *a, const void *b)
{
  const uint64_t *x = a, *y = b;
  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return 0;
}

static int
slot_cmp (const void *a, const void *b)
{
  const cmap_slot *x = a, *y = b;
  if (x->a != y->a)
    return x->a < y->a ? -1 : 1;
  return x->b < y->b ? -1 : x->b > y->b;
}

/* The entries of M, sorted; NULL when empty or out of memory.  */
static cmap_slot *
sorted_slots (const cmap *m, size_t *n)
{
  *n = 0;
  if (!m->n)
    return NULL;
  cmap_slot *v = malloc (m->n * sizeof *v);
  if (!v)
    return NULL;
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].count)
      v[(*n)++] = m->slots[i];
  qsort (v, *n, sizeof *v, slot_cmp);
  return v;
}

static void
progress (const binprof *bp, const char *what, size_t i, size_t n)
{
  if (!bp->opts->progress || n < 4096 || (i & 4095))
    return;
  fprintf (stderr, "afdo-convert: %s: %zu%%\r", what, i * 100 / n);
}

afdo_profile *
binprof_to_profile (binprof *bp, symbolizer *sym, quality *q,
		    afdo_error *err)
{
  agg g = { afdo_profile_new (), sym, bp->bin };
  func_list sampled = { 0 };
  if (!g.prof)
    {
      oom (err);
      return NULL;
    }
  memset (q, 0, sizeof *q);
  q->samples = bp->samples - bp->samples_filtered;
  q->in_binary = bp->samples_binary;
  bool lbr = bp->opts->use_lbr != 0 && bp->ranges.n > 0;
  q->lbr = lbr;

  /* IP samples: the quality figures always, the counts without LBR.  */
  size_t n_ips;
  cmap_slot *ips = sorted_slots (&bp->ips, &n_ips);
  if (bp->ips.n && !ips)
    goto oom;
  for (size_t i = 0; i < n_ips; i++)
    {
      sym_result r;
      uint64_t a = ips[i].a, c = ips[i].count;
      progress (bp, "symbolizing", i, n_ips);
      symbolize (sym, a, &r);
      q->addresses++;
      if (!r.scope || !r.scope->name)
	continue;
      q->with_function += c;
      if (!r.line)
	continue;
      q->with_line += c;
      if (r.disc)
	q->with_disc += c;
      if (r.scope->parent)
	q->inlined += c;
      if (!lbr)
	{
	  afdo_function *f = instance (&g, (sym_scope *) r.scope);
	  afdo_pos *pos = f ? afdo_pos_get (f, pos_key (&r), true) : NULL;
	  /* For clang's units, what llvm-profgen --leading-ip-only does
	     with IP samples: the sum of the samples of a location (which
	     counts every copy of duplicated code).  */
	  if (pos && r.llvm)
	    afdo_pos_add (pos, c);
	  else if (pos)
	    afdo_pos_max (pos, afdo_count_mul (c, r.mult));
	  if (r.llvm)
	    note_func (&sampled, binary_func_at (bp->bin, a));
	}
    }
  free (ips);

  if (lbr)
    {
      /* Instruction counts from the ranges: a sweep over +C at the first
	 address and -C after the last instruction's first byte gives
	 pieces of constant count.  */
      size_t n_r;
      cmap_slot *rs = sorted_slots (&bp->ranges, &n_r);
      if (!rs)
	goto oom;
      uint64_t (*ev)[2] = malloc (2 * n_r * sizeof *ev);
      if (!ev)
	{
	  free (rs);
	  goto oom;
	}
      for (size_t i = 0; i < n_r; i++)
	{
	  ev[2 * i][0] = rs[i].a;
	  ev[2 * i][1] = rs[i].count;
	  ev[2 * i + 1][0] = rs[i].b + 1;
	  ev[2 * i + 1][1] = -rs[i].count;
	}
      free (rs);
      qsort (ev, 2 * n_r, sizeof *ev, u64pair_cmp);
      uint64_t cur = 0;
      for (size_t i = 0; i < 2 * n_r;)
	{
	  uint64_t a = ev[i][0];
	  while (i < 2 * n_r && ev[i][0] == a)
	    cur += ev[i++][1];
	  progress (bp, "symbolizing ranges", i, 2 * n_r);
	  if (cur && i < 2 * n_r)
	    {
	      add_piece (&g, a, ev[i][0], cur);
	      note_func (&sampled, binary_func_at (bp->bin, a));
	    }
	}
      free (ev);

      /* Calls: head counts of the callees, indirect-call targets.  */
      size_t n_b;
      cmap_slot *bs = sorted_slots (&bp->branches, &n_b);
      if (bp->branches.n && !bs)
	goto oom;
      for (size_t i = 0; i < n_b; i++)
	{
	  uint64_t from = bs[i].a, to = bs[i].b, c = bs[i].count;
	  const bin_func *fn = binary_func_at (bp->bin, to);
	  if (!fn || fn->addr != to)
	    continue;
	  int kind = binary_call_kind (bp->bin, from);
	  if (!kind)
	    continue;
	  sym_result rt;
	  symbolize (sym, to, &rt);
	  if (!rt.scope)
	    continue;
	  const sym_scope *top = rt.scope;
	  while (top->parent)
	    top = top->parent;
	  afdo_function *callee = instance (&g, (sym_scope *) top);
	  if (!callee)
	    continue;
	  callee->head = afdo_count_add (callee->head, c);
	  if (kind != 2)
	    continue;
	  sym_result rf;
	  symbolize (sym, from, &rf);
	  if (!rf.scope || !rf.line)
	    continue;
	  afdo_function *caller = instance (&g, (sym_scope *) rf.scope);
	  if (caller)
	    afdo_target_add (afdo_pos_get (caller, pos_key (&rf), true),
			     callee->name, c);
	}
      free (bs);
      /* Entries from other binaries (callbacks, main from libc).  */
      size_t n_e;
      cmap_slot *es = sorted_slots (&bp->entries, &n_e);
      for (size_t i = 0; i < n_e; i++)
	{
	  const bin_func *fn = binary_func_at (bp->bin, es[i].a);
	  if (!fn || fn->addr != es[i].a)
	    continue;
	  sym_result rt;
	  symbolize (sym, es[i].a, &rt);
	  if (!rt.scope)
	    continue;
	  const sym_scope *top = rt.scope;
	  while (top->parent)
	    top = top->parent;
	  afdo_function *callee = instance (&g, (sym_scope *) top);
	  if (callee)
	    callee->head = afdo_count_add (callee->head, es[i].count);
	}
      free (es);
    }
  if (bp->opts->progress)
    fprintf (stderr, "\033[K");
  fill_zeros (&g, &sampled);
  afdo_profile_finalize (g.prof);
  return g.prof;
oom:
  free (sampled.v);
  afdo_profile_free (g.prof);
  oom (err);
  return NULL;
}
