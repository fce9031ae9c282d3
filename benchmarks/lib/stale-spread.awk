# afdo benchmarks: the release pairs of several runs of stale.sh, each
# with its own recordings (STALE_RECORDINGS): per pair and recording the
# instruction gains against -O2 of the fresh profile, the stale one and
# the stale one without the matcher, then their means and what survives
# of the mean fresh gain.  Input: the runs' .tsv files.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).

FNR == 1 { run++ }
$1 == "pair" && !($2 in seen) { seen[$2] = 1; order[np++] = $2; rel[$2] = $3 " " $5 }
$1 == "cg" { ins[run, $2, $3] = $4 }
$1 == "matched" && $6 > 0 { matched[run, $2, $3] = 100 * $4 / $6 }
$1 == "meta" && $2 == "commit" { commit[run] = $3 }
$1 == "meta" && $2 == "plugin" { plugin[run] = $3 " " $4 " " $5 }

function gain(r, p, v) {
  if (!((r, p, "O2") in ins) || !((r, p, v) in ins) || ins[r, p, "O2"] == 0)
    return ""
  return 100 * (1 - ins[r, p, v] / ins[r, p, "O2"])
}
function fmt(x) { return x == "" ? "" : sprintf("%+.2f %%", x) }

END {
  printf "# Stale profiles over %d recordings per release (%s)\n\n", run, name
  printf "Written by `benchmarks/stale.sh` with `STALE_RECORDINGS=%d` " \
         "(`lib/stale-spread.awk`): the release pairs %d times, each time " \
         "with new recordings of both releases (`%s-r1` ... `%s-r%d`, " \
         "their own reports beside this one).  Gains are cachegrind's " \
         "instructions on the small workload against -O2 (1 - variant / " \
         "O2), so only the recordings vary.\n\n", run, run, name, name, run
  for (r = 1; r <= run; r++)
    printf "- recording %d: commit `%s`, plugin %s\n", r, commit[r], plugin[r]
  printf "\n| pair | recording | fresh | stale | stale-nomatch | fdo | stale matched | fresh matched |\n"
  printf "|---|---:|---:|---:|---:|---:|---:|---:|\n"
  for (i = 0; i < np; i++) {
    p = order[i]
    nf = ns = nn = 0; sf = ss = sn = 0
    for (r = 1; r <= run; r++) {
      f = gain(r, p, "fresh"); st = gain(r, p, "stale"); n = gain(r, p, "stale-nomatch")
      printf "| %s | %d | %s | %s | %s | %s | %s | %s |\n", p, r, fmt(f), fmt(st),
        fmt(n), fmt(gain(r, p, "fdo")),
        ((r, p, "stale") in matched) ? sprintf("%.1f %%", matched[r, p, "stale"]) : "",
        ((r, p, "fresh") in matched) ? sprintf("%.1f %%", matched[r, p, "fresh"]) : ""
      if (f != "") { sf += f; nf++; pf[rel[p]] += f; pn[rel[p]]++ }
      if (st != "") { ss += st; ns++ }
      if (n != "") { sn += n; nn++ }
    }
    mf = nf ? sf / nf : ""; ms = ns ? ss / ns : ""; mn = nn ? sn / nn : ""
    nrec[p] = nf; mstale[p] = ms; mnom[p] = mn
    printf "| %s | **mean** | **%s** | **%s** | **%s** | | | |\n", p, fmt(mf), fmt(ms), fmt(mn)
    surv[p] = (mf != "" && ms != "" && mf > 0) ? sprintf("%.0f %%", 100 * ms / mf) : "n/a"
    survn[p] = (mf != "" && mn != "" && mf > 0) ? sprintf("%.0f %%", 100 * mn / mf) : "n/a"
  }
  printf "\n| pair | survives with the matcher (mean stale / mean fresh) | without it |\n|---|---:|---:|\n"
  for (i = 0; i < np; i++)
    printf "| %s | %s | %s |\n", order[i], surv[order[i]], survn[order[i]]

  # Pairs that build the same release build the same program with its
  # own profile: their fresh builds are recordings of one thing, and
  # their mean over every such recording is the steadier reference.
  shared = 0
  for (i = 0; i < np; i++)
    if (pn[rel[order[i]]] > nrec[order[i]]) shared = 1
  if (!shared)
    exit
  printf "\nThe fresh builds of pairs that build the same release are the same " \
         "program built from different recordings of it; against their mean " \
         "over all those recordings:\n\n"
  printf "| pair | recordings of the new release | its mean fresh gain | survives with the matcher | without it |\n"
  printf "|---|---:|---:|---:|---:|\n"
  for (i = 0; i < np; i++) {
    p = order[i]; k = rel[p]; m = pf[k] / pn[k]
    printf "| %s | %d | %s | %s | %s |\n", p, pn[k], fmt(m),
      (m > 0 && mstale[p] != "") ? sprintf("%.0f %%", 100 * mstale[p] / m) : "n/a",
      (m > 0 && mnom[p] != "") ? sprintf("%.0f %%", 100 * mnom[p] / m) : "n/a"
  }
}
