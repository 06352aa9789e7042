#!/bin/sh
# xvfb_mouse.sh - the mouse in the real window under Xvfb: the mapping from
# window pixels to the 1280x720 canvas (mouse_event in src/app/main.c)
# through letterboxed and pillarboxed windows of several sizes, and F12.
#
# For each window size the lab starts on a scene with one small circle
# (r 10); xdotool resizes the window and moves it to the screen's corner,
# presses the left button on the window pixel where the circle's centre is
# drawn, drags to the pixel of a target canvas point and releases. The
# pixels are computed here, not asked of the lab: the canvas is scaled by
# s = min(W / 1280, H / 720) and centred, so canvas (x, y) is drawn at
# ((W - 1280 s) / 2 + s x, (H - 720 s) / 2 + s y). --state-out must then
# show the circle at the target, within the rounding of a window pixel
# (1 / s canvas px). A wrong offset misses the circle (it stays put); a
# wrong scale drops it elsewhere.
# In the 640x600 run F12 must write a PNG of the window's size, 640x600,
# beside the scene (a folder a teacher looks in), not into the lab's
# working folder.
# Needs Xvfb and xdotool (make test installs them).
set -eu
# shellcheck source=tests/lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"
xvfb_setup xvfb_mouse.sh
cat >"$tmp/scene.json" <<'JSON'
{ "title": "mouse", "shapes": [
  { "kind": "circle", "x": 300, "y": 200, "r": 10 },
  { "kind": "rect", "x": 1100, "y": 620, "w": 80, "h": 60 } ], "selected": 1 }
JSON
# run name, window size, target canvas point
cat >"$tmp/runs" <<'RUNS'
same 1280 720 900 450
letterbox 640 600 700 500
pillarbox 1400 500 1000 150
large 1900 1060 150 600
small 300 400 640 360
RUNS

cat >"$tmp/drive.sh" <<'DRIVE'
# win_px W H X Y: the window pixel (rounded) where canvas (X, Y) is drawn
win_px() {
  awk -v w="$1" -v h="$2" -v x="$3" -v y="$4" 'BEGIN {
    s = w / 1280; if (h / 720 < s) s = h / 720
    printf "%d %d\n", (w - 1280 * s) / 2 + s * x + 0.5, (h - 720 * s) / 2 + s * y + 0.5 }'
}
mkdir -p "$tmp/shots"
while read -r run w h tx ty; do
  cd "$tmp/shots"
  lab_start $run --scene "$tmp/scene.json" --state-out "$tmp/$run.json"
  cd "$tmp"
  xdotool windowsize "$win" $w $h
  xdotool windowmove "$win" 0 0
  sleep 1
  set -- $(win_px $w $h 300 200); px=$1; py=$2
  set -- $(win_px $w $h $tx $ty); qx=$1; qy=$2
  echo "$run: ${w}x$h: press at window ($px, $py), release at ($qx, $qy)"
  xdotool mousemove --window "$win" $px $py; sleep 0.4
  xdotool mousedown 1; sleep 0.2
  xdotool mousemove --window "$win" $(( (px + qx) / 2 )) $(( (py + qy) / 2 )); sleep 0.2
  xdotool mousemove --window "$win" $qx $qy; sleep 0.4
  xdotool mouseup 1; sleep 0.3
  if [ $run = letterbox ]; then lab_focus; xdotool key F12; sleep 1; fi
  lab_quit $run
done <"$tmp/runs"
DRIVE

xvfb_drive 2000x1200 || exit 1
fail=0
while read -r run w h tx ty; do
  [ -s "$tmp/$run.json" ] || { echo "$run: no state written"; cat "$tmp/$run.err"; fail=1; continue; }
  set -- $(tr -d ' \n' <"$tmp/$run.json" |
    sed -n 's/^.*"shapes":\[{"kind":"circle","x":\([0-9.e+-]*\),"y":\([0-9.e+-]*\).*$/\1 \2/p')
  x=${1:-none}; y=${2:-none}
  if awk -v x="$x" -v y="$y" -v tx="$tx" -v ty="$ty" -v w="$w" -v h="$h" 'BEGIN {
       s = w / 1280; if (h / 720 < s) s = h / 720
       tol = 1 / s + 0.5
       exit !(x - tx <= tol && tx - x <= tol && y - ty <= tol && ty - y <= tol) }'; then
    echo "$run: circle dragged to ($x, $y), target ($tx, $ty): ok"
  else
    echo "$run: ${w}x$h: circle at ($x, $y) after the drag, want ($tx, $ty) (started at 300, 200)"; fail=1
  fi
done <"$tmp/runs"
# F12: one new PNG beside the scene, of the window's size; none in the
# working folder
[ -z "$(ls "$tmp/shots")" ] || { echo "F12: files in the working folder: $(ls "$tmp/shots")"; fail=1; }
set -- "$tmp"/collision-lab-*.png
if [ $# -ne 1 ] || [ ! -s "$1" ]; then
  echo "F12: want one collision-lab-*.png beside the scene, found: $(ls "$tmp")"; fail=1
else
  dims=$(od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", (($1*256+$2)*256+$3)*256+$4, (($5*256+$6)*256+$7)*256+$8 }')
  bytes=$(wc -c <"$1")
  echo "F12: $(basename "$1"), $dims, $bytes bytes"
  [ "$dims" = 640x600 ] || { echo "F12: the screenshot is $dims, want the window's 640x600"; fail=1; }
  head -c 8 "$1" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || { echo "F12: not a PNG"; fail=1; }
fi
[ $fail -eq 0 ] && echo "xvfb_mouse: ok"
exit $fail
