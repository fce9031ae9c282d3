# afdo benchmarks: recipe for lz4 (fast and high-compression modes).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# A recipe is sourced by run.sh with SRCDIR (the unpacked Debian source),
# PREP (a directory for generated files) and DATA (workload inputs) set;
# see bc.sh for what it defines.

PKG=lz4

r_prepare ()
{
  SRCS=()
  local d f
  for d in lib programs; do
    for f in "$SRCDIR/$d"/*.c; do
      SRCS+=("$f")
    done
  done
  CPPFLAGS_P=(-I"$SRCDIR/lib")
  LIBS_P=()
}

r_inputs ()
{
  [ -s "$DATA/corpus-full" ] || bench_gen_text 40000000 5 >"$DATA/corpus-full"
  [ -s "$DATA/corpus-small" ] || bench_gen_text 1500000 6 >"$DATA/corpus-small"
}

r_workload ()
{
  cat <<EOS
\$RUN "\$BIN" -q -1 -c "\$DATA/corpus-$1" >"\$TMPD/c1.lz4"
\$RUN "\$BIN" -q -9 -c "\$DATA/corpus-$1" >"\$TMPD/c9.lz4"
\$RUN "\$BIN" -q -d -c "\$TMPD/c1.lz4" | cksum
\$RUN "\$BIN" -q -d -c "\$TMPD/c9.lz4" | cksum
cat "\$TMPD/c1.lz4" "\$TMPD/c9.lz4" | cksum
EOS
}
