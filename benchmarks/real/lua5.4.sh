# afdo benchmarks: recipe for lua 5.4 (the interpreter running a CPU-bound script of ours).
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

PKG=lua5.4

r_prepare ()
{
  # Debian's luaconf.h includes a header its build generates.
  printf '#define DEB_HOST_MULTIARCH "%s"\n' \
    "$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)" \
    >"$PREP/lua5.4-deb-multiarch.h"
  # Lua seeds its string hash with the time and the addresses of a
  # local variable, a function and the state, and table.sort its pivots
  # with the clock: the same binary runs a different number of
  # instructions each time (0.5 % under cachegrind, more than many
  # differences measured here), and two binaries that differ only in
  # their path or size differ by as much.  Fixed seeds make cachegrind's
  # count a property of the code.
  printf '#define luai_makeseed(L) 0u\n#define l_randomizePivot() 0u\n' \
    >"$PREP/lua-fixed-seed.h"
  SRCS=()
  local f
  for f in "$SRCDIR"/src/*.c; do
    case $f in */luac.c) continue ;; esac
    SRCS+=("$f")
  done
  CPPFLAGS_P=(-DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I"$PREP"
              -include "$PREP/lua-fixed-seed.h")
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
