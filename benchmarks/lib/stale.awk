# afdo benchmarks: the report of benchmarks/stale.sh, from its records.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: awk -F '\t' -v name=NAME -f markdown.awk -f stale.awk records.tsv
# Records (tab-separated; stale.sh writes them):
#   meta K V; pair P PROG OLD NEW; diffstat P FILES INS DEL;
#   numstat P FILE INS DEL; profile P stale|fresh PERF_SAMPLES TOTAL;
#   matched P V M S T TU_M TU_S; unit P V FILE S M; fn P V NAME FILE S M;
#   status P V ok|na|fail WHY; cg P V IR BR MP; shift P R S;
#   time P R V CPU WALL.
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
function pct(x) { return sprintf("%+.1f %%", x * 100) }
# share S of F: "x % (S of F)"
function share(s, f) { return (f > 0) ? sprintf("%.1f %% (%d of %d)", 100 * s / f, s, f) : "" }
# what survives: stale gain over fresh gain, or why it has no meaning
function survives(gs, gf)
{
  if (gs == "" || gf == "") return "n/a"
  if (gf <= 0) return "n/a (fresh gains nothing)"
  return sprintf("%.0f %%", 100 * gs / gf)
}

$1 == "meta" { meta[$2] = $3; next }
$1 == "pair" { pairs[np++] = $2; prog[$2] = $3; old[$2] = $4; new[$2] = $5; next }
$1 == "diffstat" { dfiles[$2] = $3; dins[$2] = $4; ddel[$2] = $5; next }
$1 == "numstat" { nins[$2, $3] = $4; ndel[$2, $3] = $5; next }
$1 == "profile" { psamp[$2, $3] = $4; ptotal[$2, $3] = $5; next }
$1 == "matched" { mm[$2, $3] = $4; ms[$2, $3] = $5; mt[$2, $3] = $6
                  tum[$2, $3] = $7; tus[$2, $3] = $8; next }
$1 == "unit" { us[$2, $3, $4] = $5; um[$2, $3, $4] = $6
               if (!(($2 SUBSEP $4) in useen)) { useen[$2, $4] = 1; ul[$2, ++nu[$2]] = $4 }
               next }
$1 == "fn" { fs[$2, $3, $4] = $6; fm[$2, $3, $4] = $7; ff[$2, $3, $4] = $5
             if ($3 == "stale") fl[$2, ++nfn[$2]] = $4
             next }
$1 == "status" { st[$2, $3] = $4; why[$2, $3] = $5; next }
$1 == "cg" { ir[$2, $3] = $4; mp[$2, $3] = $6; next }
$1 == "time" { t[$2, $3, $4] = $5; if ($3 + 1 > nround[$2]) nround[$2] = $3 + 1; next }

END {
  nv = split("O2 stale stale-nomatch fresh fdo", V, " ")
  for (i = 0; i < np; i++) {
    p = pairs[i]
    for (k = 1; k <= nv; k++) {
      v = V[k]; n = 0; s = 0
      for (r = 0; r < nround[p]; r++)
        if ((p SUBSEP r SUBSEP v) in t && (p SUBSEP r SUBSEP "O2") in t && t[p, r, "O2"] > 0) {
          a[++n] = t[p, r, v] / t[p, r, "O2"]; s += a[n]
        }
      if (n > 0 && st[p, v] == "ok") {
        sort(a, n)
        cnt[p, v] = n; med[p, v] = quant(a, n, 0.5); mean[p, v] = s / n
        q1[p, v] = quant(a, n, 0.25); q3[p, v] = quant(a, n, 0.75)
        gt[p, v] = 1 - med[p, v]
      }
      if (st[p, v] == "ok" && ir[p, v] != "" && ir[p, "O2"] > 0) {
        irr[p, v] = ir[p, v] / ir[p, "O2"]; gi[p, v] = 1 - irr[p, v]
        if (mp[p, "O2"] > 0) mpr[p, v] = mp[p, v] / mp[p, "O2"]
      }
    }
    n = 0
    for (r = 0; r < nround[p]; r++)
      if ((p SUBSEP r SUBSEP "O2") in t) a[++n] = t[p, r, "O2"]
    if (n) { sort(a, n); o2t[p] = quant(a, n, 0.5) }
  }

  heading("# Stale profiles: release N+1 built with the samples of release N")
  para("Written by `benchmarks/stale.sh` (`make bench-stale`) from its records (`" name ".tsv`, `lib/stale.awk`). Nobody profiles the build they are about to make: release N+1 is built with the profile of release N. Per pair of releases: N+1 at the base flags (**O2**); with the plugin and the profile of N (**stale**); the same with the matcher turned off (**stale-nomatch**); with the plugin and N+1's own profile (**fresh**); instrumented FDO trained on the same workload (**fdo**).")
  table_head("| | |", "|---|---|")
  print "| date | " meta["date"] " |"
  print "| commit | `" meta["commit"] "`" (meta["dirty"] != "" ? " plus uncommitted changes in " meta["dirty"] : "") " |"
  print "| machine | `" meta["uname"] "` |"
  print "| CPUs | " meta["nproc"] " (" meta["cpu"] ") |"
  print "| load average at start / end | " meta["load_start"] " / " meta["load_end"] " |"
  print "| compiler | " meta["gcc"] " |"
  print "| base flags (every build) | `" meta["cflags"] "` |"
  print "| profiles | `" meta["perf"] "` of the " meta["record"] " workload on each release's `" meta["cflags"] "` build, converted by `afdo-convert` |"
  print "| plugin | " meta["plugin"] " |"
  print "| stale-nomatch's arguments | `" meta["nomatch"] "` |"
  print "| timing | " meta["rounds"] " rounds on the full workload, every variant once a round, the order rotating, code offsets " meta["shifts"] " bytes in turn; CPU time over the O2 run of the round |"
  print "| instructions, mispredicts | cachegrind (`--branch-sim=yes`) on the small workload |"
  print "| harness run time | " meta["elapsed"] " s |"
  print ""

  heading("## What survives")
  para("Gain = 1 − variant / O2: by time, the median over the rounds of the per-round CPU-time ratio; by instructions, cachegrind's count. What survives = stale gain / fresh gain; `(spread W)` marks a pair whose fresh or stale per-round time ratio has an interquartile range W wider than the fresh gain, where the time figures are within the rounds' noise. Matched: the samples of the profile that the build's statements matched (the plugin's build report, `afdo-dump --build-report`: a function counted once), over all the profile's samples.")
  table_head("| pair | C files changed | fresh gain (time) | stale gain (time) | survives (time) | fresh gain (instr.) | stale gain (instr.) | survives (instr.) | stale-nomatch survives (time / instr.) | fdo gain (time) | stale matched | fresh matched |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
  for (i = 0; i < np; i++) {
    p = pairs[i]
    line = "| " p " | " (p in dfiles ? dfiles[p] " (+" dins[p] " −" ddel[p] ")" : "") " | "
    line = line cellg(gt, p, "fresh") " | " cellg(gt, p, "stale") " | " survives(gt[p, "stale"], gt[p, "fresh"]) spread(p) " | "
    line = line cellg(gi, p, "fresh") " | " cellg(gi, p, "stale") " | " survives(gi[p, "stale"], gi[p, "fresh"]) " | "
    if (st[p, "stale-nomatch"] == "ok")
      line = line survives(gt[p, "stale-nomatch"], gt[p, "fresh"]) " / " survives(gi[p, "stale-nomatch"], gi[p, "fresh"]) " | "
    else
      line = line "n/a | "
    line = line cellg(gt, p, "fdo") " | "
    line = line mshare(p, "stale") " | " mshare(p, "fresh") " |"
    print line
  }
  print ""

  for (i = 0; i < np; i++) {
    p = pairs[i]
    heading("## " prog[p] " " old[p] " → " new[p])
    para("Profiles: " prof_desc(p, "stale", old[p]) "; " prof_desc(p, "fresh", new[p]) ". Between the tags " (p in dfiles ? dfiles[p] " C files changed, " dins[p] " lines inserted and " ddel[p] " deleted" : "the change is not known") ". O2's median CPU time: " (p in o2t ? sprintf("%.3f s", o2t[p]) : "not timed") ".")
    table_head("| variant | rounds | median time ratio | mean time ratio | IQR of ratio | gain (time) | instructions ratio | gain (instr.) | mispredicts ratio | samples matched |",
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (k = 1; k <= nv; k++) {
      v = V[k]
      if (st[p, v] == "" && (p SUBSEP "all") in st) { st[p, v] = st[p, "all"]; why[p, v] = why[p, "all"] }
      if (st[p, v] != "ok") {
        print "| " v " | " (st[p, v] == "" ? "n/a" : st[p, v]) ": " why[p, v] " | | | | | | | | |"
        continue
      }
      line = "| " v " | " cnt[p, v] " | "
      if ((p SUBSEP v) in med)
        line = line sprintf("%.3f | %.3f | %.3f – %.3f | ", med[p, v], mean[p, v], q1[p, v], q3[p, v]) pct(gt[p, v]) " | "
      else
        line = line " | | | | "
      if ((p SUBSEP v) in irr)
        line = line sprintf("%.3f | ", irr[p, v]) pct(gi[p, v]) " | " ((p SUBSEP v) in mpr ? sprintf("%.3f", mpr[p, v]) : "") " | "
      else
        line = line " | | | "
      line = line mshare(p, v) " |"
      print line
    }
    print ""
    if ((p SUBSEP "stale") in mt || (p SUBSEP "fresh") in mt) {
      para("The sums of the translation units' lines of the plugin's verbose output (a static function of a header counts once per file that has it): stale matched " tushare(p, "stale") ", fresh " tushare(p, "fresh") (st[p, "stale-nomatch"] == "ok" ? ", stale-nomatch " tushare(p, "stale-nomatch") : "") ".")
      hot_files(p)
      lost_functions(p)
    }
  }
}

# spread P: a mark when the interquartile range of the fresh or the
# stale per-round time ratio is wider than the fresh gain: the time
# figures of the pair are then within the rounds' spread.
function spread(p,   w)
{
  if (!((p SUBSEP "fresh") in q1) || !((p SUBSEP "stale") in q1)) return ""
  w = q3[p, "fresh"] - q1[p, "fresh"]
  if (q3[p, "stale"] - q1[p, "stale"] > w) w = q3[p, "stale"] - q1[p, "stale"]
  return (w > gt[p, "fresh"]) ? sprintf(" (spread %.3f)", w) : ""
}
# prof_desc P K TAG: the profile K (stale or fresh) of release TAG
function prof_desc(p, k, tag)
{
  if (!((p SUBSEP k) in psamp)) return k " (of " tag ") none"
  return k " (of " tag ") " psamp[p, k] " perf samples, " ptotal[p, k] " in the profile"
}
# cellg A P V: a gain of array A, or nothing
function cellg(a, p, v) { return ((p SUBSEP v) in a) ? pct(a[p, v]) : "" }
function mshare(p, v) { return ((p SUBSEP v) in mt) ? share(mm[p, v], mt[p, v]) : "" }
function tushare(p, v) { return ((p SUBSEP v) in tus) ? share(tum[p, v], tus[p, v]) " of the units' samples" : "n/a" }

# hot_files P: the files holding the most of the fresh profile's samples,
# with how much of each changed between the tags and what the stale and
# fresh builds matched there.
function hot_files(p,   j, k, n, f, b, x, tot, o)
{
  n = 0
  for (j = 1; j <= nu[p]; j++) {
    f = ul[p, j]
    if ((p SUBSEP "fresh" SUBSEP f) in us) o[++n] = f
  }
  # most fresh samples first
  for (j = 2; j <= n; j++) {
    x = o[j]
    for (k = j - 1; k >= 1 && us[p, "fresh", o[k]] + 0 < us[p, "fresh", x] + 0; k--)
      o[k + 1] = o[k]
    o[k + 1] = x
  }
  if (n == 0) return
  tot = mt[p, "fresh"]
  heading("### The hottest files of " new[p])
  para("The files with the most of the fresh profile's samples (the build report's entry of each file: the samples of the profile's functions it defines), the lines of each that changed between " old[p] " and " new[p] ", and what each build matched of its profile's samples there.")
  table_head("| file | share of the fresh profile | lines changed (+/−) | stale: matched of its samples | fresh: matched of its samples |",
             "|---|---:|---:|---:|---:|")
  for (j = 1; j <= n && j <= 8; j++) {
    f = o[j]
    print "| " f " | " (tot > 0 ? sprintf("%.1f %%", 100 * us[p, "fresh", f] / tot) : "") " | " \
      ((p SUBSEP f) in nins ? "+" nins[p, f] " −" ndel[p, f] : "unchanged") " | " \
      ufile(p, "stale", f) " | " ufile(p, "fresh", f) " |"
  }
  print ""
}
function ufile(p, v, f) { return ((p SUBSEP v SUBSEP f) in us) ? share(um[p, v, f], us[p, v, f]) : "no samples" }

# lost_functions P: the functions of the stale profile whose samples the
# stale build matched least, most lost samples first, with their place
# in the fresh profile.
function lost_functions(p,   j, k, n, f, x, o, ts, tf)
{
  n = 0
  for (j = 1; j <= nfn[p]; j++) {
    f = fl[p, j]
    if (fs[p, "stale", f] - fm[p, "stale", f] > 0) o[++n] = f
  }
  for (j = 2; j <= n; j++) {
    x = o[j]
    for (k = j - 1; k >= 1 && fs[p, "stale", o[k]] - fm[p, "stale", o[k]] < fs[p, "stale", x] - fm[p, "stale", x]; k--)
      o[k + 1] = o[k]
    o[k + 1] = x
  }
  if (n == 0) return
  ts = mt[p, "stale"]; tf = mt[p, "fresh"]
  if (ts <= 0) return
  heading("### Where the stale profile lost its samples")
  para("The functions of the stale profile (at least 0.1 % of its samples) whose samples the stale build matched least, most lost samples first; the fresh columns are the same function in the fresh profile and the fresh build (empty: below 0.1 % there, or not in it).")
  table_head("| function | file | share of the stale profile | stale: matched | lost (share of the stale profile) | share of the fresh profile | fresh: matched |",
             "|---|---|---:|---:|---:|---:|---:|")
  for (j = 1; j <= n && j <= 10; j++) {
    f = o[j]
    print "| `" f "` | " ff[p, "stale", f] " | " sprintf("%.1f %%", 100 * fs[p, "stale", f] / ts) " | " \
      sprintf("%.1f %%", 100 * fm[p, "stale", f] / fs[p, "stale", f]) " | " \
      sprintf("%.1f %%", 100 * (fs[p, "stale", f] - fm[p, "stale", f]) / ts) " | " \
      ((p SUBSEP "fresh" SUBSEP f) in fs ? sprintf("%.1f %%", 100 * fs[p, "fresh", f] / tf) " | " \
        sprintf("%.1f %%", 100 * fm[p, "fresh", f] / fs[p, "fresh", f]) : " | ") " |"
  }
  print ""
}
