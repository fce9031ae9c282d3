/* afdo-lbrgen: run a program under ptrace, single-step it, and write a
   perf.data file with last-branch-record samples in the layout that
   `perf record -b` writes, plus exact per-instruction counts, so that
   the LBR path of the converter can be tested without LBR hardware.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

/* How it works (see doc/lbrgen.md):

   The program is started with PTRACE_TRACEME and stepped one instruction
   at a time with PTRACE_SINGLESTEP.  Before each step the instruction at
   the current pc is classified by a small x86-64 decoder that knows only
   the control-transfer instructions (jcc, jrcxz/loop, jmp, call, ret and
   the indirect forms); everything else is sequential.  A conditional
   branch is taken when the next pc differs from pc + its length; an
   unconditional one is always taken.  Taken branches go into a ring of
   the last DEPTH (from, to) pairs; every PERIOD taken branches (jittered
   by default, as hardware skid would) a PERF_RECORD_SAMPLE with the ring,
   newest first, is written.

   The file is what perf 6.1 writes for `perf record -b -e cycles:u -c N`:
   a PERFILE2 header, attributes of size PERF_ATTR_SIZE_VER7 with their
   ids, a data section with COMM, MMAP2, SAMPLE, FINISHED_ROUND and EXIT
   records (each with the sample_id_all trailer), and feature sections
   (build-ids of the mapped objects read with libelf, hostname, os
   release, version, arch, cpus, command line, event descriptions, branch
   stack, sample time).  */

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/user.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "afdo-lbrgen-insn.h"
#include "perfdata.h"
#include "rng.h"

#define MAX_DEPTH 64
#define NAME_ALIGN 64

static const char *progname = "afdo-lbrgen";

static void
die (const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s: ", progname);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (1);
}

static void *
xcalloc (size_t n, size_t sz)
{
  void *p = calloc (n, sz);
  if (!p)
    die ("out of memory");
  return p;
}

/* ---------------------------------------------------------------- */
/* Options.  */

static struct
{
  const char *out;
  const char *truth;
  const char *dump;
  uint64_t period;
  uint64_t ip_period;
  unsigned depth;
  int hw_idx;
  int ip_samples;
  int jitter;
  uint64_t seed;
  int verbose;
  char **argv;
} opt = { "perf.data", NULL, NULL, 1000, 0, 16, 0, 0, 1, 1, 0, NULL };

static void
usage (FILE *f)
{
  fprintf (f,
	   "Usage: %s [OPTIONS] -- PROGRAM [ARGS...]\n"
	   "Run PROGRAM single-stepped under ptrace and write a perf.data file\n"
	   "with branch-stack samples as `perf record -b` writes them.\n\n"
	   "  -o FILE             output perf.data (default perf.data)\n"
	   "  --period N          taken branches between samples (default 1000)\n"
	   "  --no-jitter         sample exactly every N taken branches (default:\n"
	   "                      uniformly in [N/2, 3N/2], like hardware skid)\n"
	   "  --seed S            seed of the jitter (default 1)\n"
	   "  --depth D           branch entries per sample (default 16, max %d)\n"
	   "  --hw-idx            set PERF_SAMPLE_BRANCH_HW_INDEX (hw_idx field)\n"
	   "  --with-ip-samples   add an instructions:u event with IP samples\n"
	   "  --ip-period M       instructions between IP samples (default 10*N)\n"
	   "  --truth FILE        write exact per-instruction execution counts\n"
	   "  --dump FILE         write the samples as text (IP then FROM/TO)\n"
	   "  -v                  statistics on stderr\n"
	   "  --help              this text\n", progname, MAX_DEPTH);
}

static uint64_t
parse_u64 (const char *s, const char *what)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull (s, &end, 0);
  if (errno || *end || !*s || v == 0)
    die ("bad %s '%s': a positive number is expected", what, s);
  return v;
}

static void
parse_args (int argc, char **argv)
{
  int i;
  for (i = 1; i < argc; i++)
    {
      const char *a = argv[i];
#define ARG_VALUE() \
  (i + 1 < argc ? argv[++i] : (die ("option %s needs a value", a), ""))
      if (!strcmp (a, "--"))
	{
	  i++;
	  break;
	}
      else if (!strcmp (a, "-o"))
	opt.out = ARG_VALUE ();
      else if (!strncmp (a, "-o", 2))
	opt.out = a + 2;
      else if (!strcmp (a, "--period"))
	opt.period = parse_u64 (ARG_VALUE (), "period");
      else if (!strcmp (a, "--ip-period"))
	opt.ip_period = parse_u64 (ARG_VALUE (), "ip period");
      else if (!strcmp (a, "--depth"))
	{
	  opt.depth = (unsigned) parse_u64 (ARG_VALUE (), "depth");
	  if (opt.depth > MAX_DEPTH)
	    die ("depth %u is larger than %d", opt.depth, MAX_DEPTH);
	}
      else if (!strcmp (a, "--seed"))
	opt.seed = parse_u64 (ARG_VALUE (), "seed");
      else if (!strcmp (a, "--truth"))
	opt.truth = ARG_VALUE ();
      else if (!strcmp (a, "--dump"))
	opt.dump = ARG_VALUE ();
      else if (!strcmp (a, "--hw-idx"))
	opt.hw_idx = 1;
      else if (!strcmp (a, "--with-ip-samples"))
	opt.ip_samples = 1;
      else if (!strcmp (a, "--no-jitter"))
	opt.jitter = 0;
      else if (!strcmp (a, "-v"))
	opt.verbose = 1;
      else if (!strcmp (a, "--help") || !strcmp (a, "-h"))
	{
	  usage (stdout);
	  exit (0);
	}
      else if (a[0] == '-')
	die ("unknown option '%s' (see --help)", a);
      else
	break;
#undef ARG_VALUE
    }
  if (i >= argc)
    die ("no program to run (see --help)");
  opt.argv = argv + i;
  if (!opt.ip_period)
    opt.ip_period = opt.period * 10;
}

/* ---------------------------------------------------------------- */
/* Instruction classification.  */

/* ---------------------------------------------------------------- */
/* Per-pc table: classification and exact execution count.  */

struct insn
{
  uint64_t pc;			/* 0: empty slot */
  uint64_t count;
  unsigned char kind, len;
};

static struct insn *itab;
static size_t itab_size, itab_used;
static int memfd = -1;

static struct insn *
itab_slot (struct insn *tab, size_t size, uint64_t pc)
{
  size_t h = (size_t) ((pc * 0x9e3779b97f4a7c15ull) >> 20) & (size - 1);
  while (tab[h].pc && tab[h].pc != pc)
    h = (h + 1) & (size - 1);
  return &tab[h];
}

static struct insn *
insn_at (uint64_t pc)
{
  struct insn *s = itab_slot (itab, itab_size, pc);
  if (s->pc)
    return s;
  if ((itab_used + 1) * 2 > itab_size)
    {
      size_t nsize = itab_size * 2;
      struct insn *nt = xcalloc (nsize, sizeof *nt);
      for (size_t i = 0; i < itab_size; i++)
	if (itab[i].pc)
	  *itab_slot (nt, nsize, itab[i].pc) = itab[i];
      free (itab);
      itab = nt;
      itab_size = nsize;
      s = itab_slot (itab, itab_size, pc);
    }
  unsigned char buf[16];
  ssize_t n = pread (memfd, buf, sizeof buf, (off_t) pc);
  if (n < 0)
    n = 0;
  unsigned len = 0;
  s->pc = pc;
  s->count = 0;
  s->kind = (unsigned char) afdo_classify_insn (buf, (size_t) n, &len);
  s->len = (unsigned char) len;
  itab_used++;
  return s;
}

/* ---------------------------------------------------------------- */
/* Mappings of the traced process.  */

struct mapping
{
  uint64_t start, end, pgoff, ino;
  uint32_t maj, min;
  char *path;
  int main_exe;
  int has_build_id;
  unsigned char build_id[20];
  unsigned build_id_size;
  /* ELF address = runtime address - start + pgoff + delta.  */
  int64_t delta;
};

static struct mapping *maps;
static size_t nmaps;
static char *exe_path;

/* Read the GNU build-id note and the load segment that holds file offset
   PGOFF of the ELF file M->path.  */
static void
read_elf_info (struct mapping *m)
{
  m->delta = 0;
  if (m->path[0] != '/')
    return;
  int fd = open (m->path, O_RDONLY);
  if (fd < 0)
    return;
  Elf *e = elf_begin (fd, ELF_C_READ, NULL);
  if (e && elf_kind (e) == ELF_K_ELF)
    {
      size_t phnum;
      if (elf_getphdrnum (e, &phnum) == 0)
	for (size_t i = 0; i < phnum; i++)
	  {
	    GElf_Phdr ph;
	    if (!gelf_getphdr (e, (int) i, &ph))
	      continue;
	    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X)
		&& ph.p_offset <= m->pgoff + 0xfff
		&& m->pgoff < ph.p_offset + ph.p_filesz)
	      m->delta = (int64_t) ph.p_vaddr - (int64_t) ph.p_offset;
	    if (ph.p_type == PT_NOTE && !m->has_build_id)
	      {
		Elf_Data *d = elf_getdata_rawchunk (e, (int64_t) ph.p_offset,
						    ph.p_filesz, ELF_T_NHDR);
		size_t off = 0, noff, doff;
		GElf_Nhdr nh;
		while (d && (off = gelf_getnote (d, off, &nh, &noff, &doff)) > 0)
		  if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4
		      && !memcmp ((char *) d->d_buf + noff, "GNU", 4)
		      && nh.n_descsz > 0 && nh.n_descsz <= 20)
		    {
		      memcpy (m->build_id, (char *) d->d_buf + doff, nh.n_descsz);
		      m->build_id_size = nh.n_descsz;
		      m->has_build_id = 1;
		      break;
		    }
	      }
	  }
    }
  if (e)
    elf_end (e);
  close (fd);
}

static void emit_mmap2 (const struct mapping *m);

/* Read /proc/PID/maps and add the executable mappings not seen yet,
   writing an MMAP2 record for each.  */
static void
scan_maps (pid_t pid)
{
  char fn[64], line[4096 + 256];
  snprintf (fn, sizeof fn, "/proc/%d/maps", (int) pid);
  FILE *f = fopen (fn, "r");
  if (!f)
    return;
  while (fgets (line, sizeof line, f))
    {
      unsigned long long start, end, pgoff, ino;
      unsigned maj, min;
      char perms[8];
      int pos = 0;
      if (sscanf (line, "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end,
		  perms, &pgoff, &maj, &min, &ino, &pos) < 7)
	continue;
      if (perms[2] != 'x')
	continue;
      char *path = line + pos;
      path[strcspn (path, "\n")] = 0;
      if (!*path)
	path = "//anon";
      size_t i;
      for (i = 0; i < nmaps; i++)
	if (maps[i].start == start && maps[i].end == end
	    && !strcmp (maps[i].path, path))
	  break;
      if (i < nmaps)
	continue;
      maps = realloc (maps, (nmaps + 1) * sizeof *maps);
      if (!maps)
	die ("out of memory");
      struct mapping *m = &maps[nmaps++];
      memset (m, 0, sizeof *m);
      m->start = start;
      m->end = end;
      m->pgoff = pgoff;
      m->ino = ino;
      m->maj = maj;
      m->min = min;
      m->path = strdup (path);
      m->main_exe = exe_path && !strcmp (path, exe_path);
      read_elf_info (m);
      emit_mmap2 (m);
    }
  fclose (f);
}

static const struct mapping *
find_map (uint64_t pc)
{
  for (size_t i = 0; i < nmaps; i++)
    if (pc >= maps[i].start && pc < maps[i].end)
      return &maps[i];
  return NULL;
}

/* ---------------------------------------------------------------- */
/* Output.  */

static FILE *out;
static uint64_t data_size;
static pid_t child;
static uint64_t cur_time, first_sample_time, last_sample_time;
static uint64_t event_id[2] = { 1001, 1002 };
static uint64_t sample_type[2];
static struct perf_event_attr attr[2];
static unsigned nevents;

static void
put (const void *p, size_t n)
{
  if (n && fwrite (p, 1, n, out) != n)
    die ("%s: write error: %s", opt.out, strerror (errno));
}

/* A record under construction.  */
static unsigned char rec[8 * (8 + 4 * MAX_DEPTH) + 8192];
static size_t rec_len;

static void
rec_bytes (const void *p, size_t n)
{
  if (rec_len + n > sizeof rec)
    die ("internal error: record too long");
  memcpy (rec + rec_len, p, n);
  rec_len += n;
}

static void
rec_u64 (uint64_t v)
{
  rec_bytes (&v, 8);
}

static void
rec_u32 (uint32_t v)
{
  rec_bytes (&v, 4);
}

static void
rec_begin (uint32_t type, uint16_t misc)
{
  struct perf_event_header h = { type, misc, 0 };
  rec_len = 0;
  rec_bytes (&h, sizeof h);
}

/* String padded with NULs to a multiple of 8 bytes.  */
static void
rec_str8 (const char *s)
{
  size_t n = strlen (s) + 1, pad = (8 - n % 8) % 8;
  static const char zero[8];
  rec_bytes (s, n);
  rec_bytes (zero, pad);
}

/* The sample_id_all trailer of a non-sample record, for event 0.  */
static void
rec_sample_id (void)
{
  uint64_t st = sample_type[0];
  if (st & PERF_SAMPLE_TID)
    {
      rec_u32 ((uint32_t) child);
      rec_u32 ((uint32_t) child);
    }
  if (st & PERF_SAMPLE_TIME)
    rec_u64 (cur_time);
  if (st & PERF_SAMPLE_ID)
    rec_u64 (event_id[0]);
  if (st & PERF_SAMPLE_IDENTIFIER)
    rec_u64 (event_id[0]);
}

static void
rec_end (void)
{
  struct perf_event_header *h = (struct perf_event_header *) rec;
  h->size = (uint16_t) rec_len;
  put (rec, rec_len);
  data_size += rec_len;
}

static void
emit_comm (const char *comm)
{
  rec_begin (PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC);
  rec_u32 ((uint32_t) child);
  rec_u32 ((uint32_t) child);
  rec_str8 (comm);
  rec_sample_id ();
  rec_end ();
}

static void
emit_mmap2 (const struct mapping *m)
{
  rec_begin (PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
  rec_u32 ((uint32_t) child);
  rec_u32 ((uint32_t) child);
  rec_u64 (m->start);
  rec_u64 (m->end - m->start);
  rec_u64 (m->pgoff);
  rec_u32 (m->maj);
  rec_u32 (m->min);
  rec_u64 (m->ino);
  rec_u64 (0);			/* ino_generation */
  rec_u32 (5);			/* PROT_READ | PROT_EXEC */
  rec_u32 (2);			/* MAP_PRIVATE */
  rec_str8 (m->path);
  rec_sample_id ();
  rec_end ();
}

static void
emit_exit (void)
{
  rec_begin (PERF_RECORD_EXIT, 0);
  rec_u32 ((uint32_t) child);
  rec_u32 ((uint32_t) getpid ());
  rec_u32 ((uint32_t) child);
  rec_u32 ((uint32_t) getpid ());
  rec_u64 (cur_time);
  rec_sample_id ();
  rec_end ();
}

static void
emit_finished_round (void)
{
  rec_begin (PERF_RECORD_FINISHED_ROUND, 0);
  rec_end ();
}

/* The branch ring: entry I of the sample is the I-th newest.  */
static uint64_t ring_from[MAX_DEPTH], ring_to[MAX_DEPTH];
static unsigned ring_head, ring_n;
static uint64_t nsamples[2];
static FILE *dump;

static void
emit_sample (unsigned ev, uint64_t ip, uint64_t period)
{
  uint64_t st = sample_type[ev];
  if (!first_sample_time)
    first_sample_time = cur_time;
  last_sample_time = cur_time;
  rec_begin (PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
  if (st & PERF_SAMPLE_IDENTIFIER)
    rec_u64 (event_id[ev]);
  rec_u64 (ip);
  rec_u32 ((uint32_t) child);
  rec_u32 ((uint32_t) child);
  rec_u64 (cur_time);
  if (st & PERF_SAMPLE_ID)
    rec_u64 (event_id[ev]);
  rec_u64 (period);
  if (st & PERF_SAMPLE_BRANCH_STACK)
    {
      rec_u64 (ring_n);
      if (attr[ev].branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
	/* The LBR's top-of-stack index; the ring is never shorter than
	   the hardware's, so no entries are missing.  */
	rec_u64 ((uint64_t) ring_head);
      if (dump)
	fprintf (dump, "%llx", (unsigned long long) ip);
      for (unsigned i = 0; i < ring_n; i++)
	{
	  unsigned k = (ring_head + opt.depth - 1 - i) % opt.depth;
	  rec_u64 (ring_from[k]);
	  rec_u64 (ring_to[k]);
	  /* Flags: predicted, no cycles, no type (perf_branch_entry).  */
	  rec_u64 (2);
	  if (dump)
	    fprintf (dump, " %llx/%llx", (unsigned long long) ring_from[k],
		     (unsigned long long) ring_to[k]);
	}
      if (dump)
	fputc ('\n', dump);
    }
  rec_end ();
  if (++nsamples[ev] % 1024 == 0)
    emit_finished_round ();
}

/* ---------------------------------------------------------------- */
/* Header and feature sections.  */

struct section
{
  uint64_t offset, size;
};

struct file_header
{
  uint64_t magic, size, attr_size;
  struct section attrs, data, event_types;
  uint64_t features[PERF_HEADER_FEAT_BITS / 64];
};

static void
put_u32 (uint32_t v)
{
  put (&v, 4);
}

static void
put_padded (const void *p, size_t n, size_t total)
{
  static const char zero[NAME_ALIGN];
  put (p, n);
  while (total > n)
    {
      size_t k = total - n < sizeof zero ? total - n : sizeof zero;
      put (zero, k);
      n += k;
    }
}

/* perf's header string: u32 length (with NUL, aligned to 64), bytes.  */
static void
put_string (const char *s)
{
  size_t n = strlen (s) + 1;
  size_t len = (n + NAME_ALIGN - 1) / NAME_ALIGN * NAME_ALIGN;
  put_u32 ((uint32_t) len);
  put_padded (s, n, len);
}

static const char *
event_name (unsigned ev)
{
  return ev == 0 ? "cycles:u" : "instructions:u";
}

static void
write_feature (int feat, int argc, char **argv)
{
  struct utsname u;
  uname (&u);
  switch (feat)
    {
    case PERF_HEADER_BUILD_ID:
      for (size_t i = 0; i < nmaps; i++)
	{
	  const struct mapping *m = &maps[i];
	  size_t j;
	  if (!m->has_build_id)
	    continue;
	  for (j = 0; j < i; j++)
	    if (!strcmp (maps[j].path, m->path))
	      break;
	  if (j < i)
	    continue;
	  size_t n = strlen (m->path) + 1;
	  size_t len = (n + NAME_ALIGN - 1) / NAME_ALIGN * NAME_ALIGN;
	  unsigned char b[36];
	  struct perf_event_header h
	    = { 0,		/* perf leaves the type zero here */
		PERF_RECORD_MISC_USER | PERF_RECORD_MISC_BUILD_ID_SIZE,
		(uint16_t) (sizeof b + len) };
	  int32_t pid = -1;	/* the host machine */
	  memset (b, 0, sizeof b);
	  memcpy (b, &h, 8);
	  memcpy (b + 8, &pid, 4);
	  memcpy (b + 12, m->build_id, m->build_id_size);
	  b[12 + 20] = (unsigned char) m->build_id_size;
	  put (b, sizeof b);
	  put_padded (m->path, n, len);
	}
      break;
    case PERF_HEADER_HOSTNAME:
      put_string (u.nodename);
      break;
    case PERF_HEADER_OSRELEASE:
      put_string (u.release);
      break;
    case PERF_HEADER_VERSION:
      put_string ("6.1 (afdo-lbrgen)");
      break;
    case PERF_HEADER_ARCH:
      put_string (u.machine);
      break;
    case PERF_HEADER_NRCPUS:
      {
	long n = sysconf (_SC_NPROCESSORS_ONLN);
	put_u32 ((uint32_t) (n > 0 ? n : 1));
	put_u32 ((uint32_t) (n > 0 ? n : 1));
      }
      break;
    case PERF_HEADER_CMDLINE:
      put_u32 ((uint32_t) argc);
      for (int i = 0; i < argc; i++)
	put_string (argv[i]);
      break;
    case PERF_HEADER_EVENT_DESC:
      put_u32 (nevents);
      put_u32 (PERF_ATTR_SIZE_VER7);
      for (unsigned ev = 0; ev < nevents; ev++)
	{
	  put (&attr[ev], PERF_ATTR_SIZE_VER7);
	  put_u32 (1);
	  put_string (event_name (ev));
	  put (&event_id[ev], 8);
	}
      break;
    case PERF_HEADER_BRANCH_STACK:
      break;
    case PERF_HEADER_SAMPLE_TIME:
      put (&first_sample_time, 8);
      put (&last_sample_time, 8);
      break;
    }
}

static void
setup_events (void)
{
  nevents = opt.ip_samples ? 2 : 1;
  for (unsigned ev = 0; ev < nevents; ev++)
    {
      struct perf_event_attr *a = &attr[ev];
      memset (a, 0, sizeof *a);
      a->type = PERF_TYPE_HARDWARE;
      a->size = PERF_ATTR_SIZE_VER7;
      a->config = ev == 0 ? PERF_COUNT_HW_CPU_CYCLES : PERF_COUNT_HW_INSTRUCTIONS;
      a->sample_period = ev == 0 ? opt.period : opt.ip_period;
      a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME
	| PERF_SAMPLE_PERIOD;
      if (ev == 0)
	{
	  a->sample_type |= PERF_SAMPLE_BRANCH_STACK;
	  a->branch_sample_type = PERF_SAMPLE_BRANCH_ANY;
	  if (opt.hw_idx)
	    a->branch_sample_type |= PERF_SAMPLE_BRANCH_HW_INDEX;
	}
      if (nevents > 1)
	{
	  /* Events of different sample types: perf then asks for the id
	     first in every sample and last in every trailer.  */
	  a->sample_type |= PERF_SAMPLE_IDENTIFIER;
	  a->read_format = PERF_FORMAT_ID;
	}
      a->disabled = 1;
      a->inherit = 1;
      a->exclude_kernel = 1;
      a->exclude_hv = 1;
      a->enable_on_exec = ev == 0;
      a->sample_id_all = 1;
      a->exclude_guest = 1;
      if (ev == 0)
	{
	  a->mmap = 1;
	  a->comm = 1;
	  a->task = 1;
	  a->mmap2 = 1;
	  a->comm_exec = 1;
	}
      sample_type[ev] = a->sample_type;
    }
}

/* Layout: header, ids, attrs, data, feature table, features.  */
static uint64_t data_offset;

static void
begin_file (void)
{
  out = fopen (opt.out, "w+b");
  if (!out)
    die ("%s: cannot create: %s", opt.out, strerror (errno));
  data_offset = sizeof (struct file_header) + nevents * 8
    + nevents * (PERF_ATTR_SIZE_VER7 + sizeof (struct section));
  if (fseeko (out, (off_t) data_offset, SEEK_SET) != 0)
    die ("%s: cannot seek: %s", opt.out, strerror (errno));
}

static void
end_file (int argc, char **argv)
{
  static const int feats[] = {
    PERF_HEADER_BUILD_ID, PERF_HEADER_HOSTNAME, PERF_HEADER_OSRELEASE,
    PERF_HEADER_VERSION, PERF_HEADER_ARCH, PERF_HEADER_NRCPUS,
    PERF_HEADER_CMDLINE, PERF_HEADER_EVENT_DESC, PERF_HEADER_BRANCH_STACK,
    PERF_HEADER_SAMPLE_TIME
  };
  const size_t nfeat = sizeof feats / sizeof feats[0];
  struct file_header h;
  struct section sec[sizeof feats / sizeof feats[0]];

  memset (&h, 0, sizeof h);
  memcpy (&h.magic, "PERFILE2", 8);
  h.size = sizeof h;
  h.attr_size = PERF_ATTR_SIZE_VER7 + sizeof (struct section);
  h.attrs.offset = sizeof h + nevents * 8;
  h.attrs.size = nevents * h.attr_size;
  h.data.offset = data_offset;
  h.data.size = data_size;

  uint64_t table = data_offset + data_size;
  uint64_t pos = table + nfeat * sizeof (struct section);
  if (fseeko (out, (off_t) pos, SEEK_SET) != 0)
    die ("%s: cannot seek: %s", opt.out, strerror (errno));
  for (size_t i = 0; i < nfeat; i++)
    {
      h.features[feats[i] / 64] |= 1ull << (feats[i] % 64);
      sec[i].offset = pos;
      write_feature (feats[i], argc, argv);
      fflush (out);
      uint64_t end = (uint64_t) ftello (out);
      sec[i].size = end - pos;
      pos = end;
    }
  if (fseeko (out, (off_t) table, SEEK_SET) != 0)
    die ("%s: cannot seek: %s", opt.out, strerror (errno));
  put (sec, sizeof sec);

  rewind (out);
  put (&h, sizeof h);
  for (unsigned ev = 0; ev < nevents; ev++)
    put (&event_id[ev], 8);
  for (unsigned ev = 0; ev < nevents; ev++)
    {
      struct section ids = { sizeof h + ev * 8, 8 };
      put (&attr[ev], PERF_ATTR_SIZE_VER7);
      put (&ids, sizeof ids);
    }
  if (fclose (out) != 0)
    die ("%s: write error: %s", opt.out, strerror (errno));
}

/* ---------------------------------------------------------------- */
/* Tracing.  */

static afdo_rng rng;

static uint64_t
next_period (uint64_t n)
{
  if (!opt.jitter || n < 2)
    return n;
  return n / 2 + afdo_rng_next (&rng) % (n + 1);
}

static uint64_t
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000ull + (uint64_t) ts.tv_nsec;
}

static int
cmp_insn (const void *a, const void *b)
{
  const struct insn *x = a, *y = b;
  return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static void
write_truth (uint64_t steps, uint64_t taken)
{
  FILE *f = fopen (opt.truth, "w");
  if (!f)
    die ("%s: cannot create: %s", opt.truth, strerror (errno));
  struct insn *v = xcalloc (itab_used ? itab_used : 1, sizeof *v);
  size_t n = 0;
  for (size_t i = 0; i < itab_size; i++)
    if (itab[i].pc && itab[i].count)
      v[n++] = itab[i];
  qsort (v, n, sizeof *v, cmp_insn);
  fprintf (f, "# afdo-lbrgen exact counts: ELF-ADDRESS COUNT, main binary only\n"
	   "# binary %s\n# instructions %llu\n# taken-branches %llu\n"
	   "# samples %llu\n# ip-samples %llu\n# period %llu\n# depth %u\n",
	   exe_path, (unsigned long long) steps, (unsigned long long) taken,
	   (unsigned long long) nsamples[0], (unsigned long long) nsamples[1],
	   (unsigned long long) opt.period, opt.depth);
  for (size_t i = 0; i < n; i++)
    {
      const struct mapping *m = find_map (v[i].pc);
      if (!m || !m->main_exe)
	continue;
      uint64_t a = v[i].pc - m->start + m->pgoff + (uint64_t) m->delta;
      fprintf (f, "%llx %llu\n", (unsigned long long) a,
	       (unsigned long long) v[i].count);
    }
  free (v);
  if (fclose (f) != 0)
    die ("%s: write error", opt.truth);
}

int
main (int argc, char **argv)
{
  parse_args (argc, argv);
  afdo_rng_seed (&rng, opt.seed);
  if (elf_version (EV_CURRENT) == EV_NONE)
    die ("libelf is too old");
  setup_events ();
  if (opt.dump && !(dump = fopen (opt.dump, "w")))
    die ("%s: cannot create: %s", opt.dump, strerror (errno));

  /* Tracer and tracee on one CPU: each step is then a plain context
     switch instead of a cross-CPU wakeup, about twice as fast.  */
  {
    int cpu = sched_getcpu ();
    cpu_set_t set;
    CPU_ZERO (&set);
    CPU_SET (cpu >= 0 ? cpu : 0, &set);
    sched_setaffinity (0, sizeof set, &set);
  }

  int errpipe[2];
  if (pipe (errpipe) != 0)
    die ("pipe: %s", strerror (errno));
  fcntl (errpipe[1], F_SETFD, FD_CLOEXEC);
  child = fork ();
  if (child < 0)
    die ("fork: %s", strerror (errno));
  if (child == 0)
    {
      close (errpipe[0]);
      /* Without address randomization the run, and so the sampled
	 branches, are the same every time: the tests' figures repeat.  */
      int pers = personality (0xffffffff);
      if (pers != -1)
	personality ((unsigned long) pers | ADDR_NO_RANDOMIZE);
      if (ptrace (PTRACE_TRACEME, 0, NULL, NULL) != 0)
	{
	  int e = errno;
	  if (write (errpipe[1], &e, sizeof e) < 0)
	    _exit (127);
	  _exit (127);
	}
      execvp (opt.argv[0], opt.argv);
      int e = errno;
      if (write (errpipe[1], &e, sizeof e) < 0)
	_exit (127);
      _exit (127);
    }
  close (errpipe[1]);
  int status;
  if (waitpid (child, &status, 0) < 0)
    die ("waitpid: %s", strerror (errno));
  {
    int e;
    if (read (errpipe[0], &e, sizeof e) == (ssize_t) sizeof e)
      die ("%s: cannot run: %s", opt.argv[0], strerror (e));
    close (errpipe[0]);
  }
  if (!WIFSTOPPED (status))
    die ("%s: did not start under ptrace", opt.argv[0]);
  ptrace (PTRACE_SETOPTIONS, child, NULL, (void *) (long) PTRACE_O_EXITKILL);

  char fn[64], buf[PATH_MAX];
  snprintf (fn, sizeof fn, "/proc/%d/exe", (int) child);
  ssize_t n = readlink (fn, buf, sizeof buf - 1);
  if (n <= 0)
    die ("%s: cannot read: %s", fn, strerror (errno));
  buf[n] = 0;
  exe_path = strdup (buf);
  snprintf (fn, sizeof fn, "/proc/%d/mem", (int) child);
  memfd = open (fn, O_RDONLY);
  if (memfd < 0)
    die ("%s: cannot open: %s", fn, strerror (errno));
  itab_size = 1 << 16;
  itab = xcalloc (itab_size, sizeof *itab);

  begin_file ();
  cur_time = now_ns ();
  {
    const char *base = strrchr (exe_path, '/');
    char comm[16];
    snprintf (comm, sizeof comm, "%s", base ? base + 1 : exe_path);
    emit_comm (comm);
  }
  scan_maps (child);

  uint64_t steps = 0, taken = 0, since_sample = 0, since_ip = 0;
  uint64_t next_sample = next_period (opt.period);
  uint64_t next_ip = next_period (opt.ip_period);
  struct user_regs_struct regs;
  if (ptrace (PTRACE_GETREGS, child, NULL, &regs) != 0)
    die ("ptrace: %s", strerror (errno));
  uint64_t pc = regs.rip;
  int sig = 0, exit_code = 0;
  const long rip_off = (long) offsetof (struct user, regs.rip);

  for (;;)
    {
      struct insn *in = insn_at (pc);
      if (ptrace (PTRACE_SINGLESTEP, child, NULL, (void *) (long) sig) != 0)
	die ("ptrace: %s", strerror (errno));
      sig = 0;
      if (waitpid (child, &status, 0) < 0)
	die ("waitpid: %s", strerror (errno));
      if (WIFEXITED (status) || WIFSIGNALED (status))
	{
	  in->count++;
	  steps++;
	  exit_code = WIFEXITED (status) ? WEXITSTATUS (status)
	    : 128 + WTERMSIG (status);
	  break;
	}
      if (WIFSTOPPED (status) && WSTOPSIG (status) != SIGTRAP)
	sig = WSTOPSIG (status);
      errno = 0;
      long r = ptrace (PTRACE_PEEKUSER, child, (void *) rip_off, NULL);
      if (errno)
	die ("ptrace: %s", strerror (errno));
      uint64_t npc = (uint64_t) r;
      if (npc == pc && in->kind == K_OTHER)
	continue;		/* one iteration of a rep-prefixed insn */
      /* The insn table may have grown; look the insn up again.  */
      in = insn_at (pc);
      in->count++;
      steps++;
      cur_time++;
      int is_taken = in->kind != K_OTHER
	&& (in->kind != K_COND || npc != pc + in->len);
      if (sig)
	is_taken = 0;		/* a signal arrived: not a branch */
      if (is_taken)
	{
	  ring_from[ring_head] = pc;
	  ring_to[ring_head] = npc;
	  ring_head = (ring_head + 1) % opt.depth;
	  if (ring_n < opt.depth)
	    ring_n++;
	  taken++;
	  if (!find_map (npc))
	    scan_maps (child);
	  if (++since_sample >= next_sample)
	    {
	      emit_sample (0, npc, since_sample);
	      since_sample = 0;
	      next_sample = next_period (opt.period);
	    }
	}
      if (opt.ip_samples && ++since_ip >= next_ip)
	{
	  emit_sample (1, npc, since_ip);
	  since_ip = 0;
	  next_ip = next_period (opt.ip_period);
	}
      pc = npc;
    }

  emit_exit ();
  emit_finished_round ();
  end_file (argc, argv);
  if (dump && fclose (dump) != 0)
    die ("%s: write error", opt.dump);
  if (opt.truth)
    write_truth (steps, taken);
  if (opt.verbose || exit_code)
    fprintf (stderr,
	     "%s: %s exited with status %d; %llu instructions, %llu taken "
	     "branches, %llu branch samples, %llu ip samples\n", progname,
	     opt.argv[0], exit_code, (unsigned long long) steps,
	     (unsigned long long) taken, (unsigned long long) nsamples[0],
	     (unsigned long long) nsamples[1]);
  return 0;
}
