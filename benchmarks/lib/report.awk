# afdo benchmarks: the tables of a benchmark run, from run.sh's records.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Run by report.sh: awk -F '\t' -v variants=... -v dat=... -v png=...
# -f markdown.awk -f report.awk.
# Writes the markdown on stdout and the plot data to the file DAT.
# Portable awk (no gawk extensions).

function sort(a, n,   i, j, x)
{
  for (i = 2; i <= n; i++) {
    x = a[i]
    for (j = i - 1; j >= 1 && a[j] > x; j--)
      a[j + 1] = a[j]
    a[j + 1] = x
  }
}
function quant(a, n, q,   h, lo)
{
  h = (n - 1) * q + 1
  lo = int(h)
  if (lo >= n)
    return a[n]
  return a[lo] + (h - lo) * (a[lo + 1] - a[lo])
}
# The head of a table of the programs: FIRST, then a column for each
# variant but O2.
function variant_table_head(first,   k, hdr, sep)
{
  hdr = "| program | " first " |"; sep = "|---|---:|"
  for (k = 2; k <= nv; k++) { hdr = hdr " " V[k] " |"; sep = sep "---:|" }
  table_head(hdr, sep)
}
function pct(x) { return sprintf("%+.1f %%", x) }
# The geometric-mean row of a speedup table: SUM[v] holds the sum of
# the logs of variant v's ratios, N[v] their number.
function geomean_row(sum, n,   k, v, line)
{
  line = "| geometric mean | |"
  for (k = 2; k <= nv; k++) {
    v = V[k]
    line = line " " (n[v] ? pct((exp(-sum[v] / n[v]) - 1) * 100) " (" n[v] " programs)" : "n/a") " |"
  }
  print line
  print ""
}
function na(p, v) { return (p SUBSEP v) in reason ? reason[p, v] : "" }

$1 == "meta" { meta[$2] = $3; next }
$1 == "kind" { if (!($2 in seen)) { seen[$2] = 1; prog[++np] = $2 } kind[$2] = $3; next }
$1 == "status" {
  if (!($2 in seen)) { seen[$2] = 1; prog[++np] = $2 }
  st[$2, $3] = $4
  if ($4 == "na") reason[$2, $3] = $5
  next
}
$1 == "compile" { cwall[$2, $3] = $4; ccpu[$2, $3] = $5; next }
$1 == "profile" {
  psamp[$2] = $3; pbytes[$2] = $4; cvwall[$2] = $5; cvcpu[$2] = $6
  cvrss[$2] = $7; pfbytes[$2] = $8; next
}
$1 == "cg" { ir[$2, $3] = $4; br[$2, $3] = $5; mp[$2, $3] = $6; next }
$1 == "time" { tcpu[$2, $3, $4] = $5; twall[$2, $3, $4] = $6
               if ($3 + 1 > nround[$2]) nround[$2] = $3 + 1; next }
# shift P R S: round R of P ran every variant with S bytes of padding
# ahead of its code.
$1 == "shift" { round_off[$2, $3] = $4
                if (!(($2 SUBSEP $4) in shseen)) { shseen[$2, $4] = 1; shl[$2, ++nsh[$2]] = $4 }
                next }
$1 == "quality" { qv[$2] = $3; qd[$2] = $4; next }
# ceiling-exact / ceiling-instr P V N: the overlap with samples made from
# exact instruction counts (bench_ceiling in run.sh); V "-": N says why.
$1 == "ceiling-exact" { cex[$2] = ($3 == "-") ? "n/a" : $3 " %"; next }
$1 == "ceiling-instr" { cin[$2] = ($3 == "-") ? "n/a" : $3 " %"; next }
# overlap P K N W  PO PM PMW PZ PZW PS  GO ... (see quality.awk)
$1 == "overlap" { if ($3 == "-") ovd[$2] = $4
                  else { ovk[$2] = $3; ovn[$2] = $4; ovw[$2] = $5; ovp[$2] = $6; ovg[$2] = $12 }
                  next }

END {
  nv = split(variants, V, " ")
  # Ratios variant / O2 per round (CPU time, and wall time for reference).
  for (i = 1; i <= np; i++) {
    p = prog[i]
    for (k = 2; k <= nv; k++) {
      v = V[k]; n = 0; nw = 0
      for (r = 0; r < nround[p]; r++)
        if ((p SUBSEP r SUBSEP v) in tcpu && (p SUBSEP r SUBSEP "O2") in tcpu \
            && tcpu[p, r, "O2"] > 0) {
          a[++n] = tcpu[p, r, v] / tcpu[p, r, "O2"]
          w[++nw] = twall[p, r, v] / twall[p, r, "O2"]
        }
      if (n == 0 || st[p, v] != "ok") continue
      sort(a, n); sort(w, nw)
      cnt[p, v] = n
      med[p, v] = quant(a, n, 0.5); q1[p, v] = quant(a, n, 0.25)
      q3[p, v] = quant(a, n, 0.75); mn[p, v] = a[1]; mx[p, v] = a[n]
      wmed[p, v] = quant(w, nw, 0.5)
      sp[p, v] = (1 / med[p, v] - 1) * 100
      splo[p, v] = (1 / q3[p, v] - 1) * 100
      sphi[p, v] = (1 / q1[p, v] - 1) * 100
      gsum[v] += log(med[p, v]); gn[v]++
      # Per code offset: the median ratio of its rounds; their geometric
      # mean weighs every offset alike.
      offs[p, v] = ""; lsum = 0; ln = 0
      for (j = 1; j <= nsh[p]; j++) {
        n = 0
        for (r = 0; r < nround[p]; r++)
          if (round_off[p, r] == shl[p, j] && (p SUBSEP r SUBSEP v) in tcpu \
              && (p SUBSEP r SUBSEP "O2") in tcpu && tcpu[p, r, "O2"] > 0)
            a[++n] = tcpu[p, r, v] / tcpu[p, r, "O2"]
        if (n == 0) continue
        sort(a, n); x = quant(a, n, 0.5)
        offs[p, v] = offs[p, v] (offs[p, v] == "" ? "" : " / ") sprintf("%.3f", x)
        lsum += log(x); ln++
      }
      if (ln > 1) {
        lmean[p, v] = exp(lsum / ln)
        lgsum[v] += lsum / ln; lgn[v]++; any_lmean = 1
      }
    }
    # O2 run time itself, for scale
    n = 0
    for (r = 0; r < nround[p]; r++)
      if ((p SUBSEP r SUBSEP "O2") in tcpu) a[++n] = tcpu[p, r, "O2"]
    if (n) { sort(a, n); o2t[p] = quant(a, n, 0.5) }
  }

  heading("# afdo benchmarks (" meta["mode"] ")")
  para("Written by `benchmarks/run.sh " meta["mode"] "` (`make bench" (meta["mode"] == "quick" ? "-quick" : "") "`); every figure below comes from the harness.")
  table_head("| | |", "|---|---|")
  print "| date | " meta["date"] " |"
  print "| commit | `" meta["commit"] "`" (meta["dirty"] != "" ? " plus uncommitted changes in " meta["dirty"] : "") " |"
  print "| machine | `" meta["uname"] "` |"
  print "| CPUs | " meta["nproc"] " (" meta["cpu"] ") |"
  print "| load average at start / end | " meta["load_start"] " / " meta["load_end"] " |"
  print "| compiler | " meta["gcc"] " |"
  print "| base flags (every variant) | `" meta["cflags"] "` |"
  print "| profiles | " meta["perf"] " on the `" meta["cflags"] "` binary, full workload; `afdo-convert` " meta["convert"] " |"
  print "| plugin | afdo.so " meta["plugin"] "; ablation arguments: `" meta["ablation"] "` |"
  print "| timing rounds | " meta["pairs"] " (every variant once per round, order rotating; each paired with the O2 run of its round" (meta["shifts"] != "" && meta["shifts"] != "0" ? "; code offsets " meta["shifts"] " bytes, rotating" : "") ") |"
  print "| harness run time | " meta["elapsed"] " s |"
  print ""
  para("Variants: **O2** = base flags; **fdo** = instrumented FDO (`-fprofile-generate`, the same workload, `-fprofile-use`), the ceiling; **autofdo** = GCC 12 `-fauto-profile` with our converter's profile; **plugin** = `-fplugin=afdo.so -fplugin-arg-afdo-profile=` the same profile; **plugin-cg** = the plugin with the profile of a second run recorded with `perf record --call-graph dwarf` (indirect-call targets and calling contexts from the call chains); **plugin-cgip** = the plugin with the IP samples of that same run (`afdo-convert --no-callchains`), so plugin-cg against plugin-cgip is what the chains add; **plugin-noinline** = the plugin with the ablation arguments above" (variants ~ / lto/ ? "; **lto** = `-flto=auto`, no profile; **plugin-lto** = the plugin with `-flto=auto`, given to the compilations and to the link (compare it with lto)" : "") ".")

  # Summary
  heading("## Speedup over -O2 (run time)")
  para("Median over the rounds of the per-round ratio of CPU time (user + system) variant / O2; speedup = 1 / median − 1. In parentheses: share of instrumented FDO's speedup captured (shown when FDO gains at least 2 %).")
  variant_table_head("O2 time (s)")
  for (i = 1; i <= np; i++) {
    p = prog[i]
    line = "| " p " | " ((p in o2t) ? sprintf("%.2f", o2t[p]) : "—") " |"
    for (k = 2; k <= nv; k++) {
      v = V[k]
      if ((p SUBSEP v) in med) {
        cell = pct(sp[p, v])
        if (v != "fdo" && (p SUBSEP "fdo") in sp && sp[p, "fdo"] >= 2)
          cell = cell sprintf(" (%.0f %%)", 100 * sp[p, v] / sp[p, "fdo"])
      } else
        cell = "n/a"
      line = line " " cell " |"
    }
    print line
  }
  geomean_row(gsum, gn)

  # The same from the layout means (when the rounds rotated offsets).
  if (any_lmean) {
    heading("### Speedup over -O2, every code offset weighed alike")
    para("1 / layout mean − 1, the layout mean being the geometric mean over the code offsets of the median ratio at each (see Spread).")
    variant_table_head("offsets")
    for (i = 1; i <= np; i++) {
      p = prog[i]
      line = "| " p " | " nsh[p] " |"
      for (k = 2; k <= nv; k++) {
        v = V[k]
        line = line " " ((p SUBSEP v) in lmean ? pct((1 / lmean[p, v] - 1) * 100) : "n/a") " |"
      }
      print line
    }
    geomean_row(lgsum, lgn)
  }

  heading("### Spread")
  if (meta["shifts"] != "" && meta["shifts"] != "0")
    para("The rounds rotate over code offsets: every binary is also linked with " meta["shifts"] " bytes of padding ahead of all its code, and round R runs every variant at the R-th offset (modulo their number). *Per offset*: the median ratio of the rounds at each offset, in that order; *layout mean*: their geometric mean, which weighs every offset alike.")
  table_head("| program | variant | rounds | median ratio | IQR of ratio | min – max | speedup | speedup IQR | median wall-time ratio | per offset | layout mean |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
  for (i = 1; i <= np; i++)
    for (k = 2; k <= nv; k++) {
      p = prog[i]; v = V[k]
      if (!((p SUBSEP v) in med)) continue
      printf "| %s | %s | %d | %.4f | %.4f – %.4f | %.4f – %.4f | %s | %s … %s | %.4f | %s | %s |\n", \
        p, v, cnt[p, v], med[p, v], q1[p, v], q3[p, v], mn[p, v], mx[p, v], \
        pct(sp[p, v]), pct(splo[p, v]), pct(sphi[p, v]), wmed[p, v], \
        (offs[p, v] != "" ? offs[p, v] : "—"), \
        ((p SUBSEP v) in lmean ? sprintf("%.4f", lmean[p, v]) : "—")
    }
  print ""

  heading("## Instructions and mispredicted branches (cachegrind, small input)")
  para("`valgrind --tool=cachegrind --branch-sim=yes --cache-sim=no` on the small workload; deterministic, unlike the clock. Change relative to O2 (negative is better). Share = the variant's instruction reduction as a share of FDO's.")
  table_head("| program | variant | instructions | vs O2 | mispredicts | vs O2 | share of FDO's instruction reduction |", "|---|---|---:|---:|---:|---:|---:|")
  for (i = 1; i <= np; i++)
    for (k = 1; k <= nv; k++) {
      p = prog[i]; v = V[k]
      if (!((p SUBSEP v) in ir)) continue
      o = (p SUBSEP "O2") in ir
      di = o ? pct(100 * (ir[p, v] / ir[p, "O2"] - 1)) : "—"
      dm = o && mp[p, "O2"] > 0 ? pct(100 * (mp[p, v] / mp[p, "O2"] - 1)) : "—"
      if (v == "O2") { di = "—"; dm = "—" }
      share = "—"
      if (v != "O2" && v != "fdo" && o && (p SUBSEP "fdo") in ir && ir[p, "O2"] - ir[p, "fdo"] > 0.01 * ir[p, "O2"])
        share = sprintf("%.0f %%", 100 * (ir[p, "O2"] - ir[p, v]) / (ir[p, "O2"] - ir[p, "fdo"]))
      printf "| %s | %s | %.0f | %s | %.0f | %s | %s |\n", p, v, ir[p, v], di, mp[p, v], dm, share
      cgd[p, v] = o ? 100 * (1 - ir[p, v] / ir[p, "O2"]) : "NaN"
      cgm[p, v] = o && mp[p, "O2"] > 0 ? 100 * (1 - mp[p, v] / mp[p, "O2"]) : "NaN"
    }
  print ""

  heading("## Compile time of the whole program")
  para("CPU seconds (user + system, all compiler processes) of building every source file and linking, `make -j2`; ratio to O2 in parentheses. The fdo column is the `-fprofile-use` build.")
  variant_table_head("O2")
  for (i = 1; i <= np; i++) {
    p = prog[i]
    if (!((p SUBSEP "O2") in ccpu)) continue
    line = sprintf("| %s | %.2f |", p, ccpu[p, "O2"])
    for (k = 2; k <= nv; k++) {
      v = V[k]
      if ((p SUBSEP v) in ccpu && ccpu[p, "O2"] > 0)
        line = line sprintf(" %.2f (%.2f×) |", ccpu[p, v], ccpu[p, v] / ccpu[p, "O2"])
      else
        line = line " n/a |"
    }
    print line
  }
  print ""

  heading("## Profiles")
  table_head("| program | samples | perf.data | afdo-convert wall / CPU | afdo-convert peak RSS | profile size |", "|---|---:|---:|---:|---:|---:|")
  for (i = 1; i <= np; i++) {
    p = prog[i]
    if (!(p in psamp)) { printf "| %s | n/a | | | | |\n", p; continue }
    if (cvwall[p] == "-")
      printf "| %s | %d | %.1f MB | failed | | |\n", p, psamp[p], pbytes[p] / 1e6
    else
      printf "| %s | %d | %.1f MB | %.2f s / %.2f s | %.1f MB | %.1f kB |\n", p, psamp[p], \
        pbytes[p] / 1e6, cvwall[p], cvcpu[p], cvrss[p] / 1024, pfbytes[p] / 1e3
  }
  print ""
  para("The converter against `create_gcov` at several perf.data sizes: `results/converter.md`, written by `benchmarks/converter/`.")

  heading("## Profile quality (block overlap)")
  para("Degree of overlap between the block counts the plugin annotates and the exact counts of instrumented FDO on the same CFG (seed 003 §IV.C: the CSSPGO paper reports 88.2 % for AutoFDO, 92.3 % for CSSPGO), from the plugin's evaluate mode built together with `-fprofile-use`; weighted over functions by their FDO counts.")
  para("The last two columns set the plugin against GCC 12's `-fauto-profile` with the same profile, over the functions whose CFG is the same in both builds and the exact one (`afdo-overlap`; see `results/quality.md`, written by `benchmarks/run.sh quality`, for the method).")
  nce = 0
  for (i = 1; i <= np; i++)
    if ((prog[i] in cex) || (prog[i] in cin)) nce++
  if (nce)
    para("The two ceiling columns are the plugin's overlap with profiles of the same `-O2` binary made from callgrind's exact instruction counts, Poisson samples of retired instructions, as many as perf recorded there (what a PMU's `perf record -e instructions` would give: sampling noise alone), and two million samples in exact proportion to executions (what is lost then is lost between the binary's code and the CFG: lines without discriminators, code the compiler merged or duplicated; `bench_ceiling` in `run.sh`). The first column's cpu-clock samples weigh instructions by their time.")
  table_head("| program | block overlap | note | compared: functions, exact weight | plugin / -fauto-profile |" (nce ? " ceiling: instruction samples | ceiling: exact counts |" : ""), \
             "|---|---:|---|---:|---:|" (nce ? "---:|---:|" : ""))
  for (i = 1; i <= np; i++) {
    p = prog[i]
    cmp = (p in ovk) ? ovk[p] " of " ovn[p] ", " ovw[p] " %" : ((p in ovd) ? ovd[p] : "n/a")
    pg = (p in ovk) ? ovp[p] " % / " ovg[p] " %" : "n/a"
    ce = nce ? sprintf(" %s | %s |", (p in cin) ? cin[p] : "n/a", (p in cex) ? cex[p] : "n/a") : ""
    if (!(p in qv)) { printf "| %s | n/a | not measured | %s | %s |%s\n", p, cmp, pg, ce; continue }
    printf "| %s | %s | %s | %s | %s |%s\n", p, qv[p] == "-" ? "n/a" : qv[p] " %", qd[p], cmp, pg, ce
  }
  print ""

  any = 0
  for (i = 1; i <= np; i++)
    for (k = 1; k <= nv; k++)
      if (na(prog[i], V[k]) != "") {
        if (!any) {
          heading("## Not available")
          table_head("| program | variant | why |", "|---|---|---|")
          any = 1
        }
        r = na(prog[i], V[k]); gsub(/\|/, "\\|", r)
        printf "| %s | %s | %s |\n", prog[i], V[k], r
      }
  if (any) print ""

  print "![speedup per program and variant](" png ")"

  # Plot data: program, then per variant speedup, low, high and the
  # cachegrind instruction reduction.
  printf "program" > dat
  for (k = 2; k <= nv; k++)
    printf "\t%s\t%s_lo\t%s_hi\t%s_ir", V[k], V[k], V[k], V[k] > dat
  printf "\n" > dat
  for (i = 1; i <= np; i++) {
    p = prog[i]
    printf "%s", p > dat
    for (k = 2; k <= nv; k++) {
      v = V[k]
      if ((p SUBSEP v) in sp)
        printf "\t%.3f\t%.3f\t%.3f", sp[p, v], splo[p, v], sphi[p, v] > dat
      else
        printf "\tNaN\tNaN\tNaN" > dat
      printf "\t%s", ((p SUBSEP v) in cgd) ? sprintf("%.3f", cgd[p, v]) : "NaN" > dat
    }
    printf "\n" > dat
  }
  close(dat)
}
