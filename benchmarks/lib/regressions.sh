# afdo benchmarks: the regression finder, sourced by run.sh.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# For a program whose -O2 and plugin builds are there, where did the
# plugin build lose time?  Three views, written to $PDIR/regressions.md:
#
#   - perf: both binaries under `perf record -e cpu-clock` on the full
#     workload; the functions whose samples grew most (clone suffixes
#     such as .part.0, .isra.0, .constprop.0, .cold merged into their
#     function, so a function split or specialized differently is one);
#   - cachegrind: the functions whose instructions plus 20 times their
#     mispredicted branches grew most on the small input (the
#     cachegrind files run_cachegrind keeps), deterministic;
#   - the plugin's check-hot lines from the build log: the sampled lines
#     GCC compiled for size, the ones with most samples first.
#
# Functions inlined in one build and not in the other move their time
# to their callers: read the two views together.

# regress_perf_table BIN: "SAMPLES<TAB>FUNCTION" per function.
regress_perf_table ()
{
  local data=$PDIR/regress.$$.data
  perf record -q -e cpu-clock -F "$PERF_FREQ" -o "$data" -- \
    bash "$PDIR/workload-full.sh" "$1" >/dev/null 2>&1 || { rm -f "$data"; return 1; }
  perf report -i "$data" --no-children --sort symbol -F sample,symbol \
      --stdio 2>/dev/null | awk '
    /^ +[0-9]+ / {
      n = $1; $1 = ""; s = $0
      sub(/^ +\[[.kHug]\] /, "", s); sub(/( +-)* *$/, "", s)
      sub(/\.(part|isra|constprop|cold|lto_priv)\..*$/, "", s)
      sub(/\.(part|isra|constprop|cold)$/, "", s)
      c[s] += n }
    END { for (f in c) printf "%d\t%s\n", c[f], f }'
  rm -f "$data"
}

# regress_cg_table DIR: "INSTRUCTIONS<TAB>MISPREDICTS<TAB>FUNCTION".
regress_cg_table ()
{
  local f
  for f in "$1"/cg.out.*; do
    [ -f "$f" ] && cg_annotate --threshold=0 "$f" 2>/dev/null
  done | sed -E 's/\( *[0-9.]+%\)//g' | awk '
    $NF ~ /:/ && $1 ~ /^[0-9,]+$/ && NF >= 6 {
      for (i = 1; i <= 5; i++) gsub(",", "", $i)
      fn = $NF; sub(/^.*:/, "", fn)
      sub(/\.(part|isra|constprop|cold|lto_priv)\..*$/, "", fn)
      sub(/\.(part|isra|constprop|cold)$/, "", fn)
      ir[fn] += $1; mp[fn] += $3 + $5 }
    END { for (f in ir) printf "%d\t%d\t%s\n", ir[f], mp[f], f }'
}

# bench_regressions P: the report of program P (in bench_program's scope).
bench_regressions ()
{
  local p=$1 out=$PDIR/regressions.md v=plugin
  [ -n "${ok[O2]:-}" ] && [ -n "${ok[$v]:-}" ] || return 0
  log "$p: regression finder"
  {
    printf '### %s\n\n' "$p"
    if command -v perf >/dev/null \
       && regress_perf_table "${ok[O2]}" >"$PDIR/regress-O2.tsv" \
       && regress_perf_table "${ok[$v]}" >"$PDIR/regress-$v.tsv"; then
      printf 'perf samples per function, -O2 and %s (full workload, one run each; the 8 that grew most):\n\n' "$v"
      printf '| function | -O2 | %s | change |\n|---|---:|---:|---:|\n' "$v"
      awk -F '\t' 'FNR == NR { a[$2] = $1; ta += $1; next }
        { b[$2] = $1; tb += $1 }
        END { for (f in a) if (!(f in b)) b[f] = 0
              for (f in b) printf "%d\t%d\t%d\t%s\n", b[f] - a[f], a[f], b[f], f
              printf "%d\t%d\t%d\t(all)\n", tb - ta, ta, tb > "/dev/stderr" }' \
        "$PDIR/regress-O2.tsv" "$PDIR/regress-$v.tsv" 2>"$PDIR/regress-all.tsv" \
        | sort -t "$(printf '\t')" -k1,1 -n -r | head -8 \
        | awk -F '\t' '{ printf "| `%s` | %d | %d | %+d |\n", $4, $2, $3, $1 }'
      awk -F '\t' '{ printf "| all | %d | %d | %+d |\n", $2, $3, $1 }' "$PDIR/regress-all.tsv"
      echo
    fi
    if [ -d "$PDIR/cg/O2" ] && [ -d "$PDIR/cg/$v" ] && command -v cg_annotate >/dev/null; then
      regress_cg_table "$PDIR/cg/O2" >"$PDIR/regress-cg-O2.tsv"
      regress_cg_table "$PDIR/cg/$v" >"$PDIR/regress-cg-$v.tsv"
      printf 'cachegrind per function (small input; the 6 whose instructions + 20 x mispredicts grew most):\n\n'
      printf '| function | instructions -O2 | %s | mispredicts -O2 | %s |\n|---|---:|---:|---:|---:|\n' "$v" "$v"
      awk -F '\t' 'FNR == NR { ai[$3] = $1; am[$3] = $2; next }
        { bi[$3] = $1; bm[$3] = $2 }
        END { for (f in ai) if (!(f in bi)) { bi[f] = 0; bm[f] = 0 }
              for (f in bi) printf "%d\t%d\t%d\t%d\t%d\t%s\n",
                (bi[f] - ai[f]) + 20 * (bm[f] - am[f]), ai[f], bi[f], am[f], bm[f], f }' \
        "$PDIR/regress-cg-O2.tsv" "$PDIR/regress-cg-$v.tsv" \
        | sort -t "$(printf '\t')" -k1,1 -n -r | head -6 \
        | awk -F '\t' '{ printf "| `%s` | %d | %d | %d | %d |\n", $6, $2, $3, $4, $5 }'
      echo
    fi
    local log=$PDIR/$v/build-$v.log
    if [ -f "$log" ] && grep -q 'not hot: [0-9]* lines' "$log"; then
      awk '/afdo: .*: not hot: [0-9]+ lines with/ { n += $(NF - 10); s += $(NF - 7) }
           END { printf "check-hot: %d sampled lines compiled for size, %d samples in all%s\n\n",
                 n, s, n ? "; the largest:" : "." }' "$log"
      grep -E 'afdo: .*: not hot: .*: line [0-9]+: [0-9]+ samples' "$log" \
        | sed -E 's/^afdo: ([^:]*): not hot: ([^:]*): line ([0-9]+): ([0-9]+) samples(.*)$/\4\t\1:\3 (\2)\5/' \
        | sort -t "$(printf '\t')" -k1,1 -n -r | head -5 \
        | awk -F '\t' '{ printf "- %s samples: %s\n", $1, $2 }'
      echo
    fi
  } >"$out"
}
