# afdo benchmarks: recipe for GNU awk (word counts, regular expressions, substitutions).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# A recipe is sourced by run.sh with SRCDIR (the unpacked Debian source),
# PREP (a directory for generated files) and DATA (workload inputs) set;
# see bc.sh for what it defines.

PKG=gawk

r_prepare ()
{
  # configure writes config.h; the parsers (awkgram.c, command.c) are in
  # the source.  No readline, MPFR, NLS or persistent memory: plain C.
  if [ ! -s "$SRCDIR/config.h" ]; then
    (cd "$SRCDIR" && touch aclocal.m4 && sleep 1 && touch configure &&
       sleep 1 && find . -name Makefile.in -exec touch {} + &&
       touch configh.in &&
       ./configure --disable-nls --disable-mpfr --without-readline \
         --disable-pma >"$PREP/configure.log" 2>&1) || return 1
  fi
  SRCS=()
  local f
  for f in array awkgram builtin cint_array command debug eval ext field \
           floatcomp gawkapi gawkmisc int_array io main mpfr msg node \
           profile re replace str_array symbol version; do
    SRCS+=("$SRCDIR/$f.c")
  done
  for f in dfa getopt getopt1 localeinfo random regex \
           malloc/dynarray_at_failure malloc/dynarray_emplace_enlarge \
           malloc/dynarray_finalize malloc/dynarray_resize \
           malloc/dynarray_resize_clear; do
    SRCS+=("$SRCDIR/support/$f.c")
  done
  # The string macros of gawk's Makefile, in a header: the generated
  # makefile passes flags through the shell.
  cat >"$PREP/gawk-paths.h" <<'EOS'
#define DEFPATH ".:/usr/share/awk"
#define DEFLIBPATH "/usr/lib/awk"
#define SHLIBEXT "so"
#define LOCALEDIR "/usr/share/locale"
EOS
  CPPFLAGS_P=(-DHAVE_CONFIG_H -DGAWK -include "$PREP/gawk-paths.h"
              -I"$SRCDIR" -I"$SRCDIR/support")
  LIBS_P=(-lm)
}

r_inputs ()
{
  [ -s "$DATA/corpus-full" ] || bench_gen_text 9000000 9 >"$DATA/corpus-full"
  [ -s "$DATA/corpus-small" ] || bench_gen_text 300000 10 >"$DATA/corpus-small"
  cp "$BENCH/real/gawk-bench.awk" "$DATA/bench.awk"
}

r_workload ()
{
  echo "LC_ALL=C \$RUN \"\$BIN\" -f \"\$DATA/bench.awk\" \"\$DATA/corpus-$1\" | cksum"
}
