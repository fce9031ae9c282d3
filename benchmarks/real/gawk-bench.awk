# afdo benchmarks: the workload of real/gawk.sh.
# Copyright (C) 2026 The afdo authors.
# This file is part of afdo, distributed under the GNU General Public
# License, version 3 or later (see COPYING).
#
# Word frequencies, field arithmetic, regular expressions, substitution,
# string functions and a sort of the result.
{
  lines++
  nf += NF
  for (i = 1; i <= NF; i++) {
    w = tolower($i)
    gsub(/[^a-z0-9]/, "", w)
    if (w == "") continue
    freq[w]++
    len[length(w)]++
  }
  if ($0 ~ /(the|and|of) [a-z]+ (of|to|in)/) phrase++
  if (match($0, /[A-Z][a-z]+ [A-Z][a-z]+/)) caps += RLENGTH
  s = $0
  n = gsub(/[aeiou]/, "#", s)
  vowels += n
  split($0, parts, /[,.;:]/)
  pieces += length(parts)
  h = (h * 33 + length($0) + index($0, "e")) % 16777213
  line = sprintf("%5d %-10s %x", NR % 1000, substr($1, 1, 10), h)
  total += length(line)
}
END {
  n = 0
  for (w in freq) keys[++n] = w
  # insertion into a sorted list of the 200 most frequent words
  m = 0
  for (i = 1; i <= n; i++) {
    c = freq[keys[i]]
    if (m < 200 || c > top[m]) {
      j = (m < 200) ? ++m : m
      while (j > 1 && top[j - 1] < c) { top[j] = top[j - 1]; topw[j] = topw[j - 1]; j-- }
      top[j] = c; topw[j] = keys[i]
    }
  }
  for (i = 1; i <= 10 && i <= m; i++) printf "%s %d\n", topw[i], top[i]
  printf "%d %d %d %d %d %d %d %d %d\n", lines, nf, n, phrase, caps, vowels, pieces, h, total
  for (l in len) lsum += l * len[l]
  print lsum
}
