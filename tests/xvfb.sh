#!/bin/sh
# xvfb.sh - the real windowed lab under Xvfb, driven by xdotool: a held key
# moves the selected circle into a rectangle, both turn red, Escape quits
# and --state-out shows it. Needs Xvfb and xdotool (make test installs
# them on Debian/Ubuntu).
set -eu
# shellcheck source=tests/lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"
xvfb_setup xvfb.sh
cat >"$tmp/scene.json" <<'JSON'
{ "title": "xvfb", "shapes": [
  { "kind": "circle", "x": 200, "y": 300, "r": 40 },
  { "kind": "rect", "x": 710, "y": 300, "w": 900, "h": 120 } ], "selected": 0 }
JSON

cat >"$tmp/drive.sh" <<'DRIVE'
lab_start xvfb --scene "$tmp/scene.json" --state-out "$tmp/state.json" --screenshot "$tmp/shot.png"
# hold Right 1 s: at 240 px/s the circle (right edge at 240) reaches the
# long rectangle (260..1160) after 20 px and stays on it for 4 s, so a lab
# slowed down by a busy machine (it drops what lies past 0.1 s between
# frames: 8 runs at once moved it 120 to 500 px in 2 s) still gets there
xdotool keydown --window "$win" Right
sleep 1
xdotool keyup --window "$win" Right
sleep 0.3
lab_quit xvfb
DRIVE

xvfb_drive 1280x720 || { cat "$tmp/xvfb.err" 2>/dev/null; exit 1; }
[ -f "$tmp/state.json" ] || { echo "no state written"; cat "$tmp/xvfb.err"; exit 1; }
[ -f "$tmp/shot.png" ] || { echo "no screenshot written"; exit 1; }
x=$(tr -d ' \n' <"$tmp/state.json" | sed -n 's/^.*"shapes":\[{"kind":"circle","x":\([0-9.]*\).*$/\1/p')
hits=$(grep -c '"colliding": true' "$tmp/state.json" || true)
echo "circle x after the held key: $x; colliding shapes: $hits"
# it moved, into the rectangle, and both shapes turned red
awk -v x="$x" 'BEGIN { exit !(x >= 220) }' || { echo "the circle did not move"; exit 1; }
[ "$hits" -eq 2 ] || { echo "the shapes did not turn red"; exit 1; }
echo "xvfb: ok"
