#!/usr/bin/env bash
# Installs the Debian packages afdo needs to build and test, when run as
# root; otherwise says which are missing.  Idempotent and quiet when all
# is present.
set -u

pkgs=(gcc g++ make pkg-config gcc-12-plugin-dev libgmp-dev libmpfr-dev
      libelf-dev libdw-dev libcapstone-dev check dejagnu valgrind)
# Wanted but not required: perf for end-to-end tests, autofdo for the
# create_gcov comparison, gcc-12-source for the tests read from GCC,
# clang-19 and llvm-19 for the interoperability tests (clang-built
# binaries, llvm-profdata and llvm-profgen; testsuite/afdo.interop),
# gnuplot-nox for the plots of the benchmark reports (make bench-fuzz).
optional=(linux-perf autofdo gcc-12-source clang-19 llvm-19 gnuplot-nox)
[ -n "${AFDO_DEPS_EXTRA:-}" ] && optional+=($AFDO_DEPS_EXTRA)

missing() {
  for p in "$@"; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" \
      || printf '%s\n' "$p"
  done
}

need=$(missing "${pkgs[@]}")
want=$(missing "${optional[@]}")
[ -z "$need$want" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "deps: installing:" $need $want
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null 2>&1 || true
  if [ -n "$need" ]; then
    apt-get install -y -qq --no-install-recommends $need >/dev/null \
      || { echo "deps: apt-get install failed for: $need" >&2; exit 1; }
  fi
  for p in $want; do
    apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 \
      || echo "deps: optional package $p not installed; tests needing it are UNSUPPORTED"
  done
  exit 0
fi

if [ -n "$need" ]; then
  echo "deps: missing packages; run as root:  apt-get install" $need >&2
  exit 1
fi
echo "deps: optional packages not installed (some tests will be UNSUPPORTED):" $want
exit 0
