#!/usr/bin/env bash
# blind-shots.sh DIR - render the screenshots for a blind review of the
# lessons' pictures (issue 12): lessons 1-8, presets F1-F5, colliding and
# apart, the SAT walk at its first axis and at its verdict, zoomed in, in
# English, 繁體中文 and Tiếng Việt, at 1280x720 and 1024x768 (letterboxed,
# as a 4:3 projector shows the 16:9 canvas). Each shot is drawn by
# `build/collision-lab --headless --frames N --screenshot` (build it first:
# `make`); beside each PNG the run's --state-out JSON holds what the program
# decided ("explanation": pair, verdict, criterion), for checking the
# reviewer's answers afterwards. Give the reviewer only the PNGs and the
# text below; DIR/answers.tsv is the key (one line a shot).
#
# What a student knows before looking (the course's tests):
#   Shapes are closed: touching counts as colliding. Red shapes collide,
#   green ones are apart; the panel at the top names the lesson and its test.
#   1 Circle and circle: they collide when d (distance between the centres)
#     <= r1 + r2.
#   2 Circle and upright rectangle, three parts: |dx|, |dy| from the box's
#     centre. Far zone (|dx| > w/2 + r or |dy| > h/2 + r): apart. Edge band
#     (within w/2 on one axis and h/2 + r on the other): collide. Corner:
#     Pythagoras, (|dx| - w/2)^2 + (|dy| - h/2)^2 <= r^2.
#   3 Circle and upright rectangle, closest point: clamp the circle's centre
#     C into the box to get A; collide when |CA| <= r.
#   4 Two upright rectangles: their shadows on the x axis and on the y axis;
#     they collide when both pairs of shadows overlap (one gap: apart).
#   5 Circle and turned rectangle: turn both by -θ about the box's centre,
#     then lesson 3's test in the box's own frame (C', A').
#   6 Two turned rectangles, separating axis test (SAT): project both on
#     each edge normal (2 per rectangle); one axis with a gap between the
#     shadows proves them apart; no gap on any axis: they collide, and the
#     least push along an axis (minimum translation, MTV) separates them.
#   7 Two convex polygons: the same test on every edge's normal (7 axes for
#     ABCD and EFG).
#   8 Everything together: each pair gets the test its two kinds need; the
#     table lists every pair, its test and its verdict (depth in px).
# Ask for each shot: do they collide? which test decides? what in the
# picture decides it? clarity 1-5.
set -euo pipefail
out=${1:?usage: scripts/blind-shots.sh DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
lab=${LAB:-$here/build/collision-lab}
[ -x "$lab" ] || { echo "blind-shots.sh: $lab not built (make)" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name lesson preset(1-5) lang size keys...
#   extra: walk (the SAT walk at its verdict), all (every axis at once, A),
#   zoom (Ctrl+wheel, 3 notches about lesson 1's tiny circle).
shots=(
  "01-L1-F1-en-1280   1 1 en    1280x720"
  "02-L1-F2-vi-1280   1 2 vi    1280x720"
  "03-L1-F5-zh-1024   1 5 zh-TW 1024x768"
  "04-L1-F5-zoom-en   1 5 en    1280x720 zoom"
  "05-L2-F1-en-1280   2 1 en    1280x720"
  "06-L2-F2-zh-1280   2 2 zh-TW 1280x720"
  "07-L2-F5-vi-1024   2 5 vi    1024x768"
  "08-L3-F1-en-1024   3 1 en    1024x768"
  "09-L3-F3-vi-1280   3 3 vi    1280x720"
  "10-L3-F2-zh-1280   3 2 zh-TW 1280x720"
  "11-L4-F1-zh-1280   4 1 zh-TW 1280x720"
  "12-L4-F3-en-1280   4 3 en    1280x720"
  "13-L4-F4-vi-1024   4 4 vi    1024x768"
  "14-L5-F1-en-1280   5 1 en    1280x720"
  "15-L5-F3-vi-1280   5 3 vi    1280x720"
  "16-L5-F4-zh-1024   5 4 zh-TW 1024x768"
  "17-L6-F1-en-step1  6 1 en    1280x720"
  "18-L6-F1-vi-verdict 6 1 vi   1280x720 walk"
  "19-L6-F2-zh-verdict 6 2 zh-TW 1280x720 walk"
  "20-L6-F3-en-all    6 3 en    1024x768 all"
  "21-L6-F4-vi-verdict 6 4 vi   1024x768 walk"
  "22-L7-F1-en-verdict 7 1 en   1280x720 walk"
  "23-L7-F2-vi-verdict 7 2 vi   1280x720 walk"
  "24-L7-F3-zh-step1  7 3 zh-TW 1024x768"
  "25-L7-F1-zh-all    7 1 zh-TW 1280x720 all"
  "26-L8-F1-en-1280   8 1 en    1280x720"
  "27-L8-F1-vi-1024   8 1 vi    1024x768"
  "28-L8-F1-zh-1280   8 1 zh-TW 1280x720"
)

printf 'shot\tlesson\tpreset\tlang\tsize\tverdict\tcriterion\n' > "$out/answers.tsv"
for row in "${shots[@]}"; do
  read -r name lesson preset lang size extra <<<"$row"
  # ONLY=regex renders only the shots whose names match (while iterating)
  if [ -n "${ONLY:-}" ] && ! [[ $name =~ $ONLY ]]; then continue; fi
  script=$tmp/$name.txt
  : > "$script"
  t=0
  if [ "$preset" -gt 1 ]; then
    printf '%d key down F%d\n%d key up F%d\n' $t "$preset" $((t + 1)) "$preset" >> "$script"
    t=$((t + 2))
  fi
  case "${extra:-}" in
    walk)   # the SAT walk at its verdict: [ from the first step goes to the last
      printf '%d key down [\n%d key up [\n' $t $((t + 1)) >> "$script"; t=$((t + 2)) ;;
    all)    printf '%d key down A\n%d key up A\n' $t $((t + 1)) >> "$script"; t=$((t + 2)) ;;
    zoom)   # Ctrl+wheel about the tiny circle (lesson 1, F5)
      printf '%d key down Left Ctrl\n%d mouse move 396 380\n%d wheel 1\n%d wheel 1\n%d wheel 1\n%d key up Left Ctrl\n' \
        $t $t $((t + 1)) $((t + 2)) $((t + 3)) $((t + 4)) >> "$script"
      t=$((t + 5)) ;;
  esac
  "$lab" --headless --frames $((t + 2)) --lesson "$lesson" --lang "$lang" --size "$size" --input "$script" \
    --screenshot "$out/$name.png" --state-out "$tmp/$name.json"
  python3 - "$tmp/$name.json" "$name" "$lesson" "$preset" "$lang" "$size" >> "$out/answers.tsv" <<'EOF'
import json, sys
st = json.load(open(sys.argv[1]))
ex = st.get("explanation") or {}
print("\t".join(sys.argv[2:] + ["collide" if ex.get("verdict") else "apart", ex.get("criterion", "")]))
EOF
done
echo "blind-shots.sh: ${#shots[@]} shots in $out (key: $out/answers.tsv)"
