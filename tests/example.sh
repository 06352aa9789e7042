#!/bin/sh
# example.sh - build examples/quickstart.c the way the README says, with
# nothing but a C compiler and the library, run it and check what it prints.
#   CL_BUILD   the build directory holding libcollide.a (default: build)
#   CC         the C compiler (default: cc)
set -u
cd "$(dirname "$0")/.." || exit 1
build=${CL_BUILD:-build}
cc=${CC:-cc}
lib="$build/libcollide.a"
if [ ! -f "$lib" ]; then
    echo "example.sh: $lib not found (run make lib first)" >&2
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cl-example.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# The README's command; an ASan library needs the sanitizer runtime too.
case "$build" in
    *asan*) extra="-fsanitize=address,undefined" ;;
    *) extra="" ;;
esac
# shellcheck disable=SC2086 # $extra is empty or one flag
if ! "$cc" -std=c11 -Isrc examples/quickstart.c "$lib" -lm $extra -o "$tmp/quickstart"; then
    echo "example.sh: examples/quickstart.c does not build" >&2
    exit 1
fi
if ! "$tmp/quickstart" >"$tmp/out" 2>&1; then
    echo "example.sh: quickstart exited with status $?" >&2
    cat "$tmp/out" >&2
    exit 1
fi
cat "$tmp/out"

# The circle reaches 19.38 px past the box's left face, whose outward normal
# (from the circle towards the box) is the box's x axis at 30 degrees.
status=0
expect() {
    if ! grep -qx "$1" "$tmp/out"; then
        echo "example.sh: expected the line: $1" >&2
        status=1
    fi
}
# The README shows this very file: the copy there must not drift from it.
awk '/^```c$/ { inside = 1; next } /^```$/ { inside = 0 } inside' README.md >"$tmp/readme.c"
if ! cmp -s "$tmp/readme.c" examples/quickstart.c; then
    echo "example.sh: the C example in README.md differs from examples/quickstart.c" >&2
    status=1
fi
expect 'collide_circle_rect: colliding'
expect 'shapes_collide: colliding, normal (0.87, 0.50), depth 19.38'
exit $status
