# afdo benchmarks: recipe for bzip2 (compress and decompress a generated text corpus).
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

PKG=bzip2

r_prepare ()
{
  SRCS=()
  local f
  for f in blocksort huffman crctable randtable compress decompress bzlib bzip2; do
    SRCS+=("$SRCDIR/$f.c")
  done
  CPPFLAGS_P=(-D_FILE_OFFSET_BITS=64)
  LIBS_P=()
}

r_inputs ()
{
  [ -s "$DATA/corpus-full" ] || bench_gen_text 14000000 1 >"$DATA/corpus-full"
  [ -s "$DATA/corpus-small" ] || bench_gen_text 700000 2 >"$DATA/corpus-small"
}

r_workload ()
{
  cat <<EOS
\$RUN "\$BIN" -9 -c "\$DATA/corpus-$1" >"\$TMPD/c.bz2"
\$RUN "\$BIN" -d -c "\$TMPD/c.bz2" | cksum
cksum <"\$TMPD/c.bz2"
EOS
}
