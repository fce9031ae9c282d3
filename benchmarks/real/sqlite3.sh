# afdo benchmarks: recipe for SQLite (its speedtest1 program on an in-memory database).
# Copyright (C) 2026 The afdo authors.
#
# This file is part of afdo.
#
# afdo is free software; you can redistribute it and/or modify it under
# the terms of the GNU General Public License as published by the Free
# Software Foundation; either version 3, or (at your option) any later
# version.
#
# afdo is distributed in the hope that it will be useful, but WITHOUT ANY
# WARRANTY; without even the implied warranty of MERCHANTABILITY or
# FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
# for more details.
#
# You should have received a copy of the GNU General Public License
# along with afdo; see the file COPYING.  If not see
# <http://www.gnu.org/licenses/>.
#
# A recipe is sourced by run.sh with SRCDIR (the unpacked Debian source),
# PREP (a directory for generated files) and DATA (workload inputs) set.
# It defines PKG, r_prepare (sets SRCS, CPPFLAGS_P, LIBS_P; may run a
# configure step once), r_inputs (creates the inputs once) and
# r_workload SIZE (prints a shell script body; it runs "$BIN" prefixed
# with "$RUN", which is empty or a valgrind command, and prints a
# deterministic digest of the results on stdout).

PKG=sqlite3

r_prepare ()
{
  # The Debian source is the full tree; its build generates the
  # amalgamation sqlite3.c (needs tclsh).
  if [ ! -s "$PREP/sqlite3.c" ]; then
    command -v tclsh >/dev/null || bench_apt_install tcl || return 1
    (cd "$PREP" && "$SRCDIR/configure" --disable-tcl >configure.log 2>&1 &&
       make sqlite3.c >make.log 2>&1) || return 1
  fi
  SRCS=("$PREP/sqlite3.c" "$SRCDIR/test/speedtest1.c")
  CPPFLAGS_P=(-I"$PREP" -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION)
  LIBS_P=(-lm)
}

r_inputs () { :; }

r_workload ()
{
  local n=$([ "$1" = full ] && echo 80 || echo 3)
  # speedtest1 prints each test's time, right-aligned: strip it and the
  # spaces before it (their number depends on the time) before the
  # digest.
  echo "\$RUN \"\$BIN\" --memdb --size $n --nosync | sed -E 's/ *[0-9.]+s\$//' | cksum"
}
