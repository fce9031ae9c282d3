# afdo benchmarks: recipe for lua 5.4 (the interpreter running a CPU-bound script of ours).
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

PKG=lua5.4

r_prepare ()
{
  # Debian's luaconf.h includes a header its build generates.
  printf '#define DEB_HOST_MULTIARCH "%s"\n' \
    "$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)" \
    >"$PREP/lua5.4-deb-multiarch.h"
  SRCS=()
  local f
  for f in "$SRCDIR"/src/*.c; do
    case $f in */luac.c) continue ;; esac
    SRCS+=("$f")
  done
  CPPFLAGS_P=(-DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I"$PREP")
  LIBS_P=(-lm -ldl)
}

r_inputs ()
{
  cp "$BENCH/real/lua-bench.lua" "$DATA/bench.lua"
}

r_workload ()
{
  local n=$([ "$1" = full ] && echo 60 || echo 2)
  echo "\$RUN \"\$BIN\" \"\$DATA/bench.lua\" $n"
}
