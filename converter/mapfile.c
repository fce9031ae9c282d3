/* A file mapped read-only into memory, for the readers that scan a
   perf.data from end to end.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mapfile.h"

int
mapped_file_open (const char *path, mapped_file *mf, afdo_error *err)
{
  memset (mf, 0, sizeof *mf);
  int fd = open (path, O_RDONLY);
  if (fd < 0)
    {
      afdo_error_set (err, "%s: cannot open: %s", path, strerror (errno));
      return -1;
    }
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      afdo_error_set (err, "%s: not a regular file", path);
      close (fd);
      return -1;
    }
  mf->len = (size_t) st.st_size;
  if (mf->len)
    {
      mf->map = mmap (NULL, mf->len, PROT_READ, MAP_PRIVATE, fd, 0);
      if (mf->map == MAP_FAILED)
	{
	  afdo_error_set (err, "%s: cannot map: %s", path, strerror (errno));
	  close (fd);
	  return -1;
	}
      mf->buf = mf->map;
      madvise (mf->map, mf->len, MADV_SEQUENTIAL);
    }
  close (fd);
  return 0;
}

void
mapped_file_close (mapped_file *mf)
{
  if (mf->map && mf->len)
    munmap (mf->map, mf->len);
}
