# afdo benchmarks: recipe for xz (LZMA2 compression with liblzma).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# A recipe is sourced by run.sh with SRCDIR (the unpacked Debian source),
# PREP (a directory for generated files) and DATA (workload inputs) set;
# see bc.sh for what it defines.

PKG=xz-utils

r_prepare ()
{
  # configure writes config.h; without threads and NLS, liblzma and xz
  # are plain C.
  if [ ! -s "$SRCDIR/config.h" ]; then
    (cd "$SRCDIR" && touch aclocal.m4 && sleep 1 && touch configure &&
       sleep 1 && find . -name Makefile.in -exec touch {} + &&
       touch config.h.in &&
       ./configure --disable-shared --disable-nls --disable-threads \
         >"$PREP/configure.log" 2>&1) || return 1
  fi
  local l=$SRCDIR/src/liblzma d f
  SRCS=()
  for d in check common delta lz lzma rangecoder simple; do
    for f in "$l/$d"/*.c; do
      # Table generators, the small CRCs and the threaded coders are not
      # part of this configuration.
      case $f in
        *_small.c|*tablegen.c|*cputhreads.c|*outqueue.c|*_mt.c) ;;
        *) SRCS+=("$f") ;;
      esac
    done
  done
  for f in physmem exit mbstr_fw mbstr_width open_stdxxx progname; do
    SRCS+=("$SRCDIR/src/common/tuklib_$f.c")
  done
  for f in "$SRCDIR/src/xz"/*.c; do
    SRCS+=("$f")
  done
  CPPFLAGS_P=(-DHAVE_CONFIG_H -I"$SRCDIR" -I"$l/api" -I"$l/common"
              -I"$l/check" -I"$l/lz" -I"$l/rangecoder" -I"$l/lzma"
              -I"$l/delta" -I"$l/simple" -I"$SRCDIR/src/common")
  LIBS_P=()
}

r_inputs ()
{
  [ -s "$DATA/corpus-full" ] || bench_gen_text 6000000 7 >"$DATA/corpus-full"
  [ -s "$DATA/corpus-small" ] || bench_gen_text 300000 8 >"$DATA/corpus-small"
}

r_workload ()
{
  cat <<EOS
\$RUN "\$BIN" -q -6 -c "\$DATA/corpus-$1" >"\$TMPD/c.xz"
\$RUN "\$BIN" -q -d -c "\$TMPD/c.xz" | cksum
cksum <"\$TMPD/c.xz"
EOS
}
