# afdo benchmarks: IP samples made from exact instruction counts, as
# `perf script -F ip --show-mmap-events' text for afdo-convert.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# awk -f ceiling.awk -v bin=BIN -v main=ADDR -v delta=D -v mode=exact|instr
#     -v samples=N CALLGRIND-FILES...
#
# The input is callgrind's output with --dump-instr=yes
# --compress-strings=no --compress-pos=no: per instruction address its
# executions (the line after a "calls=" line is the call's inclusive
# cost, not the instruction's own, and is skipped).  Only BIN's
# instructions count; MAIN is BIN's address of `main', which gives the
# difference between callgrind's addresses and BIN's; D is the virtual
# address less the file offset of BIN's executable segment (0 for a PIE).
#
#   mode=exact: every instruction gets its count times SAMPLES / the
#     total (rounded): samples without sampling noise, in proportion to
#     executions, which is what a perfect profiler of executed
#     instructions would see (given enough SAMPLES that rounding does
#     not matter).
#   mode=instr: every instruction gets a Poisson-distributed number of
#     samples of that mean (fixed seed): what sampling on retired
#     instructions (perf record -e instructions) would see with SAMPLES
#     samples, against the time-based samples of cpu-clock.
#
# The output maps BIN at a made-up address with one PERF_RECORD_MMAP2
# line and prints one line per sample.

function hex(s,    i, c, v)
{
  v = 0
  s = tolower(s); sub(/^0x/, "", s)
  for (i = 1; i <= length(s); i++) {
    c = index("0123456789abcdef", substr(s, i, 1))
    if (c == 0) break
    v = v * 16 + c - 1
  }
  return v
}

# V in hexadecimal (printf's %x stops at 32 bits in some awks).
function tohex(v,    s, d)
{
  s = ""
  do {
    d = v % 16
    s = substr("0123456789abcdef", d + 1, 1) s
    v = (v - d) / 16
  } while (v > 0)
  return s
}

function poisson(lam,    l, k, p, u1, u2, z)
{
  if (lam > 30) {
    # Normal approximation (Box-Muller).
    u1 = rand(); if (u1 < 1e-12) u1 = 1e-12
    u2 = rand()
    z = sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2)
    k = int(lam + sqrt(lam) * z + 0.5)
    return k < 0 ? 0 : k
  }
  l = exp(-lam); k = 0; p = rand()
  while (p > l) { k++; p *= rand() }
  return k
}

BEGIN { base = ""; total = 0; want_main = 0; skip = 0; n = 0 }

FNR == 1 { ob = ""; skip = 0; want_main = 0 }
/^ob=/ { ob = substr($0, 4); next }
/^fn=/ { want_main = (ob == bin && substr($0, 4) == "main"); next }
/^calls=/ { skip = 1; next }
/^0x[0-9a-fA-F]+ / {
  if (skip) { skip = 0; next }
  if (ob != bin) next
  a = hex($1)
  if (want_main && base == "") base = a - hex(main)
  want_main = 0
  if (!(a in cnt)) order[n++] = a
  cnt[a] += $3
  total += $3
  next
}

END {
  if (base == "" || total == 0) {
    print "ceiling.awk: no instruction of " bin " (or of its main) in the callgrind output" > "/dev/stderr"
    exit 1
  }
  srand(1)
  start = 93824992231424	# 0x555555554000
  printf "PERF_RECORD_MMAP2 1/1: [0x%s(0x10000000) @ 0x0 00:00 0 0]: r-xp %s\n", tohex(start), bin
  scale = samples / total
  for (i = 0; i < n; i++) {
    a = order[i]
    m = cnt[a] * scale
    k = (mode == "instr") ? poisson(m) : int(m + 0.5)
    line = " " tohex(start + a - base - delta)
    for (j = 0; j < k; j++) print line
  }
}
