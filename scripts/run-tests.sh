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
# Suites run CL_TEST_JOBS at a time (default: the number of processors),
# the longest first (as long as the last run's log says they took, else the
# known slow ones); a suite's line is printed when it ends, and the log
# keeps every suite in the usual order.
#
# Every suite runs under coreutils `timeout` (CL_TEST_TIMEOUT seconds,
# default 600 (the ASan monkey takes 5 min on a busy 2-core machine);
# valgrind.sh gets twice that): one that hangs is killed and
# reported as TIMEOUT with the cmocka test it was in. Everything every
# suite printed, passing or not, goes to the log FIRST_BUILD/test-log.txt.
# CL_NO_SKIP=1 (for CI, where scripts/bootstrap.sh installed everything)
# turns any skip into a failure of the run.
set -u
limit_default=${CL_TEST_TIMEOUT:-600}

# --one WORK IDX NAME DIR: run one suite (a test program, or a tests/*.sh
# script against DIR); leave WORK/IDX.{out,status,skips} and print its line.
if [ "${1:-}" = --one ]; then
  work=$2 idx=$3 name=$4 dir=$5
  out=$work/$idx.out
  limit=$limit_default
  case "$name" in *valgrind*) limit=$((limit_default * 2)) ;; esac
  case "$name" in *.sh) set -- sh "$name" ;; *) set -- "$name" ;; esac
  start=$(date +%s)
  CL_BUILD="$dir" timeout -k 10 "$limit" "$@" >"$out" 2>&1 </dev/null
  rc=$?
  secs=$(( $(date +%s) - start ))
  # skips: SKIP: lines, then cmocka skips that no SKIP: line names
  sed -n 's/^.*SKIP: //p' "$out" | sed "s|^|$name: |" >"$work/$idx.skips"
  grep '^\[  SKIPPED \] [A-Za-z_0-9]*$' "$out" | sed 's/^\[  SKIPPED \] //' | sort -u |
    while read -r t; do
      grep -q "SKIP: $t:" "$out" || echo "$name: $t: cmocka skip() with no SKIP: line saying why"
    done >>"$work/$idx.skips"
  case $rc in
    0) status=ok ;;
    77) status=SKIP
        [ -s "$work/$idx.skips" ] || echo "$name: the whole suite (exit 77)" >>"$work/$idx.skips" ;;
    124|137) status=TIMEOUT ;;
    *) status=FAIL ;;
  esac
  n_skip=$(wc -l <"$work/$idx.skips")
  note=""
  [ "$n_skip" -gt 0 ] && note=", $n_skip skipped"
  {
    echo "  $status  $name (${secs}s$note)"
    case $status in
      TIMEOUT)
        # the cmocka test it hung in: the last one started and never finished
        hung=$(awk '/^\[ RUN      \]/ { t = $NF } /^\[       OK \]|^\[  FAILED  \]|^\[  SKIPPED \]/ { if ($NF == t) t = "" }
                    END { print t }' "$out")
        echo "      hung: no end after ${limit}s, killed${hung:+; it was in $hung}"
        sed 's/^/      /' "$out" | tail -n 20 ;;
      FAIL) sed 's/^/      /' "$out" | tail -n 60 ;;
    esac
  } >"$work/$idx.line"
  echo "$status" >"$work/$idx.status"
  echo "==== $status $name (${secs}s, exit $rc$note)" >"$work/$idx.head"
  cat "$work/$idx.line"  # one write per suite, so parallel lines do not mix
  exit 0
fi

first=$1
log=$first/test-log.txt
mkdir -p "$first"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
jobs=${CL_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
case "$jobs" in ''|*[!0-9]*|0) jobs=2 ;; esac

# The suites, in the log's order: "IDX NAME DIR" per line.
n=0
for dir in "$@"; do
  for t in "$dir"/tests/test_*; do
    [ -x "$t" ] || continue
    case "$t" in *.d|*.o) continue ;; esac
    n=$((n + 1)); echo "$n $t $dir"
  done
done >"$work/list"
for s in tests/*.sh; do
  [ -f "$s" ] || continue
  n=$((n + 1)); echo "$n $s $first"
done >>"$work/list"

# Longest first: the seconds the last run's log gave each suite; without
# one, the suites known to be slow (the monkey runs, valgrind, the lessons).
touch "$log"
awk 'FILENAME == ARGV[1] { if ($1 == "====") { s = $4; sub(/^\(/, "", s); sub(/s,?$/, "", s); t[$3] = s + 0 } next }
     { w = ($2 in t) ? t[$2] : ($2 ~ /monkey/ ? 300 : $2 ~ /valgrind/ ? 200 : $2 ~ /lessons|labels|layout/ ? 30 : 1)
       if ($2 ~ /\/asan\// && !($2 in t)) w *= 3
       print w, $0 }' "$log" "$work/list" | sort -k1,1nr | cut -d' ' -f2- >"$work/order"
: >"$log"

echo "== $n suites ($*: tests/test_*; then tests/*.sh against $first), $jobs at a time"
xargs -P "$jobs" -n 3 sh "$0" --one "$work" <"$work/order"

passed=0; failed=0; skipped=0; failures=""
: >"$work/skips"
i=0
while [ "$i" -lt "$n" ]; do
  i=$((i + 1))
  name=$(sed -n "${i}p" "$work/list" | cut -d' ' -f2)
  if [ ! -f "$work/$i.status" ]; then  # the worker itself died
    echo "  FAIL  $name (did not run to the end)"
    echo "==== FAIL $name (did not run to the end)" >>"$log"
    failed=$((failed + 1)); failures="$failures $name"
    continue
  fi
  status=$(cat "$work/$i.status")
  case $status in
    ok) passed=$((passed + 1)) ;;
    SKIP) ;;
    *) failed=$((failed + 1)); failures="$failures $name" ;;
  esac
  cat "$work/$i.skips" >>"$work/skips"
  skipped=$((skipped + $(wc -l <"$work/$i.skips")))
  { cat "$work/$i.head" "$work/$i.out"; echo; } >>"$log"
done
skips=$work/skips
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
