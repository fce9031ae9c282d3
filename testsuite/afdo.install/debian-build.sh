#!/usr/bin/env bash
# afdo testsuite: build a real Makefile-based program, Debian's bzip2
# source package, with the plugin given in CFLAGS, and run its own tests.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Usage: debian-build.sh BUILD-DIR [GCC]
# Prints one line per check, "RESULT: PASS|FAIL|UNSUPPORTED: what", read
# by debian.exp.  The unpacked source is cached in BUILD-DIR/debsrc, so a
# rerun does not fetch it again.  deb-src entries are derived from the
# machine's apt sources when apt has none (as root only).
set -u
B=${1:?usage: debian-build.sh BUILD-DIR [GCC]}
GCC=${2:-gcc}
PKG=bzip2
CACHE=$B/debsrc
W=$CACHE/work
PLUGIN=$B/afdo.so
CONVERT=$B/afdo-convert

result() { echo "RESULT: $1: $2"; }
log() { echo "debian-build: $*"; }

mkdir -p "$CACHE"
src=$(ls -d "$CACHE/$PKG"-[0-9]*/ 2>/dev/null | head -1)
if [ -z "$src" ]; then
  if ! command -v apt-get >/dev/null || ! command -v dpkg-source >/dev/null; then
    result UNSUPPORTED "fetch $PKG source (no apt-get or dpkg-source)"
    exit 0
  fi
  if ! apt-cache showsrc "$PKG" 2>/dev/null | grep -q '^Package:'; then
    if [ "$(id -u)" != 0 ]; then
      result UNSUPPORTED "fetch $PKG source (no deb-src in apt's sources, not root)"
      exit 0
    fi
    # One deb-src stanza per "Types: deb" stanza of the deb822 files,
    # and a deb-src line per deb line of the one-line lists.
    list=/etc/apt/sources.list.d/afdo-test-deb-src.sources
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] && [ "$f" != "$list" ] || continue
      awk 'BEGIN { RS = ""; ORS = "\n\n" }
           /(^|\n)Types:[^\n]*deb([ \n]|$)/ && !/deb-src/ {
             sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f"
    done > "$list.tmp"
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [ -f "$f" ] && sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f"
    done > "${list%.sources}.list.tmp"
    [ -s "$list.tmp" ] && mv "$list.tmp" "$list" || rm -f "$list.tmp"
    [ -s "${list%.sources}.list.tmp" ] && mv "${list%.sources}.list.tmp" "${list%.sources}.list" \
      || rm -f "${list%.sources}.list.tmp"
    log "enabled deb-src; apt-get update"
    timeout 120 apt-get update -qq >/dev/null 2>&1
  fi
  log "apt-get source $PKG"
  if ! (cd "$CACHE" && timeout 180 apt-get source -qq "$PKG" >"$CACHE/fetch.log" 2>&1); then
    result UNSUPPORTED "fetch $PKG source (apt-get source failed: $(tail -1 "$CACHE/fetch.log"))"
    exit 0
  fi
  src=$(ls -d "$CACHE/$PKG"-[0-9]*/ 2>/dev/null | head -1)
  [ -n "$src" ] || { result UNSUPPORTED "fetch $PKG source (nothing unpacked)"; exit 0; }
fi
src=${src%/}
result PASS "fetch $PKG source ($(basename "$src"))"

rm -rf "$W"
mkdir -p "$W"
cp -a "$src" "$W/plain"
cp -a "$src" "$W/afdo"
# What the package's Makefile has as CFLAGS, less nothing.
BASE="-Wall -Winline -O2 -g -D_FILE_OFFSET_BITS=64"

# 1. The ordinary build, to profile.
if make -C "$W/plain" CC="$GCC" CFLAGS="$BASE" bzip2 >"$W/plain.log" 2>&1; then
  result PASS "$PKG builds at -O2 -g"
else
  result FAIL "$PKG builds at -O2 -g (see $W/plain.log)"
  exit 0
fi

# 2. A workload: compress and decompress text.
for i in 1 2 3 4 5 6; do cat /usr/share/common-licenses/*; done > "$W/corpus" 2>/dev/null
printf 'afdo test corpus\n' >> "$W/corpus"
# The package links bzip2 with its own libbz2.so, where the work is done
# (its make check sets LD_LIBRARY_PATH=. too).
LIB=libbz2.so.1.0.4
[ -f "$W/plain/$LIB" ] || LIB=$(cd "$W/plain" && ls libbz2.so.*.* | head -1)
work="LD_LIBRARY_PATH='$W/plain' '$W/plain/bzip2' -9 -c '$W/corpus' > '$W/corpus.bz2' && LD_LIBRARY_PATH='$W/plain' '$W/plain/bzip2' -dc '$W/corpus.bz2' > /dev/null"

# 3. The profile: perf + afdo-convert where perf can record; a text
#    profile written here otherwise (counts on lines of a function that
#    stays out of line, generateMTFValues in compress.c).
# The reference output, from the -O2 build.
if ! sh -c "$work"; then
  result FAIL "the -O2 build of $PKG compresses and decompresses"
  exit 0
fi
kind=
if command -v perf >/dev/null \
   && perf record -e cpu-clock -F 10000 -o "$W/perf.data" -- sh -c "$work" >"$W/perf.log" 2>&1 \
   && "$CONVERT" -v --binary="$W/plain/$LIB" --perf="$W/perf.data" -o "$W/$PKG.gcov" \
        >"$W/convert.log" 2>&1; then
  kind=perf
  cat "$W/convert.log"
else
  kind=text
  log "perf cannot record here; using a text profile"
  cat > "$W/$PKG.afdo" <<'EOP'
generateMTFValues:4800:0
 43: 300
 46: 500
 47: 1100
 50: 1000
 54: 1900
EOP
  "$CONVERT" --text="$W/$PKG.afdo" -o "$W/$PKG.gcov" >"$W/convert.log" 2>&1 \
    || { result FAIL "convert the text profile: $(cat "$W/convert.log")"; exit 0; }
fi
result PASS "profile $PKG ($kind)"

# 4. The same Makefile, the plugin in CFLAGS.
AFDO="-fplugin=$PLUGIN -fplugin-arg-afdo-profile=$W/$PKG.gcov -fplugin-arg-afdo-verbose"
if make -C "$W/afdo" CC="$GCC" CFLAGS="$BASE $AFDO" bzip2 >"$W/afdo.log" 2>&1; then
  result PASS "$PKG builds with CFLAGS=\"-O2 -fplugin=... -fplugin-arg-afdo-profile=...\""
else
  grep -m3 -E 'error|internal compiler' "$W/afdo.log"
  result FAIL "$PKG builds with the plugin (see $W/afdo.log)"
  exit 0
fi
grep '^afdo: [^ ]*: translation unit' "$W/afdo.log"
if grep -Eq '^afdo: .*: matched [1-9][0-9]* of' "$W/afdo.log"; then
  result PASS "the plugin annotated $PKG's functions"
else
  result FAIL "the plugin annotated $PKG's functions (no 'matched N' with N > 0 in $W/afdo.log)"
fi
if grep -Eq 'internal compiler error|Segmentation fault' "$W/afdo.log"; then
  result FAIL "no compiler crash building $PKG"
fi

# 5. The package's own test suite.
if make -C "$W/afdo" CC="$GCC" CFLAGS="$BASE $AFDO" check >"$W/check.log" 2>&1; then
  result PASS "$PKG's own make check passes when built with the plugin"
else
  tail -5 "$W/check.log"
  result FAIL "$PKG's own make check passes when built with the plugin (see $W/check.log)"
fi

# 6. The same compressed bytes from both builds.
if LD_LIBRARY_PATH="$W/afdo" "$W/afdo/bzip2" -9 -c "$W/corpus" | cmp -s - "$W/corpus.bz2"; then
  result PASS "$PKG built with the plugin compresses as the -O2 build does"
else
  result FAIL "$PKG built with the plugin compresses as the -O2 build does"
fi
