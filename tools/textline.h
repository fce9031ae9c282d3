/* afdo: reading the tools' line-oriented text files: the next line that
   says something, and the one-line message naming where it went wrong.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

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
