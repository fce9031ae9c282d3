/* afdo: unit tests of the converter: the perf.data reader on crafted
   images (attribute sizes, branch stacks with and without hw_idx, unknown
   record types, several events, truncation at every offset, corruption),
   perf script lines, and a conversion of samples of this very program.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <fcntl.h>

#include "binary.h"
#include "convert.h"
#include "perfdata.h"
#include "testconv.h"
#include "testutil.h"

/* A perf.data image under construction.  */
typedef struct pbuf
{
  tu_bytes b;
} pbuf;

#define ST_IP_TID_PERIOD \
  (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD)

typedef struct pattr
{
  uint64_t sample_type, branch_sample_type, read_format;
  uint64_t ids[2];
  unsigned n_ids;
} pattr;

typedef struct precs
{
  tu_bytes d;
} precs;

static void
rec_header (tu_bytes *b, uint32_t type, uint16_t misc, uint16_t size)
{
  tu_u32 (b, type);
  uint16_t v[2] = { misc, size };
  tu_raw (b, v, 4);
}

static void
rec_mmap2 (tu_bytes *b, uint32_t pid, uint64_t start, uint64_t len,
	   uint64_t pgoff, const char *fn)
{
  size_t fl = (strlen (fn) + 1 + 7) / 8 * 8;
  rec_header (b, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER,
	      (uint16_t) (8 + 64 + fl));
  tu_u32 (b, pid);
  tu_u32 (b, pid);
  tu_u64 (b, start);
  tu_u64 (b, len);
  tu_u64 (b, pgoff);
  tu_u32 (b, 8);		/* maj, min */
  tu_u32 (b, 1);
  tu_u64 (b, 1234);		/* ino, generation */
  tu_u64 (b, 0);
  tu_u32 (b, 5);		/* prot r-x */
  tu_u32 (b, 2);		/* flags */
  size_t at = b->len;
  tu_raw (b, fn, strlen (fn) + 1);
  while (b->len < at + fl)
    tu_raw (b, "", 1);
}

static void
rec_comm (tu_bytes *b, uint32_t pid, const char *comm)
{
  size_t fl = (strlen (comm) + 1 + 7) / 8 * 8;
  rec_header (b, PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC,
	      (uint16_t) (16 + fl));
  tu_u32 (b, pid);
  tu_u32 (b, pid);
  size_t at = b->len;
  tu_raw (b, comm, strlen (comm) + 1);
  while (b->len < at + fl)
    tu_raw (b, "", 1);
}

/* A sample of an event with sample_type ST: IDENTIFIER, IP, TID, TIME,
   ID, CPU, PERIOD, CALLCHAIN and BRANCH_STACK are written as given.  */
static void
rec_sample (tu_bytes *b, const pattr *a, uint64_t id, unsigned misc,
	    uint32_t pid, uint64_t ip, uint64_t period, unsigned nr_br,
	    const uint64_t *br)
{
  tu_bytes s = { 0 };
  uint64_t st = a->sample_type;
  if (st & PERF_SAMPLE_IDENTIFIER)
    tu_u64 (&s, id);
  if (st & PERF_SAMPLE_IP)
    tu_u64 (&s, ip);
  if (st & PERF_SAMPLE_TID)
    {
      tu_u32 (&s, pid);
      tu_u32 (&s, pid + 1);
    }
  if (st & PERF_SAMPLE_TIME)
    tu_u64 (&s, 123456789);
  if (st & PERF_SAMPLE_ID)
    tu_u64 (&s, id);
  if (st & PERF_SAMPLE_CPU)
    tu_u64 (&s, 1);
  if (st & PERF_SAMPLE_PERIOD)
    tu_u64 (&s, period);
  if (st & PERF_SAMPLE_CALLCHAIN)
    {
      tu_u64 (&s, 2);
      tu_u64 (&s, 0xfffffffffffffe00ull);
      tu_u64 (&s, ip);
    }
  if (st & PERF_SAMPLE_BRANCH_STACK)
    {
      tu_u64 (&s, nr_br);
      if (a->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
	tu_u64 (&s, 0xdeadbeef);
      for (unsigned i = 0; i < nr_br; i++)
	{
	  tu_u64 (&s, br[2 * i]);
	  tu_u64 (&s, br[2 * i + 1]);
	  tu_u64 (&s, 0x2);	/* predicted */
	}
    }
  rec_header (b, PERF_RECORD_SAMPLE, (uint16_t) misc, (uint16_t) (8 + s.len));
  tu_raw (b, s.d, s.len);
  tu_free (&s);
}

/* Assemble header, attributes (+ids), DATA, and when FN a build-id
   feature section at the end.  ATTR_SIZE is perf_event_attr's.  */
static void
assemble (tu_bytes *out, const pattr *attrs, unsigned n_attrs,
	  uint32_t attr_size, const tu_bytes *data, const char *bid_fn,
	  const uint8_t *bid)
{
  memset (out, 0, sizeof *out);
  size_t ids_off = PERF_FILE_HEADER_SIZE;
  size_t n_ids = 0;
  for (unsigned i = 0; i < n_attrs; i++)
    n_ids += attrs[i].n_ids;
  size_t attrs_off = ids_off + 8 * n_ids;
  size_t fattr = attr_size + 16;
  size_t data_off = attrs_off + fattr * n_attrs;
  size_t feat_off = data_off + data->len;

  tu_u64 (out, PERF_FILE_MAGIC);
  tu_u64 (out, PERF_FILE_HEADER_SIZE);
  tu_u64 (out, fattr);
  tu_u64 (out, attrs_off);
  tu_u64 (out, fattr * n_attrs);
  tu_u64 (out, data_off);
  tu_u64 (out, data->len);
  tu_u64 (out, 0);		/* event_types */
  tu_u64 (out, 0);
  uint64_t feats[4] = { bid_fn ? 1u << PERF_HEADER_BUILD_ID : 0, 0, 0, 0 };
  tu_raw (out, feats, sizeof feats);
  ck_assert_uint_eq (out->len, PERF_FILE_HEADER_SIZE);

  size_t idpos = ids_off;
  for (unsigned i = 0; i < n_attrs; i++)
    for (unsigned k = 0; k < attrs[i].n_ids; k++)
      tu_u64 (out, attrs[i].ids[k]);
  for (unsigned i = 0; i < n_attrs; i++)
    {
      size_t at = out->len;
      tu_u32 (out, 1);		/* PERF_TYPE_SOFTWARE */
      tu_u32 (out, attr_size);
      tu_u64 (out, 0);		/* config: cpu-clock */
      tu_u64 (out, 4000);
      tu_u64 (out, attrs[i].sample_type);
      tu_u64 (out, attrs[i].read_format);
      tu_u64 (out, (1ull << 18) | (1ull << 10));	/* sample_id_all, freq */
      while (out->len < at + (attr_size < 72 ? attr_size : 72))
	tu_raw (out, "", 1);
      if (attr_size >= 80)
	tu_u64 (out, attrs[i].branch_sample_type);
      while (out->len < at + attr_size)
	tu_raw (out, "", 1);
      tu_u64 (out, attrs[i].n_ids ? idpos : 0);
      tu_u64 (out, 8 * attrs[i].n_ids);
      idpos += 8 * attrs[i].n_ids;
    }
  tu_raw (out, data->d, data->len);
  ck_assert_uint_eq (out->len, feat_off);
  if (bid_fn)
    {
      size_t sec = feat_off + 16;
      size_t fl = (strlen (bid_fn) + 1 + 7) / 8 * 8;
      size_t rs = 8 + 4 + 24 + fl;
      tu_u64 (out, sec);
      tu_u64 (out, rs);
      rec_header (out, 67, PERF_RECORD_MISC_USER
		  | PERF_RECORD_MISC_BUILD_ID_SIZE, (uint16_t) rs);
      tu_u32 (out, (uint32_t) -1);
      uint8_t idb[24] = { 0 };
      memcpy (idb, bid, 20);
      idb[20] = 20;
      tu_raw (out, idb, 24);
      size_t at = out->len;
      tu_raw (out, bid_fn, strlen (bid_fn) + 1);
      while (out->len < at + fl)
	tu_raw (out, "", 1);
    }
}

/* What the callbacks saw.  */
typedef struct seen
{
  unsigned mmaps, comms, samples, build_ids, branches_total;
  uint64_t ips[16], periods[16], pids[16], nbr[16];
  uint64_t br_from[64], br_to[64];
  bool hw_idx[16];
  uint32_t attr[16];
  char mmap_fn[256], comm[64], bid_fn[256];
  uint64_t mmap_start, mmap_len, mmap_pgoff;
  uint8_t bid[20];
} seen;

static int
s_mmap (void *d, uint32_t pid, uint64_t start, uint64_t len, uint64_t pgoff,
	const char *fn, const uint8_t *bid, size_t bl, unsigned cm,
	afdo_error *e)
{
  seen *s = d;
  (void) pid, (void) bid, (void) bl, (void) cm, (void) e;
  s->mmaps++;
  snprintf (s->mmap_fn, sizeof s->mmap_fn, "%s", fn);
  s->mmap_start = start;
  s->mmap_len = len;
  s->mmap_pgoff = pgoff;
  return 0;
}

static int
s_comm (void *d, uint32_t pid, uint32_t tid, const char *c, bool exec,
	afdo_error *e)
{
  seen *s = d;
  (void) pid, (void) tid, (void) exec, (void) e;
  s->comms++;
  snprintf (s->comm, sizeof s->comm, "%s", c);
  return 0;
}

static int
s_sample (void *d, const perf_sample *ps, afdo_error *e)
{
  seen *s = d;
  (void) e;
  if (s->samples < 16)
    {
      unsigned i = s->samples;
      s->ips[i] = ps->ip;
      s->periods[i] = ps->period;
      s->pids[i] = ps->pid;
      s->nbr[i] = ps->nr_branches;
      s->hw_idx[i] = ps->has_hw_idx;
      s->attr[i] = ps->attr;
      for (uint64_t k = 0; k < ps->nr_branches; k++)
	if (s->branches_total < 64)
	  {
	    perf_branch b;
	    perf_sample_branch (ps, k, &b);
	    s->br_from[s->branches_total] = b.from;
	    s->br_to[s->branches_total] = b.to;
	    s->branches_total++;
	  }
    }
  s->samples++;
  return 0;
}

static int
s_bid (void *d, uint32_t pid, const char *fn, const uint8_t *id, size_t len,
       unsigned cm, afdo_error *e)
{
  seen *s = d;
  (void) pid, (void) cm, (void) e;
  s->build_ids++;
  snprintf (s->bid_fn, sizeof s->bid_fn, "%s", fn);
  ck_assert_uint_eq (len, 20);
  memcpy (s->bid, id, 20);
  return 0;
}

static const perf_callbacks all_cb = { .mmap = s_mmap, .comm = s_comm,
				       .sample = s_sample,
				       .build_id = s_bid };

/* Parse LEN bytes at BUF (an image named NAME) with the recording
   callbacks into *S, cleared first; 0, or -1 with ERR filled.  */
static int
parse (const void *buf, size_t len, const char *name, seen *s,
       perf_stats *st, afdo_error *err)
{
  memset (s, 0, sizeof *s);
  return perf_data_parse (buf, len, name, &all_cb, s, st, err);
}

/* The image F must be read without error, into *S.  */
static void
parse_ok (const tu_bytes *f, seen *s)
{
  afdo_error err;
  int r = parse (f->d, f->len, "t.data", s, NULL, &err);
  ck_assert_msg (r == 0, "%s", err.msg);
}

/* The LEN bytes at BUF must be refused with a message containing
   WHAT.  */
static void
parse_fails (const void *buf, size_t len, const char *what)
{
  seen s;
  afdo_error err;
  ck_assert_int_eq (parse (buf, len, "x.data", &s, NULL, &err), -1);
  ck_assert_msg (strstr (err.msg, what) != NULL, "%s", err.msg);
}

static const uint8_t test_bid[20] = { 0x27, 0xda, 1, 2, 3, 4, 5, 6, 7, 8, 9,
				      10, 11, 12, 13, 14, 15, 16, 17, 18 };

/* A typical `perf record -e cpu-clock' file.  */
static void
make_ip_file (tu_bytes *out, uint32_t attr_size)
{
  pattr a = { ST_IP_TID_PERIOD | PERF_SAMPLE_TIME, 0, 0, { 7 }, 1 };
  tu_bytes d = { 0 };
  rec_comm (&d, 100, "prog");
  rec_mmap2 (&d, 100, 0x555555554000ull + 0x1000, 0x2000, 0x1000,
	     "/tmp/prog");
  rec_sample (&d, &a, 7, PERF_RECORD_MISC_USER, 100, 0x555555555123ull,
	      4000, 0, NULL);
  /* perf 6.x types the reader does not know: skipped by size.  */
  rec_header (&d, 82, 0, 8);	/* FINISHED_INIT */
  rec_header (&d, 73, 0, 24);	/* THREAD_MAP */
  tu_u64 (&d, 1);
  tu_u64 (&d, 100);
  rec_header (&d, 200, 0, 16);	/* from the future */
  tu_u64 (&d, 0);
  rec_sample (&d, &a, 7, PERF_RECORD_MISC_KERNEL, 100,
	      0xffffffff81000010ull, 3999, 0, NULL);
  rec_header (&d, 68, 0, 8);	/* FINISHED_ROUND */
  assemble (out, &a, 1, attr_size, &d, "/tmp/prog", test_bid);
  tu_free (&d);
}

START_TEST (test_ip_file)
{
  /* perf_event_attr sizes of several kernel versions.  */
  static const uint32_t sizes[] = { 64, 72, 80, 96, 104, 112, 120, 128,
				    136 };
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    {
      tu_bytes f;
      make_ip_file (&f, sizes[k]);
      seen s;
      perf_stats st;
      afdo_error err;
      int r = parse (f.d, f.len, "t.data", &s, &st, &err);
      ck_assert_msg (r == 0, "attr size %u: %s", sizes[k], err.msg);
      ck_assert_uint_eq (s.samples, 2);
      ck_assert_uint_eq (s.ips[0], 0x555555555123ull);
      ck_assert_uint_eq (s.periods[0], 4000);
      ck_assert_uint_eq (s.pids[0], 100);
      ck_assert_uint_eq (s.ips[1], 0xffffffff81000010ull);
      ck_assert_uint_eq (s.mmaps, 1);
      ck_assert_str_eq (s.mmap_fn, "/tmp/prog");
      ck_assert_uint_eq (s.mmap_start, 0x555555555000ull);
      ck_assert_uint_eq (s.mmap_pgoff, 0x1000);
      ck_assert_str_eq (s.comm, "prog");
      ck_assert_uint_eq (s.build_ids, 1);
      ck_assert_str_eq (s.bid_fn, "/tmp/prog");
      ck_assert (!memcmp (s.bid, test_bid, 20));
      ck_assert_uint_eq (st.unknown_records, 4);
      ck_assert_uint_eq (st.samples, 2);
      tu_free (&f);
    }
}
END_TEST

static void
make_lbr_file (tu_bytes *out, bool hw_idx)
{
  pattr a = { ST_IP_TID_PERIOD | PERF_SAMPLE_TIME
	      | PERF_SAMPLE_BRANCH_STACK,
	      (hw_idx ? PERF_SAMPLE_BRANCH_HW_INDEX : 0) | 1 /* user */
	      | 8 /* any */, 0, { 0 }, 0 };
  tu_bytes d = { 0 };
  uint64_t br[6] = { 0x401020, 0x401000, 0x401010, 0x401030, 0x401040,
		     0x401000 };
  rec_mmap2 (&d, 5, 0x400000, 0x10000, 0, "/bin/x");
  rec_sample (&d, &a, 0, PERF_RECORD_MISC_USER, 5, 0x401008, 1, 3, br);
  rec_sample (&d, &a, 0, PERF_RECORD_MISC_USER, 5, 0x401008, 1, 0, NULL);
  assemble (out, &a, 1, 136, &d, NULL, NULL);
  tu_free (&d);
}

START_TEST (test_branch_stack)
{
  for (int hw = 0; hw < 2; hw++)
    {
      tu_bytes f;
      make_lbr_file (&f, hw);
      seen s;
      parse_ok (&f, &s);
      ck_assert_uint_eq (s.samples, 2);
      ck_assert_uint_eq (s.nbr[0], 3);
      ck_assert_uint_eq (s.nbr[1], 0);
      ck_assert (s.hw_idx[0] == (hw != 0));
      ck_assert_uint_eq (s.branches_total, 3);
      ck_assert_uint_eq (s.br_from[0], 0x401020);
      ck_assert_uint_eq (s.br_to[0], 0x401000);
      ck_assert_uint_eq (s.br_from[2], 0x401040);
      ck_assert_uint_eq (s.br_to[2], 0x401000);
      tu_free (&f);
    }
}
END_TEST

/* Every proper prefix of a valid file is an error, never a crash and
   never a read outside the buffer (the prefix is copied to a buffer of
   exactly that size, so ASan catches overreads).  */
START_TEST (test_truncation)
{
  for (int kind = 0; kind < 3; kind++)
    {
      tu_bytes f;
      if (kind == 0)
	make_ip_file (&f, 136);
      else
	make_lbr_file (&f, kind == 2);
      for (size_t len = 0; len < f.len; len++)
	{
	  uint8_t *copy = malloc (len ? len : 1);
	  memcpy (copy, f.d, len);
	  seen s;
	  afdo_error err;
	  err.msg[0] = 0;
	  int r = parse (copy, len, "t.data", &s, NULL, &err);
	  ck_assert_msg (r == -1, "kind %d: prefix of %zu of %zu bytes "
			 "accepted", kind, len, f.len);
	  ck_assert_msg (strstr (err.msg, "t.data") != NULL, "%s", err.msg);
	  ck_assert (strchr (err.msg, '\n') == NULL);
	  free (copy);
	}
      tu_free (&f);
    }
}
END_TEST

/* Random single-byte corruption: an error or a success, never a crash.  */
START_TEST (test_corruption)
{
  tu_bytes f;
  make_lbr_file (&f, true);
  uint64_t x = 88172645463325252ull;
  for (int iter = 0; iter < 20000; iter++)
    {
      uint8_t *copy = malloc (f.len);
      memcpy (copy, f.d, f.len);
      for (int k = 0; k < 1 + iter % 3; k++)
	{
	  x ^= x << 13;
	  x ^= x >> 7;
	  x ^= x << 17;
	  copy[x % f.len] ^= (uint8_t) (x >> 32 | 1);
	}
      seen s;
      afdo_error err;
      (void) parse (copy, f.len, "c.data", &s, NULL, &err);
      free (copy);
    }
  tu_free (&f);
}
END_TEST

START_TEST (test_bad_headers)
{
  parse_fails ("", 0, "empty");

  tu_bytes f;
  make_ip_file (&f, 136);
  f.d[0] = 'X';
  parse_fails (f.d, f.len, "magic");
  f.d[0] = 'P';

  /* Pipe mode: header of 16 bytes.  */
  uint64_t pipe_hdr[2] = { PERF_FILE_MAGIC, 16 };
  parse_fails (pipe_hdr, 16, "pipe");

  /* Big-endian magic.  */
  uint64_t be = __builtin_bswap64 (PERF_FILE_MAGIC);
  memcpy (f.d, &be, 8);
  parse_fails (f.d, f.len, "big-endian");
  tu_free (&f);

  /* A record of size 0 would loop forever.  */
  pattr a = { ST_IP_TID_PERIOD, 0, 0, { 0 }, 0 };
  tu_bytes d = { 0 };
  rec_header (&d, 9, 0, 0);
  tu_u64 (&d, 0);
  assemble (&f, &a, 1, 136, &d, NULL, NULL);
  parse_fails (f.d, f.len, "offset");
  tu_free (&f);
  tu_free (&d);

  /* A sample shorter than its sample_type.  */
  memset (&d, 0, sizeof d);
  rec_header (&d, 9, PERF_RECORD_MISC_USER, 16);
  tu_u64 (&d, 0x401000);
  assemble (&f, &a, 1, 136, &d, NULL, NULL);
  parse_fails (f.d, f.len, "shorter");
  tu_free (&f);
  tu_free (&d);
}
END_TEST

/* Two events with different layouts, told apart by
   PERF_SAMPLE_IDENTIFIER; and by PERF_SAMPLE_ID at the same position.  */
START_TEST (test_multiple_attrs)
{
  for (int mode = 0; mode < 2; mode++)
    {
      uint64_t idflag = mode == 0 ? PERF_SAMPLE_IDENTIFIER : PERF_SAMPLE_ID;
      pattr a[2] = {
	{ ST_IP_TID_PERIOD | idflag, 0, 0, { 11, 12 }, 2 },
	{ ST_IP_TID_PERIOD | idflag | PERF_SAMPLE_CPU
	  | PERF_SAMPLE_BRANCH_STACK, 9, 0, { 21 }, 1 }
      };
      uint64_t br[4] = { 0x401020, 0x401000, 0x401030, 0x401010 };
      tu_bytes d = { 0 }, f;
      rec_sample (&d, &a[1], 21, PERF_RECORD_MISC_USER, 3, 0x401004, 1, 2,
		  br);
      rec_sample (&d, &a[0], 12, PERF_RECORD_MISC_USER, 3, 0x401008, 77, 0,
		  NULL);
      assemble (&f, a, 2, 136, &d, NULL, NULL);
      seen s;
      parse_ok (&f, &s);
      ck_assert_uint_eq (s.samples, 2);
      ck_assert_uint_eq (s.attr[0], 1);
      ck_assert_uint_eq (s.nbr[0], 2);
      ck_assert_uint_eq (s.ips[0], 0x401004);
      ck_assert_uint_eq (s.attr[1], 0);
      ck_assert_uint_eq (s.ips[1], 0x401008);
      ck_assert_uint_eq (s.periods[1], 77);
      tu_free (&f);

      /* An id that no event has.  */
      tu_free (&d);
      memset (&d, 0, sizeof d);
      rec_sample (&d, &a[0], 99, PERF_RECORD_MISC_USER, 3, 0x401008, 1, 0,
		  NULL);
      assemble (&f, a, 2, 136, &d, NULL, NULL);
      parse_fails (f.d, f.len, "unknown event id");
      tu_free (&f);
      tu_free (&d);
    }
}
END_TEST

/* Callchains and other fields before the branch stack are skipped.  */
START_TEST (test_callchain_fields)
{
  pattr a = { ST_IP_TID_PERIOD | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU
	      | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_BRANCH_STACK
	      | PERF_SAMPLE_ID, 0, 0, { 0 }, 0 };
  uint64_t br[2] = { 0x401020, 0x401000 };
  tu_bytes d = { 0 }, f;
  rec_sample (&d, &a, 5, PERF_RECORD_MISC_USER, 3, 0x401004, 9, 1, br);
  assemble (&f, &a, 1, 136, &d, NULL, NULL);
  seen s;
  parse_ok (&f, &s);
  ck_assert_uint_eq (s.periods[0], 9);
  ck_assert_uint_eq (s.br_from[0], 0x401020);
  ck_assert_uint_eq (s.br_to[0], 0x401000);
  tu_free (&f);
  tu_free (&d);
}
END_TEST

/* End to end on this very program: a perf.data image whose samples fall
   in a function of this program is converted into a profile naming it.  */

__attribute__ ((noinline)) int
convert_test_hot (int n)
{
  volatile int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

static char *
write_temp (const tu_bytes *b)
{
  char *name = strdup ("/tmp/check_convert_XXXXXX");
  int fd = mkstemp (name);
  ck_assert (fd >= 0);
  ck_assert (write (fd, b->d, b->len) == (ssize_t) b->len);
  close (fd);
  return name;
}

START_TEST (test_self_profile)
{
  uint64_t start, end, pgoff;
  char path[512];
  ck_assert (convert_test_hot (10) == 45);
  ck_assert (tu_self_mapping ((uintptr_t) &convert_test_hot, &start, &end,
			      &pgoff, path, sizeof path));
  uint64_t ip = (uintptr_t) &convert_test_hot + 4;

  pattr a = { ST_IP_TID_PERIOD | PERF_SAMPLE_BRANCH_STACK, 0, 0, { 0 }, 0 };
  uint32_t pid = (uint32_t) getpid ();
  tu_bytes d = { 0 }, f;
  rec_mmap2 (&d, pid, start, end - start, pgoff, path);
  for (int i = 0; i < 10; i++)
    rec_sample (&d, &a, 0, PERF_RECORD_MISC_USER, pid, ip, 1, 0, NULL);
  rec_sample (&d, &a, 0, PERF_RECORD_MISC_USER, pid + 7, ip, 1, 0, NULL);
  rec_sample (&d, &a, 0, PERF_RECORD_MISC_KERNEL, pid,
	      0xffffffff81000000ull, 1, 0, NULL);
  assemble (&f, &a, 1, 136, &d, NULL, NULL);
  char *tmp = write_temp (&f);

  afdo_error err;
  convert_opts o;
  binprof bp;
  binary *bin = tu_self_binprof (&bp, &o, true);
  ck_assert_msg (binprof_add_perf_data (&bp, tmp, &err) == 0, "%s", err.msg);
  ck_assert_uint_eq (bp.samples, 12);
  ck_assert_uint_eq (bp.samples_binary, 10);
  ck_assert_uint_eq (bp.samples_kernel, 1);
  ck_assert_uint_eq (bp.samples_other, 1);	/* another process */
  quality q;
  afdo_profile *p = tu_to_profile (&bp, &q);
  afdo_function *fn = afdo_top_by_name (p, "convert_test_hot");
  ck_assert (fn != NULL);
  ck_assert_uint_eq (fn->total, 10);
  ck_assert_uint_eq (q.with_line, 10);

  /* --pid: only the other process, which has no mapping.  */
  uint32_t other = pid + 7;
  o.pids = &other;
  o.n_pids = 1;
  binprof bp2;
  binprof_init (&bp2, bin, &o);
  ck_assert (binprof_add_perf_data (&bp2, tmp, &err) == 0);
  ck_assert_uint_eq (bp2.samples_binary, 0);
  ck_assert_uint_eq (bp2.samples_filtered, 11);
  binprof_free (&bp2);

  afdo_profile_free (p);
  binprof_free (&bp);
  binary_close (bin);
  unlink (tmp);
  free (tmp);
  tu_free (&f);
  tu_free (&d);
}
END_TEST

/* LBR ranges through perf script text: two back-to-back branches give
   the range from the older target to the newer source.  */
START_TEST (test_perf_script)
{
  afdo_error err;
  convert_opts o;
  binprof bp;
  binary *bin = tu_self_binprof (&bp, &o, false);
  uint64_t start, end, pgoff;
  char path[512], line[1024];
  ck_assert (tu_self_mapping ((uintptr_t) &convert_test_hot, &start, &end,
			      &pgoff, path, sizeof path));
  snprintf (line, sizeof line, "PERF_RECORD_MMAP2 42/42: [0x%llx(0x%llx) @ "
	    "0x%llx fe:00 1 0]: r-xp %s\n", (unsigned long long) start,
	    (unsigned long long) (end - start), (unsigned long long) pgoff,
	    path);
  ck_assert_int_eq (binprof_script_line (&bp, line, 1, "s", &err), 0);
  ck_assert_uint_eq (bp.n_maps, 1);
  uint64_t b0 = start + 0x10, b1 = start + 0x40, b2 = start + 0x80;
  /* Most recent first: b1 -> b2 then (older) b0 -> b1 - 0x20.  */
  snprintf (line, sizeof line, "  %llx 0x%llx/0x%llx/P/-/-/0  "
	    "0x%llx/0x%llx/P/-/-/0\n", (unsigned long long) b2,
	    (unsigned long long) b1, (unsigned long long) b2,
	    (unsigned long long) b0, (unsigned long long) (b1 - 0x20));
  ck_assert_int_eq (binprof_script_line (&bp, line, 2, "s", &err), 0);
  ck_assert_uint_eq (bp.samples, 1);
  ck_assert_uint_eq (bp.ranges_ok, 1);
  uint64_t v0, v1;
  ck_assert (binary_offset_to_vaddr (bin, b1 - 0x20 - start + pgoff, &v0));
  ck_assert (binary_offset_to_vaddr (bin, b1 - start + pgoff, &v1));
  ck_assert_uint_eq (afdo_map_get (&bp.ranges, v0, v1), 1);
  /* An IP-only line and a garbage line.  */
  ck_assert_int_eq (binprof_script_line (&bp, " 7f00001234\n", 3, "s", &err),
		    0);
  ck_assert_uint_eq (bp.samples, 2);
  ck_assert_int_eq (binprof_script_line (&bp, "hello world\n", 4, "s", &err),
		    -1);
  ck_assert_msg (strstr (err.msg, "s:4:") != NULL, "%s", err.msg);
  binprof_free (&bp);
  binary_close (bin);
}
END_TEST

/* Call chains on this very program: a chain from convert_test_callee
   back into convert_test_caller gives a call and a calling context; an
   address of the binary that follows no call breaks a chain, and when
   more than one chain in ten is broken none is used.  */

static uintptr_t chain_ret;

__attribute__ ((noinline)) int
convert_test_callee (int n)
{
  chain_ret = (uintptr_t) __builtin_return_address (0);
  volatile int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

__attribute__ ((noinline)) int
convert_test_caller (int n)
{
  return convert_test_callee (n) + 1;
}

/* BP with 20 samples in convert_test_callee, each with the chain back
   into convert_test_caller, and BAD chains whose second address
   follows no call.  */
static binary *
chain_binprof (binprof *bp, convert_opts *o, int bad, uint64_t *ret_va,
	       uint64_t *callee_va)
{
  ck_assert (convert_test_caller (10) == 46);
  binary *bin = tu_self_binprof (bp, o, true);
  uint64_t start, end, pgoff;
  char path[512];
  afdo_error err;
  ck_assert (tu_self_mapping ((uintptr_t) &convert_test_callee, &start, &end,
			      &pgoff, path, sizeof path));
  uint32_t pid = (uint32_t) getpid ();
  ck_assert (binprof_add_map (bp, pid, start, end - start, pgoff, true,
			      false, &err) == 0);
  uint64_t pcs[2] = { (uintptr_t) &convert_test_callee + 8, chain_ret };
  for (int i = 0; i < 20; i++)
    {
      ck_assert (binprof_add_sample (bp, PERF_RECORD_MISC_USER, true, pid,
				     pcs[0], 0, NULL, NULL, &err) == 0);
      ck_assert (binprof_add_chain (bp, true, pid, pcs, 2, true, &err) == 0);
    }
  uint64_t bad_pcs[2] = { pcs[0], (uintptr_t) &convert_test_caller };
  for (int i = 0; i < bad; i++)
    ck_assert (binprof_add_chain (bp, true, pid, bad_pcs, 2, true, &err)
	       == 0);
  ck_assert (binary_offset_to_vaddr (bin, chain_ret - start + pgoff, ret_va));
  ck_assert (binary_offset_to_vaddr (bin, (uintptr_t) &convert_test_callee
				     - start + pgoff, callee_va));
  return bin;
}

START_TEST (test_chains)
{
  convert_opts o;
  binprof bp;
  uint64_t ret, callee, call, target;
  binary *bin = chain_binprof (&bp, &o, 2, &ret, &callee);
  ck_assert_int_eq (binary_call_before (bin, ret, &call, &target), 1);
  ck_assert_uint_eq (target, callee);
  ck_assert_uint_eq (bp.samples_chain, 20);
  ck_assert_uint_eq (bp.chain_frames, 20);
  ck_assert_uint_eq (bp.chain_bad, 2);
  ck_assert_uint_eq (afdo_map_get (&bp.calls, ret, callee), 20);
  quality q;
  afdo_profile *p = tu_to_profile (&bp, &q);
  ck_assert (!q.chains_ignored);
  ck_assert_uint_eq (q.contexts, 1);
  ck_assert_uint_eq (q.context_samples, 20);
  /* The samples moved under the caller's call site.  */
  afdo_function *caller = afdo_top_by_name (p, "convert_test_caller");
  ck_assert (caller != NULL);
  ck_assert_uint_eq (caller->n_callees, 1);
  ck_assert_str_eq (afdo_name (p, caller->callees[0]->name),
		    "convert_test_callee");
  ck_assert_uint_eq (caller->callees[0]->total, 20);
  afdo_function *own = afdo_top_by_name (p, "convert_test_callee");
  ck_assert (own == NULL || own->total == 0);
  afdo_profile_free (p);
  binprof_free (&bp);
  binary_close (bin);

  /* Three broken chains in 23: the chains are not used.  */
  bin = chain_binprof (&bp, &o, 3, &ret, &callee);
  ck_assert_uint_eq (bp.chain_bad, 3);
  p = tu_to_profile (&bp, &q);
  ck_assert (q.chains_ignored);
  ck_assert_uint_eq (q.contexts, 0);
  own = afdo_top_by_name (p, "convert_test_callee");
  ck_assert (own != NULL);
  ck_assert_uint_eq (own->total, 20);
  afdo_profile_free (p);
  binprof_free (&bp);
  binary_close (bin);
}
END_TEST

START_TEST (test_call_kind)
{
  afdo_error err;
  binary *bin = binary_open ("/proc/self/exe", false, &err);
  ck_assert (bin != NULL);
  ck_assert (bin->n_funcs > 0);
  const bin_func *f = binary_func_at (bin, 0);
  ck_assert (f == NULL);
  binary_close (bin);
  ck_assert (binary_open ("/nonexistent", false, &err) == NULL);
  ck_assert (strstr (err.msg, "/nonexistent") != NULL);
  ck_assert (binary_open ("/etc/passwd", false, &err) == NULL);
  ck_assert_msg (strstr (err.msg, "not an ELF") != NULL, "%s", err.msg);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("convert");
  TCase *tc = tu_tcase (s, "perfdata", 120);
  tu_add_tests (tc, (const TTest *[]) {
    test_ip_file, test_branch_stack, test_truncation, test_corruption,
    test_bad_headers, test_multiple_attrs, test_callchain_fields, NULL });
  TCase *tc2 = tu_tcase (s, "convert", 120);
  tu_add_tests (tc2, (const TTest *[]) {
    test_self_profile, test_perf_script, test_chains, test_call_kind, NULL });
  return tu_run_suite (s);
}
