# Collision Lab
#
#   make            everything (library, lab, tests)      make run     start the lab
#   make lib        build/libcollide.a (C compiler only)   make test    every test
#   make bench      benchmarks                             make fuzz    libFuzzer runs
#   make mutate     which deliberate bugs the tests catch (scripts/mutate.sh)
#   make install    PREFIX=/usr/local DESTDIR=             make clean
#   make web        the lab in the browser (build/web)     make web-serve, make test-web
#
# `make run`, `make test`, `make bench` and `make fuzz` first install what is
# missing (scripts/bootstrap.sh). WERROR=1 turns warnings into errors (CI).
# SAN=1 builds everything under AddressSanitizer + UBSan in build/asan.

# Builds run on every processor unless -j is given (make -j1 for one).
ifeq ($(filter -j% --jobs%,$(MAKEFLAGS)),)
MAKEFLAGS += -j$(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
endif

CC      ?= cc
CFLAGS  ?= -O2 -g
PREFIX  ?= /usr/local
DESTDIR ?=
PKG_CONFIG ?= pkg-config

STD_FLAGS := -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
ifeq ($(WERROR),1)
STD_FLAGS += -Werror
endif

ifeq ($(SAN),1)
BUILD    ?= build/asan
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
else
BUILD    ?= build
SANFLAGS :=
endif

ALL_CFLAGS = $(STD_FLAGS) $(CFLAGS) $(SANFLAGS) -MMD -MP -Isrc
LDLIBS_M  = -lm

# pkg-config is asked only when a target needs SDL (after bootstrap ran).
SDL_PKGS  = sdl2 SDL2_ttf SDL2_image jansson fontconfig
SDL_CFLAGS = $(shell $(PKG_CONFIG) --cflags $(SDL_PKGS) 2>/dev/null)
SDL_LIBS   = $(shell $(PKG_CONFIG) --libs $(SDL_PKGS) 2>/dev/null)
CMOCKA_CFLAGS = $(shell $(PKG_CONFIG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   = $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)

LIB_SRC  := $(wildcard src/*.c)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
LIB      := $(BUILD)/libcollide.a

APP_SRC  := $(wildcard src/app/*.c)
APP_OBJ  := $(APP_SRC:src/app/%.c=$(BUILD)/obj/app/%.o)
APP_CORE := $(filter-out $(BUILD)/obj/app/main.o,$(APP_OBJ))
APP      := $(BUILD)/collision-lab

# tests/test_*.c: unit tests of the module (libcollide + cmocka);
# tests/test_app_*.c: tests of the lab's parts (its objects + SDL + cmocka).
TEST_SRC     := $(wildcard tests/test_*.c)
TEST_APP_SRC := $(wildcard tests/test_app_*.c)
TEST_LIB_SRC := $(filter-out $(TEST_APP_SRC),$(TEST_SRC))
TEST_BINS    := $(TEST_LIB_SRC:tests/%.c=$(BUILD)/tests/%) $(TEST_APP_SRC:tests/%.c=$(BUILD)/tests/%)

.PHONY: all lib app tests run test test-build test-portable test-run bench fuzz install uninstall clean deps-run deps-test mutate
.DEFAULT_GOAL := all

all: lib app tests

lib: $(LIB)
app: $(APP)
tests: $(TEST_BINS)

$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/obj/app/%.o: src/app/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SDL_CFLAGS) -DCL_SHARE_DIR='"$(PREFIX)/share/collision-lab"' -c $< -o $@

# The share folder is compiled into text.o: rebuild it when PREFIX changes.
$(BUILD)/prefix.stamp: FORCE
	@mkdir -p $(@D)
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' > $@
$(BUILD)/obj/app/text.o: $(BUILD)/prefix.stamp
.PHONY: FORCE
FORCE:

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(APP): $(APP_OBJ) $(LIB) $(wildcard assets/lang/*.json)
	$(CC) $(ALL_CFLAGS) $(APP_OBJ) $(LIB) $(SDL_LIBS) $(LDLIBS_M) -o $@
	@mkdir -p $(BUILD)/assets && cp -rf assets/. $(BUILD)/assets/

$(BUILD)/tests/test_app_%: tests/test_app_%.c $(APP_CORE) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) $< $(APP_CORE) $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDLIBS_M) -o $@

# The lab's core with no SDL at all: src/app/ but its SDL front end
# (main.c, keys.c, text.c, sdl_canvas.c, sdl_loop.c), compiled and linked with jansson
# alone, driven by tests/test_core.c.
CORE_SRC := $(filter-out src/app/main.c src/app/keys.c src/app/text.c src/app/sdl_canvas.c src/app/sdl_loop.c,$(APP_SRC))
JANSSON_CFLAGS = $(shell $(PKG_CONFIG) --cflags jansson 2>/dev/null)
JANSSON_LIBS   = $(shell $(PKG_CONFIG) --libs jansson 2>/dev/null)
$(BUILD)/tests/test_core: tests/test_core.c $(CORE_SRC) $(wildcard src/app/*.h) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) $(JANSSON_CFLAGS) $(CMOCKA_CFLAGS) $< $(CORE_SRC) $(LIB) \
	    $(JANSSON_LIBS) $(CMOCKA_LIBS) $(LDLIBS_M) -o $@

# README's "Adding a lesson", checked: tests/example_lesson.c registered by
# one more line (tests/example_lesson_list.h) in a build of the lab's core.
EXAMPLE_CORE := $(filter-out $(BUILD)/obj/app/lesson.o,$(APP_CORE))
$(BUILD)/tests/test_lesson_example: tests/test_lesson_example.c tests/example_lesson.c tests/example_lesson_list.h \
                                    src/app/lesson.c src/app/lesson_list.h $(EXAMPLE_CORE) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) $(SDL_CFLAGS) $(CMOCKA_CFLAGS) -Isrc/app -Itests \
	    -DLESSON_LIST='"example_lesson_list.h"' $< tests/example_lesson.c src/app/lesson.c \
	    $(EXAMPLE_CORE) $(LIB) $(SDL_LIBS) $(CMOCKA_LIBS) $(LDLIBS_M) -o $@

$(BUILD)/tests/test_%: tests/test_%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $< $(LIB) $(CMOCKA_LIBS) $(LDLIBS_M) -o $@

run: deps-run
	@$(MAKE) --no-print-directory app
	$(APP) $(ARGS)

deps-run:
	@sh scripts/bootstrap.sh run
deps-test:
	@sh scripts/bootstrap.sh test

# The unit tests twice (plain, then ASan + UBSan in build/asan), each
# followed by the end-to-end tests of the real binary of that build.
test: deps-test
	@$(MAKE) --no-print-directory test-build
	@$(MAKE) --no-print-directory SAN=1 test-build
	@sh scripts/run-tests.sh build build/asan
	@$(MAKE) --no-print-directory test-portable
	@if [ -f build/web/index.html ]; then $(MAKE) --no-print-directory test-web; fi

test-build: all

# The module's unit tests once more with its SSE2 paths compiled out
# (-U__SSE2__): the portable code that the browser build and non-x86
# machines run. A function used in the portable branch before its
# declaration once broke only the web build.
PORTABLE_TESTS := $(filter-out tests/test_core.c tests/test_lesson_example.c,$(TEST_LIB_SRC))
PORTABLE_BINS  := $(PORTABLE_TESTS:tests/%.c=build/portable/tests/%)
test-portable:
	@$(MAKE) --no-print-directory BUILD=build/portable CFLAGS="$(CFLAGS) -U__SSE2__" WERROR=1 $(PORTABLE_BINS)
	@for t in $(PORTABLE_BINS); do \
	  $$t > $$t.log 2>&1 || { echo "FAIL $$t (portable, no SSE2): $$t.log"; exit 1; }; \
	done; echo "portable module (no SSE2 paths): $(words $(PORTABLE_BINS)) suites passed"

# The mutation measurement (not part of make test, it takes 30 min or more):
# deliberate one-line bugs (scripts/mutants.txt), one at a time, in a
# scratch copy; which suite catches each. MUTANTS="name ..." runs only those.
mutate: deps-test
	@sh scripts/mutate.sh $(MUTANTS)

-include bench/bench.mk
-include fuzz/fuzz.mk
-include web/web.mk

install: lib app
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/collision-lab \
	           $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/collision-lab/assets
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libcollide.a
	install -m 644 src/collide.h src/broadphase.h $(DESTDIR)$(PREFIX)/include/collision-lab/
	install -m 755 $(APP) $(DESTDIR)$(PREFIX)/bin/collision-lab
	cp -r assets/. $(DESTDIR)$(PREFIX)/share/collision-lab/assets/
	install -d $(DESTDIR)$(PREFIX)/share/applications $(DESTDIR)$(PREFIX)/share/icons/hicolor/128x128/apps \
	           $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 data/collision-lab.desktop $(DESTDIR)$(PREFIX)/share/applications/collision-lab.desktop
	install -m 644 data/collision-lab.png $(DESTDIR)$(PREFIX)/share/icons/hicolor/128x128/apps/collision-lab.png
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include/collision-lab' '' \
	  'Name: collide' 'Description: Collision Lab'"'"'s 2D collision module: circles, rectangles, convex polygons, SAT, broad phase, rays' \
	  'Version: 1.0' 'Libs: -L$${libdir} -lcollide -lm' 'Cflags: -I$${includedir}' \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/collide.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/collision-lab $(DESTDIR)$(PREFIX)/share/collision-lab
	rm -f $(DESTDIR)$(PREFIX)/lib/libcollide.a $(DESTDIR)$(PREFIX)/bin/collision-lab \
	      $(DESTDIR)$(PREFIX)/lib/pkgconfig/collide.pc $(DESTDIR)$(PREFIX)/share/applications/collision-lab.desktop \
	      $(DESTDIR)$(PREFIX)/share/icons/hicolor/128x128/apps/collision-lab.png

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
