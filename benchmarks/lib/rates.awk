# afdo benchmarks: the tables of benchmarks/rates.sh's records (ratios to -O2).
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: awk -F '\t' -f rates.awk records.tsv
# Prints two markdown tables, instructions and mispredicted branches,
# one row per program in the order met: -O2's count in millions, then
# each plugin variant's count over -O2's (old and new at each rate, the
# rates in the order met), and the samples of each rate's profile; a
# last row holds each column's geometric mean.

$1 == "samples" {
  if (!($3 in seenf)) { seenf[$3] = 1; freqs[nf++] = $3 }
  samples[$2, $3] = $4
}
$1 == "cg" {
  if (!($2 in seenp)) { seenp[$2] = 1; progs[np++] = $2 }
  ir[$2, $3] = $4; mp[$2, $3] = $6
}
$1 == "status" { status[$2, $3] = $5 }

# cell P V A: V's count over O2's in array A, or why there is none.
function cell(p, v, a,    o, x)
{
  o = (a == "ir") ? ir[p, "O2"] : mp[p, "O2"]
  x = (a == "ir") ? ir[p, v] : mp[p, v]
  if (x == "" || o == "" || o == 0)
    return ((p, v) in status) ? "n/a" : ""
  return sprintf("%.3f", x / o)
}

function table(a, title,    i, j, k, p, line, pl, sum, n, x)
{
  line = "| program | -O2 " title " (M)"
  for (j = 0; j < nf; j++)
    for (k = 0; k < 2; k++)
      line = line " | " (k ? "new" : "old") " plugin, " freqs[j] / 1000 " kHz"
  line = line " | samples"
  for (j = 0; j < nf; j++)
    line = line (j ? " / " : " ") freqs[j] / 1000 " kHz"
  print line " |"
  line = "|---|---:"
  for (j = 0; j < 2 * nf + 1; j++)
    line = line "|---:"
  print line "|"
  for (i = 0; i < np; i++) {
    p = progs[i]
    line = sprintf("| %s | %.2f", p,
                   ((a == "ir") ? ir[p, "O2"] : mp[p, "O2"]) / 1e6)
    for (j = 0; j < nf; j++)
      for (k = 0; k < 2; k++) {
        pl = (k ? "new-" : "old-") freqs[j]
        line = line " | " cell(p, pl, a)
      }
    line = line " | "
    for (j = 0; j < nf; j++)
      line = line (j ? " / " : "") samples[p, freqs[j]]
    print line " |"
  }
  # The geometric mean of each plugin column over the programs it has.
  line = "| geometric mean | "
  for (j = 0; j < nf; j++)
    for (k = 0; k < 2; k++) {
      pl = (k ? "new-" : "old-") freqs[j]
      sum = 0; n = 0
      for (i = 0; i < np; i++)
        if ((x = cell(progs[i], pl, a)) + 0 > 0) { sum += log(x); n++ }
      line = line " | " (n ? sprintf("%.3f", exp(sum / n)) : "")
    }
  print line " | |"
}

END {
  table("ir", "instructions")
  print ""
  table("mp", "mispredicts")
}
