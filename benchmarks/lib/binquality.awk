# afdo benchmarks: benchmarks/results/binquality-COMMIT.md from the
# records of "benchmarks/run.sh binquality" (lib/binquality.sh).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: awk -F '\t' -v models="raw-perf raw norm ..." -f markdown.awk
#            -f binquality.awk RECORDS.tsv
#
# Records used:
#   meta KEY VALUE
#   binq-status P ok|na REASON
#   binq-run P SIZE NATIVE_S CALLGRIND_S SAMPLES IN_BINARY "INSNS IR"
#   binq-fn P MODEL RANK FUNCTION EXACT% OWN%
#   binq P MODEL FNS BIN NFNS SHARE [CONVERT_S|- [FNLEVEL]]
#     or binq P MODEL - REASON

$1 == "meta" { meta[$2] = $3; next }
$1 == "binq-status" {
  if (!($2 in seen)) { seen[$2] = 1; prog[np++] = $2 }
  status[$2] = $3; why[$2] = $4; next
}
$1 == "binq-run" {
  if (!($2 in seen)) { seen[$2] = 1; prog[np++] = $2 }
  size[$2] = $3; native[$2] = $4; cgt[$2] = $5; samples[$2] = $6
  insamples[$2] = $7; split($8, a, " "); insns[$2] = a[1]; ir[$2] = a[2]
  next
}
$1 == "binq-fn" {
  # binq-fn P MODEL RANK FUNCTION EXACT% OWN%
  if (!(($2, $4) in fname)) { fname[$2, $4] = $5; fexact[$2, $4] = $6; if ($4 > nfn[$2]) nfn[$2] = $4 }
  fown[$2, $5, $3] = $7
  next
}
$1 == "binq" {
  if (!($2 in seen)) { seen[$2] = 1; prog[np++] = $2 }
  k = $2 SUBSEP $3
  if ($4 == "-") { na[k] = $5; next }
  fns[k] = $4; bin[k] = $5; nf[k] = $6; share[k] = $7
  if ($9 != "") fnl[k] = $9
  next
}

function cell(p, m, which,    k)
{
  k = p SUBSEP m
  if (which == "fnl") return (k in fnl) ? sprintf("%.1f", fnl[k]) : "n/a"
  if (k in fns) return sprintf("%.1f", which == "bin" ? bin[k] : fns[k])
  if ((k in na) && !(k in listed)) { listed[k] = 1; nas[na[k]] = nas[na[k]] " " p "/" m }
  if (k in na) return "n/a"
  return "n/a"
}

function table(which, title,    i, j, h, s, row, c, sum, cnt, n)
{
  heading("## " title)
  h = "| program |"; s = "|---|"
  for (j = 0; j < nm; j++) { h = h " " mod[j] " |"; s = s "---:|"; sum[j] = 0; cnt[j] = 0 }
  table_head(h, s)
  n = 0
  for (i = 0; i < np; i++) {
    if (status[prog[i]] != "ok") continue
    n++
    row = "| " prog[i] " |"
    for (j = 0; j < nm; j++) {
      c = cell(prog[i], mod[j], which)
      if (c != "n/a") { sum[j] += c; cnt[j]++ }
      row = row " " c " |"
    }
    print row
  }
  # The mean, where every program has a figure.
  row = "| mean of " n " |"
  for (j = 0; j < nm; j++)
    row = row " " (cnt[j] == n && n > 0 ? sprintf("%.1f", sum[j] / n) : "n/a") " |"
  if (n > 1) print row
  print ""
}

END {
  nm = split(models, mm, " ")
  for (j = 1; j <= nm; j++) mod[j - 1] = mm[j]
  heading("# Binary-level execution counts against callgrind's exact counts")
  para("Written by `benchmarks/run.sh binquality` (`lib/binquality.sh`) at commit `" meta["commit"] "`" \
       (meta["dirty"] != "" ? " (changed: " meta["dirty"] ")" : "") ", " meta["date"] \
       "; " meta["gcc"] ", `" meta["cflags"] "`; " meta["nproc"] " CPUs: " meta["cpu"] ".")
  para("Per program one binary, profiled with `" meta["perf"] "` and run under `valgrind --tool=callgrind --dump-instr=yes` " \
       "on the same workload (both runs print the same digest).  Each figure is the degree of overlap (seed 002, Section 3.3) " \
       "of an estimate of per-instruction executions with callgrind's self Ir per instruction: both normalized to " \
       "distributions, the sum of min (p_i, q_i), in %.  `raw-perf` is the IP samples as they are (`afdo-binoverlap --raw-perf`); " \
       "the other columns are `afdo-convert --exec-model=M --insn-counts=FILE` of the same perf.data.  " \
       "Converter: `" meta["convert"] "`, " meta["convert_id"] "; execution models it takes: " meta["exec_models"] ".")
  table("fns", "Over the instructions of the functions each estimate lists")
  table("bin", "Over every instruction of the binary")
  para("The function-level overlap (seed 002, Section 6.1: the same measure of the functions' totals) bounds what " \
       "moving counts within functions can reach.")
  table("fnl", "Function-level overlap")
  heading("## The hottest functions")
  para("Per program, the functions with most executions (callgrind), their share of the executions, and the overlap " \
       "of each estimate within each of them (both sides normalized over the function alone); \"-\": not in the estimate.")
  h = "| program | function | exact % |"; s = "|---|---|---:|"
  for (j = 0; j < nm; j++) { h = h " " mod[j] " |"; s = s "---:|" }
  table_head(h, s)
  for (i = 0; i < np; i++) {
    p = prog[i]
    if (status[p] != "ok") continue
    for (r = 1; r <= nfn[p]; r++) {
      row = "| " p " | " fname[p, r] " | " fexact[p, r] " |"
      for (j = 0; j < nm; j++) {
        v = ((p, fname[p, r], mod[j]) in fown) ? fown[p, fname[p, r], mod[j]] : "n/a"
        row = row " " (v == "" ? "-" : v) " |"
      }
      print row
    }
  }
  print ""
  heading("## Runs")
  table_head("| program | workload | native CPU s | callgrind s | samples | in the binary | instructions run | Ir of the binary | share of the functions of raw-perf |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|")
  for (i = 0; i < np; i++) {
    p = prog[i]
    if (status[p] != "ok") continue
    k = p SUBSEP "raw-perf"
    printf "| %s | %s | %.2f | %.0f | %s | %s | %s | %s | %s |\n", p, size[p], native[p], cgt[p],
      samples[p], insamples[p], insns[p], ir[p], (k in share) ? share[k] "%" : "-"
  }
  print ""
  for (i = 0; i < np; i++)
    if (status[prog[i]] != "ok")
      print "- " prog[i] ": not measured: " why[prog[i]]
  for (r in nas) print "- n/a (" substr(nas[r], 2) "): " r
  print ""
  para("Elapsed: " meta["elapsed"] " s; load " meta["load_start"] " at the start, " meta["load_end"] " at the end.")
}
