# afdo benchmarks: recipe for tcc (the Tiny C Compiler compiling its own sources).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# A recipe is sourced by run.sh with SRCDIR (the unpacked Debian source),
# PREP (a directory for generated files) and DATA (workload inputs) set;
# see bc.sh for what it defines.

PKG=tcc

r_prepare ()
{
  # configure writes config.h (the version and the directories).
  if [ ! -s "$SRCDIR/config.h" ]; then
    (cd "$SRCDIR" && ./configure >"$PREP/configure.log" 2>&1) || return 1
  fi
  # tcc.c includes the whole compiler (ONE_SOURCE).
  SRCS=("$SRCDIR/tcc.c")
  CPPFLAGS_P=(-I"$SRCDIR" -DONE_SOURCE=1 -DTCC_TARGET_X86_64)
  LIBS_P=(-lm -ldl -lpthread)
}

r_inputs ()
{
  # The input: tcc's own source tree, with its headers (stddef.h, ...).
  if [ ! -s "$DATA/src/tcc.c" ]; then
    mkdir -p "$DATA/src" &&
      cp -r "$SRCDIR"/. "$DATA/src/"
  fi
}

r_workload ()
{
  local n=$([ "$1" = full ] && echo 60 || echo 2)
  cat <<EOS
for i in \$(seq $n); do
  \$RUN "\$BIN" -B"\$DATA/src" -I"\$DATA/src/include" -I/usr/include/x86_64-linux-gnu -I"\$DATA/src" -DONE_SOURCE=1 -DTCC_TARGET_X86_64 -c "\$DATA/src/tcc.c" -o "\$TMPD/tcc.o" || exit 1
done
cksum <"\$TMPD/tcc.o"
EOS
}
