/* Unit tests of the stack unwinder (converter/unwind.c) on this test
   program's own stack, and of the decoding of the user registers and
   stack of perf samples (converter/perfdata.c).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <fcntl.h>
#include <gelf.h>

#include "perfdata.h"
#include "testconv.h"
#include "testutil.h"
#include "unwind.h"

/* The registers unwind_test_inner captures, as perf's bits of
   sample_regs_user (BX, BP, SP, IP, R12-R15), and their positions in
   the register array (bit order).  */
#define CAPTURE_MASK ((1ull << 1) | (1ull << 6) | (1ull << 7) | (1ull << 8) \
		      | (0xfull << 20))
enum { R_BX, R_BP, R_SP, R_IP, R_R12, R_R13, R_R14, R_R15, N_REGS };

#define STACK_COPY 8192

/* A sample of this process as perf record --call-graph dwarf makes
   them: user registers and a copy of the stack from SP up.  */
typedef struct capture
{
  uint64_t regs[N_REGS];
  uint8_t stack[STACK_COPY];
  uint64_t stack_size;
} capture;

/* Where unwind_test_inner captures, and the end of the stack mapping
   (not to be copied past).  */
static capture *target;
static uint64_t stack_end;

/* Copy the stack from SP into TARGET, at most up to STACK_END.  Byte by
   byte and not instrumented: the stack has redzones under ASan.  */
__attribute__ ((noipa, no_sanitize_address)) static void
copy_stack (uint64_t sp)
{
  uint64_t n = stack_end - sp < STACK_COPY ? stack_end - sp : STACK_COPY;
  const volatile uint8_t *from = (const volatile uint8_t *) (uintptr_t) sp;
  for (uint64_t i = 0; i < n; i++)
    target->stack[i] = from[i];
  target->stack_size = n;
}

/* The innermost function: capture the registers, the IP being the end
   of the asm statement, and the stack.  */
__attribute__ ((noipa)) void
unwind_test_inner (void)
{
  __asm__ volatile ("mov %%rbx, 0(%0)\n\t"
		    "mov %%rbp, 8(%0)\n\t"
		    "mov %%rsp, 16(%0)\n\t"
		    "lea 1f(%%rip), %%rax\n\t"
		    "mov %%rax, 24(%0)\n\t"
		    "mov %%r12, 32(%0)\n\t"
		    "mov %%r13, 40(%0)\n\t"
		    "mov %%r14, 48(%0)\n\t"
		    "mov %%r15, 56(%0)\n"
		    "1:"
		    : : "r" (target->regs) : "rax", "memory");
  copy_stack (target->regs[R_SP]);
}

/* Its callers, each doing something after the call so that it is not a
   tail call.  */
static volatile int sink;

__attribute__ ((noipa)) int
unwind_test_middle (int x)
{
  unwind_test_inner ();
  return x + sink;
}

__attribute__ ((noipa)) int
unwind_test_outer (int x)
{
  return unwind_test_middle (x + 1) + sink;
}

__attribute__ ((noipa)) int
unwind_test_other (int x)
{
  return unwind_test_middle (x + 2) * (sink + 1);
}

/* Capture into C with the call chain outer -> middle -> inner, or other
   -> middle -> inner when OTHER.  */
static void
capture_chain (capture *c, bool other)
{
  uint64_t start, end, pgoff;
  char path[512];
  ck_assert (tu_self_mapping ((uintptr_t) __builtin_frame_address (0),
			      &start, &end, &pgoff, path, sizeof path));
  stack_end = end;
  target = c;
  if (other)
    unwind_test_other (1);
  else
    unwind_test_outer (1);
  target = NULL;
  ck_assert_uint_ge (c->stack_size, 256);
}

/* The perf sample of capture C.  */
static perf_sample
sample_of (const capture *c)
{
  perf_sample s;
  memset (&s, 0, sizeof s);
  s.ip = c->regs[R_IP];
  s.regs_abi = PERF_SAMPLE_REGS_ABI_64;
  s.regs_mask = CAPTURE_MASK;
  s.regs = (const uint8_t *) c->regs;
  s.stack = c->stack;
  s.stack_size = c->stack_size;
  return s;
}

/* An unwinder of this program, with all its mappings for PID (as perf
   records them with data mappings; those are ignored).  */
static unwinder *
self_unwinder (uint32_t pid)
{
  afdo_error err;
  unwinder *u = unwinder_new ("/proc/self/exe", &err);
  ck_assert_msg (u != NULL, "%s", err.msg);
  char exe[512], path[512];
  ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  ck_assert (n > 0);
  exe[n] = 0;
  FILE *f = fopen ("/proc/self/maps", "r");
  ck_assert (f != NULL);
  char line[1024];
  unsigned maps = 0;
  while (fgets (line, sizeof line, f))
    {
      unsigned long long s, e, o;
      char perm[8];
      int pos = 0;
      if (sscanf (line, "%llx-%llx %7s %llx %*s %*s %n", &s, &e, perm, &o,
		  &pos) < 4 || !pos)
	continue;
      snprintf (path, sizeof path, "%s", line + pos);
      path[strcspn (path, "\n")] = 0;
      if (strcmp (path, exe) == 0)
	{
	  unwinder_map (u, pid, s, e - s, o);
	  maps += perm[2] == 'x';
	}
    }
  fclose (f);
  ck_assert_uint_ge (maps, 1);
  return u;
}

/* The size of the function NAME in this program's symbol table.  */
static uint64_t
function_size (const char *name)
{
  elf_version (EV_CURRENT);
  int fd = open ("/proc/self/exe", O_RDONLY);
  ck_assert (fd >= 0);
  Elf *elf = elf_begin (fd, ELF_C_READ, NULL);
  ck_assert (elf != NULL);
  uint64_t size = 0;
  Elf_Scn *scn = NULL;
  while (!size && (scn = elf_nextscn (elf, scn)))
    {
      GElf_Shdr sh;
      if (!gelf_getshdr (scn, &sh) || sh.sh_type != SHT_SYMTAB)
	continue;
      Elf_Data *d = elf_getdata (scn, NULL);
      for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++)
	{
	  GElf_Sym sym;
	  const char *sn;
	  if (gelf_getsym (d, (int) i, &sym)
	      && GELF_ST_TYPE (sym.st_info) == STT_FUNC
	      && (sn = elf_strptr (elf, sh.sh_link, sym.st_name))
	      && strcmp (sn, name) == 0)
	    size = sym.st_size;
	}
    }
  elf_end (elf);
  close (fd);
  ck_assert_msg (size > 0, "no symbol %s", name);
  return size;
}

/* Whether the code address PC is in function FN named NAME.  */
static bool
in_function (uint64_t pc, int (*fn) (int), const char *name)
{
  uint64_t start = (uintptr_t) fn;
  return pc >= start && pc < start + function_size (name);
}

/* The frames of a capture through outer -> middle -> inner: the IP in
   inner, the return addresses in middle and outer.  */
START_TEST (test_chain)
{
  capture *c = calloc (1, sizeof *c);
  capture_chain (c, false);
  unwinder *u = self_unwinder (getpid ());
  perf_sample s = sample_of (c);
  uint64_t pcs[64];
  size_t n = unwinder_unwind (u, getpid (), &s, pcs, 64);
  ck_assert_uint_ge (n, 3);
  ck_assert_uint_eq (pcs[0], c->regs[R_IP]);
  uint64_t inner = (uintptr_t) unwind_test_inner;
  ck_assert (pcs[0] > inner
	     && pcs[0] < inner + function_size ("unwind_test_inner"));
  ck_assert_msg (in_function (pcs[1] - 1, unwind_test_middle,
			      "unwind_test_middle"),
		 "frame 1 at %#llx", (unsigned long long) pcs[1]);
  ck_assert_msg (in_function (pcs[2] - 1, unwind_test_outer,
			      "unwind_test_outer"),
		 "frame 2 at %#llx", (unsigned long long) pcs[2]);
  /* At most MAX frames.  */
  ck_assert_uint_eq (unwinder_unwind (u, getpid (), &s, pcs, 2), 2);
  unwind_stats st;
  unwinder_stats (u, &st);
  ck_assert_uint_eq (st.samples, 2);
  ck_assert_uint_eq (st.unwound, 2);
  ck_assert_uint_eq (st.frames, n + 2);
  unwinder_free (u);
  free (c);
}
END_TEST

/* Samples of different stacks unwound one after the other by the same
   unwinder each give their own frames.  */
START_TEST (test_reuse)
{
  capture *a = calloc (1, sizeof *a), *b = calloc (1, sizeof *b);
  capture_chain (a, false);
  capture_chain (b, true);
  unwinder *u = self_unwinder (getpid ());
  perf_sample sa = sample_of (a), sb = sample_of (b);
  uint64_t pa[64], pb[64], pa2[64];
  size_t na = unwinder_unwind (u, getpid (), &sa, pa, 64);
  size_t nb = unwinder_unwind (u, getpid (), &sb, pb, 64);
  size_t na2 = unwinder_unwind (u, getpid (), &sa, pa2, 64);
  ck_assert_uint_ge (na, 3);
  ck_assert_uint_ge (nb, 3);
  ck_assert (in_function (pa[2] - 1, unwind_test_outer,
			  "unwind_test_outer"));
  ck_assert (in_function (pb[2] - 1, unwind_test_other,
			  "unwind_test_other"));
  ck_assert_uint_eq (na2, na);
  ck_assert (memcmp (pa, pa2, na * sizeof *pa) == 0);
  unwinder_free (u);
  free (a);
  free (b);
}
END_TEST

/* No registers, no stack, an IP outside the binary or an unknown
   process: no frames.  */
START_TEST (test_nothing)
{
  capture *c = calloc (1, sizeof *c);
  capture_chain (c, false);
  unwinder *u = self_unwinder (getpid ());
  uint64_t pcs[64];
  perf_sample s = sample_of (c);
  s.regs_abi = 0;
  s.regs = NULL;
  s.regs_mask = 0;
  ck_assert_uint_eq (unwinder_unwind (u, getpid (), &s, pcs, 64), 0);
  s = sample_of (c);
  s.stack = NULL;
  s.stack_size = 0;
  ck_assert_uint_eq (unwinder_unwind (u, getpid (), &s, pcs, 64), 0);
  s = sample_of (c);
  ck_assert_uint_eq (unwinder_unwind (u, getpid () + 1, &s, pcs, 64), 0);
  c->regs[R_IP] = c->regs[R_SP];	/* a stack address */
  s = sample_of (c);
  ck_assert_uint_eq (unwinder_unwind (u, getpid (), &s, pcs, 64), 0);
  unwind_stats st;
  unwinder_stats (u, &st);
  ck_assert_uint_eq (st.samples, 4);
  ck_assert_uint_eq (st.unwound, 0);
  ck_assert_uint_eq (st.frames, 0);
  unwinder_free (u);
  free (c);
}
END_TEST

/* A mapping of the code at another address (a new exec in the same
   process) replaces the earlier ones.  */
START_TEST (test_remap)
{
  capture *c = calloc (1, sizeof *c);
  capture_chain (c, false);
  unwinder *u = self_unwinder (getpid ());
  uint64_t start, end, pgoff, pcs[64];
  char path[512];
  ck_assert (tu_self_mapping ((uintptr_t) unwind_test_inner, &start, &end,
			      &pgoff, path, sizeof path));
  perf_sample s = sample_of (c);
  unwinder_map (u, getpid (), start + 0x10000000, end - start, pgoff);
  ck_assert_uint_eq (unwinder_unwind (u, getpid (), &s, pcs, 64), 0);
  unwinder_map (u, getpid (), start, end - start, pgoff);
  ck_assert_uint_ge (unwinder_unwind (u, getpid (), &s, pcs, 64), 3);
  unwinder_free (u);
  free (c);
}
END_TEST

/* A file that is not ELF.  */
START_TEST (test_bad_file)
{
  afdo_error err;
  err.msg[0] = 0;
  ck_assert (unwinder_new ("/proc/self/maps", &err) == NULL);
  ck_assert (err.msg[0] != 0);
  ck_assert (unwinder_new ("/nonexistent/afdo", &err) == NULL);
  ck_assert (strstr (err.msg, "/nonexistent/afdo") != NULL);
}
END_TEST

/* A perf.data image with one attribute (perf_event_attr of 128 bytes)
   of SAMPLE_TYPE and sample_regs_user REGS_MASK, and the records
   DATA.  */
static void
perf_file (tu_bytes *out, uint64_t sample_type, uint64_t regs_mask,
	   const tu_bytes *data)
{
  const uint32_t attr_size = 128;
  size_t attrs_off = PERF_FILE_HEADER_SIZE;
  size_t data_off = attrs_off + attr_size + 16;
  memset (out, 0, sizeof *out);
  tu_u64 (out, PERF_FILE_MAGIC);
  tu_u64 (out, PERF_FILE_HEADER_SIZE);
  tu_u64 (out, attr_size + 16);
  tu_u64 (out, attrs_off);
  tu_u64 (out, attr_size + 16);
  tu_u64 (out, data_off);
  tu_u64 (out, data->len);
  tu_u64 (out, 0);		/* event_types */
  tu_u64 (out, 0);
  uint64_t feats[4] = { 0, 0, 0, 0 };
  tu_raw (out, feats, sizeof feats);
  size_t at = out->len;
  tu_u32 (out, 1);		/* PERF_TYPE_SOFTWARE */
  tu_u32 (out, attr_size);
  tu_u64 (out, 0);		/* config: cpu-clock */
  tu_u64 (out, 4000);
  tu_u64 (out, sample_type);
  tu_u64 (out, 0);		/* read_format */
  tu_u64 (out, 1ull << 18);	/* sample_id_all */
  while (out->len < at + 80)
    tu_raw (out, "", 1);
  tu_u64 (out, regs_mask);
  tu_u32 (out, 8192);		/* sample_stack_user */
  while (out->len < at + attr_size)
    tu_raw (out, "", 1);
  tu_u64 (out, 0);		/* no ids */
  tu_u64 (out, 0);
  ck_assert_uint_eq (out->len, data_off);
  tu_raw (out, data->d, data->len);
}

/* A SAMPLE record of IP with user registers REGS (N of them, ABI 0 when
   N is 0) and STACK_SIZE bytes of stack of which DYN_SIZE are valid;
   without the dyn_size field when TRUNCATE.  */
static void
sample_record (tu_bytes *b, uint64_t ip, const uint64_t *regs, unsigned n,
	       uint64_t stack_size, uint64_t dyn_size, bool truncate)
{
  tu_bytes s = { 0 };
  tu_u64 (&s, ip);
  tu_u32 (&s, 42);		/* pid */
  tu_u32 (&s, 43);		/* tid */
  tu_u64 (&s, n ? PERF_SAMPLE_REGS_ABI_64 : 0);
  for (unsigned i = 0; i < n; i++)
    tu_u64 (&s, regs[i]);
  tu_u64 (&s, stack_size);
  for (uint64_t i = 0; i < stack_size; i++)
    {
      uint8_t byte = (uint8_t) i;
      tu_raw (&s, &byte, 1);
    }
  if (stack_size && !truncate)
    tu_u64 (&s, dyn_size);
  tu_u32 (b, PERF_RECORD_SAMPLE);
  tu_raw (b, (uint16_t[]) { PERF_RECORD_MISC_USER }, 2);
  tu_raw (b, (uint16_t[]) { (uint16_t) (8 + s.len) }, 2);
  tu_raw (b, s.d, s.len);
  tu_free (&s);
}

/* What the sample callback saw.  */
typedef struct seen
{
  unsigned n;
  uint64_t ip[4], abi[4], mask[4], regs[4][3], stack_size[4];
  uint8_t stack[4][64];
} seen;

static int
on_sample (void *data, const perf_sample *s, afdo_error *err)
{
  seen *w = data;
  (void) err;
  if (w->n == 4)
    return 0;
  unsigned i = w->n++;
  w->ip[i] = s->ip;
  w->abi[i] = s->regs_abi;
  w->mask[i] = s->regs_mask;
  if (s->regs)
    memcpy (w->regs[i], s->regs, 3 * 8);
  w->stack_size[i] = s->stack_size;
  if (s->stack)
    memcpy (w->stack[i], s->stack, s->stack_size < 64 ? s->stack_size : 64);
  return 0;
}

/* Registers and stack are decoded, with the stack's valid size; a
   sample without registers or stack has none.  */
START_TEST (test_decode)
{
  const uint64_t mask = (1ull << 6) | (1ull << 7) | (1ull << 8);
  const uint64_t regs[3] = { 0x1000, 0x2000, 0x401234 };
  const uint64_t st = PERF_SAMPLE_IP | PERF_SAMPLE_TID
    | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
  tu_bytes data = { 0 }, file;
  sample_record (&data, 0x401234, regs, 3, 64, 40, false);
  sample_record (&data, 0x401300, NULL, 0, 0, 0, false);
  perf_file (&file, st, mask, &data);
  perf_callbacks cb = { .sample = on_sample };
  seen w;
  memset (&w, 0, sizeof w);
  afdo_error err;
  ck_assert_msg (perf_data_parse (file.d, file.len, "t.data", &cb, &w, NULL,
				  &err) == 0, "%s", err.msg);
  ck_assert_uint_eq (w.n, 2);
  ck_assert_uint_eq (w.ip[0], 0x401234);
  ck_assert_uint_eq (w.abi[0], PERF_SAMPLE_REGS_ABI_64);
  ck_assert_uint_eq (w.mask[0], mask);
  ck_assert (memcmp (w.regs[0], regs, sizeof regs) == 0);
  ck_assert_uint_eq (w.stack_size[0], 40);
  ck_assert_uint_eq (w.stack[0][39], 39);
  ck_assert_uint_eq (w.ip[1], 0x401300);
  ck_assert_uint_eq (w.abi[1], 0);
  ck_assert_uint_eq (w.mask[1], 0);
  ck_assert_uint_eq (w.stack_size[1], 0);
  tu_free (&file);
  tu_free (&data);
}
END_TEST

/* A sample whose stack lacks its dyn_size is truncated.  */
START_TEST (test_decode_truncated)
{
  const uint64_t regs[1] = { 0x7ffc0000 };
  const uint64_t st = PERF_SAMPLE_IP | PERF_SAMPLE_TID
    | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
  tu_bytes data = { 0 }, file;
  sample_record (&data, 0x401234, regs, 1, 64, 64, true);
  perf_file (&file, st, 1ull << 7, &data);
  perf_callbacks cb = { .sample = on_sample };
  seen w;
  memset (&w, 0, sizeof w);
  afdo_error err;
  ck_assert_int_eq (perf_data_parse (file.d, file.len, "t.data", &cb, &w,
				     NULL, &err), -1);
  ck_assert_msg (strstr (err.msg, "shorter than its sample_type") != NULL,
		 "%s", err.msg);
  ck_assert_uint_eq (w.n, 0);
  tu_free (&file);
  tu_free (&data);
}
END_TEST

TU_MAIN ("unwind", "core", 0, test_chain, test_reuse, test_nothing, test_remap,
	test_bad_file, test_decode, test_decode_truncated)
