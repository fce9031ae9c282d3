/* afdo: the next release of an afdo-progen program (progen-edit.c):
   the marks the generator leaves in its text, and the writer that turns
   them into edits or drops them.
   Copyright (C) 2026 The afdo authors.
   SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).  */

#ifndef AFDO_PROGEN_EDIT_H
#define AFDO_PROGEN_EDIT_H

#include <stdint.h>
#include <stdio.h>

/* A mark opens a line of the generator's text with this byte; the
   program written never has one.  The marks:

     MARK "P" CLS INDENT "|" VARS   a line of its own: a place where a
                                    statement may be inserted, at
                                    INDENT, with VARS (a comma list of
                                    the unsigned variables in scope);
                                    CLS: L in a loop's body, B before a
                                    loop, A after one, C between the
                                    driver's calls, S elsewhere; in
                                    lower case in a const or pure
                                    function (no side effects there)
     MARK "R" GROUP "|" LINE        LINE, removable with the other lines
                                    of GROUP (a number) without changing
                                    what the program does
     MARK "J|" LINE                 LINE, which may be joined with the
                                    next line (a plain one) into one
     MARK "G"                       a line of its own among the globals,
                                    where a declaration may go  */
#define PROGEN_MARK "\001"

/* Write the program TEXT (NUL-terminated; changed in place) to OUT with
   EDITS edits chosen by SEED and EDITS, and after it a comment listing
   them; with 0 edits, the text without its marks.  Returns 0, or -1
   when memory runs out or OUT cannot be written.  */
int progen_write (FILE *out, char *text, uint64_t seed, unsigned edits);

#endif /* AFDO_PROGEN_EDIT_H */
