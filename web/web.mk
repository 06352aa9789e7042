# web.mk - Collision Lab in the browser (included by the Makefile).
#
#   make web         build/web/: index.html, collision-lab.{js,wasm,data}
#   make web-serve   serve it on http://localhost:8000 (WEB_PORT=)
#   make test-web    drive it in headless Chromium (web/test_web.py)
#
# Emscripten, SDL2, SDL2_ttf, FreeType, jansson and SDL2_image all come from
# Debian (scripts/bootstrap.sh web; scripts/web-deps.sh builds the libraries
# once into build/web-deps). The lab's sources are the desktop's; only
# web/main_web.c replaces src/app/main.c.

WEB       := build/web
WEB_DEPS  := build/web-deps
WEB_PREFIX := $(WEB_DEPS)/prefix
WEB_OBJ_DIR := build/web-obj
WEB_PORT  ?= 8000
EMCC      ?= emcc
# Debian's emscripten runs its JS tools with /usr/bin/node and finds acorn
# among Debian's node modules; a node from elsewhere (nodesource) must be
# told where they are
export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
# Debian's fontTools is for Debian's python3 (a pyenv or venv python3 first
# on PATH would not see it)
WEB_PYTHON ?= /usr/bin/python3

WEB_CFLAGS := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -O2 \
              -Isrc -Isrc/app -I$(WEB_PREFIX)/include -I$(WEB_PREFIX)/include/SDL2
# emscripten's clang (not gcc) flags the module's deliberate branch-free
# `&` of two comparisons (src/raycast.c)
WEB_CFLAGS += -Wno-bitwise-instead-of-logical
# WERROR=1 is for the desktop build (gcc decides what is clean); the
# browser build only shows emscripten clang's warnings, so that a warning
# only clang has cannot stop CI
WEB_SRC   := $(LIB_SRC) $(filter-out src/app/main.c,$(APP_SRC)) web/main_web.c
WEB_OBJS  := $(WEB_SRC:%.c=$(WEB_OBJ_DIR)/%.o)
WEB_LIBS  := -L$(WEB_PREFIX)/lib -lSDL2_image -lSDL2_ttf -lfreetype -ljansson -lSDL2
WEB_STAMP := $(WEB_PREFIX)/.built-all
WEB_LDFLAGS := -O2 -sUSE_SDL=0 -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web \
               -sEXPORTED_FUNCTIONS=_main,_web_open_scene,_web_state,_web_missing_glyphs \
               -sEXPORTED_RUNTIME_METHODS=ccall,FS,addRunDependency,removeRunDependency \
               --js-library web/lab_library.js --preload-file $(WEB_OBJ_DIR)/assets@/assets

.PHONY: web web-serve test-web deps-web

web: deps-web
	@$(MAKE) --no-print-directory $(WEB)/index.html

deps-web:
	@sh scripts/bootstrap.sh web

$(WEB_STAMP): scripts/web-deps.sh
	sh scripts/web-deps.sh $(WEB_DEPS)
	@touch $@

$(WEB_OBJ_DIR)/%.o: %.c $(WEB_STAMP)
	@mkdir -p $(@D)
	$(EMCC) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

# The preloaded files: DejaVu, the catalogues with the browser's words, and
# the part of Noto Sans CJK TC that the Chinese catalogue uses.
$(WEB_OBJ_DIR)/assets.stamp: $(wildcard assets/*.ttf assets/lang/*.json) web/catalogue-web.json \
                             web/web_assets.py web/cjk_subset.py
	rm -rf $(WEB_OBJ_DIR)/assets
	$(WEB_PYTHON) web/web_assets.py assets $(WEB_OBJ_DIR)/assets
	$(WEB_PYTHON) web/cjk_subset.py $(WEB_OBJ_DIR)/assets/lang/zh-TW.json \
	    $(WEB_OBJ_DIR)/assets/NotoSansCJKtc-subset.otf
	@touch $@

$(WEB)/collision-lab.js: $(WEB_OBJS) $(WEB_OBJ_DIR)/assets.stamp web/lab_library.js
	@mkdir -p $(@D)
	$(EMCC) $(WEB_OBJS) $(WEB_LIBS) $(WEB_LDFLAGS) -o $@

$(WEB)/index.html: web/index.html $(WEB)/collision-lab.js
	cp web/index.html $@
	@mkdir -p $(WEB)/licenses
	cp assets/DejaVu-LICENSE.txt $(WEB)/licenses/
	cp /usr/share/doc/fonts-noto-cjk/copyright $(WEB)/licenses/NotoSansCJK-copyright.txt
	@echo "web: $(WEB)/ is ready; make web-serve, then open http://localhost:$(WEB_PORT)/"

web-serve: web
	@echo "web: http://localhost:$(WEB_PORT)/ (Ctrl+C stops)"
	cd $(WEB) && $(WEB_PYTHON) -m http.server $(WEB_PORT) --bind 127.0.0.1

test-web: web
	@sh scripts/bootstrap.sh web-test
	$(WEB_PYTHON) web/test_web.py $(WEB)

-include $(shell find $(WEB_OBJ_DIR) -name '*.d' 2>/dev/null)
