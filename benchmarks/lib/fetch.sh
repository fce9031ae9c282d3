# afdo benchmarks: fetch Debian source packages into benchmarks/work/src.
# Copyright (C) 2026 The afdo authors.
# SPDX-License-Identifier: GPL-3.0-or-later (see COPYING).
#
# Sourced by run.sh.  The sources are never committed: they are fetched
# with apt-get at benchmark time, after enabling deb-src entries derived
# from the machine's own apt sources.

DEBSRC_LIST=/etc/apt/sources.list.d/afdo-bench-deb-src.sources

# Make sure apt knows deb-src entries.  Derived from the deb822 files
# and the one-line sources.list; nothing is changed when deb-src is
# already configured.
bench_enable_debsrc ()
{
  if apt-get source --print-uris -qq bzip2 >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "bench: deb-src is not configured and we are not root;" \
         "add deb-src lines to your apt sources" >&2
    return 1
  fi
  local f tmp
  tmp=$(mktemp)
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    [ "$f" = "$DEBSRC_LIST" ] && continue
    # Each deb822 stanza with "Types: deb" becomes a deb-src stanza.
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         /(^|\n)Types:[^\n]*deb([ \n]|$)/ && !/deb-src/ {
           sub(/Types:[^\n]*/, "Types: deb-src"); print }' "$f" >>"$tmp"
  done
  if [ -f /etc/apt/sources.list ]; then
    sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list \
      >"$tmp.list"
    if [ -s "$tmp.list" ]; then
      cp "$tmp.list" /etc/apt/sources.list.d/afdo-bench-deb-src.list
    fi
    rm -f "$tmp.list"
  fi
  if [ -s "$tmp" ]; then
    cp "$tmp" "$DEBSRC_LIST"
  fi
  rm -f "$tmp"
  echo "bench: enabled deb-src ($DEBSRC_LIST); apt-get update" >&2
  apt-get update -qq >/dev/null 2>&1 || true
  apt-get source --print-uris -qq bzip2 >/dev/null 2>&1
}

# bench_fetch PKG DEST: unpack the Debian source package PKG (with the
# Debian patches applied) into DEST, once.  Returns non-zero when the
# package cannot be had (no network, no deb-src).
bench_fetch ()
{
  local pkg=$1 dest=$2 dl="$WORK/dl/$1" d
  if [ -f "$dest/.afdo-fetched" ]; then
    return 0
  fi
  bench_enable_debsrc || return 1
  rm -rf "$dl"
  mkdir -p "$dl"
  # The candidate version first; when its files are gone from the
  # mirror (a security update replaced on the archive, say), the other
  # versions apt knows, newest first.
  local v ok=
  for v in "" $(apt-cache showsrc "$pkg" 2>/dev/null \
                  | sed -n 's/^Version: //p' | sort -ruV); do
    rm -f "$dl"/*.dsc "$dl"/*.tar.* "$dl"/*.diff.gz
    if (cd "$dl" && apt-get source --download-only -qq "$pkg${v:+=$v}") \
         >>"$dl/fetch.log" 2>&1; then
      ok=1
      break
    fi
  done
  if [ -z "$ok" ]; then
    echo "bench: apt-get source $pkg failed (see $dl/fetch.log)" >&2
    return 1
  fi
  rm -rf "$dest" "$dl/x"
  mkdir -p "$dl/x"
  if ! (cd "$dl" && dpkg-source -x --no-check ./*.dsc x/src) \
       >>"$dl/fetch.log" 2>&1; then
    echo "bench: dpkg-source -x $pkg failed (see $dl/fetch.log)" >&2
    return 1
  fi
  d="$dl/x/src"
  mkdir -p "$(dirname "$dest")"
  mv "$d" "$dest"
  rm -rf "$dl/x"
  touch "$dest/.afdo-fetched"
}
