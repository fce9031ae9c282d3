#!/usr/bin/env bash
# Runs the Check unit-test programs given as arguments; prints each
# program's Check summary and a total; fails if any test failed.
set -u
fail=0 checks=0 failures=0 errors=0
for t in "$@"; do
  out=$("$t" 2>&1); rc=$?
  printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks:|^[^:]+:[0-9]+:[EFP]:' | grep -v ':P:' | sed "s|^|$(basename "$t"): |"
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks:' | tail -1)
  if [ -z "$line" ] || [ $rc -ne 0 ]; then
    [ -z "$line" ] && printf '%s\n' "$out" | tail -20
    fail=1
  fi
  c=$(sed -n 's/.*Checks: \([0-9]*\).*/\1/p' <<<"$line"); f=$(sed -n 's/.*Failures: \([0-9]*\).*/\1/p' <<<"$line"); e=$(sed -n 's/.*Errors: \([0-9]*\).*/\1/p' <<<"$line")
  checks=$((checks + ${c:-0})); failures=$((failures + ${f:-0})); errors=$((errors + ${e:-0}))
done
pct=100; [ $checks -gt 0 ] && pct=$(( (checks - failures - errors) * 100 / checks ))
echo "unit: ${pct}%: Checks: $checks, Failures: $failures, Errors: $errors"
[ $fail -eq 0 ] && [ $failures -eq 0 ] && [ $errors -eq 0 ]
