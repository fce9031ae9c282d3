/* Shared helpers of afdo's libFuzzer harnesses: a round trip of a
   profile through every writer and reader, and an in-memory file (memfd)
   for the converter's readers, which take a path.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_FUZZ_COMMON_H
#define AFDO_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "afdo-profile.h"

/* What libFuzzer calls.  */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Die loudly (the fuzzer reports it as a crash) when an invariant of
   the library does not hold.  */
#define FUZZ_ASSERT(c)							\
  do									\
    {									\
      if (!(c))								\
	{								\
	  fprintf (stderr, "%s:%d: assertion failed: %s\n", __FILE__,	\
		   __LINE__, #c);					\
	  abort ();							\
	}								\
    }									\
  while (0)

/* Write P in FMT into a malloc'ed buffer; its size in *LEN.  Only the
   text writer may refuse (a name it cannot state): NULL then.  */
static inline char *
fuzz_write_mem (const afdo_profile *p, afdo_format fmt, size_t *len)
{
  char *buf = NULL;
  FILE *f = open_memstream (&buf, len);
  FUZZ_ASSERT (f);
  afdo_error err;
  int r = afdo_write (p, f, fmt, &err);
  FUZZ_ASSERT (fclose (f) == 0);
  if (r)
    {
      if (fmt == AFDO_FORMAT_TEXT && strstr (err.msg, " name '"))
	{
	  free (buf);
	  return NULL;
	}
      fprintf (stderr, "write failed: %s\n", err.msg);
      abort ();
    }
  return buf;
}

/* Every profile a reader accepts must be written in every format, read
   back, and written again byte-identically (the writers' output is a
   function of the contents only).  The text format cannot state a
   name with white space or ':' faithfully, so for text only the
   writer and reader run, without the comparison, and the writer may
   refuse such a name.  */
static inline void
fuzz_round_trip (const afdo_profile *p)
{
  static const afdo_format fmts[] = { AFDO_FORMAT_GCOV,
				      AFDO_FORMAT_GCOV_WORDS,
				      AFDO_FORMAT_TEXT };
  afdo_summary s0;
  afdo_profile_summarize (p, &s0);
  for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; i++)
    {
      size_t n1, n2;
      char *b1 = fuzz_write_mem (p, fmts[i], &n1);
      if (!b1)
	continue;
      afdo_error err;
      afdo_format found;
      afdo_profile *q = afdo_read_mem (b1, n1, "round-trip", &found, &err);
      if (fmts[i] != AFDO_FORMAT_TEXT)
	{
	  if (!q)
	    {
	      fprintf (stderr, "re-reading %s output failed: %s\n",
		       afdo_format_name (fmts[i]), err.msg);
	      abort ();
	    }
	  FUZZ_ASSERT (found == fmts[i]);
	  afdo_summary s1;
	  afdo_profile_summarize (q, &s1);
	  FUZZ_ASSERT (s1.n_functions <= s0.n_functions);
	  FUZZ_ASSERT (s1.total == s0.total);
	  char *b2 = fuzz_write_mem (q, fmts[i], &n2);
	  FUZZ_ASSERT (n1 == n2 && memcmp (b1, b2, n1) == 0);
	  free (b2);
	}
      afdo_profile_free (q);
      free (b1);
    }
}

/* An in-memory regular file: its /proc path in PATH.  */
typedef struct fuzz_memfile
{
  int fd;
  char path[64];
} fuzz_memfile;

static inline void
fuzz_memfile_init (fuzz_memfile *m)
{
  m->fd = memfd_create ("fuzz-input", 0);
  FUZZ_ASSERT (m->fd >= 0);
  snprintf (m->path, sizeof m->path, "/proc/self/fd/%d", m->fd);
}

static inline void
fuzz_memfile_set (fuzz_memfile *m, const uint8_t *data, size_t size)
{
  FUZZ_ASSERT (ftruncate (m->fd, 0) == 0);
  size_t off = 0;
  while (off < size)
    {
      ssize_t w = pwrite (m->fd, data + off, size - off, (off_t) off);
      FUZZ_ASSERT (w > 0);
      off += (size_t) w;
    }
}

#endif /* AFDO_FUZZ_COMMON_H */
