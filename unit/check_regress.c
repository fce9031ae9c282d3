/* Regression tests for inputs found by fuzzing (fuzz/): each bug as a
   test of its own, and a replay of the committed seed corpora and crash
   inputs (fuzz/corpus, fuzz/regress) through the readers.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include "binary.h"
#include "convert.h"
#include "perfdata.h"
#include "testconv.h"
#include "testutil.h"
#include "../fuzz/fuzz-common.h"

/* A leaf: no inlined children in its DWARF scope.  */
__attribute__ ((noinline)) unsigned regress_leaf (unsigned n);

__attribute__ ((noinline)) unsigned
regress_leaf (unsigned n)
{
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++)
    s += i * i;
  return s;
}

/* fuzz/regress/script/symbolize-leaf-first.txt: when the first function
   of a compilation unit to be symbolized had no inlined children, the
   symbolizer sorted a NULL array (UBSan: "applying zero offset to null
   pointer", and qsort's nonnull argument).  The same through perf script
   text on this very program, whose regress_leaf is such a function.  */
START_TEST (test_symbolize_leaf_first)
{
  uint64_t start, end, pgoff;
  char path[512];
  uintptr_t fn = (uintptr_t) &regress_leaf;
  ck_assert_uint_eq (regress_leaf (4), 14);
  ck_assert (tu_self_mapping (fn, &start, &end, &pgoff, path, sizeof path));
  char tmp[] = "/tmp/check_regress_XXXXXX";
  int fd = mkstemp (tmp);
  ck_assert (fd >= 0);
  FILE *f = fdopen (fd, "w");
  fprintf (f, "%d PERF_RECORD_MMAP2 %d/%d: [0x%llx(0x%llx) @ 0x%llx 00:00 "
	   "0 0]: r-xp %s\n", (int) getpid (), (int) getpid (),
	   (int) getpid (), (unsigned long long) start,
	   (unsigned long long) (end - start), (unsigned long long) pgoff,
	   path);
  for (int i = 0; i < 5; i++)
    fprintf (f, "%d %llx\n", (int) getpid (),
	     (unsigned long long) fn + 4);
  fclose (f);

  afdo_error err;
  convert_opts o;
  binprof bp;
  binary *bin = tu_self_binprof (&bp, &o, true);
  /* The samples as they are: the count checked is the samples'.  */
  o.exec_model = EXEC_RAW;
  ck_assert_msg (binprof_add_perf_script (&bp, tmp, &err) == 0, "%s",
		 err.msg);
  unlink (tmp);
  ck_assert_uint_eq (bp.samples_binary, 5);
  quality q;
  afdo_profile *p = tu_to_profile (&bp, &q);
  afdo_function *top = afdo_top_by_name (p, "regress_leaf");
  ck_assert (top != NULL);
  ck_assert_uint_eq (top->total, 5);
  afdo_profile_free (p);
  binprof_free (&bp);
  binary_close (bin);
}
END_TEST

/* The source tree: $AFDO_SRC, else the first directory above the test
   program holding fuzz/corpus.  */
static const char *
src_dir (void)
{
  static char dir[PATH_MAX];
  const char *env = getenv ("AFDO_SRC");
  if (env)
    return env;
  snprintf (dir, sizeof dir, "%s", tu_build_dir ());
  for (;;)
    {
      char probe[PATH_MAX + 16];
      struct stat st;
      snprintf (probe, sizeof probe, "%s/fuzz/corpus", dir);
      if (stat (probe, &st) == 0 && S_ISDIR (st.st_mode))
	return dir;
      char *slash = strrchr (dir, '/');
      if (!slash || slash == dir)
	return NULL;
      *slash = 0;
    }
}

static unsigned char *
slurp (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  ck_assert_msg (f != NULL, "%s", path);
  unsigned char *buf = NULL;
  size_t cap = 0, n = 0, r;
  do
    {
      if (n == cap)
	{
	  cap = cap ? 2 * cap : 4096;
	  buf = realloc (buf, cap);
	  ck_assert (buf);
	}
      r = fread (buf + n, 1, cap - n, f);
      n += r;
    }
  while (r);
  fclose (f);
  *len = n;
  return buf;
}

/* Call FN on every file of SRC/fuzz/{corpus,regress}/KIND; returns how
   many there were.  */
static unsigned
replay (const char *kind, void (*fn) (const unsigned char *, size_t,
				      const char *))
{
  const char *src = src_dir ();
  ck_assert_msg (src != NULL, "fuzz/corpus not found; set AFDO_SRC");
  unsigned n = 0;
  static const char *const sets[] = { "corpus", "regress" };
  for (int s = 0; s < 2; s++)
    {
      char d[PATH_MAX + 64];
      snprintf (d, sizeof d, "%s/fuzz/%s/%s", src, sets[s], kind);
      DIR *dp = opendir (d);
      if (!dp)
	continue;
      struct dirent *e;
      while ((e = readdir (dp)))
	{
	  if (e->d_name[0] == '.')
	    continue;
	  char p[PATH_MAX + 512];
	  snprintf (p, sizeof p, "%s/%s", d, e->d_name);
	  size_t len;
	  unsigned char *buf = slurp (p, &len);
	  fn (buf, len, p);
	  free (buf);
	  n++;
	}
      closedir (dp);
    }
  return n;
}

static void
replay_profile (const unsigned char *buf, size_t len, const char *path)
{
  afdo_error err;
  afdo_format found;
  afdo_profile *p = afdo_read_mem (buf, len, path, &found, &err);
  if (!p)
    {
      ck_assert_msg (!strchr (err.msg, '\n'), "%s", err.msg);
      return;
    }
  fuzz_round_trip (p);
  afdo_profile_free (p);
}

START_TEST (test_replay_gcov)
{
  ck_assert_uint_gt (replay ("gcov", replay_profile), 0);
}
END_TEST

START_TEST (test_replay_text)
{
  ck_assert_uint_gt (replay ("text", replay_profile), 0);
}
END_TEST

static int
count_sample (void *data, const perf_sample *s, afdo_error *err)
{
  (void) err;
  for (uint64_t i = 0; i < s->nr_branches; i++)
    {
      perf_branch b;
      perf_sample_branch (s, i, &b);
    }
  ++*(uint64_t *) data;
  return 0;
}

/* The binary and the options of the conversions of the replays.  */
static binary *replay_bin;
static convert_opts replay_opts;

/* The perf.data reader, then the converter against this program (the
   seeds were recorded on another, so mostly its error paths).  */
static void
replay_perfdata (const unsigned char *buf, size_t len, const char *path)
{
  perf_callbacks cb = { .sample = count_sample };
  uint64_t n = 0;
  afdo_error err;
  if (perf_data_parse (buf, len, path, &cb, &n, NULL, &err) != 0)
    ck_assert_msg (!strchr (err.msg, '\n'), "%s", err.msg);
  binprof bp;
  binprof_init (&bp, replay_bin, &replay_opts);
  if (binprof_add_perf_data (&bp, path, &err) == 0 && bp.samples_binary)
    {
      quality q;
      afdo_profile_free (tu_to_profile (&bp, &q));
    }
  binprof_free (&bp);
}

static void
replay_script (const unsigned char *buf, size_t len, const char *path)
{
  (void) buf, (void) len;
  binprof bp;
  binprof_init (&bp, replay_bin, &replay_opts);
  afdo_error err;
  if (binprof_add_perf_script (&bp, path, &err) != 0)
    ck_assert_msg (!strchr (err.msg, '\n'), "%s", err.msg);
  binprof_free (&bp);
}

START_TEST (test_replay_perf)
{
  replay_bin = tu_self_binary (true);
  tu_convert_opts (&replay_opts);
  replay_opts.build_id = BUILD_ID_IGNORE;
  ck_assert_uint_gt (replay ("perfdata", replay_perfdata), 0);
  ck_assert_uint_gt (replay ("script", replay_script), 0);
  binary_close (replay_bin);
}
END_TEST

TU_MAIN ("regress", "fuzz", 60, test_symbolize_leaf_first, test_replay_gcov,
	test_replay_text, test_replay_perf)
