#!/bin/sh
# bootstrap.sh WHAT - make sure what `make WHAT` needs is installed.
#
#   run    the lab:      a C compiler, pkg-config, SDL2, SDL2_ttf, SDL2_image, jansson
#   test   the tests:    the above, cmocka, Xvfb + xdotool + xmessage (the windowed
#                        tests), setpriv (permission tests as root), valgrind,
#                        desktop-file-validate (make install's menu entry) and a
#                        CJK font: everything a test would otherwise skip
#   bench  benchmarks:   the lab's needs; Box2D and Chipmunk when they can be had
#   fuzz   fuzzing:      clang with libFuzzer
#   web    the browser build: emscripten, cmake, dpkg-dev (apt-get source),
#          fontTools and Noto CJK (the Chinese subset); web-test adds chromium
#
# On Debian/Ubuntu the missing packages are installed with apt-get (through
# sudo when not root). Elsewhere it stops with the packages to install.
set -eu
what=${1:-run}

pc_mods="sdl2 SDL2_ttf SDL2_image jansson fontconfig"
deb_pkgs="build-essential pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libjansson-dev libfontconfig-dev fonts-noto-cjk fontconfig"
cmds="cc make pkg-config"
case "$what" in
  run) ;;
  test)
    pc_mods="$pc_mods cmocka"
    deb_pkgs="$deb_pkgs libcmocka-dev xvfb xauth xdotool x11-utils valgrind desktop-file-utils"
    cmds="$cmds Xvfb xdotool xmessage setpriv valgrind desktop-file-validate" ;;
  bench)
    deb_pkgs="$deb_pkgs valgrind libbox2d-dev libchipmunk-dev g++"
    cmds="$cmds valgrind" ;;
  fuzz)
    pc_mods="$pc_mods"
    deb_pkgs="$deb_pkgs clang libclang-rt-dev"
    cmds="$cmds clang" ;;
  web|web-test)
    pc_mods=""
    deb_pkgs="make emscripten cmake dpkg-dev xz-utils python3 python3-fonttools fonts-noto-cjk"
    cmds="make emcc cmake dpkg-source"
    if [ "$what" = web-test ]; then deb_pkgs="$deb_pkgs chromium"; cmds="$cmds chromium"; fi ;;
  *) echo "bootstrap.sh: unknown target '$what' (run, test, bench, fuzz, web or web-test)" >&2; exit 2 ;;
esac

missing=""
for c in $cmds; do command -v "$c" >/dev/null 2>&1 || missing="$missing cmd:$c"; done
if command -v pkg-config >/dev/null 2>&1; then
  for m in $pc_mods; do pkg-config --exists "$m" 2>/dev/null || missing="$missing pc:$m"; done
else
  missing="$missing pkg-config"
fi
# CJK glyphs for the zh-TW language and the optional peers of the benchmark:
# wanted, not required.
optional=""
if [ "$what" = bench ]; then
  [ -f /usr/include/box2d/box2d.h ] || optional="$optional box2d"
  [ -f /usr/include/chipmunk/chipmunk.h ] || optional="$optional chipmunk"
fi
if [ "$what" = fuzz ] && command -v clang >/dev/null 2>&1; then
  echo 'int LLVMFuzzerTestOneInput(const char*d,unsigned long n){(void)d;(void)n;return 0;}' |
    clang -fsanitize=fuzzer -x c - -o /tmp/collision-lab-fuzzcheck.$$ >/dev/null 2>&1 ||
    missing="$missing libfuzzer"
  rm -f /tmp/collision-lab-fuzzcheck.$$
fi
case "$what" in web*)
  /usr/bin/python3 -c 'import fontTools' >/dev/null 2>&1 || missing="$missing python3-fonttools"
  [ -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] || missing="$missing fonts-noto-cjk" ;;
*)
if command -v fc-list >/dev/null 2>&1; then
  fc-list :lang=zh-tw 2>/dev/null | grep -q . || optional="$optional cjk-font"
else
  optional="$optional fontconfig"
fi ;;
esac

[ -z "$missing" ] && [ -z "$optional" ] && exit 0

if command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "bootstrap.sh: missing:$missing; run as root: apt-get install $deb_pkgs" >&2; exit 1
    fi
  fi
  need=""
  for p in $deb_pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need="$need $p"
  done
  if [ -n "$need" ]; then
    echo "bootstrap.sh: installing with apt-get:$need"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    # The peers of the benchmark and the CJK font are optional: a package that
    # this release lacks must not stop the rest.
    if ! $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $need; then
      for p in $need; do
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$p" ||
          echo "bootstrap.sh: could not install $p" >&2
      done
    fi
  fi
  still=""
  for c in $cmds; do command -v "$c" >/dev/null 2>&1 || still="$still $c"; done
  for m in $pc_mods; do pkg-config --exists "$m" 2>/dev/null || still="$still $m"; done
  case "$what" in web*) /usr/bin/python3 -c 'import fontTools' >/dev/null 2>&1 || still="$still python3-fonttools" ;; esac
  if [ -n "$still" ]; then
    echo "bootstrap.sh: still missing after apt-get:$still" >&2; exit 1
  fi
  if [ "$what" = test ] && ! fc-list :lang=zh-tw 2>/dev/null | grep -q .; then
    echo "bootstrap.sh: WARNING: no CJK font (fonts-noto-cjk): the Chinese checks of the tests will be SKIPPED" >&2
  fi
  exit 0
fi

[ -z "$missing" ] && exit 0
cat >&2 <<EOF
bootstrap.sh: missing:$missing. This is not a Debian/Ubuntu machine; install:
  macOS (Homebrew):   brew install pkg-config sdl2 sdl2_ttf sdl2_image jansson cmocka fontconfig
  Windows (MSYS2):    pacman -S mingw-w64-ucrt-x86_64-{gcc,pkgconf,SDL2,SDL2_ttf,SDL2_image,jansson,cmocka,fontconfig} make
  Fedora (dnf):       sudo dnf install gcc make pkgconf-pkg-config SDL2-devel SDL2_ttf-devel SDL2_image-devel jansson-devel libcmocka-devel fontconfig-devel xorg-x11-server-Xvfb xdotool valgrind desktop-file-utils
then run make again.
EOF
exit 1
