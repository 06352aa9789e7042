#!/bin/sh
# run-tests.sh BUILD_DIR... - run every test program of each build directory
# (BUILD_DIR/tests/test_*) and then the scripted tests (tests/*.sh) against
# the first build. One line per suite, then what was skipped and why, then
#
#   tests: N passed, N failed, N skipped
#
# passed and failed count suites; skipped counts skipped checks (a suite that
# skipped a check still passes or fails on the rest of it).
#
# How a suite says it skipped something:
#   - a line "SKIP: <what>: <why>" anywhere in its output (C tests: the
#     SKIP_MSG macro of tests/skip.h; shell: echo);
#   - cmocka's skip() ("[  SKIPPED ] test_name"), when no SKIP: line names it;
#   - exit status 77: the whole suite was skipped (its last SKIP: line, if
#     any, says why).
#
# Every suite runs under coreutils `timeout` (CL_TEST_TIMEOUT seconds,
# default 600 (the ASan monkey takes 5 min on a busy 2-core machine);
# valgrind.sh gets twice that): one that hangs is killed and
# reported as TIMEOUT with the cmocka test it was in. Everything every
# suite printed, passing or not, goes to the log FIRST_BUILD/test-log.txt.
# CL_NO_SKIP=1 (for CI, where scripts/bootstrap.sh installed everything)
# turns any skip into a failure of the run.
set -u
passed=0; failed=0; skipped=0; failures=""
first=$1
log=$first/test-log.txt
mkdir -p "$first"
: >"$log"
skips=$(mktemp)
out=$(mktemp)
trap 'rm -f "$skips" "$out"' EXIT
limit_default=${CL_TEST_TIMEOUT:-600}

run_one() {  # name, command...
  name=$1; shift
  limit=$limit_default
  case "$name" in *valgrind*) limit=$((limit_default * 2)) ;; esac
  start=$(date +%s)
  timeout -k 10 "$limit" "$@" >"$out" 2>&1 </dev/null
  rc=$?
  secs=$(( $(date +%s) - start ))
  # skips: SKIP: lines, then cmocka skips that no SKIP: line names
  n_before=$(wc -l <"$skips")
  sed -n 's/^.*SKIP: //p' "$out" | sed "s|^|$name: |" >>"$skips"
  grep '^\[  SKIPPED \] [A-Za-z_0-9]*$' "$out" | sed 's/^\[  SKIPPED \] //' | sort -u |
    while read -r t; do
      grep -q "SKIP: $t:" "$out" || echo "$name: $t: cmocka skip() with no SKIP: line saying why"
    done >>"$skips"
  n_skip=$(( $(wc -l <"$skips") - n_before ))
  case $rc in
    0) status=ok; passed=$((passed + 1)) ;;
    77) status=SKIP
        [ "$n_skip" -gt 0 ] || { echo "$name: the whole suite (exit 77)" >>"$skips"; n_skip=1; } ;;
    124|137) status=TIMEOUT ;;
    *) status=FAIL ;;
  esac
  skipped=$((skipped + n_skip))
  note=""
  [ "$n_skip" -gt 0 ] && note=", $n_skip skipped"
  echo "  $status  $name (${secs}s$note)"
  {
    echo "==== $status $name (${secs}s, exit $rc$note)"
    cat "$out"
    echo
  } >>"$log"
  case $status in
    TIMEOUT)
      failed=$((failed + 1)); failures="$failures $name"
      # the cmocka test it hung in: the last one started and never finished
      hung=$(awk '/^\[ RUN      \]/ { t = $NF } /^\[       OK \]|^\[  FAILED  \]|^\[  SKIPPED \]/ { if ($NF == t) t = "" }
                  END { print t }' "$out")
      echo "      hung: no end after ${limit}s, killed${hung:+; it was in $hung}"
      sed 's/^/      /' "$out" | tail -n 20 ;;
    FAIL)
      failed=$((failed + 1)); failures="$failures $name"
      sed 's/^/      /' "$out" | tail -n 60 ;;
  esac
}

for dir in "$@"; do
  echo "== $dir"
  for t in "$dir"/tests/test_*; do
    [ -x "$t" ] || continue
    case "$t" in *.d|*.o) continue ;; esac
    run_one "$t" env CL_BUILD="$dir" "$t"
  done
done
echo "== scripted tests (tests/*.sh, $first)"
for s in tests/*.sh; do
  [ -f "$s" ] || continue
  run_one "$s" env CL_BUILD="$first" sh "$s"
done
if [ "$skipped" -gt 0 ]; then
  echo "!!!!!!!! $skipped SKIPPED - these checks did not run:"
  sed 's/^/!!   /' "$skips"
  echo "!!!!!!!! (scripts/bootstrap.sh test installs what they need)"
fi
[ -n "$failures" ] && echo "failed:$failures"
echo "log of every suite: $log"
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] || exit 1
if [ "$skipped" -gt 0 ] && [ "${CL_NO_SKIP:-0}" = 1 ]; then
  echo "CL_NO_SKIP=1: a skip fails the run"; exit 1
fi
exit 0
