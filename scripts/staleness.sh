#!/usr/bin/env bash
# Stale profiles: a profile recorded on an older version of a program,
# used to build a newer one (lines inserted above functions, some
# functions edited).  Reports the plugin's match rate and, with
# cachegrind instruction counts (deterministic), how much of the fresh
# profile's gain the stale one keeps.
#   discrim   benchmarks/programs/discrim.c; "shifted": lines inserted
#             above kernel and main edited, kernel unchanged;
#             "edited": kernel itself edited (a line inserted before its
#             hot lines)
#   lua5.4    Debian's lua 5.4 (benchmarks/work/src/lua5.4, fetched by
#             the benchmarks): comment lines inserted at the top of
#             lvm.c, ltable.c, lgc.c and lines inserted in luaV_concat,
#             luaH_resize and luaC_fullgc; luaV_execute unchanged
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# Usage: scripts/staleness.sh [BUILD]   (results in BUILD/staleness)
set -u
src=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "${1:-$src/build}" && pwd)
GCC=${TARGET_GCC:-gcc}
W=$B/staleness
rm -rf "$W"
mkdir -p "$W"
P="-fplugin=$B/afdo.so"

instr () {			# instructions of running "$@"
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}

# match FILE...: the sum of the plugin's per-TU match lines
match () {
  cat "$@" | sed -n 's/.*translation unit: .*matched \([0-9]*\) of \([0-9]*\) samples.*/\1 \2/p' |
    awk '{ m += $1; t += $2 } END { if (t) printf "%.1f %% (%d of %d samples)", 100 * m / t, m, t; else print "n/a" }'
}

report () {			# name base fresh stale matchfresh matchstale
  awk -v n="$1" -v b="$2" -v f="$3" -v s="$4" -v mf="$5" -v ms="$6" 'BEGIN {
    gf = (b - f) / b * 100; gs = (b - s) / b * 100
    printf "%-18s O2 %d; fresh %d (%+.2f %%); stale %d (%+.2f %%); kept %s; match fresh %s, stale %s\n",
      n, b, f, -gf, s, -gs, (gf > 0.1 ? sprintf("%.0f %%", 100 * gs / gf) : "n/a (no gain)"), mf, ms }' | tee -a "$W/summary.txt"
}

# discrim.
d=$W/discrim
mkdir -p "$d"
old=$src/benchmarks/programs/discrim.c
# shifted: 12 lines above kernel (a comment and an unused function), a
# line inserted in main.
awk '/^__attribute__ \(\(noinline\)\) static long$/ && !done {
       print "/* Added in the new version: a helper kernel does not use."
       for (i = 0; i < 3; i++) print "   (padding line " i ")"
       print "*/"
       print "static int __attribute__ ((unused))"
       print "new_helper (int v)"
       print "{"
       print "  return v * 3 + 1;"
       print "}"
       print ""
       print "/* The kernel, unchanged.  */"
       done = 1 }
     { print }
     /^  int rounds = / { print "  int verbose = argc > 3;  /* new */"; print "  (void) verbose;" }' "$old" > "$d/shifted.c"
# edited: as shifted, and a line inserted in kernel before its hot lines.
awk '{ print } /int x = a\[i\], y = b\[i\];/ { print "      if (x < 0) continue;  /* new check */" }' "$d/shifted.c" > "$d/edited.c"
$GCC -O2 -g "$old" -o "$d/old"
perf record -q -e cpu-clock -F 20000 -o "$d/old.data" -- "$d/old" 4000 >/dev/null 2>&1
"$B/afdo-convert" --binary="$d/old" --perf="$d/old.data" -o "$d/old.gcov"
for v in shifted edited; do
  $GCC -O2 -g "$d/$v.c" -o "$d/$v-O2"
  perf record -q -e cpu-clock -F 20000 -o "$d/$v.data" -- "$d/$v-O2" 4000 >/dev/null 2>&1
  "$B/afdo-convert" --binary="$d/$v-O2" --perf="$d/$v.data" -o "$d/$v.gcov"
  $GCC -O2 -g $P -fplugin-arg-afdo-profile="$d/$v.gcov" -fplugin-arg-afdo-verbose "$d/$v.c" -o "$d/$v-fresh" 2>"$d/$v-fresh.log"
  $GCC -O2 -g $P -fplugin-arg-afdo-profile="$d/old.gcov" -fplugin-arg-afdo-verbose "$d/$v.c" -o "$d/$v-stale" 2>"$d/$v-stale.log"
  grep -i "error\|internal" "$d/$v-stale.log" && echo "staleness: discrim $v: stale build not clean"
  for x in O2 fresh stale; do
    [ "$("$d/$v-$x" 450)" = "$("$d/old" 450)" ] || echo "staleness: discrim $v-$x: wrong output"
  done
  report "discrim $v" "$(instr "$d/$v-O2" 450)" "$(instr "$d/$v-fresh" 450)" \
    "$(instr "$d/$v-stale" 450)" "$(match "$d/$v-fresh.log")" "$(match "$d/$v-stale.log")"
done

# lua 5.4.
lsrc=$src/benchmarks/work/src/lua5.4
if [ ! -f "$lsrc/src/lvm.c" ]; then
  echo "staleness: lua5.4 skipped (run make bench-quick to fetch its source)" | tee -a "$W/summary.txt"
  exit 0
fi
l=$W/lua
mkdir -p "$l/old" "$l/new"
printf '#define DEB_HOST_MULTIARCH "%s"\n' "$($GCC -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)" > "$l/lua5.4-deb-multiarch.h"
cp "$lsrc"/src/*.c "$lsrc"/src/*.h "$l/old/"
cp "$lsrc"/src/*.c "$lsrc"/src/*.h "$l/new/"
rm -f "$l/old/luac.c" "$l/new/luac.c"
for f in lvm.c ltable.c lgc.c; do
  { printf '/* New version: %s.\n   Lines added above every function.\n   (line 3)\n   (line 4)\n*/\n' "$f"; cat "$l/old/$f"; } > "$l/new/$f"
done
sed -i '/^void luaV_concat (lua_State \*L, int total) {/a\  /* new in this version */\n  lua_assert(total >= 1);' "$l/new/lvm.c"
sed -i '/^void luaH_resize (lua_State \*L, Table \*t, unsigned int newasize,/,/^{/{/^{/a\  /* new in this version */
}' "$l/new/ltable.c"
sed -i '/^void luaC_fullgc (lua_State \*L, int isemergency) {/a\  /* new in this version */' "$l/new/lgc.c"
diff -r "$l/old" "$l/new" | grep -c '^>' | sed 's/^/staleness: lua5.4: lines added: /'
LF="-DLUA_COMPAT_5_3 -DLUA_USE_LINUX -I$l -w"
bench=$src/benchmarks/real/lua-bench.lua
$GCC -O2 -g $LF "$l"/old/*.c -o "$l/old-O2" -lm -ldl
perf record -q -e cpu-clock -F 20000 -o "$l/old.data" -- "$l/old-O2" "$bench" 10 >/dev/null 2>&1
"$B/afdo-convert" --binary="$l/old-O2" --perf="$l/old.data" -o "$l/old.gcov"
$GCC -O2 -g $LF "$l"/new/*.c -o "$l/new-O2" -lm -ldl
perf record -q -e cpu-clock -F 20000 -o "$l/new.data" -- "$l/new-O2" "$bench" 10 >/dev/null 2>&1
"$B/afdo-convert" --binary="$l/new-O2" --perf="$l/new.data" -o "$l/new.gcov"
$GCC -O2 -g $LF $P -fplugin-arg-afdo-profile="$l/new.gcov" -fplugin-arg-afdo-verbose "$l"/new/*.c -o "$l/new-fresh" -lm -ldl 2>"$l/fresh.log"
$GCC -O2 -g $LF $P -fplugin-arg-afdo-profile="$l/old.gcov" -fplugin-arg-afdo-verbose "$l"/new/*.c -o "$l/new-stale" -lm -ldl 2>"$l/stale.log"
grep -i "error\|internal" "$l/stale.log" && echo "staleness: lua5.4: stale build not clean"
ref=$("$l/old-O2" "$bench" 2 | md5sum)
for x in O2 fresh stale; do
  [ "$("$l/new-$x" "$bench" 2 | md5sum)" = "$ref" ] || echo "staleness: lua5.4 new-$x: output differs"
done
report "lua5.4" "$(instr "$l/new-O2" "$bench" 2)" "$(instr "$l/new-fresh" "$bench" 2)" \
  "$(instr "$l/new-stale" "$bench" 2)" "$(match "$l/fresh.log")" "$(match "$l/stale.log")"
