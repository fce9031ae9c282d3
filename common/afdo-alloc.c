/* afdo: memory, errors and output buffers of the profile library:
   allocation that never fails, error messages, format names, the
   growable buffer the writers fill.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "afdo-internal.h"

/* Allocation.  */

void
afdo_oom (void)
{
  fputs ("afdo: out of memory\n", stderr);
  abort ();
}

void *
afdo_xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    afdo_oom ();
  return p;
}

void *
afdo_xcalloc (size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (!p)
    afdo_oom ();
  return p;
}

void *
afdo_xrealloc (void *old, size_t n)
{
  void *p = realloc (old, n ? n : 1);
  if (!p)
    afdo_oom ();
  return p;
}

void
afdo_grow (void **ptr, uint32_t *cap, uint32_t need, size_t size)
{
  if (need <= *cap)
    return;
  uint64_t c = *cap ? *cap : 4;
  while (c < need)
    c *= 2;
  if (c > UINT32_MAX)
    c = UINT32_MAX;
  if (c < need || c * size / size != c)
    afdo_oom ();
  *ptr = afdo_xrealloc (*ptr, c * size);
  *cap = (uint32_t) c;
}

/* Errors and format names.  */

void
afdo_error_set (afdo_error *err, const char *fmt, ...)
{
  if (!err)
    return;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (err->msg, sizeof err->msg, fmt, ap);
  va_end (ap);
  /* One line, always.  */
  for (char *c = err->msg; *c; c++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
}

const char *
afdo_format_name (afdo_format f)
{
  switch (f)
    {
    case AFDO_FORMAT_GCOV:
      return "gcov";
    case AFDO_FORMAT_GCOV_WORDS:
      return "gcov-create_gcov";
    case AFDO_FORMAT_TEXT:
      return "text";
    default:
      return "unknown";
    }
}

/* Output buffer.  */

void
afdo_buf_put (afdo_buf *b, const void *data, size_t n)
{
  if (b->len + n > b->cap)
    {
      size_t c = b->cap ? b->cap : 4096;
      while (c < b->len + n)
	c *= 2;
      b->data = afdo_xrealloc (b->data, c);
      b->cap = c;
    }
  memcpy (b->data + b->len, data, n);
  b->len += n;
}

void
afdo_buf_printf (afdo_buf *b, const char *fmt, ...)
{
  char small[256];
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (small, sizeof small, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  if ((size_t) n < sizeof small)
    {
      afdo_buf_put (b, small, n);
      return;
    }
  char *big = afdo_xmalloc ((size_t) n + 1);
  va_start (ap, fmt);
  vsnprintf (big, (size_t) n + 1, fmt, ap);
  va_end (ap);
  afdo_buf_put (b, big, n);
  free (big);
}

void
afdo_buf_u32 (afdo_buf *b, uint32_t v)
{
  unsigned char w[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff,
			 (v >> 24) & 0xff };
  afdo_buf_put (b, w, 4);
}

void
afdo_buf_u64 (afdo_buf *b, uint64_t v)
{
  afdo_buf_u32 (b, (uint32_t) v);
  afdo_buf_u32 (b, (uint32_t) (v >> 32));
}

void
afdo_buf_free (afdo_buf *b)
{
  free (b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}
