#!/usr/bin/env bash
# afdo benchmarks: the report of the performance fuzzer on stale
# profiles (fuzz.sh stale): runs of the same seeds side by side (fresh;
# the next release with its own profile; with the old one's, with the
# matcher and without): verdicts, geometric means of the ratios to -O2,
# the share of the fresh profiles' gain the stale ones keep, and the
# failures.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: fuzz-stale.sh fresh=ROWS [own=ROWS] stale=ROWS [match0=ROWS]
# (rows of fuzz.sh: fresh ones; FUZZ_EDIT=E with FUZZ_EDIT_OWN=1;
# FUZZ_EDIT=E; the same with -fplugin-arg-afdo-match=0; a run of another
# name is a stale one too).  Writes benchmarks/results/
# fuzz-stale-COMMIT.md and .tsv (the rows of all runs, a first column
# naming the run); COMMIT as in fuzz-report.sh (FUZZ_COMMIT, else the
# last commit that changed plugin/, converter/ or common/), FUZZ_RESULTS
# the directory, FUZZ_NAME the files' name instead of fuzz-stale-COMMIT.
# Each rows file's directory's run.log is quoted; the diagnosis written
# by hand, NAME.notes.md, is appended.

set -u

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
usage="usage: fuzz-stale.sh fresh=ROWS [own=ROWS] stale=ROWS [match0=ROWS]"
labels=() files=()
for a in "$@"; do
  case $a in
    *=*) labels+=("${a%%=*}"); files+=("${a#*=}") ;;
    *) echo "$usage" >&2; exit 1 ;;
  esac
done
[ "${labels[0]:-}" = fresh ] && [ ${#labels[@]} -ge 2 ] || { echo "$usage" >&2; exit 1; }
for f in "${files[@]}"; do
  [ -s "$f" ] || { echo "fuzz-stale: no rows in $f" >&2; exit 1; }
done
commit=${FUZZ_COMMIT:-$(git -C "$SRC" log -1 --format=%h -- plugin converter common 2>/dev/null)}
[ -n "$commit" ] || commit=unknown
out=${FUZZ_RESULTS:-$SRC/benchmarks/results}
prefix=$out/${FUZZ_NAME:-fuzz-stale-$commit}
mkdir -p "$out"
stale_rows=
for i in "${!labels[@]}"; do
  [ "${labels[$i]}" = fresh ] || [ "${labels[$i]}" = own ] || { stale_rows=${files[$i]}; break; }
done
[ -n "$stale_rows" ] || { echo "$usage" >&2; exit 1; }
mode=$(awk -F'\t' 'NF >= 18 && $18 ~ /^edit=/ { print $18; exit }' "$stale_rows")
[ -n "$mode" ] || { echo "fuzz-stale: $stale_rows has no stale rows" >&2; exit 1; }
edits=${mode#edit=}

{
  printf 'run\tseed\tpatterns\treps\tmeasure\tsamples\to2_insns\tafdo_insns\to2_mispred\tafdo_mispred\tinsn_ratio\tmispred_ratio\to2_text\tafdo_text\tseconds\tverdict\tcauses\tblame\tmode\n'
  for i in "${!files[@]}"; do
    sed "s/^/${labels[$i]}\t/" "${files[$i]}"
  done
} >"$prefix.tsv"

{
  echo "# Performance fuzzing with stale profiles: the plugin against -O2 on the next release of generated programs ($commit)"
  echo
  echo "Made by \`benchmarks/fuzz.sh stale\` on $(date -u '+%Y-%m-%d %H:%M UTC');"
  echo "$(nproc) cores, $(gcc --version | head -n 1)."
  for i in "${!files[@]}"; do
    log=$(dirname "${files[$i]}")/run.log
    if [ -f "$log" ]; then
      echo
      echo "Run \`${labels[$i]}\`:"
      echo
      # Paths of this tree without it; the cache by its variable.
      sed -e "s|$SRC/||g" -e 's|cached in .*|cached in FUZZ_CACHE|' -e 's/^/    /' "$log"
    fi
  done
  cat <<EOF

Each seed is a program of \`afdo-progen SEED\`, profiled (perf cpu-clock
samples at 20 kHz of its -O2 build, converted by afdo-convert).  Its
next release is \`afdo-progen SEED --edit=$edits\`: the same output and hot
code, with $edits edits chosen by the seed (statements inserted in
function bodies, in loop bodies, before loops and between the driver's
calls: stores to a volatile sink, locals nothing reads, comments, blank
lines; braces of one-statement arms removed; two lines joined into one;
in one program of three a static function renamed).  The runs:
EOF
  for l in "${labels[@]}"; do
    case $l in
      fresh) echo
	     echo "- \`fresh\`: the program profiled, built with its own profile, against"
	     echo "  its -O2 build (the fuzzer's usual judgement);" ;;
      own) echo "- \`own\`: the next release built with its own profile (a recording of"
	   echo "  its -O2 build), against its -O2 build: what a fresh profile gives the"
	   echo "  new release;" ;;
      stale) echo "- \`stale\`: the next release built with the old program's profile (the"
	     echo "  recording of \`fresh\`), against its -O2 build, with the plugin's"
	     echo "  defaults (the matcher on);" ;;
      match0) echo "- \`match0\`: the same with \`-fplugin-arg-afdo-match=0\`: rows stay at"
	      echo "  their line offsets." ;;
      *) echo "- \`$l\`: the next release built with the old program's profile, as run." ;;
    esac
  done
  cat <<EOF

The criteria are the fuzzer's: a FAIL runs more than 1 % more
instructions than -O2 (insns), mispredicts more than 5 % + 1,000 more
branches (mispredicts), prints another checksum (output) or does not
compile (compile).  The rows are in the .tsv beside this file (first
column: the run).  Rerun a seed with
\`FUZZ_EDIT=$edits FUZZ_CACHE=DIR benchmarks/fuzz.sh one SEED\`.
EOF
  echo
  # The stale seeds whose program has a function renamed (from the
  # list of edits at the end of each kept program).
  renamed=$(grep -l '^   .*: renamed ' "$(dirname "$stale_rows")"/seed-*/prog.c 2>/dev/null \
	    | sed 's|.*/seed-\([0-9]*\)/prog.c|\1|' | tr '\n' ' ')
  awk -F'\t' -v labels="${labels[*]}" -v renamed="$renamed" '
    function gm(sum, n) { return n ? exp(sum / n) : 0 }
    function bucket(s) {
      if (s < 100) return 1
      if (s < 1000) return 2
      if (s < 10000) return 3
      return 4
    }
    # The share of the gain of run Z that run A keeps, in the logarithms
    # summed in SI over the same programs.
    function kept(si, a, z) { return si[z] < 0 ? sprintf("%.0f %%", 100 * si[a] / si[z]) : "-" }
    FNR == 1 { run++ }
    {
      r = run; s = $1
      seen[s] = 1
      v[r, s] = $15; c[r, s] = $16; bl[r, s] = $17
      if ($6 != "-") o2[r, s] = $6
      if ($10 != "-" && $11 != "-") {
        ok[r, s] = 1; ir[r, s] = $10; mr[r, s] = $11
        if (r == 1 || !(s in smp)) smp[s] = $5
      }
      n[r]++
      verdict[r, $15]++
      if ($15 == "FAIL") {
        m = split($16, cc, "+")
        for (i = 1; i <= m; i++) crit[r, cc[i]]++
      }
    }
    END {
      nr = split(labels, lab, " ")
      own = 0
      for (r = 1; r <= nr; r++) {
        if (lab[r] == "own") own = r
        idx[lab[r]] = r
      }
      # The stale runs, and the references each is held against.
      ns = 0
      for (r = 2; r <= nr; r++) if (r != own) st[++ns] = r
      nref = 1; ref[1] = 1
      if (own) ref[++nref] = own

      printf "## Verdicts\n\n"
      printf "| run | programs | pass | FAIL | insns | mispredicts | output | compile | convert | errors |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
      for (r = 1; r <= nr; r++)
        printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", lab[r], n[r],
               verdict[r, "pass"], verdict[r, "FAIL"], crit[r, "insns"], crit[r, "mispredicts"],
               crit[r, "output"], crit[r, "compile"], crit[r, "convert"], verdict[r, "error"]
      printf "\nA program can fail by more than one criterion.\n\n"

      # The seeds measured in every run.
      k = 0
      for (s in seen) {
        all = 1
        for (r = 1; r <= nr; r++) if (!((r, s) in ok)) all = 0
        if (all) { k++; common[s] = 1 }
      }
      printf "## Ratios to -O2\n\n"
      printf "Geometric means of the plugin'"'"'s count over -O2'"'"'s, on the %d programs\n", k
      printf "measured in every run, by the samples of the profile of `fresh`:\n\n"
      bname[0] = "all"; bname[1] = "< 100 samples"; bname[2] = "100-999"; bname[3] = "1,000-9,999"; bname[4] = ">= 10,000"
      printf "| programs | n |"
      for (r = 1; r <= nr; r++) printf " %s insns | %s mispredicts |", lab[r], lab[r]
      printf "\n|---|---:|"
      for (r = 1; r <= nr; r++) printf "---:|---:|"
      printf "\n"
      for (b = 0; b <= 4; b++) {
        delete si; delete sm; nb[b] = 0
        for (s in common) {
          if (b > 0 && bucket(smp[s]) != b) continue
          nb[b]++
          for (r = 1; r <= nr; r++) { si[r] += log(ir[r, s]); sm[r] += log(mr[r, s] > 0 ? mr[r, s] : 1e-6) }
        }
        for (r = 1; r <= nr; r++) { lsi[b, r] = si[r]; lsm[b, r] = sm[r] }
        if (nb[b] == 0) continue
        printf "| %s | %d |", bname[b], nb[b]
        for (r = 1; r <= nr; r++) printf " %.4f | %.4f |", gm(si[r], nb[b]), gm(sm[r], nb[b])
        printf "\n"
      }

      printf "\nThe share of a reference run'"'"'s gain (in the logarithm of the geometric\n"
      printf "mean) that a stale run keeps, instructions / mispredicts: 100 %% as the\n"
      printf "reference, 0 %% as -O2, below 0 worse than -O2 (- where the reference\n"
      printf "has no gain):\n\n"
      printf "| run | against |"
      for (b = 0; b <= 4; b++) if (b != 1 && nb[b]) printf " %s |", bname[b]
      printf "\n|---|---|"
      for (b = 0; b <= 4; b++) if (b != 1 && nb[b]) printf "---:|"
      printf "\n"
      for (i = 1; i <= ns; i++)
        for (j = 1; j <= nref; j++) {
          a = st[i]; z = ref[j]
          printf "| %s | %s |", lab[a], lab[z]
          for (b = 0; b <= 4; b++) {
            if (b == 1 || !nb[b]) continue
            delete si; delete sm
            si[a] = lsi[b, a]; si[z] = lsi[b, z]; sm[a] = lsm[b, a]; sm[z] = lsm[b, z]
            printf " %s / %s |", kept(si, a, z), kept(sm, a, z)
          }
          printf "\n"
        }
      if (own) {
        delete si; delete sm
        si[own] = lsi[0, own]; si[1] = lsi[0, 1]; sm[own] = lsm[0, own]; sm[1] = lsm[0, 1]
        printf "\nThe next release with its own profile keeps %s of the old program'"'"'s\n", kept(si, own, 1)
        printf "fresh instruction gain and %s of its mispredict gain: the edits change\n", kept(sm, own, 1)
        printf "what the profile can do (programs under 100 samples are compiled as\n"
        printf "without a profile, `min-unit-samples`).\n"
      }

      # The -O2 builds of the two programs.
      no2 = up = down = so2 = 0
      s2 = st[1]
      for (s in common) {
        if (!((1, s) in o2) || !((s2, s) in o2)) continue
        q = o2[s2, s] / o2[1, s]
        no2++; so2 += log(q)
        if (q > 1.01) up++
        if (q < 0.99) down++
      }
      if (no2) {
        printf "\nThe edited programs'"'"' -O2 builds run %.4f of the old programs'"'"' -O2\n", gm(so2, no2)
        printf "instructions (geometric mean of %d); %d run more than 1 %% more, %d more\n", no2, up, down
        printf "than 1 %% fewer.\n"
      }

      # By the edits: with a function renamed or not, on the programs
      # whose profile the plugin uses (100 samples or more).
      if (renamed != "") {
        m = split(renamed, rl, " ")
        for (i = 1; i <= m; i++) isren[rl[i]] = 1
        printf "\nBy the edits, on the programs of 100 samples or more (instruction\n"
        printf "ratios; kept: of the gain of `fresh`%s):\n\n", own ? " / of `own`" : ""
        printf "| edits | n |"
        for (r = 1; r <= nr; r++) printf " %s |", lab[r]
        for (i = 1; i <= ns; i++) printf " %s kept |", lab[st[i]]
        printf "\n|---|---:|"
        for (r = 1; r <= nr; r++) printf "---:|"
        for (i = 1; i <= ns; i++) printf "---:|"
        printf "\n"
        for (g = 1; g >= 0; g--) {
          delete si; ng = 0
          for (s in common) {
            if (smp[s] < 100 || (s in isren) != g) continue
            ng++
            for (r = 1; r <= nr; r++) si[r] += log(ir[r, s])
          }
          if (ng == 0) continue
          printf "| %s | %d |", g ? "a function renamed" : "no function renamed", ng
          for (r = 1; r <= nr; r++) printf " %.4f |", gm(si[r], ng)
          for (i = 1; i <= ns; i++) {
            printf " %s", kept(si, st[i], 1)
            if (own) printf " / %s", kept(si, st[i], own)
            printf " |"
          }
          printf "\n"
        }
      }

      # Program by program.
      printf "\nProgram by program (instruction ratios of the same seed):\n\n"
      printf "| comparison | better by > 1 %% | within 1 %% | worse by > 1 %% | worst seeds (ratio of ratios) |\n"
      printf "|---|---:|---:|---:|---|\n"
      np = 0
      if (own) { pa[++np] = own; pz[np] = 1 }
      for (i = 1; i <= ns; i++)
        for (j = nref; j >= 1; j--) { pa[++np] = st[i]; pz[np] = ref[j] }
      if (ns >= 2) { pa[++np] = st[1]; pz[np] = st[2] }
      for (p = 1; p <= np; p++) {
        a = pa[p]; z = pz[p]
        better = same = worse = 0; nw = 0
        delete wq; delete ws
        for (s in common) {
          q = ir[a, s] / ir[z, s]
          if (q < 0.99) better++
          else if (q > 1.01) worse++
          else same++
          if (q > 1.01) { nw++; wq[nw] = q; ws[nw] = s }
        }
        list = ""
        for (t = 1; t <= 5 && t <= nw; t++) {
          bi = 0
          for (j = 1; j <= nw; j++) if (ws[j] != "" && (bi == 0 || wq[j] > wq[bi])) bi = j
          list = list (list == "" ? "" : ", ") sprintf("%s (%.3f)", ws[bi], wq[bi])
          ws[bi] = ""; wq[bi] = 0
        }
        printf "| %s against %s | %d | %d | %d | %s |\n", lab[a], lab[z], better, same, worse, list
      }

      # The failures of the runs other than fresh.
      for (r = 2; r <= nr; r++) {
        printf "\n## Failures of %s\n\n", lab[r]
        nf = 0
        for (s in seen) if (v[r, s] == "FAIL") nf++
        if (nf == 0) { printf "None.\n"; continue }
        printf "| seed | causes | insn ratio | mispredict ratio | samples |"
        for (q = 1; q <= nr; q++) if (q != r) printf " %s |", lab[q]
        printf " grew most |\n|---:|---|---:|---:|---:|"
        for (q = 1; q <= nr; q++) if (q != r) printf "---|"
        printf "---|\n"
        for (s in seen) {
          if (v[r, s] != "FAIL") continue
          line = sprintf("| %s | %s | %s | %s | %s |", s, c[r, s], ok[r, s] ? ir[r, s] : "-", ok[r, s] ? mr[r, s] : "-", smp[s] != "" ? smp[s] : "-")
          for (q = 1; q <= nr; q++) if (q != r)
            line = line sprintf(" %s%s |", v[q, s], v[q, s] == "FAIL" ? " (" c[q, s] ")" : (ok[q, s] ? sprintf(" %.3f", ir[q, s]) : ""))
          line = line sprintf(" %s |", bl[r, s])
          print line | "sort -t\\| -k2 -n"
        }
        close("sort -t\\| -k2 -n")
      }
      printf "\nThe other runs'"'"' columns give their verdict and instruction ratio; the\n"
      printf "samples are those of the profile of `fresh`.\n"
    }' "${files[@]}"
  if [ -f "$prefix.notes.md" ]; then
    echo
    cat "$prefix.notes.md"
  fi
} >"$prefix.md"
echo "fuzz-stale: $prefix.md"
