# afdo benchmarks: recipe for SQLite (its speedtest1 program on an in-memory database).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
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
