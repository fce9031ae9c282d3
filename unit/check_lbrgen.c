/* Unit tests of afdo-lbrgen: its x86-64 control-transfer decoder, and the
   layout of the perf.data files it writes (checked here without perf).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <limits.h>
#include <linux/perf_event.h>
#include <stdint.h>

#include "afdo-lbrgen-insn.h"
#include "testutil.h"

struct enc
{
  const char *bytes;		/* hex */
  enum insn_kind kind;
  unsigned len;
};

static const struct enc encodings[] = {
  { "7405", K_COND, 2 },			/* je rel8 */
  { "0f8510203040", K_COND, 6 },		/* jne rel32 */
  { "e3fe", K_COND, 2 },			/* jrcxz */
  { "e2f0", K_COND, 2 },			/* loop */
  { "ebfe", K_JMP, 2 },				/* jmp rel8 */
  { "e910203040", K_JMP, 5 },			/* jmp rel32 */
  { "f2e910203040", K_JMP, 6 },			/* bnd jmp */
  { "e810203040", K_CALL, 5 },			/* call rel32 */
  { "ffd0", K_CALL, 2 },			/* call *%rax */
  { "41ffd3", K_CALL, 3 },			/* call *%r11 */
  { "ff14c510203040", K_CALL, 7 },		/* call *disp(,%rax,8) */
  { "ff1510203040", K_CALL, 6 },		/* call *disp(%rip) */
  { "ff5008", K_CALL, 3 },			/* call *8(%rax) */
  { "ff9010203040", K_CALL, 6 },		/* call *disp32(%rax) */
  { "ff142410", K_CALL, 3 },			/* call *(%rsp) + junk */
  { "ff642408", K_JMP, 4 },			/* jmp *8(%rsp) */
  { "3effe0", K_JMP, 3 },			/* notrack jmp *%rax */
  { "ff24c5102030400000", K_JMP, 7 },		/* jmp *disp(,%rax,8) */
  { "c3", K_RET, 1 },
  { "c20800", K_RET, 3 },			/* ret $8 */
  { "f3c3", K_RET, 2 },				/* rep ret */
  { "f2c3", K_RET, 2 },				/* bnd ret */
  { "f30f1efa", K_OTHER, 0 },			/* endbr64 */
  { "0f05", K_OTHER, 0 },			/* syscall */
  { "ffc0", K_OTHER, 0 },			/* inc %eax */
  { "ff30", K_OTHER, 0 },			/* push (%rax) */
  { "4889e5", K_OTHER, 0 },			/* mov %rsp,%rbp */
  { "0f1f440000", K_OTHER, 0 },			/* nopl */
  { "c5f877", K_OTHER, 0 },			/* vzeroupper */
  { "f3a4", K_OTHER, 0 },			/* rep movsb */
};

static size_t
unhex (const char *s, unsigned char *out)
{
  size_t n = 0;
  for (; s[0] && s[1]; s += 2)
    {
      unsigned v;
      sscanf (s, "%2x", &v);
      out[n++] = (unsigned char) v;
    }
  return n;
}

START_TEST (test_decoder)
{
  for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++)
    {
      unsigned char b[32];
      memset (b, 0x90, sizeof b);
      unhex (encodings[i].bytes, b);
      unsigned len = 0;
      enum insn_kind k = afdo_classify_insn (b, 16, &len);
      ck_assert_msg (k == encodings[i].kind, "%s: kind %d, expected %d",
		     encodings[i].bytes, k, encodings[i].kind);
      if (k != K_OTHER)
	ck_assert_msg (len == encodings[i].len, "%s: length %u, expected %u",
		       encodings[i].bytes, len, encodings[i].len);
    }
}
END_TEST

START_TEST (test_decoder_truncated)
{
  unsigned char b[2] = { 0x74, 0x05 };
  unsigned len = 0;
  /* Fewer bytes than the shortest branch: nothing is claimed.  */
  ck_assert_int_eq (afdo_classify_insn (b, 1, &len), K_OTHER);
  ck_assert_int_eq (afdo_classify_insn (b, 0, &len), K_OTHER);
  ck_assert_int_eq (afdo_classify_insn (b, 2, &len), K_COND);
}
END_TEST

/* build/unit/check_lbrgen -> build/afdo-lbrgen.  */
static void
tool_path (char *buf, size_t n)
{
  char self[PATH_MAX];
  ssize_t k = readlink ("/proc/self/exe", self, sizeof self - 1);
  ck_assert_int_gt (k, 0);
  self[k] = 0;
  char *slash = strrchr (self, '/');
  *slash = 0;
  snprintf (buf, n, "%s/../afdo-lbrgen", self);
}

static unsigned char *
slurp (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  ck_assert_msg (f != NULL, "cannot open %s", path);
  fseek (f, 0, SEEK_END);
  long n = ftell (f);
  fseek (f, 0, SEEK_SET);
  unsigned char *b = malloc ((size_t) n + 1);
  ck_assert_int_eq (fread (b, 1, (size_t) n, f), (size_t) n);
  fclose (f);
  *len = (size_t) n;
  return b;
}

static uint64_t
u64at (const unsigned char *p)
{
  uint64_t v;
  memcpy (&v, p, 8);
  return v;
}

/* Run afdo-lbrgen with EXTRA on /bin/true and check the file record by
   record: header, attribute, every record's size, sample sizes.  */
static void
check_layout (const char *extra, int hw_idx, unsigned depth)
{
  char tool[PATH_MAX + 32], out[] = "/tmp/check_lbrgen_XXXXXX", cmd[2 * PATH_MAX];
  tool_path (tool, sizeof tool);
  int fd = mkstemp (out);
  ck_assert_int_ge (fd, 0);
  close (fd);
  snprintf (cmd, sizeof cmd, "%s -o %s --period 7 %s -- /bin/true", tool,
	    out, extra);
  ck_assert_msg (system (cmd) == 0, "%s failed", cmd);
  size_t len;
  unsigned char *b = slurp (out, &len);
  unlink (out);

  ck_assert (len > 104);
  ck_assert (!memcmp (b, "PERFILE2", 8));
  ck_assert_uint_eq (u64at (b + 8), 104);
  ck_assert_uint_eq (u64at (b + 16), 128 + 16);
  uint64_t attrs = u64at (b + 24), attrs_size = u64at (b + 32);
  uint64_t data = u64at (b + 40), data_size = u64at (b + 48);
  ck_assert_uint_eq (attrs_size, 144);
  ck_assert (data + data_size <= len);
  struct perf_event_attr a;
  memset (&a, 0, sizeof a);
  memcpy (&a, b + attrs, 128);
  ck_assert_uint_eq (a.size, 128);
  ck_assert_uint_eq (a.sample_type, PERF_SAMPLE_IP | PERF_SAMPLE_TID
		     | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD
		     | PERF_SAMPLE_BRANCH_STACK);
  ck_assert_uint_eq (a.branch_sample_type, PERF_SAMPLE_BRANCH_ANY
		     | (hw_idx ? PERF_SAMPLE_BRANCH_HW_INDEX : 0));
  ck_assert (a.sample_id_all && a.mmap2 && a.comm);
  /* Its ids: one u64.  */
  uint64_t ids = u64at (b + attrs + 128), nids = u64at (b + attrs + 136);
  ck_assert_uint_eq (nids, 8);
  ck_assert (ids + 8 <= data);
  /* Features: BUILD_ID (2) and BRANCH_STACK (15) at least.  */
  uint64_t feat = u64at (b + 72);
  ck_assert (feat & (1u << 2));
  ck_assert (feat & (1u << 15));

  size_t off = data, samples = 0, mmaps = 0, comms = 0;
  while (off < data + data_size)
    {
      struct perf_event_header h;
      memcpy (&h, b + off, sizeof h);
      ck_assert (h.size >= 8 && h.size % 8 == 0);
      ck_assert (off + h.size <= data + data_size);
      if (h.type == PERF_RECORD_SAMPLE)
	{
	  /* ip, pid/tid, time, period, nr, [hw_idx], entries.  */
	  uint64_t nr = u64at (b + off + 8 + 32);
	  ck_assert (nr >= 1 && nr <= depth);
	  ck_assert_uint_eq (h.size, 8 + 32 + 8 + (hw_idx ? 8 : 0) + nr * 24);
	  /* The newest entry's target is the sample's ip.  */
	  size_t e = off + 8 + 40 + (hw_idx ? 8 : 0);
	  ck_assert_uint_eq (u64at (b + e + 8), u64at (b + off + 8));
	  samples++;
	}
      else if (h.type == PERF_RECORD_MMAP2)
	mmaps++;
      else if (h.type == PERF_RECORD_COMM)
	comms++;
      off += h.size;
    }
  ck_assert_uint_eq (off, data + data_size);
  ck_assert_uint_gt (samples, 10);
  ck_assert_uint_ge (mmaps, 2);	/* the program and the dynamic loader */
  ck_assert_uint_eq (comms, 1);
  free (b);
}

START_TEST (test_layout_plain)
{
  check_layout ("", 0, 16);
}
END_TEST

START_TEST (test_layout_hw_idx)
{
  check_layout ("--hw-idx --depth 32", 1, 32);
}
END_TEST

START_TEST (test_bad_usage)
{
  char tool[PATH_MAX + 32], cmd[2 * PATH_MAX];
  tool_path (tool, sizeof tool);
  snprintf (cmd, sizeof cmd, "%s -o /dev/null -- /nonexistent/program "
	    "2>/dev/null", tool);
  ck_assert_int_ne (system (cmd), 0);
  snprintf (cmd, sizeof cmd, "%s --period 0 -- /bin/true 2>/dev/null", tool);
  ck_assert_int_ne (system (cmd), 0);
  snprintf (cmd, sizeof cmd, "%s -o /nonexistent/dir/x.data -- /bin/true "
	    "2>/dev/null", tool);
  ck_assert_int_ne (system (cmd), 0);
}
END_TEST

TU_MAIN ("lbrgen", "lbrgen", 120, test_decoder, test_decoder_truncated,
	test_layout_plain, test_layout_hw_idx, test_bad_usage)
