# afdo benchmarks: the binquality mode of run.sh (sourced by it): how
# close afdo-convert's per-instruction execution estimates of each
# execution model come to callgrind's exact counts of the same binary
# on the same workload.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Per program: one -O2 -g build; `perf record -e cpu-clock -F FREQ' of
# a workload and callgrind --dump-instr=yes of the same workload on the
# same binary; then the degree of overlap (afdo-binoverlap, seed 002
# Section 3.3) of
#   raw-perf     the IP samples as they are (afdo-binoverlap --raw-perf;
#                needs no converter support)
#   M            afdo-convert --exec-model=M --insn-counts=FILE, for every
#                model M of BINQ_MODELS the converter takes (its --help
#                names --exec-model; else these columns are "n/a")
# with the exact counts, over the functions the estimate lists and over
# the whole binary.  Writes benchmarks/results/binquality-COMMIT.{md,tsv}.
#
# Environment (besides run.sh's):
#   BINQ_SIZE      workload of every program: small, full or auto (the
#                  default: full when callgrind, about 50 times the
#                  native CPU time of the full workload, stays within
#                  BINQ_CG_BUDGET seconds, default 300; else small)
#   BINQ_SIZES     per program: "lua5.4=full bc=small ..."
#   BINQ_REUSE     1: a program whose binary, perf.data and exact counts
#                  the last run left are not built and run again, only
#                  converted and compared (a new converter's models)
#   BINQ_MODELS    default "raw norm skid mcf full"
#   BINQ_CONVERT   the afdo-convert to use (default AFDO_BUILD_DIR's)
#   BINQ_TAG       file name part instead of the commit of this tree
#   BINQ_TOP       the hottest functions of each program in the report
#                  (default 5), with each estimate's overlap within them

BINQ_MODELS=${BINQ_MODELS:-raw norm skid mcf full}

# binq_size P: the workload size of program P.
binq_size ()
{
  local w
  for w in ${BINQ_SIZES:-}; do
    [ "${w%%=*}" = "$1" ] && { echo "${w#*=}"; return; }
  done
  echo "${BINQ_SIZE:-auto}"
}

# binq_overlap_fields FILE NAME SECONDS: "FNS BIN NFNS SHARE SECONDS
# FNLEVEL" of the estimate NAME in afdo-binoverlap's output FILE, which
# took SECONDS to make.
binq_overlap_fields ()
{
  awk -v name="$2" -v secs="$3" '
    /^overlap: / {
      delete f
      for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
      if (f["name"] == name)
        print f["functions"], f["binary"], f["nfunctions"], f["exact-share"], secs, f["function-level"]
    }' "$1"
}

# binq_measure P: build, perf run, callgrind run and the raw-perf
# figure of program P into PDIR; false (recorded) when something fails.
binq_measure ()
{
  local p=$1 size t0 t1 f
  if ! load_recipe "$p"; then
    log "$p: skipped: $WHY"
    record binq-status "$p" na "$WHY"
    return 1
  fi
  r_inputs >>"$LOG" 2>&1
  write_workload "$p" full
  write_workload "$p" small
  log "$p: build O2"
  if ! build_variant "$p" O2 "$PDIR/O2"; then
    record binq-status "$p" na "O2 build failed: $(failure_line "$PDIR/O2/build-O2.log")"
    return 1
  fi
  # The workload: BINQ_SIZES or BINQ_SIZE, else the full one when
  # callgrind (about 50 times the native time) stays within
  # BINQ_CG_BUDGET seconds, else the small one.
  size=$(binq_size "$p")
  local native
  if [ "$size" = auto ]; then
    native=$(binq_time "$PDIR/workload-full.sh" "$bin") || {
      record binq-status "$p" na "the full workload failed: $(failure_line "$PDIR/native.err")"
      return 1
    }
    size=full
    awk -v t="$native" -v b="${BINQ_CG_BUDGET:-300}" 'BEGIN { exit !(t * 50 > b) }' && size=small
    log "$p: full workload natively ${native} CPU s: the $size workload"
  fi
  local w=$PDIR/workload-$size.sh
  native=$(binq_time "$w" "$bin") || {
    record binq-status "$p" na "the $size workload failed: $(failure_line "$PDIR/native.err")"
    return 1
  }
  log "$p: perf record ($size workload, native ${native} CPU s)"
  if ! perf record "${PERF_ARGS[@]}" -q -o "$PDIR/perf.data" -- \
       bash "$w" "$bin" >"$PDIR/perf.out" 2>"$PDIR/perf.log"; then
    record binq-status "$p" na "perf record failed: $(failure_line "$PDIR/perf.log")"
    return 1
  fi
  log "$p: callgrind ($size workload)"
  mkdir -p "$PDIR/cg"
  t0=$(date +%s.%N)
  if ! RUN="valgrind --tool=callgrind --dump-instr=yes --compress-strings=no --compress-pos=no --callgrind-out-file=$PDIR/cg/cg.%p --log-file=$PDIR/cg/log.%p" \
       bash "$w" "$bin" >"$PDIR/cg.out" 2>"$PDIR/cg.err"; then
    record binq-status "$p" na "callgrind failed: $(failure_line "$PDIR/cg.err")"
    return 1
  fi
  t1=$(date +%s.%N)
  local cgtime
  cgtime=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  # The workload is deterministic: both runs printed the same digest.
  if ! cmp -s "$PDIR/perf.out" "$PDIR/cg.out"; then
    record binq-status "$p" na "the perf and callgrind runs printed different results: not the same workload"
    return 1
  fi
  local cgs=()
  for f in "$PDIR"/cg/cg.*; do cgs+=(--callgrind="$f"); done
  perf script -i "$PDIR/perf.data" -F pid,ip --show-mmap-events \
    >"$PDIR/perf.script" 2>"$PDIR/perf-script.log"
  local samples
  samples=$(grep -vc PERF_RECORD "$PDIR/perf.script")
  # The exact counts once, as an instruction count file; the callgrind
  # files go (they are large).
  if ! "$BINOVERLAP" --binary="$bin" "${cgs[@]}" --raw-perf="$PDIR/perf.script" \
       --write-exact="$PDIR/exact.ic" --write-raw="$PDIR/raw-perf.ic" \
       >"$PDIR/binoverlap-callgrind.txt" 2>&1; then
    record binq-status "$p" na "afdo-binoverlap failed: $(failure_line "$PDIR/binoverlap-callgrind.txt")"
    return 1
  fi
  rm -rf "$PDIR/cg" "$PDIR/perf.script"
  local insamples
  insamples=$(sed -n 's/^raw: .*: \([0-9]*\) of [0-9]* samples.*/\1/p' "$PDIR/binoverlap-callgrind.txt")
  binq_record binq-run "$p" "$size" "$native" "$cgtime" "$samples" "${insamples:-0}" \
    "$(sed -n 's/^exact: [^:]*: \([0-9]*\) instructions executed \([0-9]*\) times.*/\1 \2/p' "$PDIR/binoverlap-callgrind.txt")"
  return 0
}

# binq_time WORKLOAD BIN: the CPU seconds of one run of WORKLOAD (user
# and system time of all its processes: what callgrind multiplies, and
# less dependent than the wall time on what else the machine runs).
binq_time ()
{
  local t
  "$BT" "$PDIR/native.time" bash "$1" "$2" >"$PDIR/native.out" 2>"$PDIR/native.err" \
    || return 1
  read -r -a t <"$PDIR/native.time"
  [ "${t[5]}" = 0 ] || return 1
  printf '%s\n' "${t[1]}"
}

# binq_record KIND FIELD...: a record of the run of a program, also
# kept in its directory for BINQ_REUSE.
binq_record ()
{
  record "$@"
  local IFS=$'\t'
  printf '%s\n' "$*" >>"$PDIR/run.rec"
}

# binq_program P: everything for one program (in a subshell).
binq_program ()
{
  local p=$1 size why m t0 t1 bin
  PDIR=$RUNDIR/$p
  bin=$PDIR/O2/$p
  log "== $p"
  if [ "${BINQ_REUSE:-0}" = 1 ] && [ -s "$PDIR/run.rec" ] && [ -x "$bin" ] \
     && [ -s "$PDIR/perf.data" ] && [ -s "$PDIR/exact.ic" ]; then
    log "$p: the binary, perf.data and exact counts of the last run"
    grep '^binq-run' "$PDIR/run.rec" >>"$REC"
  else
    rm -rf "$PDIR"
    mkdir -p "$PDIR"
    binq_measure "$p" || return 0
  fi
  # The raw samples, with this afdo-binoverlap.
  if "$BINOVERLAP" --binary="$bin" --exact="$PDIR/exact.ic" "$PDIR/raw-perf.ic" \
       >"$PDIR/binoverlap-raw-perf.txt" 2>&1; then
    record binq "$p" raw-perf $(binq_overlap_fields "$PDIR/binoverlap-raw-perf.txt" "$PDIR/raw-perf.ic" -)
  else
    record binq "$p" raw-perf - "afdo-binoverlap failed: $(failure_line "$PDIR/binoverlap-raw-perf.txt")"
  fi
  # The converter's models.
  for m in $BINQ_MODELS; do
    if [ -z "$EXEC_MODELS" ]; then
      record binq "$p" "$m" - "afdo-convert has no --exec-model"
      continue
    fi
    log "$p: afdo-convert --exec-model=$m"
    if ! "$BT" "$PDIR/convert-$m.time" "$CONVERT" --binary="$bin" --perf="$PDIR/perf.data" \
         --exec-model="$m" --insn-counts="$PDIR/$m.ic" -o "$PDIR/$m.gcov" \
         >"$PDIR/convert-$m.log" 2>&1 || [ ! -s "$PDIR/$m.ic" ]; then
      record binq "$p" "$m" - "afdo-convert failed: $(failure_line "$PDIR/convert-$m.log")"
      continue
    fi
    # The exact counts file stands for callgrind's here: an estimate
    # equal to it overlaps 100 %.
    if ! "$BINOVERLAP" --binary="$bin" --exact="$PDIR/exact.ic" "$PDIR/$m.ic" \
         >"$PDIR/binoverlap-$m.txt" 2>&1; then
      record binq "$p" "$m" - "afdo-binoverlap failed: $(failure_line "$PDIR/binoverlap-$m.txt")"
      continue
    fi
    record binq "$p" "$m" $(binq_overlap_fields "$PDIR/binoverlap-$m.txt" "$PDIR/$m.ic" \
      "$(cut -d' ' -f1 "$PDIR/convert-$m.time")")
  done
  rm -f "$PDIR"/*.gcov
  # The overlap of each estimate within each of the hottest functions.
  for m in raw-perf $BINQ_MODELS; do
    [ -s "$PDIR/binoverlap-$m.txt" ] || continue
    awk -v p="$p" -v m="$m" -v n="${BINQ_TOP:-5}" -v OFS='\t' '
      /^  +exact%/ { on = 1; next }
      /^overlap:/ { on = 0 }
      on && k < n { k++; print "binq-fn", p, m, k, $5, $1, ($4 == "-" ? "" : $4) }' \
      "$PDIR/binoverlap-$m.txt" >>"$REC"
  done
  record binq-status "$p" ok ""
}

binq_main ()
{
  mkdir -p "$RUNDIR" "$RESULTS" "$WORK/bin" "$WORK/tmp"
  : >"$LOG"
  : >"$REC"
  bench_build_benchtime "$WORK/bin/benchtime" || { log "cannot build benchtime"; exit 1; }
  BT=$WORK/bin/benchtime
  command -v valgrind >/dev/null || bench_apt_install valgrind \
    || { log "binquality needs valgrind"; exit 1; }
  command -v perf >/dev/null || { log "binquality needs perf"; exit 1; }
  bench_perf_args "$WORK/tmp"
  mkdir -p "$RUNDIR/tools"
  CONVERT=${BINQ_CONVERT:-$CONVERT}
  BINOVERLAP=$RUNDIR/tools/afdo-binoverlap
  if ! cp "$BDIR/afdo-binoverlap" "$BINOVERLAP" 2>/dev/null; then
    log "binquality needs $BDIR/afdo-binoverlap (make)"
    exit 1
  fi
  EXEC_MODELS=""
  if [ -x "$CONVERT" ] && cp "$CONVERT" "$RUNDIR/tools/afdo-convert"; then
    CONVERT=$RUNDIR/tools/afdo-convert
    "$CONVERT" --help 2>&1 | grep -q -- '--exec-model' && EXEC_MODELS=1
  fi
  local tag=${BINQ_TAG:-$(git -C "$SRC" rev-parse --short HEAD 2>/dev/null || echo unknown)}
  local start
  start=$(date +%s)
  {
    printf 'meta\tmode\tbinquality\n'
    machine_meta
    printf 'meta\tperf\t%s\n' "$PERF_ARGS_DESC"
    printf 'meta\tconvert\t%s\n' "${BINQ_CONVERT:-$BDIR/afdo-convert}"
    printf 'meta\tconvert_id\t%s\n' "${BINQ_CONVERT_ID:-$(git -C "$SRC" rev-parse --short HEAD 2>/dev/null) (this tree)}"
    printf 'meta\texec_models\t%s\n' "$([ -n "$EXEC_MODELS" ] && echo "$BINQ_MODELS" || echo none)"
    printf 'meta\tload_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
  } >>"$REC"
  log "mode binquality: programs: $PROGRAMS; converter models: $([ -n "$EXEC_MODELS" ] && echo "$BINQ_MODELS" || echo none)"
  local p
  for p in $PROGRAMS; do
    ( binq_program "$p" )
  done
  {
    printf 'meta\tload_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
    printf 'meta\telapsed\t%s\n' "$(( $(date +%s) - start ))"
  } >>"$REC"
  cp "$REC" "$RESULTS/binquality-$tag.tsv"
  awk -F '\t' -v models="raw-perf $BINQ_MODELS" -f "$BENCH/lib/markdown.awk" \
      -f "$BENCH/lib/binquality.awk" "$REC" >"$RESULTS/binquality-$tag.md" \
    && log "wrote $RESULTS/binquality-$tag.md"
}
