# afdo benchmarks: recipe for zstd (compress and decompress a generated corpus, one thread).
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

PKG=zstd

r_prepare ()
{
  SRCS=()
  local d f
  for d in lib/common lib/compress lib/decompress lib/dictBuilder programs; do
    for f in "$SRCDIR/$d"/*.c; do
      SRCS+=("$f")
    done
  done
  CPPFLAGS_P=(-I"$SRCDIR/lib" -I"$SRCDIR/lib/common" -DZSTD_DISABLE_ASM
              -DXXH_NAMESPACE=ZSTD_ -DZSTD_LEGACY_SUPPORT=0)
  LIBS_P=()
}

r_inputs ()
{
  [ -s "$DATA/corpus-full" ] || bench_gen_text 30000000 3 >"$DATA/corpus-full"
  [ -s "$DATA/corpus-small" ] || bench_gen_text 1500000 4 >"$DATA/corpus-small"
}

r_workload ()
{
  cat <<EOS
\$RUN "\$BIN" -q -T1 -12 -c "\$DATA/corpus-$1" >"\$TMPD/c.zst"
\$RUN "\$BIN" -q -T1 -d -c "\$TMPD/c.zst" | cksum
cksum <"\$TMPD/c.zst"
EOS
}
