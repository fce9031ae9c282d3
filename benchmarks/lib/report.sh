#!/usr/bin/env bash
# afdo benchmarks: turn the harness's records into PREFIX.md (tables),
# PREFIX.tsv (the raw records), PREFIX.dat and PREFIX.png (the plot).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: report.sh RECORDS.tsv PREFIX "O2 fdo autofdo plugin plugin-noinline"
#
# Records (tab-separated), as run.sh writes them:
#   meta KEY VALUE
#   kind P own|debian
#   status P V ok|na REASON
#   compile P V WALL CPU
#   profile P SAMPLES PERFBYTES CONV_WALL CONV_CPU CONV_RSS_KB PROFBYTES
#   cg P V INSTRUCTIONS BRANCHES MISPREDICTS
#   time P ROUND V CPU WALL
#   quality P PERCENT|- DETAIL
#   samecode P yes|no DETAIL
#   overlap P K N W  PO PM PMW PZ PZW PS  GO GM GMW GZ GZW GS  (see quality.awk)
#   overlap-build P ...   (the same with the plugin's own build)
#   ceiling-exact|ceiling-instr P PERCENT|- DETAIL  (bench_ceiling in run.sh)

set -u -o pipefail
rec=$1
prefix=$2
variants=${3:-"O2 fdo autofdo plugin plugin-noinline"}

cp "$rec" "$prefix.tsv"

awk -F '\t' -v variants="$variants" -v dat="$prefix.dat" -v png="$(basename "$prefix").png" \
  -f "$(dirname "${BASH_SOURCE[0]}")/markdown.awk" \
  -f "$(dirname "${BASH_SOURCE[0]}")/report.awk" "$rec" >"$prefix.md"

# The plot: run-time speedup (median, IQR as error bars) and the
# deterministic instruction reduction, per program and variant.
if command -v gnuplot >/dev/null; then
  # Columns of variants that have at least one figure (others would only
  # draw an empty legend entry).
  cols=()
  for c in $(awk -F '\t' 'NR == 1 { n = NF } NR > 1 { for (i = 2; i <= NF; i += 4) if ($i != "NaN") has[i] = 1 }
                         END { for (i = 2; i <= n; i += 4) if (has[i]) print i }' "$prefix.dat"); do
    cols+=("$c")
  done
  nv=${#cols[@]}
  # The plot command of every variant in cols: its columns C + each
  # OFFSET given, titled by column C's head.
  plot_variants ()
  {
    local k c o using
    printf "plot"
    [ "$nv" = 0 ] && printf " 0 notitle"
    for ((k = 0; k < nv; k++)); do
      c=${cols[$k]}
      using=""
      for o in "$@"; do
        using+="$((c + o)):"
      done
      printf " '%s' using %sxtic(1) title columnhead(%d)%s" \
        "$prefix.dat" "$using" $c "$([ $k -lt $((nv - 1)) ] && echo ,)"
    done
    echo
  }
  mode=$(awk -F '\t' '$1 == "meta" && $2 == "mode" { print $3 }' "$rec")
  commit=$(awk -F '\t' '$1 == "meta" && $2 == "commit" { print substr($3, 1, 10) }' "$rec")
  date=$(awk -F '\t' '$1 == "meta" && $2 == "date" { print $3 }' "$rec")
  gp=$prefix.gp
  {
    echo "set terminal pngcairo size 1200,900 font 'DejaVu Sans,10'"
    echo "set output '$prefix.png'"
    echo "set datafile separator '\t'"
    echo "set datafile missing 'NaN'"
    echo "set multiplot layout 2,1 title 'afdo benchmarks ($mode), $date, commit $commit'"
    echo "set style data histograms"
    echo "set style fill solid 0.8 border -1"
    echo "set key outside right top"
    echo "set grid ytics"
    echo "set xtics rotate by -30"
    echo "set xzeroaxis lt -1"
    echo "set style histogram errorbars gap 1.5 lw 1"
    echo "set ylabel 'speedup over -O2 (%)'"
    # One outlier must not flatten every other bar: the axis stops at
    # +-40 %, and the tables hold the exact figures.
    echo "set yrange [-40<*:*<40]"
    echo "set title 'Run time: median speedup, IQR as error bars (axis clipped at ±40 %; see the tables)'"
    plot_variants 0 1 2
    echo "set autoscale y"
    echo "set style histogram clustered gap 1.5"
    echo "set ylabel 'instructions saved vs -O2 (%)'"
    echo "set title 'Instructions executed on the small input (cachegrind): reduction'"
    plot_variants 3
    echo "unset multiplot"
  } >"$gp"
  gnuplot "$gp" 2>"$prefix.gp.log" || echo "report: gnuplot failed (see $prefix.gp.log)" >&2
  [ -s "$prefix.gp.log" ] || rm -f "$prefix.gp.log"
fi
