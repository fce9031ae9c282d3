# afdo benchmarks: benchmarks/results/quality.md from the records of
# "benchmarks/run.sh quality".
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: awk -F '\t' -f markdown.awk -f quality.awk RECORDS.tsv >quality.md
#
# Records used:
#   meta KEY VALUE
#   status P V na REASON
#   profile P SAMPLES ...
#   quality P PERCENT|- DETAIL         (evaluate mode, all functions)
#   samecode P yes|no DETAIL
#   overlap P K N W  PO PM PMW PZ PZW PS  GO GM GMW GZ GZW GS
#     (plugin: evaluate build's counts; G: -fauto-profile) or
#   overlap P - REASON; overlap-build: the same with the plugin's own build;
#   overlap-heads: the evaluate build's counts against -fauto-profile with
#   the head counts of the profile filled in (a diagnostic)
#   ceiling-instr / ceiling-exact P PERCENT|- DETAIL  (evaluate mode with
#   profiles made from exact instruction counts: bench_ceiling in run.sh)

$1 == "meta" { meta[$2] = $3; next }
$1 == "kind" { if (!($2 in seen)) { seen[$2] = 1; prog[++np] = $2 }; next }
$1 == "status" && $4 == "na" { if (!($2 in why)) why[$2] = $3 ": " $5; next }
$1 == "profile" { samples[$2] = $3; next }
$1 == "quality" { qv[$2] = $3; qd[$2] = $4; next }
$1 == "ceiling-exact" { cex[$2] = ($3 == "-") ? "n/a (" $4 ")" : $3 " %"; next }
$1 == "ceiling-instr" { cin[$2] = ($3 == "-") ? "n/a (" $4 ")" : $3 " %"; next }
$1 == "samecode" { sc[$2] = $3; scd[$2] = $4; next }
$1 == "overlap" || $1 == "overlap-build" || $1 == "overlap-heads" {
  k = $1 == "overlap" ? 1 : $1 == "overlap-build" ? 2 : 3
  if ($3 == "-") { ovwhy[k, $2] = $4; next }
  ok[k, $2] = 1
  for (i = 3; i <= NF; i++) F[k, $2, i - 2] = $i
  next
}

# Field I of record kind K of program P.
function f(k, p, i) { return F[k, p, i] }

function table(k, label,   i, p) {
  print "| program | compared: functions, exact weight | " label " | -fauto-profile | misses " label " / -fauto-profile (weight) | all-zero functions " label " / -fauto-profile (weight) |"
  print "|---|---:|---:|---:|---:|---:|"
  for (i = 1; i <= np; i++) {
    p = prog[i]
    if ((k, p) in ok)
      printf "| %s | %s of %s, %s %% | %s %% | %s %% | %s / %s (%s %% / %s %%) | %s / %s (%s %% / %s %%) |\n", p,
        f(k, p, 1), f(k, p, 2), f(k, p, 3), f(k, p, 4), f(k, p, 10),
        f(k, p, 5), f(k, p, 11), f(k, p, 6), f(k, p, 12),
        f(k, p, 7), f(k, p, 13), f(k, p, 8), f(k, p, 14)
    else
      printf "| %s | n/a | n/a | n/a | %s | |\n", p, ((k, p) in ovwhy) ? ovwhy[k, p] : "not measured"
  }
  print ""
}

END {
  heading("# Profile quality: block overlap with the exact counts")
  para("Written by `benchmarks/run.sh quality` (`benchmarks/lib/quality.awk`); no figure here is typed by hand.")
  printf "- date: %s\n", meta["date"]
  printf "- commit: %s%s\n", meta["commit"], meta["dirty"] != "" ? " (uncommitted changes in: " meta["dirty"] ")" : ""
  printf "- machine: %s; %s CPUs (%s)\n", meta["uname"], meta["nproc"], meta["cpu"]
  printf "- compiler: %s; base flags `%s`\n", meta["gcc"], meta["cflags"]
  printf "- profiles: %s, converted by afdo-convert\n", meta["perf"]
  print ""
  para("The metric is the block overlap of seed 003, Section IV.C: per function, the sum over its basic blocks of min(f/Σf, gt/Σgt), f the block counts derived from the sampled profile, gt the exact counts of instrumented FDO (`-fprofile-generate`, the same workload, `-fprofile-use`).  A program's figure weighs each function by its exact block count sum Σgt (the seed weighs by Σf, which would let a method drop the functions it gives no counts from its own figure).  A function the sampled profile gives no counts is a miss: overlap 0 at its full weight.  Functions the instrumented run never entered weigh nothing.")
  print "- **evaluate**: the plugin's evaluate mode (`-fprofile-use -fplugin-arg-afdo-evaluate`): the plugin's annotation and propagation on the exact CFG of every function, starting from the static estimate as the normal mode does, the exact counts restored afterwards.  Every function that ran."
  print "- **plugin** against **-fauto-profile**: GCC 12's own `-fauto-profile` build with the same profile writes the block counts it ends with (`-fplugin-arg-afdo-counts=FILE`, at GCC's `profile` pass slot); the evaluate build writes the exact counts and the plugin's (`counts=FILE`, `evaluate=FILE`), on the CFG as it was before `profile` with the blocks `profile` adds on edges left out; `build/afdo-overlap` compares both with the exact counts over the functions whose CFG has the same shape (every block's successors) in all builds.  GCC's AutoFDO pass inlines early and promotes indirect calls before it annotates, and `-fprofile-use` transforms some calls by value profiles (those functions are *unmatched*), so some functions' CFGs differ: *compared* says how many functions and what share of the exact weight the comparison covers.  *all-zero*: functions with profile counts that are all zero."
  para("- **same code**: the objects of the evaluate build equal those of `-fprofile-use` alone (debug sections stripped, as they record the command line).")
  heading("### Evaluate mode: the plugin on the exact CFG, every function that ran")
  para("The ceilings: the same evaluate build with profiles of the same `-O2` binary made from callgrind's exact instruction counts over the full workload (`bench_ceiling` in `run.sh`, `lib/ceiling.awk`).  *Instruction samples*: as many samples as perf recorded in the binary, a Poisson number per instruction in proportion to its executions, as sampling retired instructions with a PMU would give (sampling noise, no time bias).  *Exact counts*: two million samples in exact proportion to executions; what is still lost is lost between the binary's code and the CFG (lines without discriminators, code the compiler merged or duplicated, inlining).  The profile's own cpu-clock samples weigh each instruction by its time as well.")
  table_head("| program | samples | block overlap (functions) | ceiling: instruction samples | ceiling: exact counts | same code as -fprofile-use |", "|---|---:|---:|---:|---:|---|")
  for (i = 1; i <= np; i++) {
    p = prog[i]
    ev = "n/a"
    if (p in qv) ev = qv[p] == "-" ? "n/a (" qd[p] ")" : qv[p] " % (" qd[p] ")"
    else if (p in why) ev = "n/a (" why[p] ")"
    printf "| %s | %s | %s | %s | %s | %s |\n", p, (p in samples) ? samples[p] : "n/a", ev,
      (p in cin) ? cin[p] : "n/a", (p in cex) ? cex[p] : "n/a", (p in sc) ? sc[p] : "n/a"
  }
  print ""
  heading("### The plugin against GCC 12's -fauto-profile, same profile, functions of the same CFG")
  para("The plugin's counts are those of the evaluate build (the CFG of the `-fprofile-use` build, which has the early pipeline of `-fauto-profile`: both set `-fbranch-probabilities`, which turns off early function splitting).")
  table(1, "plugin")
  better = worse = 0
  for (i = 1; i <= np; i++) {
    p = prog[i]
    if (!((1, p) in ok)) continue
    if (f(1, p, 4) + 0 >= f(1, p, 10) + 0) better++
    else { worse++; wl = wl " " p " (" f(1, p, 4) " % against " f(1, p, 10) " %)" }
  }
  printf "The plugin's overlap is at least -fauto-profile's on %d of %d programs measured", better, better + worse
  if (worse) printf "; lower on:%s", wl
  para(".")
  heading("### The same with the plugin's own build (`-fplugin-arg-afdo-profile`, no `-fprofile-use`)")
  para("Its early pipeline differs (early function splitting runs), so fewer functions have the same CFG in all three builds.")
  table(2, "plugin build")
  heading("### Why -fauto-profile has so many all-zero functions: a diagnostic")
  para("GCC 12's `afdo` pass sets a function's cgraph count to the profile's head count, and the CFG cleanup that follows (`execute_fixup_cfg`) scales every block by that count over the entry block's count.  A profile of IP samples has no head counts (every head is 0), so every function whose entry block the propagation gave a count is scaled to all zeros.  Here the same profile with each head count of 0 replaced by the function's total (large enough that the scaling only multiplies; a function's overlap does not depend on the scale of its counts) goes through `-fauto-profile` again.  This is not the profile either method was given; it shows what GCC's annotation itself achieves.")
  table(3, "plugin")
  any = 0
  for (i = 1; i <= np; i++) {
    p = prog[i]
    if ((p in sc) && sc[p] != "yes") {
      if (!any) print "Evaluate builds whose code differs from `-fprofile-use` alone:"
      any = 1
      printf "- %s: %s\n", p, scd[p]
    }
  }
  if (any) print ""
  para("Functions not compared because their CFG differs from the exact build's (plugin evaluate / -fauto-profile; plugin build / -fauto-profile):")
  for (i = 1; i <= np; i++) {
    p = prog[i]
    if ((1, p) in ok) printf "- %s: %s / %s; %s / %s\n", p, f(1, p, 9), f(1, p, 15), f(2, p, 9), f(2, p, 15)
  }
  print ""
  printf "Raw records: `results/quality.tsv`; per-function lists: `benchmarks/work/run/quality/P/quality/overlap.txt` (not committed).\n"
}
