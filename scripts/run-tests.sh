#!/bin/sh
# run-tests.sh BUILD_DIR... - run every test program of each build directory
# (BUILD_DIR/tests/*) and then the scripted tests (tests/*.sh) against the
# first build. Prints one line per suite and a closing "N passed, N failed".
set -u
passed=0; failed=0; failures=""
run_one() {  # name, command...
  name=$1; shift
  log=$(mktemp)
  start=$(date +%s)
  if "$@" >"$log" 2>&1; then
    passed=$((passed + 1)); status=ok
  else
    failed=$((failed + 1)); status=FAIL; failures="$failures $name"
  fi
  echo "  $status  $name ($(( $(date +%s) - start ))s)"
  [ "$status" = FAIL ] && sed 's/^/      /' "$log" | tail -n 60
  rm -f "$log"
}
first=""
for dir in "$@"; do
  [ -n "$first" ] || first=$dir
  echo "== $dir"
  for t in "$dir"/tests/test_*; do
    [ -x "$t" ] || continue
    case "$t" in *.d|*.o) continue ;; esac
    CL_BUILD=$dir run_one "$t" env CL_BUILD="$dir" "$t"
  done
done
echo "== scripted tests (tests/*.sh, $first)"
for s in tests/*.sh; do
  [ -f "$s" ] || continue
  run_one "$s" env CL_BUILD="$first" sh "$s"
done
[ -n "$failures" ] && echo "failed:$failures"
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
