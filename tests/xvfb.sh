#!/bin/sh
# xvfb.sh - the real windowed lab under Xvfb, driven by xdotool: a held key
# moves the selected circle into a rectangle, both turn red, Escape quits
# and --state-out shows it. Needs xvfb-run and xdotool (make test installs
# them on Debian/Ubuntu).
set -eu
build=${CL_BUILD:-build}
bin=$build/collision-lab
for c in xvfb-run xdotool; do
  command -v "$c" >/dev/null 2>&1 || { echo "xvfb.sh: $c is missing (apt-get install xvfb xdotool)"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/scene.json" <<'JSON'
{ "title": "xvfb", "shapes": [
  { "kind": "circle", "x": 200, "y": 300, "r": 40 },
  { "kind": "rect", "x": 520, "y": 300, "w": 200, "h": 120 } ], "selected": 0 }
JSON

cat >"$tmp/drive.sh" <<'DRIVE'
#!/bin/sh
set -u
bin=$1; tmp=$2
"$bin" --scene "$tmp/scene.json" --state-out "$tmp/state.json" --screenshot "$tmp/shot.png" 2>"$tmp/err" &
pid=$!
win=""
for i in $(seq 1 100); do
  win=$(xdotool search --name "Collision Lab" 2>/dev/null | head -n 1) && [ -n "$win" ] && break
  sleep 0.1
done
[ -n "$win" ] || { echo "no window appeared"; kill $pid; exit 1; }
sleep 0.5
xdotool windowfocus --sync "$win" 2>/dev/null || xdotool windowfocus "$win"
# hold Right: about 1.2 s at 240 px/s moves the circle ~290 px, into the rectangle
xdotool keydown --window "$win" Right
sleep 1.2
xdotool keyup --window "$win" Right
sleep 0.3
xdotool key --window "$win" Escape
for i in $(seq 1 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill -0 $pid 2>/dev/null; then echo "the lab did not quit on Escape"; kill $pid; exit 1; fi
wait $pid
DRIVE

xvfb-run -a -s "-screen 0 1280x720x24" sh "$tmp/drive.sh" "$bin" "$tmp" || { cat "$tmp/err" 2>/dev/null; exit 1; }
[ -f "$tmp/state.json" ] || { echo "no state written"; cat "$tmp/err"; exit 1; }
[ -f "$tmp/shot.png" ] || { echo "no screenshot written"; exit 1; }
x=$(tr -d ' \n' <"$tmp/state.json" | sed -n 's/^.*"shapes":\[{"kind":"circle","x":\([0-9.]*\).*$/\1/p')
hits=$(grep -c '"colliding": true' "$tmp/state.json" || true)
echo "circle x after the held key: $x; colliding shapes: $hits"
# it moved (well past its start) and both shapes turned red
awk -v x="$x" 'BEGIN { exit !(x > 300) }' || { echo "the circle did not move"; exit 1; }
[ "$hits" -eq 2 ] || { echo "the shapes did not turn red"; exit 1; }
echo "xvfb: ok"
