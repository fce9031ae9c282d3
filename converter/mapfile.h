/* A file mapped read-only into memory, for the readers that scan a
   perf.data from end to end.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_MAPFILE_H
#define AFDO_MAPFILE_H

#include <stddef.h>
#include <stdint.h>

#include "afdo-profile.h"

typedef struct mapped_file
{
  const uint8_t *buf;		/* the contents (NULL when empty) */
  size_t len;
  void *map;
} mapped_file;

/* Map PATH, a regular file, read-only for a sequential scan; -1 with
   ERR set when it cannot be opened or mapped.  */
int mapped_file_open (const char *path, mapped_file *mf, afdo_error *err);
/* Unmap it.  */
void mapped_file_close (mapped_file *mf);

#endif
