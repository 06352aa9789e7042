#!/bin/sh
# mutate.sh [NAME...] - the mutation measurement (make mutate): do the
# tests catch a wrong collision test or a wrong lesson?
#
# Every mutant of scripts/mutants.txt (or only the NAMEs given) is one
# deliberate one-line bug. The tree (tracked and untracked files, not
# build/) is copied to a scratch folder once and built there (plain, no
# sanitizers, -O1); then each mutant, one at a time: its line is changed in
# the copy, the copy rebuilt, and test suites run until one fails: first
# the suites the mutant names, then, if none of them failed, every other
# one (so a SURVIVED mutant went through all of them). Then the line is put
# back. The worktree's own files are never touched.
#
# Prints a table (mutant, file:line, the suite that caught it or SURVIVED)
# and the share caught, and writes it to build/mutate-report.txt.
# Statuses: a suite name (caught: it failed or timed out), SURVIVED,
# STALE (the text to change is not in the file exactly once: update
# scripts/mutants.txt), NO BUILD (the mutant does not compile; not counted).
#
# Environment: MUTATE_TIMEOUT (seconds a suite may take, default 900),
# MUTATE_KEEP=1 keeps the scratch folder, MUTATE_NO_BASELINE=1 skips the
# check that every suite passes unmutated first, MUTATE_SUITES="a b" runs
# only those suites for every mutant (a quick check of a new test).
# The scripted tests (tests/*.sh) are not run: they need Xvfb and take long.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
list=$root/scripts/mutants.txt
limit=${MUTATE_TIMEOUT:-900}
jobs=${MUTATE_JOBS:-2}
report=$root/build/mutate-report.txt
mkdir -p "$root/build"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/mutate.XXXXXX")
[ "${MUTATE_KEEP:-0}" = 1 ] || trap 'rm -rf "$scratch"' EXIT
tree=$scratch/tree
mkdir -p "$tree"
(cd "$root" && git ls-files -co --exclude-standard | grep -v '^build/' | tar -cf - -T -) | tar -xf - -C "$tree"
echo "mutate: scratch copy in $tree"

build() {  # [test names]: those and the lab, else everything; quietly; make's status
  targets="lib app tests"
  if [ $# -gt 0 ]; then
    targets="lib app"
    for t in "$@"; do targets="$targets build/tests/$t"; done
  fi
  (cd "$tree" && make -j"$jobs" CFLAGS=-O1 $targets >"$scratch/build.log" 2>&1 </dev/null)
}
suites_all() {
  for t in "$tree"/build/tests/test_*; do
    case "$t" in *.d|*.o) continue ;; esac
    [ -x "$t" ] && basename "$t"
  done
}
run_suite() {  # name: 0 passed, else failed or timed out
  (cd "$tree" && CL_BUILD=build timeout -k 10 "$limit" "build/tests/$1" >"$scratch/suite.log" 2>&1 </dev/null)
}

if ! build; then
  tail -n 30 "$scratch/build.log"; echo "mutate: the unmutated copy does not build"; exit 1
fi
# the slow suites last: a mutant the others catch never waits for them
all=$(suites_all | grep -v -x -e test_app_monkey -e test_app_layout -e test_app_labels -e test_app_lessons)
for s in test_app_lessons test_app_labels test_app_layout test_app_monkey; do
  [ -x "$tree/build/tests/$s" ] && all="$all $s"
done
if [ "${MUTATE_NO_BASELINE:-0}" != 1 ]; then
  for s in ${MUTATE_SUITES:-$all}; do
    if ! run_suite "$s"; then
      tail -n 30 "$scratch/suite.log"; echo "mutate: $s fails unmutated: fix that first"; exit 1
    fi
  done
  echo "mutate: baseline: every suite passes unmutated"
fi

# name @@ file @@ old @@ new @@ suites  ->  tab-separated fields
fields=$(mktemp)
sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' -e 's/ @@ /\t/g' "$list" >"$fields"
total=0; caught=0; survived=0; stale=0; nobuild=0; survivors=""
table=$(mktemp)
trap 'rm -f "$fields" "$table"; [ "${MUTATE_KEEP:-0}" = 1 ] || rm -rf "$scratch"' EXIT
printf '%-32s %-32s %s\n' mutant file:line "caught by" >"$table"
tab=$(printf '\t')
while IFS="$tab" read -r name file old new first; do
  if [ $# -gt 0 ]; then
    want=0
    for a in "$@"; do [ "$a" = "$name" ] && want=1; done
    [ "$want" = 1 ] || continue
  fi
  f=$tree/$file
  where=$file
  status=""
  cp "$f" "$scratch/orig" 2>/dev/null || status=STALE
  if [ -z "$status" ]; then
    # exactly one occurrence, replaced; prints the line number
    line=$(OLD=$old NEW=$new perl -0777 -e '
      my $f = shift; open(my $h, "<", $f) or exit 3; local $/; my $s = <$h>; close $h;
      my $n = () = $s =~ /\Q$ENV{OLD}\E/g; exit 2 if $n != 1;
      my $at = index($s, $ENV{OLD}); my $line = 1 + (substr($s, 0, $at) =~ tr/\n//);
      substr($s, $at, length $ENV{OLD}) = $ENV{NEW};
      open($h, ">", $f) or exit 3; print $h $s; close $h; print $line;' "$f")
    if [ $? -ne 0 ]; then status=STALE; else where=$file:$line; fi
  fi
  if [ -z "$status" ]; then
    total=$((total + 1))
    start=$(date +%s)
    # the named suites first (only they are rebuilt), then all the others
    first=${MUTATE_SUITES:-$first}
    if ! build $first; then
      status="NO BUILD"; total=$((total - 1)); nobuild=$((nobuild + 1))
    else
      for s in $first; do
        if ! run_suite "$s"; then status=$s; break; fi
      done
      if [ -z "$status" ] && [ -z "${MUTATE_SUITES:-}" ]; then
        build || status="NO BUILD"
        for s in $all; do
          [ -z "$status" ] || break
          case " $first " in *" $s "*) continue ;; esac
          if ! run_suite "$s"; then status=$s; fi
        done
      fi
      if [ "$status" = "NO BUILD" ]; then
        total=$((total - 1)); nobuild=$((nobuild + 1))
      elif [ -z "$status" ]; then
        status=SURVIVED; survived=$((survived + 1)); survivors="$survivors $name"
      else
        caught=$((caught + 1))
      fi
    fi
    status="$status ($(( $(date +%s) - start ))s)"
    cp "$scratch/orig" "$f"   # a new mtime: make rebuilds it
  else
    stale=$((stale + 1))
  fi
  printf '%-32s %-32s %s\n' "$name" "$where" "$status" | tee -a "$table"
done <"$fields"
build >/dev/null || true

{
  cat "$table"
  echo
  if [ "$total" -gt 0 ]; then
    echo "mutate: $caught of $total mutants caught ($((100 * caught / total))%), $survived survived${survivors:+:$survivors}"
  fi
  [ "$stale" -gt 0 ] && echo "mutate: $stale STALE (text not found once: update scripts/mutants.txt)"
  [ "$nobuild" -gt 0 ] && echo "mutate: $nobuild did not build (not counted)"
} >"$report"
echo
tail -n 4 "$report" | grep '^mutate:'
echo "mutate: table in $report"
[ "$survived" -eq 0 ] && [ "$stale" -eq 0 ]
