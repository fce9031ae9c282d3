/* afdo: reading the tools' line-oriented text files (textline.h).
   Copyright (C) 2026 The afdo authors.

   This file is part of afdo.

   afdo is free software; you can redistribute it and/or modify it under
   the terms of the GNU General Public License as published by the Free
   Software Foundation; either version 3, or (at your option) any later
   version.

   afdo is distributed in the hope that it will be useful, but WITHOUT ANY
   WARRANTY; without even the implied warranty of MERCHANTABILITY or
   FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
   for more details.

   You should have received a copy of the GNU General Public License
   along with afdo; see the file COPYING.  If not see
   <http://www.gnu.org/licenses/>.  */

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
