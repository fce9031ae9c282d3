#!/usr/bin/env bash
# afdo benchmarks: afdo-convert against google/autofdo's create_gcov on
# the same inputs: sqlite3 (shell + amalgamation, about 270,000 lines)
# built -O2 -g -gdwarf-4 (create_gcov cannot read DWARF 5), IP samples
# from `perf record -e cpu-clock -g' at three sizes (1x, 4x, 16x; the
# largest at least 100 MB).  Wall time (clock_gettime around the run),
# cpu time and peak RSS from /usr/bin/time -v, median of REPS runs;
# throughput as perf.data size over wall time, against what reading the
# file with cat takes.  Writes benchmarks/results/converter.md.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: benchmarks/converter/run.sh [BASE_MB]   (default 8: 8, 32, 128 MB)
# Environment: AFDO_BENCH_WORK (default benchmarks/work), REPS (3),
# INSNS (1: count instructions with callgrind when valgrind is there),
# AFDO_BUILD (default build), AFDO_BASELINE (an older afdo-convert to
# time in the same run, its profiles compared with cmp; none by
# default).  The sqlite3 sources are fetched with
# apt-get source at run time, never committed.

set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=$(dirname "$HERE")
SRC=$(dirname "$BENCH")
B=$(cd "$SRC" && realpath -m "${AFDO_BUILD:-build}")
WORK=${AFDO_BENCH_WORK:-$BENCH/work}
W=$WORK/converter
BASE_MB=${1:-8}
REPS=${REPS:-3}
OUT=$BENCH/results/converter.md
CONVERT=$B/afdo-convert
DUMP=$B/afdo-dump
BASELINE=${AFDO_BASELINE:-}

die () { echo "bench-converter: $*" >&2; exit 1; }

[ -x "$CONVERT" ] || die "$CONVERT missing: run make first"
[ -z "$BASELINE" ] || [ -x "$BASELINE" ] || die "$BASELINE is not a program"
command -v perf >/dev/null || die "perf is not installed"
command -v create_gcov >/dev/null || die "create_gcov is not installed (apt-get install autofdo)"
[ -x /usr/bin/time ] || die "/usr/bin/time is not installed"
mkdir -p "$W" "$BENCH/results"

# The sources: Debian's sqlite3 package, its amalgamation generated once.
# shellcheck source=../lib/fetch.sh
. "$BENCH/lib/fetch.sh"
if ! declare -F bench_apt_install >/dev/null; then
  bench_apt_install () { apt-get install -y -qq "$@" >/dev/null 2>&1; }
fi
SQLSRC=$WORK/src/sqlite3
bench_fetch sqlite3 "$SQLSRC" || die "cannot fetch the sqlite3 sources"
PREP=$W/prep
if [ ! -s "$PREP/sqlite3.c" ] || [ ! -s "$PREP/shell.c" ]; then
  command -v tclsh >/dev/null || bench_apt_install tcl ||
    die "tclsh is needed to generate the amalgamation"
  mkdir -p "$PREP"
  echo "bench-converter: generating the sqlite3 amalgamation" >&2
  (cd "$PREP" && "$SQLSRC/configure" --disable-tcl >configure.log 2>&1 &&
     make sqlite3.c shell.c >make.log 2>&1) ||
    die "amalgamation failed (see $PREP/make.log)"
fi
LINES=$(cat "$PREP/sqlite3.c" "$PREP/shell.c" | wc -l)

PROG=$W/sqlite3
if [ ! -x "$PROG" ] || [ "$PREP/sqlite3.c" -nt "$PROG" ]; then
  echo "bench-converter: building sqlite3 -O2 -g -gdwarf-4" >&2
  gcc -O2 -g -gdwarf-4 -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION \
    -I"$PREP" "$PREP/shell.c" "$PREP/sqlite3.c" -o "$PROG" -lm
fi

# The workload: inserts, indexes, joins, sorting, string functions.
# LOOPS scales its length.
workload ()
{
  local loops=$1
  cat <<SQL
CREATE TABLE t(a INTEGER PRIMARY KEY, b INTEGER, c TEXT, d REAL);
CREATE TABLE u(x INTEGER, y TEXT);
SQL
  for ((i = 0; i < loops; i++)); do
    cat <<SQL
DELETE FROM t; DELETE FROM u;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
INSERT INTO t SELECT i, (i * 7919) % 10007, printf('row-%08d-%s', i, hex(i * 31)), i / 3.0 FROM n;
INSERT INTO u SELECT b, substr(c, 5, 8) FROM t WHERE a % 3 = 0;
CREATE INDEX IF NOT EXISTS tb ON t(b);
CREATE INDEX IF NOT EXISTS ux ON u(x);
SELECT count(*), sum(d), max(c) FROM t WHERE c LIKE '%7%';
SELECT b, count(*), avg(d) FROM t GROUP BY b ORDER BY 2 DESC, 1 LIMIT 5;
SELECT count(*) FROM t JOIN u ON t.b = u.x WHERE t.a % 5 = 1;
SELECT group_concat(y, ',') FROM (SELECT y FROM u ORDER BY y DESC LIMIT 50);
UPDATE t SET d = d * 1.5 + length(c) WHERE b % 4 = 0;
SELECT sum(length(upper(c))) FROM t;
DROP INDEX tb; DROP INDEX ux;
SQL
  done
}

# Record until the perf.data reaches SIZE_MB: the workload is run with a
# number of loops estimated from a first calibration run.
record ()
{
  local size_mb=$1 data=$2 loops=$3
  workload "$loops" > "$W/work-$size_mb.sql"
  perf record -q -e cpu-clock -F 20000 -g -o "$data" -- \
    "$PROG" :memory: < "$W/work-$size_mb.sql" > /dev/null 2>"$W/perf-$size_mb.log" ||
    die "perf record failed (see $W/perf-$size_mb.log)"
}

CAL=$W/calibrate.data
if [ ! -s "$W/loops-per-mb" ]; then
  echo "bench-converter: calibrating the workload" >&2
  record cal "$CAL" 2
  sz=$(stat -c %s "$CAL")
  # loops per MB, times 1000.
  echo $(( 2 * 1000 * 1048576 / sz )) > "$W/loops-per-mb"
  rm -f "$CAL"
fi
LPM=$(cat "$W/loops-per-mb")

SIZES=("$BASE_MB" $((BASE_MB * 4)) $((BASE_MB * 16)))
rm -f "$W/baseline.md"
for s in "${SIZES[@]}"; do
  d=$W/perf-$s.data
  if [ ! -s "$d" ]; then
    loops=$(( (s * LPM + 999) / 1000 ))
    [ "$loops" -lt 1 ] && loops=1
    echo "bench-converter: recording ~$s MB ($loops loops)" >&2
    record "$s" "$d" "$loops"
  fi
done

# measure CMD...: REPS runs; prints "wall_s rss_kb cpu_s" medians and
# the shortest wall time
# (cpu = user + system time, less sensitive to a loaded machine; the
# wall time to the nanosecond from date, /usr/bin/time's has 10 ms).
measure ()
{
  local log=$W/time.log walls=() rsss=() cpus=() t0 t1
  for ((r = 0; r < REPS; r++)); do
    t0=$(date +%s.%N)
    /usr/bin/time -v "$@" > "$W/cmd.out" 2> "$log" || {
      tail -5 "$log" >&2; die "failed: $*"; }
    t1=$(date +%s.%N)
    walls+=("$(echo "$t1 - $t0" | bc -l)")
    rsss+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")")
    cpus+=("$(awk -F': ' '/User time/ {u = $2} /System time/ {s = $2}
        END {print u + s}' "$log")")
  done
  local w r c b
  w=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  r=$(printf '%s\n' "${rsss[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  c=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  b=$(printf '%s\n' "${walls[@]}" | sort -g | head -1)
  echo "$w $r $c $b"
}

# cat_wall FILE: median wall time of `cat FILE > /dev/null' over REPS
# runs (after one to bring FILE into the page cache).
cat_wall ()
{
  local walls=() t0 t1
  cat "$1" > /dev/null
  for ((r = 0; r < REPS; r++)); do
    t0=$(date +%s.%N)
    cat "$1" > /dev/null
    t1=$(date +%s.%N)
    walls+=("$(echo "$t1 - $t0" | bc -l)")
  done
  printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# The hot functions of both profiles agree?  Top 10 of ours by total,
# create_gcov's total for each.
compare ()
{
  local ours=$1 theirs=$2
  "$DUMP" "$ours" | awk -F: '/^[^ ]/ {print $1, $2}' | sort -k2,2nr > "$W/ours.tot"
  "$DUMP" "$theirs" | awk -F: '/^[^ ]/ {print $1, $2}' > "$W/theirs.tot"
  awk 'NR == FNR { t[$1] = $2; next }
       FNR <= 10 { u = ($1 in t) ? t[$1] : 0
                   d = $2 ? (u - $2) * 100.0 / $2 : 0
                   printf "| %s | %d | %d | %+.1f %% |\n", $1, $2, u, d }' \
    "$W/theirs.tot" "$W/ours.tot"
}

{
  echo "# afdo-convert vs create_gcov"
  echo
  echo "Generated by \`benchmarks/converter/run.sh $BASE_MB\` on $(date -u +%Y-%m-%d)."
  echo "Program: sqlite3 $(cd "$SQLSRC" && dpkg-parsechangelog -S Version 2>/dev/null || echo '?')"
  echo "(shell.c + sqlite3.c amalgamation, $LINES lines), gcc $(gcc -dumpfullversion)"
  echo "\`-O2 -g -gdwarf-4\`; samples: \`perf record -e cpu-clock -F 20000 -g\`"
  echo "on an SQL workload.  Both tools convert IP samples"
  echo "(\`create_gcov --use_lbr=false\`, 0.19).  Median of $REPS runs;"
  echo "machine: $(nproc) cores, shared (timings are noisy; load average"
  echo "$(cut -d' ' -f1-3 /proc/loadavg) at the start); cpu = user + system"
  echo "time as /usr/bin/time reports it (10 ms resolution)."
  echo
  echo "MB/s: perf.data size (MB of 2^20 bytes) over wall time; \`cat\`: the same"
  echo "for \`cat perf.data > /dev/null\` (the file in the page cache), the"
  echo "ceiling of reading it."
  echo
  echo "| perf.data | samples | afdo-convert wall (cpu) | MB/s | create_gcov wall (cpu) | MB/s | \`cat\` MB/s | speedup wall (cpu) | afdo-convert peak RSS | create_gcov peak RSS | RSS ratio |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$OUT.tmp"

for s in "${SIZES[@]}"; do
  d=$W/perf-$s.data
  bytes=$(stat -c %s "$d")
  mb=$(( bytes / 1048576 ))
  mbx=$(echo "$bytes / 1048576" | bc -l)
  echo "bench-converter: converting $d ($mb MB)" >&2
  read -r aw ar ac ab < <(measure "$CONVERT" --binary="$PROG" --perf="$d" -o "$W/ours-$s.gcov")
  if [ -n "$BASELINE" ]; then
    read -r bw br bc bb < <(measure "$BASELINE" --binary="$PROG" --perf="$d" -o "$W/base-$s.gcov")
    same=differ
    cmp -s "$W/ours-$s.gcov" "$W/base-$s.gcov" && same=identical
    printf '| %d MB | %.3f s (%.2f s), %.0f (%.0f) MB/s, %.1f MB | %.3f s (%.2f s), %.0f (%.0f) MB/s, %.1f MB | %s |\n' \
      "$mb" "$aw" "$ac" "$(echo "$mbx / $aw" | bc -l)" "$(echo "$mbx / $ab" | bc -l)" \
      "$(echo "$ar / 1024" | bc -l)" \
      "$bw" "$bc" "$(echo "$mbx / $bw" | bc -l)" "$(echo "$mbx / $bb" | bc -l)" \
      "$(echo "$br / 1024" | bc -l)" "$same" >> "$W/baseline.md"
  fi
  read -r cw cr cc _ < <(measure create_gcov --binary="$PROG" --profile="$d" \
      --gcov="$W/theirs-$s.gcov" --use_lbr=false --logtostderr=false)
  kw=$(cat_wall "$d")
  n=$("$CONVERT" --binary="$PROG" --perf="$d" -o /dev/null -v 2>&1 |
        sed -n 's/.*input file(s), \([0-9]*\) samples.*/\1/p')
  printf '| %d MB | %s | %.3f s (%.2f s) | %.0f | %.2f s (%.2f s) | %.0f | %.0f | %.1fx (%.1fx) | %.1f MB | %.1f MB | %.3f |\n' \
    "$mb" "$n" "$aw" "$ac" "$(echo "$mbx / $aw" | bc -l)" \
    "$cw" "$cc" "$(echo "$mbx / $cw" | bc -l)" "$(echo "$mbx / $kw" | bc -l)" \
    "$(echo "$cw / $aw" | bc -l)" \
    "$(awk -v a="$ac" -v c="$cc" 'BEGIN { if (a < 0.01) a = 0.01; print c / a }')" \
    "$(echo "$ar / 1024" | bc -l)" "$(echo "$cr / 1024" | bc -l)" \
    "$(echo "$ar / $cr" | bc -l)" >> "$OUT.tmp"
  echo "$s $aw $cw $ar $cr $ac $cc $kw" >> "$W/figures.tsv"
done

s=${SIZES[2]}
{
  echo
  echo "Growth with the perf.data size: see the wall-time column (1x, 4x, 16x)."
  if [ -n "$BASELINE" ]; then
    echo
    echo "Against an earlier afdo-convert (\`AFDO_BASELINE=$(basename "$(dirname "$BASELINE")")/$(basename "$BASELINE")\`),"
    echo "timed in the same run, right after this one on each file: median wall (cpu),"
    echo "MB/s of the median (of the shortest) run, peak RSS; and whether the two"
    echo "profiles are the same bytes:"
    echo
    echo "| perf.data | afdo-convert | baseline | profiles |"
    echo "|---|---|---|---|"
    cat "$W/baseline.md"
  fi
  echo
  # Instructions, which a loaded machine does not change: callgrind,
  # per thread (the reading thread first).
  if [ "${INSNS:-1}" != 0 ] && command -v valgrind >/dev/null; then
    echo
    echo "Instructions on the largest perf.data (\`valgrind --tool=callgrind"
    echo "--separate-threads=yes\`; millions, per thread, the reading thread first):"
    echo
    echo "| afdo-convert | total | per thread |"
    echo "|---|---|---|"
    for c in "$CONVERT" ${BASELINE:+"$BASELINE"}; do
      rm -f "$W/cg.out"*
      valgrind --tool=callgrind --separate-threads=yes \
        --callgrind-out-file="$W/cg.out" "$c" --binary="$PROG" \
        --perf="$W/perf-$s.data" -o /dev/null > /dev/null 2>&1 ||
        die "callgrind of $c failed"
      per=$(for f in "$W/cg.out"*; do
              awk '/^(summary|totals):/ {print $2; exit}' "$f"
            done | awk '{printf "%s%.0f", (NR > 1 ? " + " : ""), $1 / 1e6}')
      tot=$(echo "$per" | tr -d ' ' | tr '+' '\n' | awk '{t += $1} END {print t}')
      name=this
      [ "$c" = "$CONVERT" ] || name=baseline
      echo "| $name | $tot | $per |"
    done
  fi
  # CPU time per thread: what the wall time would be with a processor
  # free for each thread is about the longest thread's.
  echo
  echo "CPU time per thread on the largest perf.data (\`perf record -e cpu-clock"
  echo "-c 100000\`, samples of 0.1 ms per thread, median of $REPS runs; the reading"
  echo "thread first).  With a processor free for each thread, the wall time is about"
  echo "the longest thread's:"
  echo
  echo "| afdo-convert | per thread | MB/s of the longest thread |"
  echo "|---|---|---|"
  bytes=$(stat -c %s "$W/perf-$s.data")
  for c in "$CONVERT" ${BASELINE:+"$BASELINE"}; do
    for ((r = 0; r < REPS; r++)); do
      perf record -q -e cpu-clock -c 100000 -o "$W/thr.data" "$c" \
        --binary="$PROG" --perf="$W/perf-$s.data" -o /dev/null > /dev/null 2>&1 ||
        die "perf record of $c failed"
      # One line per run: the threads' samples, in the order they ran.
      perf script -i "$W/thr.data" -F tid 2>/dev/null |
        awk '!($1 in n) {o[++k] = $1} {n[$1]++}
             END {for (i = 1; i <= k; i++) printf "%s%d", (i > 1 ? " " : ""), n[o[i]]; print ""}'
    done > "$W/thr.runs"
    # The run of the median longest thread.
    run=$(awk '{m = 0; for (i = 1; i <= NF; i++) if ($i > m) m = $i; print m, $0}' "$W/thr.runs" |
            sort -n | awk '{a[NR] = $0} END {print a[int((NR + 1) / 2)]}')
    longest=${run%% *}
    per=$(echo "${run#* }" | awk '{for (i = 1; i <= NF; i++) printf "%s%.3f s", (i > 1 ? " + " : ""), $i / 10000}')
    name=this
    [ "$c" = "$CONVERT" ] || name=baseline
    printf '| %s | %s | %.0f |\n' "$name" "$per" \
      "$(echo "$bytes / 1048576 / ($longest / 10000)" | bc -l)"
  done
  echo
  echo "Agreement on the hot functions (largest perf.data; totals in samples)."
  echo "afdo-convert's own profile counts execution estimates (\`--exec-model=norm\`:"
  echo "a block's samples over its instructions), create_gcov's the samples of each"
  echo "line, so the two are compared with \`--exec-model=raw\` (the samples as read):"
  echo
  echo "| function | afdo-convert | create_gcov | difference |"
  echo "|---|---|---|---|"
  "$CONVERT" --binary="$PROG" --perf="$W/perf-$s.data" --exec-model=raw \
    -o "$W/ours-raw-$s.gcov"
  compare "$W/ours-raw-$s.gcov" "$W/theirs-$s.gcov"
  echo
  echo "Quality report of afdo-convert on the largest file:"
  echo
  echo '```'
  "$CONVERT" --binary="$PROG" --perf="$W/perf-$s.data" -o /dev/null -v 2>&1
  echo '```'
} >> "$OUT.tmp"

# Call chains unwound from stack copies (perf record --call-graph dwarf):
# the largest kind of perf.data per sample, with what the chains give.
if [ "${CALLGRAPH:-1}" != 0 ]; then
  # The size aimed at (the estimate from IP samples is rough: about half
  # of it is reached).
  CG_MB=${CG_MB:-256}
  d=$W/perf-cg-$CG_MB.data
  if [ ! -s "$d" ]; then
    # The stack copies make a sample about 8 KB: a few seconds of the
    # workload at 4000 Hz reach CG_MB.
    loops=$(( (CG_MB * LPM + 999) / 1000 / 8 + 1 ))
    workload "$loops" > "$W/work-cg.sql"
    echo "bench-converter: recording ~$CG_MB MB with --call-graph dwarf" >&2
    perf record -q -e cpu-clock -F 4000 --call-graph dwarf -o "$d" -- \
      "$PROG" :memory: < "$W/work-cg.sql" > /dev/null 2>"$W/perf-cg.log" ||
      die "perf record --call-graph dwarf failed (see $W/perf-cg.log)"
  fi
  bytes=$(stat -c %s "$d")
  mb=$(( bytes / 1048576 ))
  mbx=$(echo "$bytes / 1048576" | bc -l)
  echo "bench-converter: converting $d ($mb MB)" >&2
  read -r aw ar ac _ < <(measure "$CONVERT" --binary="$PROG" --perf="$d" -o "$W/ours-cg.gcov")
  read -r nw nr nc _ < <(measure "$CONVERT" --binary="$PROG" --perf="$d" --no-callchains -o "$W/ours-cg-ip.gcov")
  kw=$(cat_wall "$d")
  cg_row="-"
  rm -f "$W/theirs-cg.gcov"
  create_gcov --binary="$PROG" --profile="$d" --gcov="$W/theirs-cg.gcov" \
    --use_lbr=false > /dev/null 2> "$W/create_gcov-cg.log" || true
  if [ -s "$W/theirs-cg.gcov" ] \
     && read -r cw cr cc _ < <(measure create_gcov --binary="$PROG" --profile="$d" \
        --gcov="$W/theirs-cg.gcov" --use_lbr=false --logtostderr=false 2>/dev/null); then
    cg_row=$(printf '%.2f s (%.2f s), %.1f MB' "$cw" "$cc" "$(echo "$cr / 1024" | bc -l)")
  else
    # What it said, without its log prefix.
    cg_row="no profile: \`$(grep -m1 -o 'PERF_SAMPLE[^.]*\.\|Error[^.]*\.' "$W/create_gcov-cg.log" || echo "it failed")\`"
  fi
  {
    echo
    echo "## Call chains (\`perf record -e cpu-clock -F 4000 --call-graph dwarf\`)"
    echo
    echo "CG_MB=$CG_MB.  Each sample carries 8 KB of the user stack, which afdo-convert unwinds"
    echo "with libdwfl (indirect-call targets, calling contexts; \`doc/afdo-convert.md\`)."
    echo "create_gcov is given the same file."
    echo
    echo "| perf.data | afdo-convert wall (cpu), peak RSS, MB/s | afdo-convert --no-callchains | \`cat\` MB/s | create_gcov |"
    echo "|---|---|---|---|---|"
    printf '| %d MB | %.3f s (%.2f s), %.1f MB, %.0f MB/s | %.3f s (%.2f s), %.1f MB, %.0f MB/s | %.0f | %s |\n' \
      "$mb" "$aw" "$ac" "$(echo "$ar / 1024" | bc -l)" "$(echo "$mbx / $aw" | bc -l)" \
      "$nw" "$nc" "$(echo "$nr / 1024" | bc -l)" "$(echo "$mbx / $nw" | bc -l)" \
      "$(echo "$mbx / $kw" | bc -l)" "$cg_row"
    echo
    echo '```'
    "$CONVERT" --binary="$PROG" --perf="$d" -o /dev/null -v 2>&1
    echo '```'
  } >> "$OUT.tmp"
fi
mv "$OUT.tmp" "$OUT"
cat "$OUT"
