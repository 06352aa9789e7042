#!/bin/sh
# install.sh - `make install` into a scratch DESTDIR: the lab, its assets,
# a .desktop entry and its icon (a real 128x128 PNG), and collide.pc, with
# which a student's own program builds and runs against the installed
# module (pkg-config --cflags --libs collide). make uninstall removes it all.
set -eu
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
prefix=/opt/cl
# its own build folder: PREFIX is compiled into the lab, so installing from
# build/ would relink build/collision-lab under the suites running beside
# this one (make test runs them in parallel)
make -s install BUILD="$root/build" DESTDIR="$root" PREFIX=$prefix >/dev/null
d=$root$prefix
for f in bin/collision-lab lib/libcollide.a include/collision-lab/collide.h lib/pkgconfig/collide.pc \
         share/applications/collision-lab.desktop share/icons/hicolor/128x128/apps/collision-lab.png \
         share/collision-lab/assets/DejaVuSans.ttf; do
  [ -f "$d/$f" ] || { echo "install.sh: $f not installed"; exit 1; }
done
# the icon: a PNG of 128 x 128 (IHDR width and height)
head -c 24 "$d/share/icons/hicolor/128x128/apps/collision-lab.png" | od -An -tx1 | tr -d ' \n' |
  grep -q '^89504e470d0a1a0a0000000d4948445200000080' || { echo "install.sh: the icon is not a 128-wide PNG"; exit 1; }
# the desktop entry starts the installed program by name, with the icon
grep -q '^Exec=collision-lab$' "$d/share/applications/collision-lab.desktop"
grep -q '^Icon=collision-lab$' "$d/share/applications/collision-lab.desktop"
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$d/share/applications/collision-lab.desktop"
else
  echo "SKIP: install.sh: desktop-file-validate not installed (desktop-file-utils)"
fi
# a student's program against the installed module, through pkg-config
if command -v pkg-config >/dev/null 2>&1; then
  export PKG_CONFIG_PATH="$d/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root"
  flags=$(pkg-config --cflags --libs collide)
  case "$flags" in *"-I$d/include/collision-lab"*) ;; *) echo "install.sh: pkg-config gives '$flags'"; exit 1 ;; esac
  ${CC:-cc} -std=c11 examples/quickstart.c $flags -o "$root/quickstart"
  "$root/quickstart" >/dev/null
else
  echo "SKIP: install.sh: pkg-config not installed"
fi
make -s uninstall BUILD="$root/build" DESTDIR="$root" PREFIX=$prefix >/dev/null
left=$(find "$d" -type f | wc -l)
[ "$left" -eq 0 ] || { echo "install.sh: make uninstall left $left files"; find "$d" -type f; exit 1; }
echo "install.sh: ok"
