#!/bin/sh
# xvfb_timing.sh - the HUD's "drawing ... ms" is the CPU work of drawing a
# frame, not the wait for the screen's refresh; the frame time holds both
# (issue 13, item 7: lesson 9 showed drawing 16 ms at 63 FPS, the vsync
# wait, and 7 ms at 10 FPS for the same shapes).
# Xvfb never waits for a refresh, so the test makes the wait itself:
# CL_TEST_PRESENT_DELAY_MS=N (sdl_loop.h, frame_loop_present) sleeps N ms
# right after each SDL_RenderPresent, exactly where a vsync'd present
# blocks. The real windowed lab runs lesson 1 for 3 s that way, quits on
# Esc and writes --state-out, whose "timing" holds the last figures the HUD
# shows (F). Then:
#   frame_ms   >= 0.9 N   (the frame includes the wait),
#   drawing_ms <  N / 3   (drawing does not: were it timed across the
#                          present, it would be N or more),
#   drawing_ms >  0       (it timed something).
# A second run without the hook: its frame is N / 2 shorter at least (the
# wait came from the hook, not from a slow machine). N = 300.
# Needs Xvfb and xdotool, as tests/xvfb_window.sh.
set -eu
# shellcheck source=tests/lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"
xvfb_setup xvfb_timing.sh

cat >"$tmp/drive.sh" <<'DRIVE'
# timed NAME DELAY: lesson 1 for 3 s with the hook at DELAY ms (0: none)
timed() {
  if [ "$2" -gt 0 ]; then export CL_TEST_PRESENT_DELAY_MS=$2; else unset CL_TEST_PRESENT_DELAY_MS; fi
  lab_start $1 --lesson 1 --state-out "$tmp/$1.json"
  sleep 3
  lab_quit $1
  unset CL_TEST_PRESENT_DELAY_MS
}
timed hook 300
timed plain 0
DRIVE
xvfb_drive 1280x720 || exit 1

# timing NAME KEY: the number under "timing" in NAME's state
timing() {
  [ -s "$tmp/$1.json" ] || { echo "$1: no state written"; exit 1; }
  tr -d ' \n' <"$tmp/$1.json" | sed -n "s/^.*\"timing\":{[^}]*\"$2\":\([-0-9.eE+]*\).*\$/\\1/p"
}
n=300
for k in fps frame_ms drawing_ms; do
  v=$(timing hook $k); [ -n "$v" ] || { echo "hook: no timing.$k in the state"; cat "$tmp/hook.json"; exit 1; }
done
frame=$(timing hook frame_ms) draw=$(timing hook drawing_ms) fps=$(timing hook fps)
plain_frame=$(timing plain frame_ms) plain_draw=$(timing plain drawing_ms)
[ -n "$plain_frame" ] || { echo "plain: no timing in the state"; exit 1; }
echo "present + ${n} ms: ${fps} FPS, frame ${frame} ms, drawing ${draw} ms; without: frame ${plain_frame} ms, drawing ${plain_draw} ms"
awk -v f="$frame" -v d="$draw" -v n="$n" 'BEGIN { exit !(f >= 0.9 * n) }' ||
  { echo "xvfb_timing: the frame time ${frame} ms leaves out the ${n} ms wait after the present"; exit 1; }
awk -v d="$draw" -v n="$n" 'BEGIN { exit !(d < n / 3) }' ||
  { echo "xvfb_timing: drawing ${draw} ms includes the ${n} ms wait after the present (it must be the CPU's work only)"; exit 1; }
awk -v d="$draw" 'BEGIN { exit !(d > 0) }' || { echo "xvfb_timing: drawing ${draw} ms: nothing timed"; exit 1; }
awk -v p="$plain_frame" -v f="$frame" -v n="$n" 'BEGIN { exit !(p + n / 2 < f) }' ||
  { echo "xvfb_timing: without the hook the frame took ${plain_frame} ms: the machine, not the hook, is slow"; exit 1; }
echo "xvfb_timing: ok"
