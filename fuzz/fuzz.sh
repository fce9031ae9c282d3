#!/usr/bin/env bash
# afdo's fuzzing driver (libFuzzer, clang).
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
#   fuzz/fuzz.sh build            harnesses into BUILD/fuzz (clang, ASan+UBSan)
#   fuzz/fuzz.sh seeds            regenerate fuzz/corpus/* with the tools
#   fuzz/fuzz.sh run [NAME...]    run harnesses (default: all four, two at a
#                                 time) from the committed seeds; new inputs
#                                 go to BUILD/fuzz/corpus-NAME, crashes to
#                                 BUILD/fuzz/artifacts/
#   fuzz/fuzz.sh replay           run every harness once over its seeds and
#                                 the crash inputs of fuzz/regress (quick)
#
# Environment: BUILD (default build), FUZZ_TIME seconds per harness
# (default 60), FUZZ_RUNS executions per harness (overrides FUZZ_TIME),
# FUZZ_JOBS harnesses at once (default 2), FUZZ_MAX_LEN largest input
# (default 65536), CLANG (default clang).
# Harnesses: gcov text perfdata script.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
B=$(mkdir -p "${BUILD:-$src/build}" && cd "${BUILD:-$src/build}" && pwd)
F=$B/fuzz
CLANG=${CLANG:-clang}
ALL="gcov text perfdata script"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
CFLAGS="-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer -Wall -Wextra"

# The source of harness NAME: gcov and text are the same program, the
# profile readers', run on different seeds.
harness_source () {
  case $1 in
    gcov|text) echo fuzz-profile.c ;;
    *) echo "fuzz-$1.c" ;;
  esac
}

build () {
  mkdir -p "$F/obj"
  local objs=()
  for c in "$src"/common/*.c "$src"/converter/*.c; do
    [ "$(basename "$c")" = afdo-convert.c ] && continue
    local o=$F/obj/$(basename "$c" .c).o
    if [ ! -f "$o" ] || [ "$c" -nt "$o" ] || [ -n "$(find "$src/common" "$src/converter" -name '*.h' -newer "$o")" ]; then
      $CLANG $CFLAGS $SAN -fsanitize=fuzzer-no-link -I"$src/common" -I"$src/converter" -c "$c" -o "$o"
    fi
    objs+=("$o")
  done
  for n in $ALL; do
    $CLANG $CFLAGS $SAN -fsanitize=fuzzer -I"$src/common" -I"$src/converter" \
      "$src/fuzz/$(harness_source "$n")" "${objs[@]}" -ldw -lelf -lcapstone -lm -o "$F/fuzz-$n"
  done
  # The program the perf.data and perf script seeds were recorded on.
  gcc -O2 -g "$src/testsuite/afdo.convert/convert-prog.c" -o "$F/cv-prog"
  echo "fuzz: harnesses in $F"
}

# Seed corpora, small files only, from the project's own tools and tests.
seeds () {
  build
  local c=$src/fuzz/corpus t
  t=$(mktemp -d)
  trap 'rm -rf "$t"' RETURN
  rm -rf "$c"
  mkdir -p "$c/gcov" "$c/text" "$c/perfdata" "$c/script"
  make -C "$src" --no-print-directory -s all >/dev/null
  local conv=$B/afdo-convert
  # Text: the testsuite's hand-written profiles.
  for a in "$src"/testsuite/afdo.*/*.afdo; do
    [ "$(stat -c %s "$a")" -le 4096 ] || continue
    cp "$a" "$c/text/$(basename "$(dirname "$a")")-$(basename "$a")"
  done
  # gcov: the same profiles in both gcov layouts.
  for a in "$c"/text/*.afdo; do
    local n; n=$(basename "$a" .afdo)
    "$conv" --text "$a" -o "$c/gcov/$n.gcov" 2>/dev/null || rm -f "$c/gcov/$n.gcov"
  done
  # perf.data: branch stacks from afdo-lbrgen (with and without hw_idx,
  # with IP samples), and a short real perf record -e cpu-clock.
  "$B/afdo-lbrgen" -o "$c/perfdata/lbr.data" --period 20000 --depth 4 -- "$F/cv-prog" 3000 >/dev/null
  "$B/afdo-lbrgen" -o "$c/perfdata/lbr-hwidx.data" --period 30000 --depth 8 --hw-idx --with-ip-samples --ip-period 100000 -- "$F/cv-prog" 2000 >/dev/null
  if perf record -q -e cpu-clock -F 2000 -o "$t/cpu.data" -- "$F/cv-prog" 3000000 >/dev/null 2>&1; then
    cp "$t/cpu.data" "$c/perfdata/cpu-clock.data"
    "$conv" --binary="$F/cv-prog" --perf="$t/cpu.data" -o "$c/gcov/cv-prog.gcov"
    "$conv" --binary="$F/cv-prog" --perf="$t/cpu.data" --format=text -o "$c/text/cv-prog.afdo"
    perf script -F ip --show-mmap-events -i "$t/cpu.data" 2>/dev/null | head -40 > "$c/script/ip.txt"
    perf script -F pid,ip --show-mmap-events -i "$t/cpu.data" 2>/dev/null | head -40 > "$c/script/pid-ip.txt"
  fi
  perf script -F ip,brstack --show-mmap-events -i "$c/perfdata/lbr.data" 2>/dev/null | head -20 > "$c/script/brstack.txt"
  # create_gcov's layout.
  "$conv" --text "$c/text/cv-prog.afdo" -o "$t/x.gcov" 2>/dev/null || true
  if command -v create_gcov >/dev/null && [ -f "$c/perfdata/cpu-clock.data" ]; then
    gcc -O2 -gdwarf-4 "$src/testsuite/afdo.convert/convert-prog.c" -o "$t/cv4"
    perf record -q -e cpu-clock -F 2000 -o "$t/cv4.data" -- "$t/cv4" 3000000 >/dev/null 2>&1 &&
      create_gcov --binary="$t/cv4" --profile="$t/cv4.data" --gcov="$c/gcov/create_gcov.gcov" \
        -gcov_version=2 >/dev/null 2>&1 || true
    rm -f "$c/gcov/create_gcov.gcov.imports"
  fi
  find "$c" -type f -size +64k -print -delete
  du -sh "$c"/*
}

run_one () {
  local n=$1 corpus=$F/corpus-$1
  mkdir -p "$corpus" "$F/artifacts"
  local lim
  if [ -n "${FUZZ_RUNS:-}" ]; then lim=-runs=$FUZZ_RUNS; else lim=-max_total_time=${FUZZ_TIME:-60}; fi
  "$F/fuzz-$n" "$lim" -timeout=10 -rss_limit_mb=2048 -max_len=${FUZZ_MAX_LEN:-65536} -print_final_stats=1 \
    -artifact_prefix="$F/artifacts/$n-" "$corpus" "$src/fuzz/corpus/$n" \
    $([ -d "$src/fuzz/regress/$n" ] && echo "$src/fuzz/regress/$n") \
    > "$F/fuzz-$n.log" 2>&1
  local rc=$?
  grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "$F/fuzz-$n.log" | tail -2 | sed "s/^/fuzz-$n: /"
  [ $rc -eq 0 ] || { echo "fuzz-$n: FAILED (exit $rc), see $F/fuzz-$n.log"; tail -30 "$F/fuzz-$n.log"; }
  return $rc
}

run () {
  build
  local names=${*:-$ALL} pids=() fail=0 running=0
  for n in $names; do
    run_one "$n" & pids+=($!)
    running=$((running + 1))
    if [ $running -ge "${FUZZ_JOBS:-2}" ]; then
      wait "${pids[0]}" || fail=1
      pids=("${pids[@]:1}")
      running=$((running - 1))
    fi
  done
  for p in "${pids[@]}"; do wait "$p" || fail=1; done
  return $fail
}

# Each harness once over the committed inputs: a regression check with
# clang's sanitizers (which see some undefined behaviour GCC's do not).
replay () {
  build
  local fail=0
  for n in $ALL; do
    local files=("$src"/fuzz/corpus/$n/*)
    [ -d "$src/fuzz/regress/$n" ] && files+=("$src"/fuzz/regress/$n/*)
    if "$F/fuzz-$n" -runs=1 "${files[@]}" > "$F/replay-$n.log" 2>&1; then
      echo "fuzz-$n: replayed ${#files[@]} inputs"
    else
      echo "fuzz-$n: FAILED, see $F/replay-$n.log"; fail=1
    fi
  done
  return $fail
}

cmd=${1:-run}
shift || true
case $cmd in
  build) build ;;
  seeds) seeds ;;
  run) run "$@" ;;
  replay) replay ;;
  *) echo "usage: fuzz.sh build|seeds|replay|run [gcov text perfdata script]" >&2; exit 2 ;;
esac
