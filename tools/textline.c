/* afdo: reading the tools' line-oriented text files (textline.h).
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#include <stdarg.h>
#include <string.h>

#include "textline.h"

bool
afdo_next_line (FILE *in, char **line, size_t *cap, long *lineno)
{
  while (getline (line, cap, in) >= 0)
    {
      ++*lineno;
      (*line)[strcspn (*line, "\n")] = '\0';
      if ((*line)[0] != '\0' && (*line)[0] != '#')
	return true;
    }
  return false;
}

int
afdo_line_fail (char *err, size_t errlen, const char *name, long line,
		const char *fmt, ...)
{
  int k = line > 0 ? snprintf (err, errlen, "%s:%ld: ", name, line)
		   : snprintf (err, errlen, "%s: ", name);
  if (k >= 0 && (size_t) k < errlen)
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (err + k, errlen - (size_t) k, fmt, ap);
      va_end (ap);
    }
  return -1;
}
