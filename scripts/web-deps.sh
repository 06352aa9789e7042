#!/bin/sh
# web-deps.sh DIR - build the lab's libraries for the browser, once, into DIR.
#
# Everything comes from Debian: the emscripten compiler from apt, and SDL2,
# SDL2_ttf, FreeType, jansson and SDL2_image as Debian *source* packages,
# fetched with `apt-get source` through a private sources list (a deb-src
# line for the archive apt already uses). The system's apt configuration and
# package lists are not touched: the list, its index and the downloads all
# stay under DIR. (emscripten's own SDL "ports" would download from the
# internet at build time; this does not.)
#
# Result: DIR/prefix/include and DIR/prefix/lib/lib{SDL2,SDL2_ttf,freetype,
# jansson,SDL2_image}.a. Each library is built once (a stamp file per
# library); delete DIR to start again.
set -eu
dir=${1:?usage: web-deps.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
prefix=$dir/prefix
src=$dir/src
jobs=${JOBS:-2}
mkdir -p "$prefix/include" "$prefix/lib" "$src" "$dir/lists/partial" "$dir/cache/archives/partial"
OPT="-O2"

log() { echo "web-deps: $*"; }

# ---- the sources ---------------------------------------------------------

# The archive apt already uses for bookworm-style sources (deb822 or one-line
# format), as a deb-src line.
archive_line() {
    uri="" suite=""
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        # the first stanza that names a Debian main archive (not -security)
        u=$(awk '/^URIs:/{print $2; exit}' "$f")
        s=$(awk '/^Suites:/{print $2; exit}' "$f")
        if [ -n "$u" ] && [ -n "$s" ]; then uri=$u; suite=$s; break; fi
    done
    if [ -z "$uri" ]; then
        for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
            [ -f "$f" ] || continue
            l=$(awk '$1=="deb" && $2 !~ /^\[/ && $0 ~ /debian|ubuntu/ {print $2, $3; exit}' "$f")
            [ -n "$l" ] && { uri=${l% *}; suite=${l#* }; break; }
        done
    fi
    [ -n "$uri" ] || { echo "web-deps: no Debian archive found in /etc/apt/sources.list*" >&2; exit 1; }
    echo "deb-src $uri $suite main"
}

fetch() { # fetch PACKAGE: download and unpack the source package into $src
    pkg=$1
    if ls -d "$src/$pkg"-[0-9]*/ >/dev/null 2>&1; then return 0; fi
    if [ ! -f "$dir/sources.list" ]; then
        archive_line > "$dir/sources.list"
        log "private sources list: $(cat "$dir/sources.list")"
    fi
    set -- -o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
        -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o APT::Sandbox::User=root \
        -o Debug::NoLocking=1 -qq
    if ! ls "$dir/lists/"*Sources* >/dev/null 2>&1; then apt-get "$@" update; fi
    (cd "$src" && apt-get "$@" source "$pkg")
}

stamp() { [ -f "$prefix/.built-$1" ]; }
done_() { touch "$prefix/.built-$1"; log "$1 done"; }

# ---- the libraries -------------------------------------------------------

for p in libsdl2 freetype libsdl2-ttf jansson libsdl2-image; do fetch "$p"; done
sdl=$(ls -d "$src"/libsdl2-2.*/ | head -n1)
ft=$(ls -d "$src"/freetype-2.*/ | head -n1)
ttf=$(ls -d "$src"/libsdl2-ttf-2.*/ | head -n1)
jan=$(ls -d "$src"/jansson-2.*/ | head -n1)
img=$(ls -d "$src"/libsdl2-image-2.*/ | head -n1)

if ! stamp sdl2; then
    log "SDL2 (a few minutes)"
    rm -rf "$dir/b-sdl2"
    emcmake cmake -S "$sdl" -B "$dir/b-sdl2" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="$OPT" \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_THREADS=OFF \
        -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF \
        -DSDL_TEST=OFF -DSDL2_DISABLE_SDL2MAIN=ON >"$dir/sdl2.log" 2>&1
    cmake --build "$dir/b-sdl2" -j "$jobs" >>"$dir/sdl2.log" 2>&1
    cmake --install "$dir/b-sdl2" >>"$dir/sdl2.log" 2>&1
    done_ sdl2
fi

if ! stamp freetype; then
    log "FreeType"
    rm -rf "$dir/b-ft"
    emcmake cmake -S "$ft" -B "$dir/b-ft" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="$OPT" \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF \
        -DFT_DISABLE_ZLIB=TRUE -DFT_DISABLE_BZIP2=TRUE -DFT_DISABLE_PNG=TRUE \
        -DFT_DISABLE_HARFBUZZ=TRUE -DFT_DISABLE_BROTLI=TRUE >"$dir/freetype.log" 2>&1
    cmake --build "$dir/b-ft" -j "$jobs" >>"$dir/freetype.log" 2>&1
    cmake --install "$dir/b-ft" >>"$dir/freetype.log" 2>&1
    done_ freetype
fi

if ! stamp jansson; then
    log "jansson"
    rm -rf "$dir/b-jansson"
    emcmake cmake -S "$jan" -B "$dir/b-jansson" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE="$OPT" \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF \
        -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_BUILD_SHARED_LIBS=OFF >"$dir/jansson.log" 2>&1
    cmake --build "$dir/b-jansson" -j "$jobs" >>"$dir/jansson.log" 2>&1
    cmake --install "$dir/b-jansson" >>"$dir/jansson.log" 2>&1
    done_ jansson
fi

# SDL_ttf and SDL_image: their few C files, compiled directly.
inc="-I$prefix/include -I$prefix/include/SDL2 -I$prefix/include/freetype2"
if ! stamp sdl2_ttf; then
    log "SDL2_ttf"
    mkdir -p "$dir/b-ttf"
    emcc $OPT $inc -c "$ttf/SDL_ttf.c" -o "$dir/b-ttf/SDL_ttf.o"
    rm -f "$prefix/lib/libSDL2_ttf.a"
    emar rcs "$prefix/lib/libSDL2_ttf.a" "$dir/b-ttf/SDL_ttf.o"
    cp "$ttf/SDL_ttf.h" "$prefix/include/SDL2/"
    done_ sdl2_ttf
fi

if ! stamp sdl2_image; then
    # No image format is loaded in the browser; IMG_SavePNG writes PNGs with
    # the miniz that SDL_image carries (USE_STBIMAGE: not libpng), so no
    # libpng or zlib is needed.
    log "SDL2_image (PNG saving through its bundled miniz)"
    rm -rf "$dir/b-img"
    mkdir -p "$dir/b-img"
    for f in IMG.c IMG_png.c; do
        emcc $OPT $inc -DSDL_IMAGE_SAVE_PNG=1 -DUSE_STBIMAGE -c "$img/$f" -o "$dir/b-img/${f%.c}.o"
    done
    rm -f "$prefix/lib/libSDL2_image.a"
    emar rcs "$prefix/lib/libSDL2_image.a" "$dir/b-img/"*.o
    cp "$img/SDL_image.h" "$prefix/include/SDL2/"
    done_ sdl2_image
fi
# the build trees are not needed any more (and their compiler .d files
# would be read by the Makefile's dependency scan of build/)
rm -rf "$dir/b-sdl2" "$dir/b-ft" "$dir/b-jansson" "$dir/b-ttf" "$dir/b-img"
log "libraries in $prefix/lib"
