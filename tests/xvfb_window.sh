#!/bin/sh
# xvfb_window.sh - the real windowed lab under Xvfb against what windows go
# through, driven by xdotool (modelled on tests/xvfb.sh). Five runs:
#   1. resize to 200x150 and to 3840x2160, minimise and restore (and unmap /
#      map, which works without a window manager): the lab keeps running,
#      still answers a held key, and writes its screenshot and state.
#   2. focus lost while Right is held (another window takes the focus and
#      the key is released there): the key must not stick. The lab is
#      paused meanwhile, so the circle must not have moved right at all;
#      then a held Down still moves it.
#   3. a stall of 5 s (SIGSTOP/SIGCONT) while Right is held: after SIGCONT
#      the update catches up at most 0.1 s, so the circle moves for about
#      the time the lab ran (not the 5 s it was stopped): no jump.
#   4. Esc with the help panel open closes the panel and the lab stays; with
#      the circle moved, Esc asks and the lab stays; a second Esc quits and
#      the arrangement is in $XDG_STATE_HOME/collision-lab/autosave.json;
#      the next start brings it back with Ctrl+R.
#   5. F12 and Ctrl+S without a scene, started in a folder of its own: the
#      PNG lands in $XDG_PICTURES_DIR, the scene in $XDG_DOCUMENTS_DIR,
#      nothing in the working folder (issue 13, item 10).
# Needs Xvfb, xdotool and xmessage (x11-utils; make test installs them).
set -eu
# shellcheck source=tests/lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"
xvfb_setup xvfb_window.sh
cat >"$tmp/scene.json" <<'JSON'
{ "title": "window", "shapes": [
  { "kind": "circle", "x": 100, "y": 300, "r": 40 },
  { "kind": "rect", "x": 1000, "y": 600, "w": 100, "h": 60 } ], "selected": 0 }
JSON

cat >"$tmp/drive.sh" <<'DRIVE'
# start_lab name: the lab on the scene, its state and screenshot named so
start_lab() { lab_start $1 --scene "$tmp/scene.json" --state-out "$tmp/$1.json" --screenshot "$tmp/$1.png"; }
alive() { kill -0 $pid 2>/dev/null || { echo "$1: the lab died"; cat "$tmp/$run.err"; exit 1; }; }

# 1. resize, minimise, restore
run=resize; start_lab $run
xdotool windowsize "$win" 200 150; sleep 0.6; alive "resize to 200x150"
xdotool windowsize "$win" 3840 2160; sleep 0.6; alive "resize to 3840x2160"
xdotool windowsize "$win" 1280 720; sleep 0.3
xdotool windowminimize "$win" 2>/dev/null || true; sleep 0.6; alive "minimise"
xdotool windowmap "$win"; xdotool windowactivate "$win" 2>/dev/null || true; sleep 0.4; alive "restore"
xdotool windowunmap "$win"; sleep 0.6; alive "unmap"
xdotool windowmap "$win"; sleep 0.4; alive "map"
lab_focus
# still answers: Down held 0.5 s moves the circle about 120 px
xdotool keydown Down; sleep 0.5; xdotool keyup Down; sleep 0.2
lab_quit $run

# 2. focus lost while Right is held: released in another window. Paused
#    (P) while it happens, so the position says it without timing: a key
#    that stuck moves the circle right once the lab runs again.
run=focus; start_lab $run
other=""
if command -v xmessage >/dev/null 2>&1; then
  xmessage -geometry 200x80+0+0 "other window" 2>/dev/null &
  mpid=$!
  for i in $(seq 1 100); do
    other=$(xdotool search --pid $mpid --class Xmessage 2>/dev/null | tail -n 1) && [ -n "$other" ] && break
    sleep 0.1
  done
  [ -n "$other" ] || { echo "focus: xmessage showed no window in 10 s"; exit 1; }
fi
if [ -n "$other" ]; then
  lab_focus
  xdotool key p; sleep 0.2          # paused: no tick runs
  xdotool keydown Right; sleep 0.3  # held while paused: the circle stays at x = 100
  echo "focus: another window (xmessage) takes the focus"
  xdotool windowfocus --sync "$other" 2>/dev/null || xdotool windowfocus "$other"
  sleep 0.2
  xdotool keyup Right               # with xmessage focused the lab never sees this
  sleep 0.2
  lab_focus
  xdotool key p                     # running again: a stuck Right would move it now
  sleep 1
  # and keys still work once the focus is back: Down held moves it down
  xdotool keydown Down; sleep 0.5; xdotool keyup Down; sleep 0.3
  kill $mpid 2>/dev/null
else
  # unmapping the window (no window manager) is no stand-in: the focus goes
  # to the root window and SDL's FocusOut handling differs; skip instead
  echo "SKIP: focus loss with a held key not checked: no xmessage to take the focus (apt-get install x11-utils)"
  touch "$tmp/focus.skip"
fi
alive focus
lab_quit $run

# 3. a 5 s stall while Right is held
run=stall; start_lab $run
xdotool keydown Right; sleep 0.3
kill -STOP $pid; sleep 5; kill -CONT $pid
sleep 0.3; xdotool keyup Right; sleep 0.2
alive stall
lab_quit $run

# 4. Esc with help open, then quit with changes: asked once, kept
rm -f "$XDG_STATE_HOME/collision-lab/autosave.json"
run=quit; start_lab $run
xdotool key h; sleep 0.3
xdotool key Escape; sleep 1
alive "Esc with the help panel open (it must only close the panel)"
xdotool keydown Right; sleep 0.4; xdotool keyup Right; sleep 0.2
xdotool key Escape; sleep 1
alive "the first Esc with shapes moved (it must only ask)"
xdotool key Escape
for i in $(seq 1 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
if kill -0 $pid 2>/dev/null; then echo "quit: a second Esc did not quit"; kill $pid; exit 1; fi
wait $pid || { echo "quit: the lab exited with $?"; cat "$tmp/quit.err"; exit 1; }
[ -s "$XDG_STATE_HOME/collision-lab/autosave.json" ] || { echo "quit: no autosave written"; exit 1; }
cp "$XDG_STATE_HOME/collision-lab/autosave.json" "$tmp/autosave.json"
# the next start (no --scene, so the offer is made) restores it with Ctrl+R
run=restore; lab_start $run --lesson 1 --state-out "$tmp/$run.json" --screenshot "$tmp/$run.png"
xdotool key ctrl+r; sleep 0.5
alive restore
lab_quit $run

# 5. F12 and Ctrl+S without a scene, started from a folder of its own (as
#    make run starts it in the checkout): the screenshot goes to the XDG
#    pictures folder, the save to the documents folder, nothing to the
#    working folder
mkdir -p "$tmp/work" "$tmp/pics" "$tmp/docs"
cd "$tmp/work"
export XDG_PICTURES_DIR="$tmp/pics" XDG_DOCUMENTS_DIR="$tmp/docs"
run=folders; lab_start $run --lesson 1 --state-out "$tmp/$run.json" --screenshot "$tmp/$run.png"
xdotool key F12; sleep 1
xdotool key ctrl+s; sleep 0.5
alive folders
lab_quit $run
unset XDG_PICTURES_DIR XDG_DOCUMENTS_DIR
cd "$tmp"
DRIVE

xvfb_drive 3840x2160 || exit 1
for run in resize focus stall quit restore; do
  [ -s "$tmp/$run.json" ] || { echo "$run: no state written"; cat "$tmp/$run.err"; exit 1; }
  [ -s "$tmp/$run.png" ] || { echo "$run: no screenshot written"; exit 1; }
done
pos() {  # run coordinate: the circle's x or y in that run's state
  tr -d ' \n' <"$tmp/$1.json" | sed -n "s/^.*\"shapes\":\[{\"kind\":\"circle\",\"x\":\([0-9.-]*\),\"y\":\([0-9.-]*\).*\$/\\$2/p"
}
rx=$(pos resize 1); ry=$(pos resize 2); fx=$(pos focus 1); fy=$(pos focus 2); sx=$(pos stall 1)
echo "resize: circle at ($rx, $ry) (started at 100, 300; Down held 0.5 s)"
echo "focus:  circle at ($fx, $fy) (Right held while paused, released elsewhere: x stays 100; then Down held 0.5 s)"
echo "stall:  circle x $sx (Right held 0.3 s + 5 s stopped + 0.3 s; no jump: about 270, at most 0.1 s extra)"
# The lower bounds ask only "it moved" (10 px): on a busy machine (several
# test runs at once) the lab gets fewer frames and drops what lies past
# 0.1 s between two of them, so it may move less than the time held; the
# upper bounds are what each run is about and leave no such slack.
# 1: alive after all of it, and the key still moved the circle down, not sideways
awk -v x="$rx" -v y="$ry" 'BEGIN { exit !(x == 100 && y > 310 && y <= 720) }' || { echo "resize: the lab stopped answering keys"; exit 1; }
# 2: not one pixel to the right; and Down, after the focus came back, moved it
if [ ! -f "$tmp/focus.skip" ]; then
  awk -v x="$fx" 'BEGIN { exit !(x == 100) }' || { echo "focus: the held key stuck (x $fx, not 100)"; exit 1; }
  awk -v y="$fy" 'BEGIN { exit !(y > 310) }' || { echo "focus: keys no longer answered after the focus came back"; exit 1; }
fi
# 3: 0.6 s of holding is ~144 px, plus at most 0.1 s (24 px) of catch-up
#    and whatever xdotool's keyup is late on a busy machine; far below the
#    1,200 px of a 5 s jump
awk -v x="$sx" 'BEGIN { exit !(x > 110 && x < 700) }' || { echo "stall: the circle jumped (or never moved)"; exit 1; }
# 4: the autosave holds the moved circle; Ctrl+R put it back on the board
qx=$(tr -d ' \n' <"$tmp/autosave.json" | sed -n 's/^.*"shapes":\[{"kind":"circle","x":\([0-9.-]*\),.*$/\1/p')
echo "quit:   autosave circle x $qx (started at 100; Right held 0.4 s); restore: circle x $(pos restore 1)"
awk -v x="$qx" 'BEGIN { exit !(x > 110) }' || { echo "quit: the autosave does not hold the moved circle"; exit 1; }
awk -v x="$qx" -v y="$(pos restore 1)" 'BEGIN { exit !(x == y) }' || { echo "restore: Ctrl+R did not bring the arrangement back"; exit 1; }
# 5: F12 and Ctrl+S left nothing in the working folder
[ -z "$(ls -A "$tmp/work")" ] || { echo "folders: files in the working folder: $(ls -A "$tmp/work")"; exit 1; }
ls "$tmp/pics" | grep -q '^collision-lab-.*[.]png$' || { echo "folders: F12 wrote no PNG into XDG_PICTURES_DIR (found: $(ls "$tmp/pics"))"; exit 1; }
ls "$tmp/docs" | grep -q '^scene-.*[.]json$' || { echo "folders: Ctrl+S wrote no scene into XDG_DOCUMENTS_DIR (found: $(ls "$tmp/docs"))"; exit 1; }
echo "folders: F12 -> $(ls "$tmp/pics"), Ctrl+S -> $(ls "$tmp/docs"), working folder empty"
echo "xvfb_window: ok"
