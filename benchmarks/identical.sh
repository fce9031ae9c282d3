#!/usr/bin/env bash
# afdo benchmarks: do two builds of the plugin generate the same code?
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# Usage: identical.sh PLUGIN_A PLUGIN_B
#
# Compiles every program of benchmarks/programs and the performance
# fuzzer's programs of seeds 1 to IDENT_SEEDS (tools/afdo-progen.c) at
# -O2 -g with each plugin and each of two fixed profiles per program,
# strips debug info from the objects (objcopy --strip-debug) and compares
# them byte by byte.  A refactoring that claims to change no generated
# code passes only when every pair is identical.
#
# The profiles, made once and kept in IDENT_WORK/profiles:
#   NAME.perf.gcov  perf samples (cpu-clock) of the -O2 build running its
#                   small workload, converted by afdo-convert;
#   NAME.rand.gcov  afdo-randprof's random profile of the same binary
#                   (absurd counts, missing lines and targets included),
#                   which reaches the plugin's defensive paths.
# Every program is also compiled with the flow rules in place of the
# minimum-cost flow (mcf=0), and with -flto -ffat-lto-objects, so the
# plugin's LTO stream is compared too (-frandom-seed names its sections
# alike) and linked with -flto and the plugin (whose executables are
# compared as the objects are); what the plugin prints while compiling
# and linking must be the same as well.
#
# Environment:
#   IDENT_WORK=DIR   work directory (default build/identical)
#   IDENT_BUILD=DIR  afdo-convert, afdo-progen, afdo-randprof (default build)
#   IDENT_SEEDS=12   how many generated programs
#   IDENT_CC=gcc
# Prints one line per differing object and a summary line
# "identical: N objects (L of them linked with -flto), all identical"
# (exit 0) or "..., M differ" (exit 1).

set -u

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -eq 2 ] || { echo "usage: identical.sh PLUGIN_A PLUGIN_B" >&2; exit 2; }
A=$(realpath "$1") && B=$(realpath "$2") || exit 2
[ -f "$A" ] && [ -f "$B" ] || { echo "identical: no plugin $1 or $2" >&2; exit 2; }

IDENT_BUILD=$(cd "${IDENT_BUILD:-$SRC/build}" && pwd) || exit 2
IDENT_WORK=${IDENT_WORK:-$IDENT_BUILD/identical}
IDENT_SEEDS=${IDENT_SEEDS:-12}
CC=${IDENT_CC:-gcc}
mkdir -p "$IDENT_WORK/profiles" "$IDENT_WORK/src" "$IDENT_WORK/obj" || exit 2
IDENT_WORK=$(cd "$IDENT_WORK" && pwd)
P=$IDENT_WORK/profiles

# The programs: NAME and its small workload's argument.
names=() args=()
for f in "$SRC"/benchmarks/programs/*.c; do
  n=$(basename "$f" .c)
  cp "$f" "$IDENT_WORK/src/$n.c"
  names+=("$n")
  args+=("$(sed -n 's/.*bench: .*small=\([0-9]*\).*/\1/p' "$f")")
done
for ((s = 1; s <= IDENT_SEEDS; s++)); do
  n=progen-$s
  if [ ! -f "$IDENT_WORK/src/$n.c" ]; then
    "$IDENT_BUILD/afdo-progen" "$s" >"$IDENT_WORK/src/$n.c" || exit 2
  fi
  names+=("$n")
  args+=("$("$IDENT_BUILD/afdo-progen" "$s" --reps | awk '{ print $2 }')")
done

# profile NAME ARG: the two profiles of NAME, made when missing.
profile ()
{
  local n=$1 arg=$2 d=$IDENT_WORK/obj/$1
  [ -s "$P/$n.perf.gcov" ] && [ -s "$P/$n.rand.gcov" ] && return 0
  mkdir -p "$d"
  "$CC" -O2 -g "$IDENT_WORK/src/$n.c" -o "$d/o2" >"$d/o2.log" 2>&1 || return 1
  if [ ! -s "$P/$n.perf.gcov" ]; then
    perf record -e cpu-clock -F 20000 -q -o "$d/perf.data" -- \
      "$d/o2" "$arg" >/dev/null 2>"$d/perf.log" || return 1
    "$IDENT_BUILD/afdo-convert" --binary="$d/o2" --perf="$d/perf.data" \
      -o "$P/$n.perf.gcov" >"$d/convert.log" 2>&1 || return 1
  fi
  if [ ! -s "$P/$n.rand.gcov" ]; then
    "$IDENT_BUILD/afdo-randprof" --seed=1 --format=gcov -o "$P/$n.rand.gcov" \
      "$d/o2" >"$d/randprof.log" 2>&1 || return 1
  fi
}

for i in "${!names[@]}"; do
  if ! profile "${names[$i]}" "${args[$i]}"; then
    echo "identical: no profile for ${names[$i]} (see $IDENT_WORK/obj/${names[$i]})" >&2
    exit 2
  fi
done

# Each plugin is copied to one path in turn, since -flto objects record
# the command line (and so the plugin's path) in their IR.
for side in A B; do
  plugin=$A
  [ "$side" = B ] && plugin=$B
  cp "$plugin" "$IDENT_WORK/afdo.so" || exit 2
  for n in "${names[@]}"; do
    for prof in perf rand; do
      for mode in plain lto rules; do
	flags=(-O2 -g -c) extra=()
	[ "$mode" = rules ] && extra=(-fplugin-arg-afdo-mcf=0)
	[ "$mode" = lto ] && flags+=(-flto -ffat-lto-objects -frandom-seed="$n")
	o=$IDENT_WORK/obj/$n/$prof-$mode-$side.o
	if ! "$CC" "${flags[@]}" -fplugin="$IDENT_WORK/afdo.so" \
	     -fplugin-arg-afdo-profile="$P/$n.$prof.gcov" \
	     "${extra[@]}" \
	     "$IDENT_WORK/src/$n.c" -o "$o" >"$o.log" 2>&1; then
	  echo "identical: $n ($prof, $mode) does not compile with $side: $o.log" >&2
	  exit 2
	fi
	objcopy --strip-debug "$o" "$o.s" || exit 2
	[ "$mode" = lto ] || continue
	# The link, where the plugin runs again on the IR.
	if ! "$CC" -O2 -g -flto -fplugin="$IDENT_WORK/afdo.so" \
	     -fplugin-arg-afdo-profile="$P/$n.$prof.gcov" "$o" \
	     -o "${o%.o}.x" >"${o%.o}.x.log" 2>&1; then
	  echo "identical: $n ($prof) does not link with $side: ${o%.o}.x.log" >&2
	  exit 2
	fi
	objcopy --strip-debug "${o%.o}.x" "${o%.o}.x.s" || exit 2
      done
    done
  done
done
rm -f "$IDENT_WORK/afdo.so"

# The objects and what the plugin said while compiling them.
total=0 differ=0 linked=0
for n in "${names[@]}"; do
  for prof in perf rand; do
    for mode in plain lto rules; do
      o=$IDENT_WORK/obj/$n/$prof-$mode
      xs=(o)
      [ "$mode" = lto ] && xs+=(x) linked=$((linked + 1))
      for x in "${xs[@]}"; do
	total=$((total + 1))
	if ! cmp -s "$o-A.$x.s" "$o-B.$x.s" || ! cmp -s "$o-A.$x.log" "$o-B.$x.log"; then
	  differ=$((differ + 1))
	  echo "differ: $n ($prof profile, $mode): $o-[AB].$x"
	fi
      done
    done
  done
done

if [ "$differ" -eq 0 ]; then
  echo "identical: $total objects ($linked of them linked with -flto), all identical"
  exit 0
fi
echo "identical: $total objects ($linked of them linked with -flto), $differ differ"
exit 1
