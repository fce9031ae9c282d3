# afdo benchmarks: what the harnesses share about one program (sourced):
# its Debian recipe, its workload script, a variant's build and its
# makefile, a timed run, and the record of its cachegrind run.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
# The caller sets BENCH, WORK, LOG, REC, PDIR, CC, BASE_CFLAGS, BT (the
# timer), defines log and record (lib/common.sh), and for a
# program PREP, DATA, SRCS, CPPFLAGS_P and LIBS_P (load_recipe); the
# recipe interface of real/*.sh is described in run.sh.

# bench_real_recipe P: source real/P.sh, fetch the Debian source of its
# package into SRCDIR and prepare it; false with WHY set on failure.
bench_real_recipe ()
{
  . "$BENCH/real/$1.sh"
  SRCDIR=$WORK/src/$PKG
  bench_fetch "$PKG" "$SRCDIR" || { WHY="cannot fetch the Debian source of $PKG"; return 1; }
  r_prepare >>"$LOG" 2>&1 || { WHY="preparing $PKG failed (see $LOG)"; return 1; }
}

# write_workload P SIZE: the workload as a script taking the binary.
write_workload ()
{
  local f=$PDIR/workload-$2.sh
  {
    echo '#!/usr/bin/env bash'
    echo "# $1 workload ($2), written by benchmarks/$(basename "$0")"
    echo 'set -e -o pipefail'
    echo 'BIN=$1'
    echo 'RUN=${RUN:-}'
    printf 'DATA=%q\n' "$DATA"
    printf 'TMPD=$(mktemp -d %q)\n' "$WORK/tmp/w.XXXXXX"
    echo "trap 'rm -rf \"\$TMPD\"' EXIT"
    r_workload "$2"
  } >"$f"
}

# bench_makefile P V DIR MK: write to MK the makefile that compiles SRCS
# file by file into DIR/obj with the base flags plus the caller's array
# FLAGS, and links DIR/P with LINKFLAGS; the objects in the caller's
# array OBJS (bash's dynamic scope: build_variant's locals).
bench_makefile ()
{
  local p=$1 v=$2 dir=$3 mk=$4 i=0 s o
  mkdir -p "$dir/obj"
  rm -f "$dir/obj"/*.o "$dir/$p"
  {
    echo "# $p, variant $v: written by benchmarks/$(basename "$0")"
    echo "all: $dir/$p"
    for s in "${SRCS[@]}"; do
      o=$dir/obj/$(printf '%02d' $i)-$(basename "${s%.*}").o
      objs+=("$o")
      echo "$o: $s"
      printf '\t%s\n' "$CC ${BASE_CFLAGS[*]} ${flags[*]} ${CPPFLAGS_P[*]} -c $s -o $o"
      i=$((i + 1))
    done
    echo "$dir/$p: ${objs[*]}"
    printf '\t%s\n' "$CC ${BASE_CFLAGS[*]} ${linkflags[*]} -o $dir/$p ${objs[*]} ${LIBS_P[*]}"
  } >"$mk"
}

# bench_cg_record P V DIR: the "cg" record of program P, variant V: the
# instructions, branches and mispredicts of the cachegrind logs
# DIR/cg.*.log (one per process of the workload) summed.
bench_cg_record ()
{
  local p=$1 v=$2 d=$3
  cat "$d"/cg.*.log | tr -d , | awk -v p="$p" -v v="$v" '
    /I +refs:/ { ir += $NF }
    /Branches:/ { for (i = 1; i <= NF; i++) if ($i == "Branches:") br += $(i + 1) }
    /Mispredicts:/ { for (i = 1; i <= NF; i++) if ($i == "Mispredicts:") mp += $(i + 1) }
    END { if (ir > 0) printf "cg\t%s\t%s\t%.0f\t%.0f\t%.0f\n", p, v, ir, br, mp }' >>"$REC"
}

# bench_time_run P R V BIN: round R of variant V of program P, the full
# workload on BIN timed by BT: a "time" record, or a line in the log when
# it exits with an error.
bench_time_run ()
{
  local p=$1 r=$2 v=$3 bin=$4 t
  "$BT" "$PDIR/t.time" bash "$PDIR/workload-full.sh" "$bin" >/dev/null 2>&1
  read -r -a t <"$PDIR/t.time"
  if [ "${t[5]}" != 0 ]; then
    log "$p: $v exited with ${t[5]} in round $r"
    return 1
  fi
  record time "$p" "$r" "$v" "${t[1]}" "${t[0]}"
}

# bench_build P V: variant V of program P built into PDIR/V with the
# harness's build_variant and variant_flags; the binary in the caller's
# array OK, or a "status" record saying why there is none.
bench_build ()
{
  local p=$1 v=$2
  log "$p: build $v"
  if build_variant "$p" "$v" "$PDIR/$v" $(variant_flags $v); then
    ok[$v]=$PDIR/$v/$p
  else
    record status "$p" "$v" na "build failed: $(failure_line "$PDIR/$v/build-$v.log")"
  fi
}
