#!/usr/bin/env bash
# afdo benchmarks: the report of iterate.sh (tables, verdict, plot).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: iterate-report.sh RECORDS.tsv PREFIX
# Writes PREFIX.md, PREFIX.tsv (the records), PREFIX.dat, and, with
# gnuplot (unless ITER_NO_PLOT is set), PREFIX.png and PREFIX.gp.
#
# Records (tab-separated), as iterate.sh writes them:
#   meta KEY VALUE
#   skipped SERIES REASON
#   check SERIES ROUND ok|wrong|crash
#   prof SERIES ROUND TOTAL CALLER_TOP HOT_TOP HOT_INLINE CALLER_NESTED
#        N_INLINE HIST_TOTAL HIST_HOT HIST
#   code SERIES ROUND INDIRECT_CALLS DIRECT_CALLS_TO_HOT OTHER_REFS_TO_HOT
#   did SERIES ROUND N_LINES FIRST_LINES
#   cg SERIES ROUND INSTRUCTIONS BRANCHES MISPREDICTS
#   time TIMING_ROUND SERIES ROUND CPU WALL

set -u -o pipefail
rec=$1
prefix=$2
lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

[ "$rec" -ef "$prefix.tsv" ] || cp "$rec" "$prefix.tsv"

# Ratio statistics per binary: "stat SERIES ROUND N MEDIAN Q1 Q3 MIN MAX
# WALL_MEDIAN", the ratio being the binary's CPU time over the -O2 run of
# the same timing round.
stats=$(mktemp)
trap 'rm -f "$stats"' EXIT
for b in $(awk -F '\t' '$1 == "time" && $3 != "O2" { print $3 "-" $4 }' "$rec" | sort -u); do
  s=${b%-*}
  k=${b##*-}
  ratios () # COLUMN
  {
    awk -F '\t' -v s="$s" -v k="$k" -v c="$1" '
      $1 == "time" && $3 == "O2" { base[$2] = $c }
      $1 == "time" && $3 == s && $4 == k { v[$2] = $c }
      END { for (r in v) if (r in base && base[r] > 0) printf "%.6f\n", v[r] / base[r] }' "$rec"
  }
  cpu=$(ratios 5 | awk -f "$lib/stats.awk")
  wall=$(ratios 6 | awk -f "$lib/stats.awk" | cut -d' ' -f2)
  printf 'stat\t%s\t%s\t%s\t%s\n' "$s" "$k" "$(tr ' ' '\t' <<<"$cpu")" "$wall" >>"$stats"
done

dat=$prefix.dat
awk -F '\t' -v dat="$dat" -v png="$(basename "$prefix").png" '
  function pct(x) { return sprintf("%+.1f %%", 100 * x) }
  function sp(r) { return r > 0 ? 1 / r - 1 : 0 }
  function abs(x) { return x < 0 ? -x : x }
  function fmtk(x) { return x == "" ? "—" : x }
  # verdict NAME VALUES WIDTHS N UNIT: "alternates", "stable" or
  # "drifts", with the changes; VALUES and WIDTHS are 1-based arrays.
  function verdict(vals, widths, n, unit, digits,   k, d, w, sig, nsig, alt, txt, fmt) {
    nsig = 0; alt = 1; txt = ""
    fmt = "%+." digits "f"
    for (k = 1; k < n; k++) {
      d[k] = vals[k + 1] - vals[k]
      w = widths[k] > widths[k + 1] ? widths[k] : widths[k + 1]
      sig[k] = abs(d[k]) > w
      if (sig[k]) nsig++
      if (k > 1 && !(d[k] * d[k - 1] < 0)) alt = 0
      txt = txt (txt == "" ? "" : ", ") sprintf(fmt, d[k]) unit (sig[k] ? "" : " (within spread)")
    }
    if (n < 2) return "only one round: nothing to compare"
    if (n >= 3 && nsig == n - 1 && alt)
      return "FLUCTUATES every other round: the round-to-round changes (" txt ") alternate in sign and each exceeds the spread"
    if (nsig == 0)
      return "STABLE: no round-to-round change (" txt ") exceeds the spread"
    return "CHANGES without alternating: round-to-round changes " txt
  }
  $1 == "meta" { meta[$2] = $3; next }
  $1 == "skipped" { skipped[$2] = $3; next }
  $1 == "ablation" { ablation = $2; next }
  $1 == "check" { chk[$2, $3] = $4; next }
  $1 == "prof" {
    key = $2 SUBSEP $3
    ptot[key] = $4; pcaller[key] = $5; phot[key] = $6; pinl[key] = $7
    pnest[key] = $8; pninl[key] = $9; phtot[key] = $10; phhot[key] = $11; phist[key] = $12
    next
  }
  $1 == "code" { icalls[$2, $3] = $4; dcalls[$2, $3] = $5; refs[$2, $3] = $6; next }
  $1 == "did" { didn[$2, $3] = $4; didl[$2, $3] = $5; next }
  $1 == "cg" { ir[$2, $3] = $4; br[$2, $3] = $5; mp[$2, $3] = $6; next }
  $1 == "stat" {
    key = $2 SUBSEP $3
    sn[key] = $4; smed[key] = $5; sq1[key] = $6; sq3[key] = $7; smin[key] = $8; smax[key] = $9
    swall[key] = $10
    next
  }
  END {
    R = meta["rounds"] + 0
    ns = split(meta["series"], series, " ")
    caller = meta["caller"]; hot = meta["hot"]
    print "# Iterative AutoFDO: " meta["program"] " (" meta["name"] ")"
    print ""
    print "Written by `benchmarks/iterate.sh` (`make bench-iterate`); every figure below comes from the harness. " \
          "Seed 000, Section 5.2: profiling an AutoFDO-optimized binary and building again, round after round; " \
          "Figure 8 there shows the speedup fluctuating every other round when indirect-call promotion is not " \
          "part of the profile preparation."
    print ""
    print "| | |"
    print "|---|---|"
    print "| date | " meta["date"] " |"
    print "| commit | `" meta["commit"] "`" (meta["dirty"] != "" ? " (modified: " meta["dirty"] ")" : "") " |"
    print "| machine | `" meta["uname"] "` |"
    print "| CPUs | " meta["nproc"] " (" meta["cpu"] ") |"
    print "| load average at start / end | " meta["load_start"] " / " meta["load_end"] " |"
    print "| compiler | " meta["gcc"] " |"
    print "| base flags | `" meta["cflags"] "` |"
    print "| program | `benchmarks/programs/" meta["program"] ".c`, workload " meta["workload"] "; hot indirect call in `" caller "`, hot target `" hot "` |"
    print "| profiles | " meta["profiler"] "; `afdo-convert` |"
    print "| plugin | `" meta["plugin_build"] "/afdo.so`; ablation arguments (plugin-noinline): `" meta["ablation"] "` |"
    print "| rounds | " R " after round 0; timing: " meta["pairs"] " rounds, every binary once per round, order rotating, each paired with the -O2 run of its round |"
    print "| harness run time | " meta["elapsed"] " s |"
    print ""
    print "Round 0 is the `-O2 -g` binary; its profile P0 starts every series. Round k is built with the profile of round k−1 **of the same series** and then profiled in turn. " \
          "Series: **plugin** = `-fplugin=afdo.so -fplugin-arg-afdo-profile=P`; **autofdo** = GCC 12 `-fauto-profile=P`; " \
          "**plugin-noinline** = the plugin with the ablation arguments above (its inliner and indirect-call promotion off)."
    for (s in skipped) print "\nNot run: **" s "**: " skipped[s] "."
    print ""
    print "## Verdict"
    print ""
    for (i = 1; i <= ns; i++) {
      s = series[i]; n = 0
      for (k = 1; k <= R; k++) {
        if (!((s, k) in smed)) continue
        n++; v[n] = sp(smed[s, k]) * 100
        # the spread of the speedup: the IQR of the ratio, as speedup
        wd[n] = (sp(sq1[s, k]) - sp(sq3[s, k])) * 100
      }
      print "- **" s "**, run time (speedup over -O2, %): " verdict(v, wd, n, " pt", 1) "."
      n = 0
      for (k = 1; k <= R; k++) {
        if (!((s, k) in ir) || !(("O2", 0) in ir)) continue
        n++; v[n] = (ir[s, k] / ir["O2", 0] - 1) * 100; wd[n] = 0.5
      }
      if (n > 0)
        print "  Instructions (cachegrind, deterministic; changes below 0.5 % of -O2 count as within spread): " verdict(v, wd, n, " pt", 2) "."
    }
    if (ablation == "same")
      print "- **Ablation**: round 1 of plugin and of plugin-noinline, both built with P0, have identical code (`objdump -d`): " \
            "the ablation arguments change nothing in this plugin build, so any difference between the two series comes from " \
            "the profiles of later rounds and from measurement noise."
    else if (ablation == "differ")
      print "- **Ablation**: round 1 of plugin and of plugin-noinline, both built with P0, have different code (`objdump -d`): " \
            "the ablation arguments (the inliner and indirect-call promotion) change what the plugin does."
    print ""
    print "## Run time and counts per round"
    print ""
    print "Ratio = CPU time (user + system) of the binary of the round / the -O2 run of the same timing round; speedup = 1 / median − 1. " \
          "Instructions and mispredicted branches: `valgrind --tool=cachegrind --branch-sim=yes` on the small input, relative to -O2."
    print ""
    print "| series | round | built with | median ratio | IQR of ratio | min – max | speedup | speedup IQR | wall-time ratio | instructions vs O2 | mispredicts vs O2 | output |"
    print "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    printf "| O2 | 0 | — | 1 | — | — | — | — | — | %s | %s | reference |\n", fmtk(ir["O2", 0]), fmtk(mp["O2", 0])
    printf "round" >dat
    for (i = 1; i <= ns; i++) printf "\t%s\tlo\thi\tinsn", series[i] >dat
    printf "\n" >dat
    for (i = 1; i <= ns; i++) {
      s = series[i]
      for (k = 1; k <= R; k++) {
        key = s SUBSEP k
        insn = (key in ir) && ir["O2", 0] > 0 ? pct(ir[key] / ir["O2", 0] - 1) : "—"
        misp = (key in mp) && mp["O2", 0] > 0 ? pct(mp[key] / mp["O2", 0] - 1) : "—"
        if (key in smed)
          printf "| %s | %d | P%d%s | %.4f | %.4f – %.4f | %.4f – %.4f | %s | %s … %s | %.4f | %s | %s | %s |\n",
            s, k, k - 1, (k == 1 ? " (-O2)" : " (" s ")"), smed[key], sq1[key], sq3[key], smin[key], smax[key],
            pct(sp(smed[key])), pct(sp(sq3[key])), pct(sp(sq1[key])), swall[key], insn, misp, fmtk(chk[key])
        else
          printf "| %s | %d | P%d | — | — | — | — | — | — | %s | %s | %s |\n", s, k, k - 1, insn, misp, fmtk(chk[key])
      }
    }
    for (k = 1; k <= R; k++) {
      printf "%d", k >dat
      for (i = 1; i <= ns; i++) {
        key = series[i] SUBSEP k
        if (key in smed)
          printf "\t%.3f\t%.3f\t%.3f", 100 * sp(smed[key]), 100 * sp(sq3[key]), 100 * sp(sq1[key]) >dat
        else
          printf "\tNaN\tNaN\tNaN" >dat
        if ((key in ir) && ir["O2", 0] > 0)
          printf "\t%.3f", 100 * (1 - ir[key] / ir["O2", 0]) >dat
        else
          printf "\tNaN" >dat
      }
      printf "\n" >dat
    }
    print ""
    print "## The hot indirect call site in each round'"'"'s profile"
    print ""
    print "Profile Pk is the profile of round k'"'"'s binary. Shares are of the profile'"'"'s total samples: `" caller "` and `" hot "` as top-level (outline) instances, " \
          "`" hot "` in inline instances (anywhere), and the indirect-call target histogram at `" caller "`'"'"'s positions (" \
          "empty without branch records: IP samples see no call targets). When the hot target is promoted and inlined in a binary, its samples move from the outline instance to an inline instance of the next profile."
    print ""
    print "| profile | of binary | samples | `" caller "` outline | `" hot "` outline | `" hot "` inline | inline instances | histogram at `" caller "` | `" hot "` in histogram |"
    print "|---|---|---:|---:|---:|---:|---:|---|---:|"
    nb = 0
    blist[++nb] = "O2" SUBSEP 0
    for (i = 1; i <= ns; i++) for (k = 1; k <= R; k++) blist[++nb] = series[i] SUBSEP k
    for (j = 1; j <= nb; j++) {
      key = blist[j]; split(key, kk, SUBSEP)
      if (!(key in ptot)) continue
      t = ptot[key] > 0 ? ptot[key] : 1
      printf "| P%d%s | %s round %d | %d | %.1f %% | %.1f %% | %.1f %% | %d | %s | %s |\n",
        kk[2], (kk[1] == "O2" ? "" : " (" kk[1] ")"), kk[1], kk[2], ptot[key], 100 * pcaller[key] / t,
        100 * phot[key] / t, 100 * pinl[key] / t, pninl[key], (phist[key] == "-" ? "none" : "`" phist[key] "`"),
        (phtot[key] > 0 ? sprintf("%.1f %%", 100 * phhot[key] / phtot[key]) : "—")
    }
    print ""
    print "## What the compiler did at the call site"
    print ""
    print "From `objdump -d` of `" caller "` (and its clones) in each binary: indirect calls left, direct calls to `" hot "`, other references to `" hot "` " \
          "(the address comparison of a promoted call whose target was inlined). For the plugin series, the number of lines of its dump and " \
          "verbose output that mention inlining, promotion or indirect calls (its folding of inline instances the compilation does not recreate included), and the first of them."
    print ""
    print "| binary | indirect calls | direct calls to `" hot "` | other references to `" hot "` | plugin lines | first plugin lines |"
    print "|---|---:|---:|---:|---:|---|"
    for (j = 1; j <= nb; j++) {
      key = blist[j]; split(key, kk, SUBSEP)
      if (!(key in icalls)) continue
      printf "| %s round %d | %d | %d | %d | %s | %s |\n", kk[1], kk[2], icalls[key], dcalls[key], refs[key],
        ((key in didn) ? didn[key] : "—"), ((key in didl) && didl[key] != "-" ? "`" didl[key] "`" : "—")
    }
    print ""
    print "![speedup and instruction reduction per round](" png ")"
    print ""
    print "Raw records: `" meta["name"] ".tsv`. Re-run with `make bench-iterate` (or `bash benchmarks/iterate.sh`; `AFDO_BUILD_DIR` selects the plugin build)."
  }' "$rec" "$stats" >"$prefix.md"

# The plot: speedup per round and series (IQR as error bars), and the
# instruction reduction.
if [ -z "${ITER_NO_PLOT:-}" ] && command -v gnuplot >/dev/null; then
  ns=$(awk -F '\t' '$1 == "meta" && $2 == "series" { print split($3, a, " ") }' "$rec")
  name=$(awk -F '\t' '$1 == "meta" && $2 == "name" { print $3 }' "$rec")
  commit=$(awk -F '\t' '$1 == "meta" && $2 == "commit" { print substr($3, 1, 10) }' "$rec")
  date=$(awk -F '\t' '$1 == "meta" && $2 == "date" { print $3 }' "$rec")
  rounds=$(awk -F '\t' '$1 == "meta" && $2 == "rounds" { print $3 + 0 }' "$rec")
  # The instruction axis spans at least 2 points, so that differences of
  # a few instructions do not look like steps.
  irange=$(awk -F '\t' 'NR > 1 { for (i = 5; i <= NF; i += 4) if ($i != "NaN") {
                             if (n++ == 0 || $i < lo) lo = $i; if (n == 1 || $i > hi) hi = $i } }
                         END { if (n == 0) { lo = 0; hi = 0 }
                               m = (lo + hi) / 2; if (hi - lo < 2) { lo = m - 1; hi = m + 1 }
                               printf "[%.2f:%.2f]", lo - 0.1 * (hi - lo), hi + 0.1 * (hi - lo) }' "$prefix.dat")
  gp=$prefix.gp
  # The plot command of every series: its columns C + each OFFSET (C the
  # series' first column) drawn WITH, each series shifted right a little
  # so that the error bars do not hide each other.
  plot_series ()
  {
    local with=$1 i c o using
    shift
    printf "plot"
    for ((i = 0; i < ns; i++)); do
      c=$((2 + 4 * i))
      using=""
      for o in "$@"; do
        using+=":$((c + o))"
      done
      printf " '%s' using (\$1+%.2f)%s title columnhead(%d) with %s%s" \
        "$(basename "$prefix").dat" "$(awk -v i=$i 'BEGIN { printf "%.2f", 0.04 * i }')" \
        "$using" $c "$with" "$([ $i -lt $((ns - 1)) ] && echo ,)"
    done
    echo
  }
  {
    echo "set terminal pngcairo size 900,700 font 'DejaVu Sans,10'"
    echo "set output '$(basename "$prefix").png'"
    echo "set datafile separator '\t'"
    echo "set datafile missing 'NaN'"
    echo "set multiplot layout 2,1 title 'Iterative AutoFDO ($name), $date, commit $commit'"
    echo "set key outside right top"
    echo "set grid ytics"
    echo "set xtics 1"
    echo "set xrange [0.7:$rounds.3]"
    echo "set xzeroaxis lt -1"
    echo "set xlabel 'round (built with the profile of the previous round)'"
    echo "set ylabel 'speedup over -O2 (%)'"
    echo "set title 'Run time: median speedup, IQR as error bars'"
    plot_series "yerrorlines lw 2" 0 1 2
    echo "set ylabel 'instructions saved vs -O2 (%)'"
    echo "set yrange $irange"
    echo "set title 'Instructions executed on the small input (cachegrind)'"
    plot_series "linespoints lw 2" 3
    echo "unset multiplot"
  } >"$gp"
  (cd "$(dirname "$prefix")" && gnuplot "$(basename "$gp")") 2>"$prefix.gp.log" || echo "iterate-report: gnuplot failed (see $prefix.gp.log)" >&2
  [ -s "$prefix.gp.log" ] || rm -f "$prefix.gp.log"
fi
