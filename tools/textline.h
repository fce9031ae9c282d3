/* afdo: reading the tools' line-oriented text files: the next line that
   says something, and the one-line message naming where it went wrong.
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

#ifndef AFDO_TEXTLINE_H
#define AFDO_TEXTLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The next line of IN that is neither empty nor a '#' comment, without
   its newline, in *LINE (getline's buffer of *CAP bytes); *LINENO counts
   every line read.  False at the end of IN.  */
bool afdo_next_line (FILE *in, char **line, size_t *cap, long *lineno);

/* Write "NAME:LINE: MESSAGE" (or "NAME: MESSAGE" when LINE is 0) to ERR
   of ERRLEN bytes.  Returns -1.  */
int afdo_line_fail (char *err, size_t errlen, const char *name, long line,
		    const char *fmt, ...)
  __attribute__ ((format (printf, 5, 6)));

#endif
