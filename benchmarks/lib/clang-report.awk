# afdo benchmarks: the table of benchmarks/clang.sh, from its records.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: awk -F '\t' -f clang-report.awk records.tsv > clang.md

# Quantile P (type 7) of the N sorted values in V.
function quant(v, n, p,   h, lo)
{
  h = (n - 1) * p + 1
  lo = int(h)
  if (lo >= n)
    return v[n]
  return v[lo] + (h - lo) * (v[lo + 1] - v[lo])
}

function sort(v, n,   i, j, x)
{
  for (i = 2; i <= n; i++) {
    x = v[i]
    for (j = i - 1; j >= 1 && v[j] > x; j--)
      v[j + 1] = v[j]
    v[j + 1] = x
  }
}

function share(x, ceiling)
{
  if (ceiling < 0.002)
    return "–"
  return sprintf("%.0f %%", 100 * x / ceiling)
}

$1 == "meta" { meta[$2] = $3; next }
$1 == "status" { if (!(($2, $3) in status) || $4 == "na") { status[$2, $3] = $4; why[$2, $3] = $5 }
                 progs[$2] = 1; next }
$1 == "time" { cpu[$2, $3, $4] = $5; rounds[$2, $3] = 1; progs[$2] = 1; next }
$1 == "cg" { ir[$2, $3] = $4; br[$2, $3] = $5; mp[$2, $3] = $6; next }
$1 == "compile" { comp[$2, $3] = $5; next }
$1 == "profile" { prof[$2, $3] = $4 "\t" $5 "\t" $6 "\t" $7; next }
$1 == "samples" { samples[$2] = $3; next }
$1 == "aranges" { aranges[$2] = $3; next }

END {
  nv = split("O2 pgo afdo afdo-profi profgen profgen-profi profgen-sums-profi", vs, " ")
  desc["O2"] = "clang `" meta["cflags"] "`; the binary profiled"
  desc["pgo"] = "instrumented PGO: `-fprofile-instr-generate`, the same workload, `-fprofile-instr-use`"
  desc["afdo"] = "`-fprofile-sample-use=` afdo-convert `--format=text` of the samples"
  desc["afdo-profi"] = "the same, `-fsample-profile-use-profi`"
  desc["profgen"] = "`-fprofile-sample-use=` llvm-profgen `--leading-ip-only` of the same samples"
  desc["profgen-profi"] = "the same, `-fsample-profile-use-profi`"
  desc["profgen-sums-profi"] = "llvm-profgen's profile with every total replaced by the sum of its counts (`afdo-dump` writes it so), `-fsample-profile-use-profi`: llvm-profgen counts a total in samples times instruction bytes (its positions are those of afdo's profile, and its samples of line 0), and LLVM's sample loader judges inline instances hot by their totals"

  print "# afdo benchmarks: clang 19 with afdo's text profile"
  print ""
  print "Written by `benchmarks/clang.sh` (`make bench-clang`) from its records"
  print "(`clang.tsv`); nothing here is typed by hand."
  print ""
  print "| | |"
  print "|---|---|"
  print "| date | " meta["date"] " |"
  print "| commit | " meta["commit"] (meta["dirty"] != "" ? " (changed: " meta["dirty"] ")" : "") " |"
  print "| machine | " meta["cpu"] ", " meta["nproc"] " CPUs |"
  print "| compiler | " meta["clang"] " |"
  print "| base flags | `" meta["cflags"] "` |"
  print "| samples | " meta["perf"] ", the full workload, on the O2 binary |"
  print "| rounds | " meta["pairs"] " (every variant once per round, rotating order) |"
  print "| load average | start " meta["load_start"] ", end " meta["load_end"] " |"
  print ""
  for (i = 1; i <= nv; i++)
    print "- **" vs[i] "**: " desc[vs[i]]
  print ""
  for (p in progs) {
    # Per-round ratios to the O2 run of the same round.
    for (i = 1; i <= nv; i++) {
      v = vs[i]; n = 0
      delete a
      for (r = 0; r < 1000; r++)
        if ((p, r, v) in cpu && (p, r, "O2") in cpu && cpu[p, r, "O2"] > 0)
          a[++n] = cpu[p, r, v] / cpu[p, r, "O2"]
      cnt[v] = n
      if (n) {
        sort(a, n)
        med[v] = quant(a, n, 0.5); q1[v] = quant(a, n, 0.25); q3[v] = quant(a, n, 0.75)
        lo[v] = a[1]; hi[v] = a[n]
      }
      n = 0
      delete a
      for (r = 0; r < 1000; r++)
        if ((p, r, v) in cpu)
          a[++n] = cpu[p, r, v]
      if (n) { sort(a, n); secs[v] = quant(a, n, 0.5) }
    }
    print "## " p
    print ""
    print "Samples: " samples[p] "; `.debug_aranges` sections in the O2 binary: " aranges[p] "."
    print ""
    print "Run time: CPU seconds (user + system) of the full workload; ratio to the O2 run of the same round."
    print ""
    print "| variant | median CPU s | ratio to O2 (median) | IQR | min – max | speedup | share of PGO's gain |"
    print "|---|---|---|---|---|---|---|"
    gain = ("pgo" in med) ? 1 - med["pgo"] : 0
    for (i = 1; i <= nv; i++) {
      v = vs[i]
      if (status[p, v] == "na" || !cnt[v]) {
        printf "| %s | not available: %s | | | | | |\n", v, why[p, v]
        continue
      }
      printf "| %s | %.3f | %.3f | %.3f – %.3f | %.3f – %.3f | %+.1f %% | %s |\n", v, secs[v],
        med[v], q1[v], q3[v], lo[v], hi[v], 100 * (1 / med[v] - 1),
        (v == "O2" || v == "pgo") ? "" : share(1 - med[v], gain)
    }
    print ""
    print "Instructions and branch mispredictions on the small input (cachegrind, copies of the binaries without debug information):"
    print ""
    print "| variant | instructions | ratio to O2 | share of PGO's reduction | mispredicts | ratio to O2 |"
    print "|---|---|---|---|---|---|"
    for (i = 1; i <= nv; i++) {
      v = vs[i]
      if (!((p, v) in ir)) { printf "| %s | – | | | | |\n", v; continue }
      red = ((p, "pgo") in ir) ? ir[p, "O2"] - ir[p, "pgo"] : 0
      printf "| %s | %.0f | %.4f | %s | %.0f | %.3f |\n", v, ir[p, v], ir[p, v] / ir[p, "O2"],
        (v == "O2" || v == "pgo") ? "" : (red > 0 ? sprintf("%.0f %%", 100 * (ir[p, "O2"] - ir[p, v]) / red) : "–"),
        mp[p, v], mp[p, "O2"] ? mp[p, v] / mp[p, "O2"] : 0
    }
    print ""
    print "Profiles (from the same perf.data):"
    print ""
    print "| profile | sum of top-level totals | functions | converter wall s | converter CPU s |"
    print "|---|---|---|---|---|"
    for (w in prof) {
      split(w, k, SUBSEP)
      if (k[1] != p) continue
      split(prof[w], f, "\t")
      if (f[3] == "-")
        printf "| %s | %s | %s | – | – |\n", k[2], f[1], f[2]
      else
        printf "| %s | %s | %s | %.2f | %.2f |\n", k[2], f[1], f[2], f[3], f[4]
    }
    print ""
    print "Compile CPU seconds (whole program, `make -j2`):"
    print ""
    line = "|"; sep = "|"
    for (i = 1; i <= nv; i++) if ((p, vs[i]) in comp) { line = line " " vs[i] " |"; sep = sep "---|" }
    print line; print sep
    line = "|"
    for (i = 1; i <= nv; i++) if ((p, vs[i]) in comp) line = line sprintf(" %.1f |", comp[p, vs[i]])
    print line
    print ""
  }
}
