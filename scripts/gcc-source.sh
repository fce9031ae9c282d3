#!/usr/bin/env bash
# Unpacks the parts of GCC 12's own sources that afdo's tests read
# (the tree-prof tests, the c-torture execute tests, auto-profile.cc)
# from Debian's gcc-12-source package into DIR, once.  Prints DIR/gcc
# on success; exits 1 when the package is not installed.
set -eu
dir=${1:?usage: gcc-source.sh DIR}
tarball=$(ls /usr/src/gcc-12/gcc-*.tar.xz 2>/dev/null | grep -v gm2 | head -1 || true)
if [ -z "$tarball" ]; then
  echo "gcc-source: gcc-12-source is not installed (apt-get install gcc-12-source)" >&2
  exit 1
fi
top=$(tar tJf "$tarball" 2>/dev/null | head -1 | cut -d/ -f1)
if [ ! -f "$dir/.done" ]; then
  mkdir -p "$dir"
  tar xJf "$tarball" -C "$dir" --strip-components=1 \
    "$top/gcc/testsuite/gcc.dg/tree-prof" \
    "$top/gcc/testsuite/gcc.c-torture/execute" \
    "$top/gcc/auto-profile.cc" "$top/gcc/gcov-io.h"
  touch "$dir/.done"
fi
echo "$dir/gcc"
