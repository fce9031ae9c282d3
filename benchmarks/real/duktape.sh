# afdo benchmarks: recipe for Duktape (an embeddable JavaScript engine, one 100,000-line unit).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# A recipe is sourced by run.sh with SRCDIR (the unpacked Debian source),
# PREP (a directory for generated files) and DATA (workload inputs) set;
# see bc.sh for what it defines.

PKG=duktape

r_prepare ()
{
  # Duktape seeds Math.random(), and with it the pivots of
  # Array.prototype.sort, from the clock: the sort's work, and the
  # instructions of a run, changed by 1 % between runs of one binary.
  # A copy of the engine whose configuration draws from a fixed
  # sequence runs the same instructions every time.
  mkdir -p "$PREP/src"
  cp "$SRCDIR/src/duktape.c" "$SRCDIR/src/duktape.h" "$PREP/src/"
  awk '$0 == "#undef DUK_USE_GET_RANDOM_DOUBLE" {
         print "static inline double duk_bench_random (void)"
         print "{"
         print "  static unsigned long long s = 0x9e3779b97f4a7c15ULL;"
         print "  s ^= s << 13; s ^= s >> 7; s ^= s << 17;"
         print "  return (double) (s >> 11) / 9007199254740992.0;"
         print "}"
         print "#define DUK_USE_GET_RANDOM_DOUBLE(udata) duk_bench_random ()"
         next }
       { print }' "$SRCDIR/src/duk_config.h" >"$PREP/src/duk_config.h"
  grep -q duk_bench_random "$PREP/src/duk_config.h" || return 1
  # The command-line interpreter of the distribution's Makefile.cmdline,
  # with print() and without its optional modules.
  SRCS=("$PREP/src/duktape.c" "$SRCDIR/examples/cmdline/duk_cmdline.c"
        "$SRCDIR/extras/print-alert/duk_print_alert.c")
  CPPFLAGS_P=(-std=c99 -DDUK_CMDLINE_PRINTALERT_SUPPORT
              -I"$PREP/src" -I"$SRCDIR/examples/cmdline"
              -I"$SRCDIR/extras/print-alert")
  LIBS_P=(-lm)
}

r_inputs ()
{
  # The same script twice: the full workload three times over, the small
  # one a tenth of one pass.
  printf 'var REPS = 3, SIZE = 1;\n' >"$DATA/bench-full.js"
  printf 'var REPS = 1, SIZE = 0.1;\n' >"$DATA/bench-small.js"
  cat "$BENCH/real/duktape-bench.js" >>"$DATA/bench-full.js"
  cat "$BENCH/real/duktape-bench.js" >>"$DATA/bench-small.js"
}

r_workload ()
{
  echo "\$RUN \"\$BIN\" \"\$DATA/bench-$1.js\" | cksum"
}
