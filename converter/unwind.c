/* Unwinder of the user stacks of perf samples (perf record --call-graph
   dwarf) in the code of one binary.  libdwfl does the work: the binary
   is reported at its load address, and the thread callbacks give it
   the sample's registers and its copy of the stack.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "afdo-map.h"
#include "unwind.h"

/* Perf's x86 register numbers (PERF_REG_X86_* of the kernel's
   <asm/perf_regs.h>, which only x86 hosts have): the bit numbers of
   sample_regs_user.  */
enum
{
  PREG_AX = 0, PREG_BX = 1, PREG_CX = 2, PREG_DX = 3, PREG_SI = 4,
  PREG_DI = 5, PREG_BP = 6, PREG_SP = 7, PREG_IP = 8, PREG_R8 = 16
};

/* Perf's registers and their x86-64 DWARF numbers (rax 0, rdx 1, rcx 2,
   rbx 3, rsi 4, rdi 5, rbp 6, rsp 7, r8-r15 8-15, rip 16).  */
static const struct
{
  unsigned char perf, dwarf;
} x86_64_regs[] = {
  { PREG_AX, 0 }, { PREG_DX, 1 }, { PREG_CX, 2 }, { PREG_BX, 3 },
  { PREG_SI, 4 }, { PREG_DI, 5 }, { PREG_BP, 6 }, { PREG_SP, 7 },
  { PREG_R8 + 0, 8 }, { PREG_R8 + 1, 9 }, { PREG_R8 + 2, 10 },
  { PREG_R8 + 3, 11 }, { PREG_R8 + 4, 12 }, { PREG_R8 + 5, 13 },
  { PREG_R8 + 6, 14 }, { PREG_R8 + 7, 15 }, { PREG_IP, 16 }
};

/* The thread id of the one thread of every Dwfl: the samples of all
   processes are unwound as if they were the same thread's.  */
#define UNWIND_TID 1

/* How many Dwfl (binary reported at one load bias) are kept.  */
#define N_DWFLS 8

/* The page size of the mappings: segments are mapped from their file
   offset rounded down to it.  */
#define PAGE_SIZE_X86 4096

/* An executable mapping of the binary in a process: [START, END).  */
typedef struct range
{
  uint64_t start, end;
} range;

/* A process that maps the binary: the load bias of the binary (runtime
   address minus ELF address) and its executable mappings.  */
typedef struct proc
{
  uint64_t bias;
  range *ranges;
  size_t n_ranges, cap_ranges;
} proc;

/* A Dwfl with the binary reported at load bias BIAS, and when it was
   last used (0: never; DWFL NULL: an empty slot).  */
typedef struct dwfl_slot
{
  Dwfl *dwfl;
  uint64_t bias;
  uint64_t last_use;
} dwfl_slot;

struct unwinder
{
  char *path;
  const char *name;		/* the module name: PATH's base name */
  int fd;
  Elf *elf;
  GElf_Phdr *loads;		/* the PT_LOAD program headers */
  size_t n_loads;
  afdo_map pids;		/* pid -> index + 1 in PROCS */
  proc *procs;
  size_t n_procs, cap_procs;
  /* A Dwfl depends on the load bias only (the callbacks read the
     sample being unwound from here), so processes loading the binary at
     the same address (all of them for a fixed-address executable)
     share one; the least recently used is replaced.  */
  dwfl_slot dwfls[N_DWFLS];
  uint64_t clock;
  /* The sample being unwound, for the callbacks, and its frames.  */
  const perf_sample *cur;
  uint64_t cur_sp;
  const proc *cur_proc;
  uint64_t *pcs;
  size_t n_pcs, max_pcs;
  unwind_stats stats;
};

/* Perf's user register R of sample S into *V; false when S has none.  */
static bool
sample_reg (const perf_sample *s, unsigned r, uint64_t *v)
{
  if (!s->regs || !((s->regs_mask >> r) & 1))
    return false;
  unsigned i = (unsigned) __builtin_popcountll (s->regs_mask
						& ((1ull << r) - 1));
  memcpy (v, s->regs + 8 * (size_t) i, 8);
  return true;
}

/* Whether ADDR is in an executable mapping of the binary in P.  */
static bool
in_binary (const proc *p, uint64_t addr)
{
  for (size_t i = 0; i < p->n_ranges; i++)
    if (addr >= p->ranges[i].start && addr < p->ranges[i].end)
      return true;
  return false;
}

/* libdwfl's thread callbacks.  The one thread, once per iteration.  */
static pid_t
cb_next_thread (Dwfl *dwfl, void *arg, void **thread_argp)
{
  (void) dwfl;
  if (*thread_argp != NULL)
    return 0;
  *thread_argp = arg;
  return UNWIND_TID;
}

/* Read the 8 bytes at ADDR from the current sample's stack copy; false
   for any other address.  */
static bool
cb_memory_read (Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
  const unwinder *u = arg;
  uint64_t size = u->cur->stack_size;
  (void) dwfl;
  if (size < 8 || addr < u->cur_sp || addr - u->cur_sp > size - 8)
    return false;
  uint64_t v;
  memcpy (&v, u->cur->stack + (addr - u->cur_sp), 8);
  *result = v;
  return true;
}

/* The initial frame: the current sample's registers.  Called by every
   dwfl_getthread_frames (libdwfl keeps no thread state between calls),
   so one Dwfl serves many samples.  */
static bool
cb_set_initial_registers (Dwfl_Thread *thread, void *arg)
{
  const unwinder *u = arg;
  uint64_t v;
  for (size_t i = 0; i < sizeof x86_64_regs / sizeof x86_64_regs[0]; i++)
    if (sample_reg (u->cur, x86_64_regs[i].perf, &v))
      {
	Dwarf_Word w = v;
	if (!dwfl_thread_state_registers (thread, x86_64_regs[i].dwarf, 1,
					  &w))
	  return false;
      }
  if (!sample_reg (u->cur, PREG_IP, &v))
    return false;
  dwfl_thread_state_register_pc (thread, v);
  return true;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
  .next_thread = cb_next_thread,
  .memory_read = cb_memory_read,
  .set_initial_registers = cb_set_initial_registers
};

static char *debuginfo_path;

static const Dwfl_Callbacks dwfl_callbacks = {
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .section_address = dwfl_offline_section_address,
  .debuginfo_path = &debuginfo_path
};

/* A Dwfl with the binary of U at load bias BIAS and the thread
   callbacks attached; NULL with ERR filled (when not NULL).  */
static Dwfl *
new_dwfl (unwinder *u, uint64_t bias, afdo_error *err)
{
  Dwfl *d = dwfl_begin (&dwfl_callbacks);
  if (!d)
    goto fail;
  dwfl_report_begin (d);
  /* The bias is the module's: the load address of ELF address 0.  */
  if (!dwfl_report_elf (d, u->name, u->path, -1, bias, true))
    goto fail;
  if (dwfl_report_end (d, NULL, NULL) != 0)
    goto fail;
  if (!dwfl_attach_state (d, u->elf, UNWIND_TID, &thread_callbacks, u))
    goto fail;
  return d;
fail:
  if (err)
    afdo_error_set (err, "%s: cannot unwind its code: %s", u->path,
		    dwfl_errmsg (-1));
  if (d)
    dwfl_end (d);
  return NULL;
}

/* The Dwfl of U for load bias BIAS, made when needed; NULL when it
   cannot be made.  */
static Dwfl *
dwfl_for_bias (unwinder *u, uint64_t bias)
{
  dwfl_slot *victim = &u->dwfls[0];
  for (size_t i = 0; i < N_DWFLS; i++)
    {
      dwfl_slot *sl = &u->dwfls[i];
      if (sl->dwfl && sl->bias == bias)
	{
	  sl->last_use = ++u->clock;
	  return sl->dwfl;
	}
      if (!sl->dwfl || sl->last_use < victim->last_use)
	victim = sl;
    }
  if (victim->dwfl)
    dwfl_end (victim->dwfl);
  victim->dwfl = new_dwfl (u, bias, NULL);
  victim->bias = bias;
  victim->last_use = ++u->clock;
  return victim->dwfl;
}

/* Read the ELF header and PT_LOAD program headers of U's file; false
   with ERR filled when it is not an x86-64 ELF file.  */
static bool
read_elf (unwinder *u, afdo_error *err)
{
  elf_version (EV_CURRENT);
  u->fd = open (u->path, O_RDONLY | O_CLOEXEC);
  if (u->fd < 0)
    {
      afdo_error_set (err, "%s: cannot open: %s", u->path, strerror (errno));
      return false;
    }
  u->elf = elf_begin (u->fd, ELF_C_READ_MMAP, NULL);
  GElf_Ehdr eh;
  size_t phnum;
  if (!u->elf || elf_kind (u->elf) != ELF_K_ELF
      || !gelf_getehdr (u->elf, &eh) || elf_getphdrnum (u->elf, &phnum) != 0)
    {
      afdo_error_set (err, "%s: not an ELF file", u->path);
      return false;
    }
  if (eh.e_machine != EM_X86_64 || gelf_getclass (u->elf) != ELFCLASS64)
    {
      afdo_error_set (err, "%s: stack unwinding supports x86-64 only",
		      u->path);
      return false;
    }
  u->loads = calloc (phnum ? phnum : 1, sizeof *u->loads);
  if (!u->loads)
    {
      afdo_error_set (err, "%s: out of memory", u->path);
      return false;
    }
  for (size_t i = 0; i < phnum; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (u->elf, (int) i, &ph) && ph.p_type == PT_LOAD)
	u->loads[u->n_loads++] = ph;
    }
  return true;
}

unwinder *
unwinder_new (const char *path, afdo_error *err)
{
  unwinder *u = calloc (1, sizeof *u);
  if (!u || !(u->path = strdup (path)))
    {
      afdo_error_set (err, "%s: out of memory", path);
      free (u);
      return NULL;
    }
  const char *slash = strrchr (u->path, '/');
  u->name = slash ? slash + 1 : u->path;
  u->fd = -1;
  if (!read_elf (u, err))
    {
      unwinder_free (u);
      return NULL;
    }
  /* The Dwfl of load bias 0 (the one of a fixed-address executable)
     checks that libdwfl can use the file.  */
  u->dwfls[0].dwfl = new_dwfl (u, 0, err);
  if (!u->dwfls[0].dwfl)
    {
      unwinder_free (u);
      return NULL;
    }
  return u;
}

void
unwinder_free (unwinder *u)
{
  if (!u)
    return;
  for (size_t i = 0; i < N_DWFLS; i++)
    if (u->dwfls[i].dwfl)
      dwfl_end (u->dwfls[i].dwfl);
  for (size_t i = 0; i < u->n_procs; i++)
    free (u->procs[i].ranges);
  free (u->procs);
  afdo_map_free (&u->pids);
  free (u->loads);
  if (u->elf)
    elf_end (u->elf);
  if (u->fd >= 0)
    close (u->fd);
  free (u->path);
  free (u);
}

/* The process PID of U, added when CREATE; NULL when there is none (or
   out of memory).  */
static proc *
get_proc (unwinder *u, uint32_t pid, bool create)
{
  uint64_t k = afdo_map_get (&u->pids, pid, 0);
  if (k)
    return &u->procs[k - 1];
  if (!create)
    return NULL;
  if (u->n_procs == u->cap_procs)
    {
      size_t nc = u->cap_procs ? 2 * u->cap_procs : 16;
      proc *np = realloc (u->procs, nc * sizeof *np);
      if (!np)
	return NULL;
      u->procs = np;
      u->cap_procs = nc;
    }
  if (!afdo_map_put (&u->pids, pid, 0, u->n_procs + 1))
    return NULL;
  proc *p = &u->procs[u->n_procs++];
  memset (p, 0, sizeof *p);
  return p;
}

/* The executable segment of U's binary that a mapping from file offset
   PGOFF maps: the one starting in that page.  NULL for the mappings of
   other segments, even when they share a page with an executable one
   (their load bias would be computed wrong).  */
static const GElf_Phdr *
exec_segment (const unwinder *u, uint64_t pgoff)
{
  for (size_t i = 0; i < u->n_loads; i++)
    {
      const GElf_Phdr *ph = &u->loads[i];
      if ((ph->p_flags & PF_X)
	  && (ph->p_offset & ~(uint64_t) (PAGE_SIZE_X86 - 1)) == pgoff)
	return ph;
    }
  return NULL;
}

void
unwinder_map (unwinder *u, uint32_t pid, uint64_t start, uint64_t len,
	      uint64_t pgoff)
{
  const GElf_Phdr *ph = exec_segment (u, pgoff);
  if (!ph || len == 0 || start + len < start)
    return;
  proc *p = get_proc (u, pid, true);
  if (!p)
    return;
  /* PGOFF is mapped at START; the range is the segment's code only, not
     the rest of a larger mapping.  */
  uint64_t bias = start - pgoff - (ph->p_vaddr - ph->p_offset);
  uint64_t lo = start, hi = start + len;
  if (hi > bias + ph->p_vaddr + ph->p_memsz)
    hi = bias + ph->p_vaddr + ph->p_memsz;
  if (lo >= hi)
    return;
  if (p->n_ranges && p->bias != bias)
    p->n_ranges = 0;
  p->bias = bias;
  for (size_t i = 0; i < p->n_ranges; i++)
    if (p->ranges[i].start == lo && p->ranges[i].end == hi)
      return;
  if (p->n_ranges == p->cap_ranges)
    {
      size_t nc = p->cap_ranges ? 2 * p->cap_ranges : 2;
      range *nr = realloc (p->ranges, nc * sizeof *nr);
      if (!nr)
	return;
      p->ranges = nr;
      p->cap_ranges = nc;
    }
  p->ranges[p->n_ranges++] = (range) { lo, hi };
}

/* dwfl_getthread_frames' callback: record the frame's PC while it is
   in the binary and there is room.  A return address is checked less 1,
   as it may be just past the end of the code.  */
static int
frame_cb (Dwfl_Frame *state, void *arg)
{
  unwinder *u = arg;
  Dwarf_Addr pc;
  bool activation;
  if (!dwfl_frame_pc (state, &pc, &activation))
    return DWARF_CB_ABORT;
  uint64_t at = activation || u->n_pcs == 0 ? pc : pc - 1;
  if (!in_binary (u->cur_proc, at))
    return DWARF_CB_ABORT;
  u->pcs[u->n_pcs++] = pc;
  return u->n_pcs < u->max_pcs ? DWARF_CB_OK : DWARF_CB_ABORT;
}

size_t
unwinder_unwind (unwinder *u, uint32_t pid, const perf_sample *s,
		 uint64_t *pcs, size_t max)
{
  u->stats.samples++;
  uint64_t ip, sp;
  if (max == 0 || s->regs_abi != PERF_SAMPLE_REGS_ABI_64
      || !s->stack || s->stack_size == 0
      || !sample_reg (s, PREG_IP, &ip) || !sample_reg (s, PREG_SP, &sp))
    return 0;
  const proc *p = get_proc (u, pid, false);
  if (!p || !in_binary (p, ip))
    return 0;
  Dwfl *d = dwfl_for_bias (u, p->bias);
  u->cur = s;
  u->cur_sp = sp;
  u->cur_proc = p;
  u->pcs = pcs;
  u->n_pcs = 0;
  u->max_pcs = max;
  /* Errors end the frames found so far: no error is fatal.  */
  if (d)
    dwfl_getthread_frames (d, UNWIND_TID, frame_cb, u);
  if (u->n_pcs == 0)
    pcs[u->n_pcs++] = ip;
  u->cur = NULL;
  u->cur_proc = NULL;
  u->pcs = NULL;
  if (u->n_pcs > 1)
    u->stats.unwound++;
  u->stats.frames += u->n_pcs;
  return u->n_pcs;
}

void
unwinder_stats (const unwinder *u, unwind_stats *st)
{
  *st = u->stats;
}
