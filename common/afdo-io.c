/* afdo: reading and writing profiles in any supported format: format
   detection, whole-file input, output to streams and files.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "afdo-internal.h"

afdo_profile *
afdo_read_mem (const void *buf, size_t len, const char *name,
	       afdo_format *found, afdo_error *err)
{
  const unsigned char *b = buf;
  if (found)
    *found = AFDO_FORMAT_UNKNOWN;
  if (len == 0)
    {
      afdo_error_set (err, "%s: empty file", name);
      return NULL;
    }
  if (len >= 4)
    {
      uint32_t w = (uint32_t) b[0] | (uint32_t) b[1] << 8
		   | (uint32_t) b[2] << 16 | (uint32_t) b[3] << 24;
      if (w == AFDO_GCOV_MAGIC)
	return afdo_gcov_read (b, len, name, found, err);
      if (memcmp (b, "gcda", 4) == 0)
	{
	  afdo_error_set (err, "%s: offset 0x0: byte-swapped magic: a "
			  "big-endian gcov file, which is not supported",
			  name);
	  return NULL;
	}
    }
  if (len < 4 && memcmp (b, "adcg", len) == 0)
    {
      afdo_error_set (err, "%s: offset 0x0: unexpected end of file reading "
		      "magic", name);
      return NULL;
    }
  /* Anything else must be text; binary data is refused with the magic
     it had rather than a text parse error.  */
  size_t probe = len < 4096 ? len : 4096;
  if (memchr (b, 0, probe))
    {
      if (len >= 4)
	afdo_error_set (err, "%s: offset 0x0: wrong magic 0x%02x%02x%02x%02x: "
			"neither an AutoFDO gcov profile (\"gcda\") nor text",
			name, b[3], b[2], b[1], b[0]);
      else
	afdo_error_set (err, "%s: offset 0x0: truncated: %zu bytes, not a "
			"profile", name, len);
      return NULL;
    }
  afdo_profile *p = afdo_text_read (buf, len, name, err);
  if (p && found)
    *found = AFDO_FORMAT_TEXT;
  return p;
}

afdo_profile *
afdo_read_file (const char *path, afdo_format *found, afdo_error *err)
{
  bool is_stdin = strcmp (path, "-") == 0;
  const char *name = is_stdin ? "<stdin>" : path;
  int fd = is_stdin ? 0 : open (path, O_RDONLY);
  if (found)
    *found = AFDO_FORMAT_UNKNOWN;
  if (fd < 0)
    {
      afdo_error_set (err, "%s: cannot open: %s", name, strerror (errno));
      return NULL;
    }
  struct stat st;
  if (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      afdo_error_set (err, "%s: cannot read: %s", name, strerror (EISDIR));
      if (!is_stdin)
	close (fd);
      return NULL;
    }
  size_t cap = S_ISREG (st.st_mode) && st.st_size > 0
	       ? (size_t) st.st_size + 1 : 65536;
  size_t len = 0;
  unsigned char *buf = afdo_xmalloc (cap);
  for (;;)
    {
      if (len == cap)
	{
	  cap *= 2;
	  buf = afdo_xrealloc (buf, cap);
	}
      ssize_t n = read (fd, buf + len, cap - len);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0)
	{
	  afdo_error_set (err, "%s: cannot read: %s", name, strerror (errno));
	  free (buf);
	  if (!is_stdin)
	    close (fd);
	  return NULL;
	}
      if (n == 0)
	break;
      len += (size_t) n;
    }
  if (!is_stdin)
    close (fd);
  afdo_profile *p = afdo_read_mem (buf, len, name, found, err);
  free (buf);
  return p;
}

static int
afdo_render (const afdo_profile *p, afdo_buf *b, afdo_format fmt,
	     afdo_error *err)
{
  switch (fmt)
    {
    case AFDO_FORMAT_GCOV:
    case AFDO_FORMAT_GCOV_WORDS:
      return afdo_gcov_write (p, b, fmt, err);
    case AFDO_FORMAT_TEXT:
      return afdo_text_write (p, b, err);
    default:
      afdo_error_set (err, "cannot write a profile in format %d", (int) fmt);
      return -1;
    }
}

int
afdo_write (const afdo_profile *p, FILE *f, afdo_format fmt,
	    afdo_error *err)
{
  afdo_buf b = { 0 };
  afdo_error e;
  if (afdo_render (p, &b, fmt, &e))
    {
      afdo_error_set (err, "cannot write profile: %s", e.msg);
      afdo_buf_free (&b);
      return -1;
    }
  int r = 0;
  if ((b.len && fwrite (b.data, 1, b.len, f) != b.len) || fflush (f))
    {
      afdo_error_set (err, "cannot write profile: %s", strerror (errno));
      r = -1;
    }
  afdo_buf_free (&b);
  return r;
}

int
afdo_write_file (const afdo_profile *p, const char *path, afdo_format fmt,
		 afdo_error *err)
{
  afdo_buf b = { 0 };
  afdo_error e;
  if (afdo_render (p, &b, fmt, &e))
    {
      afdo_error_set (err, "%s: cannot write profile: %s", path, e.msg);
      afdo_buf_free (&b);
      return -1;
    }
  FILE *f = strcmp (path, "-") == 0 ? stdout : fopen (path, "wb");
  if (!f)
    {
      afdo_error_set (err, "%s: cannot open for writing: %s", path,
		      strerror (errno));
      afdo_buf_free (&b);
      return -1;
    }
  int r = 0;
  if (b.len && fwrite (b.data, 1, b.len, f) != b.len)
    r = -1;
  if (f == stdout ? fflush (f) != 0 : fclose (f) != 0)
    r = -1;
  if (r)
    afdo_error_set (err, "%s: cannot write: %s", path, strerror (errno));
  afdo_buf_free (&b);
  return r;
}
