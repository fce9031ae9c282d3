/* Unit tests of afdo-binoverlap: the callgrind, instruction count and
   perf script readers and the degree of overlap, on small hand-written
   files whose overlap is known.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <math.h>

#include "binoverlap.h"
#include "testutil.h"

/* A PIE /bin/prog: f at 0x1000, g at 0x1010, h at 0x2000, its code in
   a segment at file offset and address 0x1000.  */
static void
make_image (struct binq_image *im)
{
  binq_image_init (im, "/bin/prog", 1);
  ck_assert_int_eq (binq_image_add_fn (im, 0x2000, 0x2010, "h"), 0);
  ck_assert_int_eq (binq_image_add_fn (im, 0x1010, 0x1020, "g"), 0);
  ck_assert_int_eq (binq_image_add_fn (im, 0x1000, 0x1010, "f"), 0);
  ck_assert_int_eq (binq_image_add_fn (im, 0x1000, 0x1004, "f_alias"), 0);
  ck_assert_int_eq (binq_image_add_seg (im, 0x1000, 0x1000, 0x2000), 0);
  ck_assert_int_eq (binq_image_finish (im), 0);
}

/* Callgrind's output of /bin/prog loaded at 0x108000: f runs its three
   instructions 10, 30 and 60 times and calls g (whose inclusive cost,
   999, is not f's), g runs one 100 times; libc's instructions and the
   binary's PLT (object "???") are not counted.  Exact counts, by ELF
   address: 0x1000 10, 0x1004 30, 0x1008 60, 0x1010 100.  */
static const char cg_plain[] =
  "# callgrind format\n"
  "version: 1\n"
  "creator: callgrind-3.19.0\n"
  "pid: 7\n"
  "cmd:  ./prog\n"
  "part: 1\n"
  "\n"
  "desc: I1 cache: \n"
  "positions: instr line\n"
  "events: Ir\n"
  "summary: 1400\n"
  "\n"
  "ob=???\n"
  "fl=???\n"
  "fn=0x0000000000109000\n"
  "0x108500 0 7\n"
  "ob=/lib/libc.so.6\n"
  "fl=memcpy.S\n"
  "fn=memcpy\n"
  "0x109000 0 1000\n"
  "\n"
  "ob=/bin/prog\n"
  "fl=prog.c\n"
  "fn=f\n"
  "0x109000 3 10\n"
  "0x109004 4 30\n"
  "cob=/bin/prog\n"
  "cfn=g\n"
  "calls=5 0x109010 9\n"
  "0x109008 5 999\n"
  "0x109008 5 60\n"
  "\n"
  "fn=g'2\n"
  "0x109010 9 40\n"
  "fn=g\n"
  "0x109010 9 60\n"
  "cob=/lib/libc.so.6\n"
  "cfn=(below main)\n"
  "calls=1 0x1abaa 0\n"
  "0x109010 9 5000\n"
  "totals: 7000\n";

/* The same, as callgrind writes it with name and position
   compression (its default), with jumps.  */
static const char cg_compressed[] =
  "# callgrind format\n"
  "version: 1\n"
  "positions: instr line\n"
  "events: Ir Dr\n"
  "ob=(1) ???\n"
  "fn=(1) 0x0000000000109000\n"
  "0x108500 0 7\n"
  "ob=(2) /lib/libc.so.6\n"
  "fn=(2) memcpy\n"
  "0x109000 0 1000 5\n"
  "ob=(3) /bin/prog\n"
  "fl=(1) prog.c\n"
  "fn=(3) f\n"
  "0x109000 3 10\n"
  "+4 +1 30 1\n"
  "jump=3 +4 *\n"
  "* *\n"
  "cob=(3)\n"
  "cfn=(4) g\n"
  "calls=5 +8 +4\n"
  "+4 +1 999\n"
  "* * 60\n"
  "fn=(4)\n"
  "+8 +4 100\n"
  "cob=(2)\n"
  "cfn=(5) (below main)\n"
  "calls=1 0x1abaa 0\n"
  "* * 5000\n";

static int
read_cg (const char *text, const struct binq_image *im,
	 struct binq_counts *c, struct binq_cg_info *info, char *err,
	 size_t n)
{
  FILE *in = fmemopen ((void *) text, strlen (text), "r");
  ck_assert_ptr_nonnull (in);
  int rc = binq_read_callgrind (in, "test", im, c, info, err, n);
  fclose (in);
  return rc;
}

static int
read_ic (const char *text, struct binq_counts *c, char *err, size_t n)
{
  FILE *in = fmemopen ((void *) text, strlen (text), "r");
  ck_assert_ptr_nonnull (in);
  int rc = binq_read_insn_counts (in, "test", c, err, n);
  fclose (in);
  binq_counts_finish (c);
  return rc;
}

static void
check_exact (const struct binq_counts *c)
{
  static const uint64_t addr[] = { 0x1000, 0x1004, 0x1008, 0x1010 };
  static const double n[] = { 10, 30, 60, 100 };
  ck_assert_uint_eq (c->n, 4);
  for (size_t i = 0; i < 4; i++)
    {
      ck_assert_msg (c->v[i].addr == addr[i], "address %zu: %#llx", i,
		     (unsigned long long) c->v[i].addr);
      ck_assert_msg (c->v[i].n == n[i], "count %zu: %g", i, c->v[i].n);
    }
}

START_TEST (test_image)
{
  struct binq_image im;
  make_image (&im);
  /* The alias at f's address went; lookups by address and by name.  */
  ck_assert_uint_eq (im.nfns, 3);
  ck_assert_str_eq (im.fns[binq_image_fn (&im, 0x100c)].name, "f");
  ck_assert_str_eq (im.fns[binq_image_fn (&im, 0x1010)].name, "g");
  ck_assert_int_eq (binq_image_fn (&im, 0x1020), -1);
  ck_assert_int_eq (binq_image_fn (&im, 0xfff), -1);
  ck_assert_str_eq (im.fns[binq_image_fn_named (&im, "h")].name, "h");
  ck_assert_int_eq (binq_image_fn_named (&im, "f_alias"), -1);
  ck_assert (binq_image_is (&im, "/bin/prog"));
  ck_assert (!binq_image_is (&im, "/bin/other"));
  binq_image_free (&im);

  /* A real binary: this test program.  */
  char err[512];
  ck_assert_msg (binq_image_read ("/proc/self/exe", &im, err, sizeof err)
		 == 0, "%s", err);
  long f = binq_image_fn_named (&im, "main");
  ck_assert_int_ge (f, 0);
  ck_assert_int_eq (binq_image_fn (&im, im.fns[f].lo), f);
  ck_assert (binq_image_is (&im, "/proc/self/exe"));
  binq_image_free (&im);

  /* Not an ELF file, no file: one line naming it.  */
  char path[] = "/tmp/afdo-binq-XXXXXX";
  int fd = mkstemp (path);
  ck_assert_int_ge (fd, 0);
  ck_assert_int_eq (write (fd, "text\n", 5), 5);
  close (fd);
  ck_assert_int_eq (binq_image_read (path, &im, err, sizeof err), -1);
  ck_assert_msg (strncmp (err, path, strlen (path)) == 0
		 && strstr (err, "not an ELF file") && !strchr (err, '\n'),
		 "%s", err);
  unlink (path);
  ck_assert_int_eq (binq_image_read (path, &im, err, sizeof err), -1);
  ck_assert_msg (strncmp (err, path, strlen (path)) == 0, "%s", err);
}
END_TEST

START_TEST (test_callgrind)
{
  struct binq_image im;
  make_image (&im);
  char err[512] = "";
  struct binq_cg_info info;
  struct binq_counts c = { 0 };
  ck_assert_msg (read_cg (cg_plain, &im, &c, &info, err, sizeof err) == 0,
		 "%s", err);
  binq_counts_finish (&c);
  check_exact (&c);
  ck_assert_uint_eq (info.base, 0x108000);
  ck_assert (info.ir_object == 200);
  ck_assert (info.ir_all == 1207);
  ck_assert_uint_eq (info.call_lines, 2);
  binq_counts_free (&c);

  ck_assert_msg (read_cg (cg_compressed, &im, &c, &info, err, sizeof err)
		 == 0, "%s", err);
  binq_counts_finish (&c);
  check_exact (&c);
  ck_assert_uint_eq (info.base, 0x108000);
  binq_counts_free (&c);

  /* Two processes add up.  */
  ck_assert_int_eq (read_cg (cg_plain, &im, &c, &info, err, sizeof err), 0);
  ck_assert_int_eq (read_cg (cg_plain, &im, &c, &info, err, sizeof err), 0);
  binq_counts_finish (&c);
  ck_assert_uint_eq (c.n, 4);
  ck_assert (c.v[3].n == 200);
  binq_counts_free (&c);

  /* A non-PIE binary is where its addresses say.  */
  im.pie = 0;
  ck_assert_int_eq (read_cg (cg_plain, &im, &c, &info, err, sizeof err), 0);
  binq_counts_finish (&c);
  ck_assert_uint_eq (info.base, 0);
  ck_assert_uint_eq (c.v[0].addr, 0x109000);
  binq_counts_free (&c);
  binq_image_free (&im);
}
END_TEST

START_TEST (test_overlap)
{
  struct binq_image im;
  make_image (&im);
  char err[512] = "";
  struct binq_cg_info info;
  struct binq_counts exact = { 0 }, est = { 0 };
  ck_assert_int_eq (read_cg (cg_plain, &im, &exact, &info, err, sizeof err),
		    0);
  binq_counts_finish (&exact);

  /* p = .05 .15 .3 .5, q = .1 .1 .3 .5: overlap .95.  */
  ck_assert_msg (read_ic ("# estimate\n0x1000 20\n0x1004 20\n\n"
			  "0x1008 6e1\n 0x1010\t100.0\n", &est, err,
			  sizeof err) == 0, "%s", err);
  struct binq_result r;
  ck_assert_int_eq (binq_compare (&im, &exact, &est, &r), 0);
  ck_assert (fabs (r.overlap_fns - 0.95) < 1e-12);
  ck_assert (fabs (r.overlap_bin - 0.95) < 1e-12);
  /* Per function: f .5 and .5, g .5 and .5.  */
  ck_assert (fabs (r.overlap_fnlevel - 1.0) < 1e-12);
  ck_assert_uint_eq (r.present, 2);
  ck_assert_uint_eq (r.est_insns, 4);
  /* By exact count, then estimate, then address: f, g, h, no symbol.  */
  ck_assert_str_eq (im.fns[r.fns[0].fn].name, "f");
  /* f alone: p = .1 .3 .6, q = .2 .2 .6: .9.  */
  ck_assert (fabs (r.fns[0].own - 0.9) < 1e-12);
  ck_assert (fabs (r.fns[0].part - 0.45) < 1e-12);
  ck_assert_str_eq (im.fns[r.fns[1].fn].name, "g");
  ck_assert (fabs (r.fns[1].own - 1.0) < 1e-12);
  ck_assert (fabs (r.fns[1].part - 0.5) < 1e-12);
  ck_assert (r.fns[2].exact == 0 && !r.fns[2].present);
  binq_result_free (&r);
  binq_counts_free (&est);

  /* An estimate of f alone: over f, p = .1 .3 .6 and q = .5 .5 0 give
     .4; over the binary p = .05 .15 .3 .5 give .2.  */
  ck_assert_int_eq (read_ic ("0x1000 1\n0x1004 1\n", &est, err, sizeof err),
		    0);
  ck_assert_int_eq (binq_compare (&im, &exact, &est, &r), 0);
  ck_assert (fabs (r.overlap_fns - 0.4) < 1e-12);
  ck_assert (fabs (r.overlap_bin - 0.2) < 1e-12);
  ck_assert (fabs (r.overlap_fnlevel - 0.5) < 1e-12);
  ck_assert_uint_eq (r.present, 1);
  ck_assert (r.exact_present == 100 && r.exact_total == 200);
  ck_assert (r.fns[0].present && !r.fns[1].present);
  ck_assert_str_eq (im.fns[r.fns[1].fn].name, "g");
  binq_result_free (&r);
  binq_counts_free (&est);

  /* The exact counts themselves: 1; nothing in common: 0.  */
  ck_assert_int_eq (binq_compare (&im, &exact, &exact, &r), 0);
  ck_assert (fabs (r.overlap_fns - 1.0) < 1e-12);
  binq_result_free (&r);
  ck_assert_int_eq (read_ic ("0x2000 5\n", &est, err, sizeof err), 0);
  ck_assert_int_eq (binq_compare (&im, &exact, &est, &r), 0);
  ck_assert (r.overlap_fns == 0 && r.overlap_bin == 0);
  binq_result_free (&r);
  binq_counts_free (&est);
  binq_counts_free (&exact);
  binq_image_free (&im);
}
END_TEST

START_TEST (test_perf_script)
{
  struct binq_image im;
  make_image (&im);
  char err[512] = "";
  struct binq_perf_info info;
  struct binq_counts c = { 0 };
  /* Process 7 maps the binary's code at 0x555555555000; a sample of
     process 8 at the same address is not of the binary, nor are the
     kernel's and libc's.  */
  static const char script[] =
    "    0 PERF_RECORD_MMAP -1/0: [0xffffffff81000000(0x1276f48) @ "
    "0xffffffff81000000]: x [kernel.kallsyms]_text\n"
    "    7 PERF_RECORD_MMAP2 7/7: [0x555555555000(0x2000) @ 0x1000 fe:00 "
    "1 2]: r-xp /bin/prog\n"
    "    7 PERF_RECORD_MMAP2 7/7: [0x7f0000000000(0x1000) @ 0 fe:00 "
    "3 4]: r-xp /lib/libc.so.6\n"
    "    7  555555555004\n"
    "    7  555555555004\n"
    "    7  555555556000\n"
    "    7  7f0000000010\n"
    "    7  ffffffff8175a375\n"
    "    8  555555555004\n";
  FILE *in = fmemopen ((void *) script, strlen (script), "r");
  ck_assert_msg (binq_read_perf_script (in, "test", &im, &c, &info, err,
					sizeof err) == 0, "%s", err);
  fclose (in);
  binq_counts_finish (&c);
  ck_assert_uint_eq (info.samples, 6);
  ck_assert_uint_eq (info.in_binary, 3);
  ck_assert_uint_eq (c.n, 2);
  ck_assert (c.v[0].addr == 0x1004 && c.v[0].n == 2);
  ck_assert (c.v[1].addr == 0x2000 && c.v[1].n == 1);
  binq_counts_free (&c);

  /* -F ip: the latest mapping.  */
  static const char ip_only[] =
    "PERF_RECORD_MMAP2 7/7: [0x555555555000(0x2000) @ 0x1000 00:00 0 0]: "
    "r-xp /bin/prog\n"
    " 555555555008\n";
  in = fmemopen ((void *) ip_only, strlen (ip_only), "r");
  ck_assert_int_eq (binq_read_perf_script (in, "test", &im, &c, &info, err,
					   sizeof err), 0);
  fclose (in);
  ck_assert (c.n == 1 && c.v[0].addr == 0x1008);
  binq_counts_free (&c);

  /* A PIE without its mapping, other fields: one line naming the file.  */
  static const char *bad[] = {
    " 555555555008\n",
    "PERF_RECORD_MMAP2 7/7: [0x555555555000(0x2000) @ 0x1000 00:00 0 0]: "
    "r-xp /bin/prog\n prog 7 555555555008\n",
    "PERF_RECORD_MMAP2 7/7: [0x555555555000(0x2000) @ 0x1000 00:00 0 0]: "
    "r-xp /bin/prog\n 7 xyz\n",
    "PERF_RECORD_MMAP2 7/7: 0x555555555000 r-xp /bin/prog\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      in = fmemopen ((void *) bad[i], strlen (bad[i]), "r");
      err[0] = '\0';
      ck_assert_msg (binq_read_perf_script (in, "test", &im, &c, &info, err,
					    sizeof err) == -1,
		     "accepted: %s", bad[i]);
      fclose (in);
      ck_assert_msg (strncmp (err, "test:", 5) == 0 && !strchr (err, '\n'),
		     "message: %s", err);
      binq_counts_free (&c);
    }
  binq_image_free (&im);
}
END_TEST

START_TEST (test_malformed)
{
  struct binq_image im;
  make_image (&im);
  static const char *bad_cg[] = {
    "",
    "positions: instr line\n0x109000 1 5\n",
    "events: Ir\nfn=f\n0x109000 5\n",
    "positions: instr line\nevents: Dr\nfn=f\n0x109000 1 5\n",
    "positions: instr line\nevents: Ir\nob=/bin/prog\nfn=f\n0x109000 1 5x\n",
    "positions: instr line\nevents: Ir\nob=/bin/prog\nfn=f\nzz 1 5\n",
    "positions: instr line\nevents: Ir\nob=/bin/prog\nfn=(3)\n0x109000 1 5\n",
    "positions: instr line\nevents: Ir\nob=/bin/prog\nfn=f\ncalls=1 0x9\n",
    "positions: instr line\nevents: Ir\nob=/bin/prog\nfn=f\ncalls=1 0x9\n"
    "fn=g\n",
    "positions: instr line\nevents: Ir\nob=/bin/prog\nfn=nosuch\n"
    "0x109000 1 5\n",
  };
  for (size_t i = 0; i < sizeof bad_cg / sizeof *bad_cg; i++)
    {
      char err[512] = "";
      struct binq_cg_info info;
      struct binq_counts c = { 0 };
      ck_assert_msg (read_cg (bad_cg[i], &im, &c, &info, err, sizeof err)
		     == -1, "accepted: %s", bad_cg[i]);
      ck_assert_msg (strncmp (err, "test:", 5) == 0 && !strchr (err, '\n'),
		     "message: %s", err);
      binq_counts_free (&c);
    }
  static const char *bad_ic[] = {
    "1000 5\n",
    "0x1000\n",
    "0x1000 -1\n",
    "0x1000 5 6\n",
    "0x1000 nan\n",
    "0x 5\n",
    "0x1000 5\nfoo\n",
  };
  for (size_t i = 0; i < sizeof bad_ic / sizeof *bad_ic; i++)
    {
      char err[512] = "";
      struct binq_counts c = { 0 };
      ck_assert_msg (read_ic (bad_ic[i], &c, err, sizeof err) == -1,
		     "accepted: %s", bad_ic[i]);
      ck_assert_msg (strncmp (err, "test:", 5) == 0 && !strchr (err, '\n'),
		     "message: %s", err);
      binq_counts_free (&c);
    }
  binq_image_free (&im);
}
END_TEST

TU_MAIN ("binoverlap", "core", 0, test_image, test_callgrind, test_overlap,
	test_perf_script, test_malformed)
