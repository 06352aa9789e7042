#!/bin/sh
# valgrind.sh - every lesson 0..9 for 600 headless ticks under valgrind
# (memcheck): no invalid read or write, no use of an uninitialised value, no
# memory "definitely lost" (--errors-for-leak-kinds=definite). One run also
# draws and writes a screenshot (the software renderer at 1280x720 is the
# slow part under valgrind), every run writes --state-out. Each lesson is fed
# a script that holds keys, drags, turns and zooms so the update paths run.
# Known leaks inside system libraries go in tests/valgrind.supp.
set -eu
build=${CL_BUILD:-build}
bin=$build/collision-lab
command -v valgrind >/dev/null 2>&1 || { echo "valgrind.sh: valgrind is missing (apt-get install valgrind)"; exit 1; }
[ -x "$bin" ] || { echo "valgrind.sh: $bin is missing (make app)"; exit 1; }
case "$build" in *asan*) echo "valgrind.sh: $build is an ASan build; valgrind needs a plain one"; exit 1 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
cat >"$tmp/in.txt" <<'SCRIPT'
0 key down Right
40 key down Q
80 key up Right
80 key down Down
120 key up Q
120 key up Down
130 key down Tab
131 key up Tab
140 mouse down 640 360
150 mouse move 700 400
160 mouse up 700 400
170 wheel 2
180 key down Left Ctrl
181 wheel 3
190 key up Left Ctrl
200 key down P
201 key up P
210 key down .
211 key up .
220 key down P
221 key up P
230 key down S
231 key up S
300 key down S
301 key up S
SCRIPT
fail=0
start=$(date +%s)
for lesson in 0 1 2 3 4 5 6 7 8 9; do
  shot=""
  [ "$lesson" = 3 ] && shot="--screenshot $tmp/shot.png"
  # shellcheck disable=SC2086
  if ! valgrind -q --error-exitcode=1 --leak-check=full --show-leak-kinds=definite \
        --errors-for-leak-kinds=definite --suppressions="$here/valgrind.supp" \
        "$bin" --headless --frames 600 --lesson "$lesson" --input "$tmp/in.txt" \
        --state-out "$tmp/state-$lesson.json" $shot >"$tmp/log-$lesson" 2>&1; then
    echo "lesson $lesson: valgrind found errors:"; sed 's/^/  /' "$tmp/log-$lesson" | head -n 60
    fail=1
  elif [ ! -s "$tmp/state-$lesson.json" ]; then
    echo "lesson $lesson: no state written"; fail=1
  else
    echo "lesson $lesson: clean"
  fi
done
[ -s "$tmp/shot.png" ] || { echo "no screenshot written"; fail=1; }
echo "valgrind: 10 lessons x 600 ticks in $(( $(date +%s) - start )) s"
[ "$fail" -eq 0 ] && echo "valgrind: ok"
exit "$fail"
