/* afdo: helpers shared by the unit tests.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */


#ifndef AFDO_TESTUTIL_H
#define AFDO_TESTUTIL_H

/* The headers every test program uses.  */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <check.h>

#include "afdo-profile.h"

/* A test case NAME of SUITE whose tests may each run SECONDS (Check's
   default when 0).  */
TCase *tu_tcase (Suite *suite, const char *name, double seconds);
/* Add the tests TESTS (NULL-terminated) to TC.  */
void tu_add_tests (TCase *tc, const TTest *const *tests);
/* Run the tests of SUITE; the exit status of the test program.  */
int tu_run_suite (Suite *suite);
/* Run the tests TESTS (NULL-terminated) as the case TCASE of the suite
   SUITE, each allowed SECONDS (Check's default when 0); the exit status
   of the test program.  */
int tu_main (const char *suite, const char *tcase, double seconds,
	     const TTest *const *tests);
/* The main of a test program whose tests, the arguments after SECONDS,
   are the one case TCASE of SUITE.  */
#define TU_MAIN(suite, tcase, seconds, ...) \
  int \
  main (void) \
  { \
    return tu_main (suite, tcase, seconds, \
		    (const TTest *[]) { __VA_ARGS__, NULL }); \
  }

/* Read a profile from memory (any format).  */
afdo_profile *tu_read (const void *data, size_t len, const char *name,
		       afdo_format *found, afdo_error *err);
/* Read a text profile from a C string; aborts the test on failure.  */
afdo_profile *tu_text (const char *text);
/* Write P in FMT into a new buffer (NUL-terminated; length in *LEN);
   NULL on failure with ERR filled.  */
char *tu_write (const afdo_profile *p, afdo_format fmt, size_t *len,
		afdo_error *err);

/* Little-endian byte strings for hand-made gcov files.  */
typedef struct tu_bytes
{
  unsigned char *d;
  size_t len, cap;
} tu_bytes;

void tu_raw (tu_bytes *, const void *, size_t);
void tu_u32 (tu_bytes *, uint32_t);
void tu_u64 (tu_bytes *, uint64_t);
/* A string as GCC 12 writes it: byte length with the NUL, the bytes.  */
void tu_str_bytes (tu_bytes *, const char *);
/* A string as create_gcov 0.19 writes it: length in words, padded.  */
void tu_str_words (tu_bytes *, const char *);
void tu_patch_u32 (tu_bytes *, size_t at, uint32_t);
void tu_free (tu_bytes *);

/* Read DATA in a child process, so that a crash is reported rather than
   fatal.  Returns true when the child finished normally; *READ_OK tells
   whether a profile was returned, MSG (of SIZE bytes) gets the error.  */
bool tu_read_in_child (const void *data, size_t len, const char *name,
		       bool *read_ok, char *msg, size_t size);

/* A random profile of N top-level functions, deterministic for SEED.  */
afdo_profile *tu_random_profile (uint32_t n, uint64_t seed);

/* The directory holding the test program (for finding build/ tools).  */
const char *tu_build_dir (void);

#endif
