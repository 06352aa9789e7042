# tests/lib/xvfb.sh - what tests/xvfb.sh and tests/xvfb_window.sh share: the
# real windowed lab under Xvfb, driven by xdotool. Sourced, never run on its
# own (scripts/run-tests.sh runs tests/*.sh only, not this folder).
#
# The test:     . "$(dirname "$0")/lib/xvfb.sh"; xvfb_setup NAME;
#               writes the steps to "$tmp/drive.sh"; xvfb_drive WIDTHxHEIGHT
# drive.sh:     runs under Xvfb with bin, tmp and this file's functions:
#               lab_start, lab_focus, lab_quit (set -u, not -e)

# xvfb_setup NAME: sets build, bin (by its full path) and tmp (a temporary
# folder, removed on exit); exits 1 when Xvfb, xdotool or the binary is missing.
xvfb_setup() {
  build=${CL_BUILD:-build}
  bin=$build/collision-lab
  for c in Xvfb xdotool; do
    command -v "$c" >/dev/null 2>&1 || { echo "$1: $c is missing (apt-get install xvfb xdotool)"; exit 1; }
  done
  [ -x "$bin" ] || { echo "$1: $bin is missing (make app)"; exit 1; }
  bin=$(cd "$(dirname "$bin")" && pwd)/collision-lab   # a drive.sh may cd
  xvfb_lib=$(cd "$(dirname "$0")/lib" && pwd)/xvfb.sh
  tmp=$(mktemp -d)
  xvfb_pid=""
  trap '[ -n "$xvfb_pid" ] && kill $xvfb_pid 2>/dev/null; rm -rf "$tmp"' EXIT
}

# xvfb_drive WIDTHxHEIGHT: runs "$tmp/drive.sh" on an Xvfb screen that size;
# its status is the script's. Race-free with any number of runs at once:
# Xvfb -displayfd picks a free display itself (its lock file is taken
# atomically) and writes the number to the pipe once it accepts clients, so
# nothing guesses a number (as `xvfb-run -a` does) and nothing polls. Its
# own output goes to $tmp/Xvfb.log, shown when it does not start.
# The lab draws with SDL's software renderer onto X11's own framebuffer
# here (no OpenGL at all): Xvfb has no GPU, and SDL's OpenGL paths (Mesa's
# llvmpipe; the software renderer too, through a GL-backed window surface)
# destroy and recreate the X window just shown, so on a busy machine
# xdotool found the first, dying window (1 start in 8 with 8 runs at once)
# and sent the keys to nothing.
xvfb_drive() {
  mkfifo "$tmp/displayfd"
  Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp -noreset 3>"$tmp/displayfd" >"$tmp/Xvfb.log" 2>&1 &
  xvfb_pid=$!
  display=""
  read -r display <"$tmp/displayfd" || true
  if [ -z "$display" ]; then
    echo "Xvfb did not start:"; cat "$tmp/Xvfb.log"
    wait $xvfb_pid 2>/dev/null
    return 1
  fi
  # the autosave of moved shapes goes to the test's folder, not the user's
  mkdir -p "$tmp/state-home"
  XDG_STATE_HOME="$tmp/state-home" DISPLAY=:$display SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0 sh -c 'set -u; bin=$1; tmp=$2; . "$3"; . "$tmp/drive.sh"' drive "$bin" "$tmp" "$xvfb_lib"
  status=$?
  kill $xvfb_pid 2>/dev/null
  wait $xvfb_pid 2>/dev/null
  xvfb_pid=""
  return $status
}

# ---- In drive.sh ------------------------------------------------------------

# lab_start NAME ARGS...: the lab with ARGS in the background, stderr to
# $tmp/NAME.err; sets pid and, once its window is up, win, and focuses it.
# One attempt: a lab that does not show its window within 10 s fails the
# test (the display is up and accepting clients before drive.sh starts).
lab_start() {
  name=$1; shift
  "$bin" "$@" 2>"$tmp/$name.err" &
  pid=$!
  win=""
  for i in $(seq 1 100); do
    win=$(xdotool search --pid $pid --name "Collision Lab" 2>/dev/null | head -n 1) && [ -n "$win" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
  done
  if [ -z "$win" ]; then
    if kill -0 $pid 2>/dev/null; then echo "$name: no window appeared in 10 s"; kill $pid
    else wait $pid; echo "$name: the lab exited with status $? before its window appeared"; fi
    cat "$tmp/$name.err"
    exit 1
  fi
  sleep 0.5
  lab_focus
}

lab_focus() { xdotool windowfocus --sync "$win" 2>/dev/null || xdotool windowfocus "$win"; sleep 0.2; }

# lab_quit NAME: Escape must end the lab within 5 s, with status 0. With
# shapes moved the first Escape only asks (the status line): if the lab is
# still there after 1 s, a second Escape confirms.
lab_quit() {
  lab_focus
  xdotool key Escape
  for i in $(seq 1 10); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill -0 $pid 2>/dev/null && xdotool key Escape
  for i in $(seq 1 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  if kill -0 $pid 2>/dev/null; then echo "$1: the lab did not quit on Escape"; kill $pid; exit 1; fi
  wait $pid || { echo "$1: the lab exited with $?"; cat "$tmp/$1.err"; exit 1; }
}
