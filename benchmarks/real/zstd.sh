# afdo benchmarks: recipe for zstd (compress and decompress a generated corpus, one thread).
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
