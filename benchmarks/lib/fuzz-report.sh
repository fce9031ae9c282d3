#!/usr/bin/env bash
# afdo benchmarks: the report of a performance-fuzzer run
# (benchmarks/fuzz.sh): counts by verdict and criterion, the seeds of
# each failure, quantiles of the plugin's instruction and mispredict
# ratios against -O2, overall and by profile size, and a plot.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: fuzz-report.sh ROWS.tsv
# Writes benchmarks/results/fuzz-COMMIT.md, .tsv (the rows with a
# header), and with gnuplot .gp and .png; COMMIT is FUZZ_COMMIT, else
# the last commit of the tree that changed plugin/, converter/ or common/.
# Rows of a stale run (mode edit=E, fuzz.sh's FUZZ_EDIT) make
# fuzz-editE-COMMIT; FUZZ_NAME names the files instead (e.g.
# fuzz-edit3-match0-COMMIT for a run with other plugin arguments).  A file ROWS.tsv's directory's run.log
# (the run's first lines) is quoted when present; FUZZ_KNOWN (default
# benchmarks/fuzz-known.txt) marks the seeds of known failures; the
# diagnosis written by hand, results/fuzz-COMMIT.notes.md, is appended.

set -u

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
rows=${1:?usage: fuzz-report.sh ROWS.tsv}
[ -s "$rows" ] || { echo "fuzz-report: no rows in $rows" >&2; exit 1; }
# The last commit that changed what is judged (plugin, converter, the
# profile library), unless FUZZ_COMMIT names one.
commit=${FUZZ_COMMIT:-$(git -C "$SRC" log -1 --format=%h -- plugin converter common 2>/dev/null)}
[ -n "$commit" ] || commit=unknown
out=${FUZZ_RESULTS:-$SRC/benchmarks/results}
known=${FUZZ_KNOWN:-$SRC/benchmarks/fuzz-known.txt}
# The mode of the rows (column 18; rows of before it are fresh).
mode=$(awk -F'\t' '{ m = NF >= 18 ? $18 : "fresh"; if (!(m in s)) { s[m] = 1; l = l (l == "" ? "" : ",") m } }
		  END { print l }' "$rows")
case $mode in
  fresh) name=fuzz-$commit ;;
  edit=[0-9]*/own) e=${mode#edit=}; name=fuzz-edit${e%/own}-own-$commit ;;
  edit=[0-9]*) name=fuzz-edit${mode#edit=}-$commit ;;
  *) echo "fuzz-report: rows of more than one mode ($mode) in $rows" >&2; exit 1 ;;
esac
name=${FUZZ_NAME:-$name}
prefix=$out/$name
mkdir -p "$out"

header='seed	patterns	reps	measure	samples	o2_insns	afdo_insns	o2_mispred	afdo_mispred	insn_ratio	mispred_ratio	o2_text	afdo_text	seconds	verdict	causes	blame	mode	minority'
{ printf '%s\n' "$header"
  awk -F'\t' -v OFS='\t' 'NF == 17 { $18 = "fresh" } NF == 18 { $19 = "-" } { print }' "$rows"; } >"$prefix.tsv"

runlog=$(dirname "$rows")/run.log

{
  if [ "$mode" = fresh ]; then
    echo "# Performance fuzzing: the plugin against -O2 on generated programs ($commit)"
  else
    echo "# Performance fuzzing with stale profiles ($mode): the plugin against -O2 on generated programs ($commit)"
  fi
  echo
  echo "Made by \`benchmarks/fuzz.sh\` (\`make bench-fuzz\`) on $(date -u '+%Y-%m-%d %H:%M UTC');"
  echo "$(nproc) cores, $(gcc --version | head -n 1)."
  if [ -f "$runlog" ]; then
    echo
    sed -e "s|$SRC/||g" -e 's|cached in .*|cached in FUZZ_CACHE|' -e 's/^/    /' "$runlog"
  fi
  cat <<'EOF'

Each seed is a program of `afdo-progen SEED` (2 to 5 patterns: biased and
50/50 branches, const/pure calls with invariant arguments, short, long and
nested loops, skewed switches, byte and string loops, hot and cold callers,
early exits, indirect calls, recursion), built with `gcc -O2 -g`, profiled
with `perf record -e cpu-clock -F 20000` at its profiled repetitions,
converted with `afdo-convert`, rebuilt with the plugin, and both builds run
under `valgrind --tool=cachegrind --branch-sim=yes` at the measured
repetitions.  A seed FAILs when the plugin's build runs more than 1 % more
instructions (insns), mispredicts more than 5 % + 1,000 more branches
(mispredicts: conditional and indirect together), prints another checksum
(output), or does not compile (compile); or when afdo-convert fails
(convert).  Ratios are the plugin's count over -O2's.  Rerun a seed with
`benchmarks/fuzz.sh one SEED`; the rows are in the .tsv beside this file.
EOF
  if [ "${mode%/own}" != "$mode" ]; then
    e=${mode#edit=}
    cat <<EOF

The programs are the next release of each seed's, \`afdo-progen SEED
--edit=${e%/own}\` (the same output and hot code; ${e%/own} edits: statements
inserted, lines removed or joined, in some programs a static function
renamed; the program ends with their list), profiled themselves: the
fresh profile of the next release, against which a stale profile is
judged.  An edited program whose output is not the old one's is an
error (edit-output).
EOF
  elif [ "$mode" != fresh ]; then
    cat <<EOF

The profiles are stale: each is the profile of \`afdo-progen SEED\`, but
the program built and measured is its next release, \`afdo-progen SEED
--$mode\` (the same output and hot code; ${mode#edit=} edits: statements
inserted, lines removed or joined, in some programs a static function
renamed; the program ends with their list).  Both builds are of the
edited program: its -O2 build, and the plugin's build with the old
program's profile; the ratios are to the edited program's -O2.  An
edited program whose output is not the old one's is an error
(edit-output).  Rerun a seed with \`FUZZ_EDIT=${mode#edit=} benchmarks/fuzz.sh one SEED\`.
EOF
  fi
  echo
  awk -F'\t' -v known="$known" '
    function q(a, n, p,   i) { i = int(p * (n - 1) + 0.5) + 1; return a[i] }
    function quant(name, a, n,   s) {
      if (n == 0) return "| " name " | 0 | | | | | | | | | |"
      asort(a)
      return sprintf("| %s | %d | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f |",
                     name, n, a[1], q(a, n, .01), q(a, n, .05), q(a, n, .25), q(a, n, .5),
                     q(a, n, .75), q(a, n, .95), q(a, n, .99), a[n])
    }
    function bucket(s) {
      if (s < 100) return 1
      if (s < 1000) return 2
      if (s < 10000) return 3
      return 4
    }
    BEGIN {
      bname[1] = "< 100 samples"; bname[2] = "100-999"; bname[3] = "1,000-9,999"; bname[4] = ">= 10,000"
      while ((getline l < known) > 0) {
        if (l ~ /^[ \t]*(#|$)/) continue
        split(l, f, /[ \t]+/)
        kn[f[1]] = 1
      }
    }
    {
      n++
      v = $15
      verdict[v]++
      if (v == "FAIL" && $16 ~ /mispredicts/ && NF >= 19 && $19 ~ /^[0-9]+\/[0-9]+$/) {
        split($19, mo, "/")
        minor[++nminor] = sprintf("| %s | %s, %s (%.3f) | %s, %s (%.3f) | %s |", $1, $8, $9, $11,
                                  mo[1], mo[2], mo[1] > 0 ? mo[2] / mo[1] : 1,
                                  (mo[2] > mo[1] * 1.05 + 1000) ? "no" : "yes")
      }
      if ($16 != "-") {
        m = split($16, c, "+")
        for (i = 1; i <= m; i++) {
          cause[v "\t" c[i]]++
          key = NF >= 18 && $18 != "fresh" ? $1 "/" $18 : $1
          seeds[v "\t" c[i]] = seeds[v "\t" c[i]] (seeds[v "\t" c[i]] == "" ? "" : " ") $1 (key in kn ? "*" : "")
        }
      }
      if ($10 != "-" && $11 != "-") {
        k++; ir[k] = $10; mr[k] = $11
        b = bucket($5); bn[b]++; bir[b, bn[b]] = $10; bmr[b, bn[b]] = $11
        if ($10 < 0.99) better1++
        if ($10 < 0.95) better5++
        if ($10 > 1.01) worse1++
        if ($11 < 0.95) mbetter++
      }
    }
    END {
      printf "## Verdicts\n\n"
      printf "%d programs: %d pass, %d FAIL, %d errors of the instrument.\n\n",
             n, verdict["pass"], verdict["FAIL"], verdict["error"]
      printf "| verdict | criterion | programs | seeds (* = in benchmarks/fuzz-known.txt) |\n|---|---|---:|---|\n"
      for (key in cause) {
        split(key, kk, "\t")
        printf "| %s | %s | %d | %s |\n", kk[1], kk[2], cause[key], seeds[key] | "sort"
      }
      close("sort")
      printf "\nA program can fail by more than one criterion.  Errors are seeds whose\n"
      printf "program, -O2 build, perf recording or cachegrind run failed (none of them\n"
      printf "the plugin'"'"'s doing); their cause is the criterion named.\n\n"
      if (nminor > 0) {
        printf "The FAILs by mispredicts, against the branches that went the way they\n"
        printf "went less often (the minority column: callgrind'"'"'s jump counts, min (taken,\n"
        printf "not taken) summed over the conditional branches, the mispredicts of a\n"
        printf "predictor that knows each branch'"'"'s usual way and gives every branch a\n"
        printf "table of its own).  cachegrind'"'"'s predictor indexes its 16,384 counters\n"
        printf "by the last 7 branches'"'"' outcomes and the low 7 bits of the branch'"'"'s\n"
        printf "address, so branches 128 bytes apart share counters; where the minority\n"
        printf "stays within the criterion, what grew is that sharing, not the branches:\n\n"
        printf "| seed | mispredicts: -O2, plugin (cachegrind) | minority: -O2, plugin | minority within 5 %% + 1,000 |\n|---|---:|---:|---|\n"
        for (i = 1; i <= nminor; i++) print minor[i]
        printf "\n"
      }
      printf "## Distribution\n\n"
      printf "Of the %d programs measured: %d (%.1f %%) run at least 1 %% fewer\n", k, better1, k ? 100 * better1 / k : 0
      printf "instructions with the plugin, %d (%.1f %%) at least 5 %% fewer; %d (%.1f %%)\n", better5, k ? 100 * better5 / k : 0, worse1, k ? 100 * worse1 / k : 0
      printf "more than 1 %% more; %d (%.1f %%) mispredict at least 5 %% fewer branches.\n\n", mbetter, k ? 100 * mbetter / k : 0
      printf "Quantiles of the instruction ratio (plugin / -O2):\n\n"
      printf "| programs | n | min | 1 %% | 5 %% | 25 %% | median | 75 %% | 95 %% | 99 %% | max |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      for (i = 1; i <= k; i++) t[i] = ir[i]
      print quant("all", t, k)
      for (b = 1; b <= 4; b++) {
        delete t
        for (i = 1; i <= bn[b]; i++) t[i] = bir[b, i]
        print quant(bname[b], t, bn[b])
      }
      printf "\nQuantiles of the mispredict ratio (plugin / -O2):\n\n"
      printf "| programs | n | min | 1 %% | 5 %% | 25 %% | median | 75 %% | 95 %% | 99 %% | max |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      delete t
      for (i = 1; i <= k; i++) t[i] = mr[i]
      print quant("all", t, k)
      for (b = 1; b <= 4; b++) {
        delete t
        for (i = 1; i <= bn[b]; i++) t[i] = bmr[b, i]
        print quant(bname[b], t, bn[b])
      }
    }' "$rows"
  # Failures by pattern: how often each pattern is in a failing program,
  # against how often it is in any.
  echo
  echo "Patterns in failing programs (a program has 2 to 5, some twice):"
  echo
  echo "| pattern | programs with it | of them FAIL (insns) | FAIL (mispredicts) | FAIL (other) |"
  echo "|---|---:|---:|---:|---:|"
  awk -F'\t' '
    {
      delete seen
      m = split($2, pat, ",")
      for (i = 1; i <= m; i++) {
        x = pat[i]
        if (x in seen) continue
        seen[x] = 1
        all[x]++
        if ($15 == "FAIL") {
          if ($16 ~ /insns/) fi[x]++
          if ($16 ~ /mispredicts/) fm[x]++
          if ($16 ~ /output|compile|convert/) fo[x]++
        }
      }
    }
    END { for (x in all) printf "| %s | %d | %d | %d | %d |\n", x, all[x], fi[x], fm[x], fo[x] | "sort" }' "$rows"
  # The functions that grew most in failing programs, by pattern.
  echo
  echo "The function that grew most in each failing program (cachegrind's"
  echo "per-function counts, the blame column), by the pattern it belongs to:"
  echo
  echo "| pattern of the function | FAIL (insns): grew most in instructions | FAIL (mispredicts): grew most in mispredicts |"
  echo "|---|---:|---:|"
  awk -F'\t' '
    function pattern(fn) {
      sub(/_v2$/, "", fn)
      if (fn ~ /^f[0-9]+_short$/) return "shortloop"
      if (fn ~ /^f[0-9]+_long$/) return "longloop"
      if (fn ~ /^f[0-9]+_rec$/) return "recurse"
      if (fn ~ /^(f[0-9]+_(hot|cold)|s[0-9]+_shared)$/) return "hotcold"
      if (fn ~ /^c[0-9]+_(const|pure)$/) return "hoist"
      if (fn ~ /^t[0-9]+_[0-9]+$/) return "icall"
      if (fn ~ /^f[0-9]+_[a-z]+$/) { sub(/^f[0-9]+_/, "", fn); return fn }
      if (fn == "main" || fn == "init") return "driver (" fn ")"
      return "other (" fn ")"
    }
    $15 == "FAIL" && NF >= 17 && $17 != "-" {
      split($17, parts, ",")
      split(parts[1], a, ":"); split(parts[2], b, ":")
      if ($16 ~ /insns/ && a[2] != "-") { gi[pattern(a[2])]++; any[pattern(a[2])] = 1 }
      if ($16 ~ /mispredicts/ && b[2] != "-") { gm[pattern(b[2])]++; any[pattern(b[2])] = 1 }
    }
    END { for (x in any) printf "| %s | %d | %d |\n", x, gi[x], gm[x] | "sort" }' "$rows"
  # The diagnosis, written by hand from the kept seeds, when there is one.
  if [ -f "$prefix.notes.md" ]; then
    echo
    cat "$prefix.notes.md"
  fi
  if command -v gnuplot >/dev/null; then
    echo
    echo "![instruction and mispredict ratios against the profile size]($name.png)"
  fi
} >"$prefix.md"

if command -v gnuplot >/dev/null; then
  base=$(basename "$prefix")
  cat >"$prefix.gp" <<EOF
set terminal pngcairo size 1200,900 font 'DejaVu Sans,10'
set output '$base.png'
set datafile separator '\t'
set datafile missing '-'
set multiplot layout 2,1 title 'afdo plugin against -O2 on afdo-progen programs ($commit$([ "$mode" = fresh ] || echo ", stale: $mode")): cachegrind counts'
set logscale x
set grid
set key outside right top
set xlabel 'samples in the profile'
set ylabel 'instructions, plugin / -O2'
set title 'Instruction ratio (FAIL above 1.01)'
plot '$base.tsv' using (\$5 > 0 ? \$5 : 1):(strcol(15) eq "pass" ? \$10 : 1/0) skip 1 title 'pass' pt 7 ps 0.4 lc rgb '#3060c0', \\
     '$base.tsv' using (\$5 > 0 ? \$5 : 1):(strcol(15) eq "FAIL" ? \$10 : 1/0) skip 1 title 'FAIL' pt 7 ps 0.6 lc rgb '#d02020', \\
     1.01 title '1.01' lt -1 dt 2
set logscale y
set ylabel 'mispredicted branches, plugin / -O2'
set title 'Mispredict ratio (log scale; FAIL above 1.05 + 1,000 branches)'
plot '$base.tsv' using (\$5 > 0 ? \$5 : 1):(strcol(15) eq "pass" && \$11 > 0 ? \$11 : 1/0) skip 1 title 'pass' pt 7 ps 0.4 lc rgb '#3060c0', \\
     '$base.tsv' using (\$5 > 0 ? \$5 : 1):(strcol(15) eq "FAIL" && \$11 > 0 ? \$11 : 1/0) skip 1 title 'FAIL' pt 7 ps 0.6 lc rgb '#d02020', \\
     1.05 title '1.05' lt -1 dt 2
unset multiplot
EOF
  (cd "$out" && gnuplot "$base.gp") 2>"$prefix.gp.log" \
    || echo "fuzz-report: gnuplot failed (see $prefix.gp.log)" >&2
fi
echo "fuzz-report: $prefix.md"
