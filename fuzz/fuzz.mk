# fuzz.mk - libFuzzer runs (included by the Makefile).
#
#   make fuzz                  every target for FUZZ_SECONDS (default 60) each
#   make fuzz-scene            one target (fuzz-script, fuzz-collide, fuzz-raycast too)
#   make fuzz-build            only build build/fuzz/fuzz_<target>
#   make fuzz FUZZ_SECONDS=600 FUZZ_JOBS=1
#
# Targets (fuzz/fuzz_<name>.c, seeds in tests/corpus/<name>/):
#   scene    scene_parse on any bytes
#   script   script_parse on any bytes
#   collide  bytes -> shapes -> shapes_collide, sat_report, broadphase_collide
#   raycast  bytes -> a shape, a ray, a moving circle -> ray_cast_shape,
#            sweep_circle_shape and their _record variants
#
# Built with clang -fsanitize=fuzzer,address,undefined in build/fuzz. The
# seeds are copied to build/fuzz/corpus-<name>, which libFuzzer grows, so the
# repository's seeds stay small. A crash lands in build/fuzz/artifacts/; copy
# it to tests/corpus/<name>/regress-<what> (not crash-*: .gitignore drops
# those) and `make test` replays it from then on (tests/test_fuzz_replay.c,
# tests/test_app_fuzz_replay.c).

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_TARGETS := scene script collide raycast
FUZZ_DIR     := build/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS  := -std=c11 -D_DEFAULT_SOURCE -g -O1 -Wall -Wextra -MMD -MP -Isrc $(FUZZ_SAN)

# Everything but the fuzz target itself is instrumented for coverage only.
FUZZ_LIB_OBJ := $(patsubst src/%.c,$(FUZZ_DIR)/obj/%.o,$(wildcard src/*.c))
FUZZ_APP_OBJ := $(FUZZ_DIR)/obj/app/scene.o $(FUZZ_DIR)/obj/app/world.o $(FUZZ_DIR)/obj/app/input.o \
                $(FUZZ_DIR)/obj/app/fileio.o $(FUZZ_DIR)/obj/app/keys.o

.PHONY: fuzz fuzz-build deps-fuzz $(FUZZ_TARGETS:%=fuzz-%)

fuzz: deps-fuzz
	@$(MAKE) --no-print-directory fuzz-build
	@for t in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-$$t || exit 1; done

deps-fuzz:
	@sh scripts/bootstrap.sh fuzz

fuzz-build: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)

$(FUZZ_DIR)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(SDL_CFLAGS) -c $< -o $@

$(FUZZ_DIR)/fuzz_collide: fuzz/fuzz_collide.c $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(filter %.c %.o,$^) -lm -o $@

$(FUZZ_DIR)/fuzz_raycast: fuzz/fuzz_raycast.c $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(filter %.c %.o,$^) -lm -o $@

$(FUZZ_DIR)/fuzz_scene $(FUZZ_DIR)/fuzz_script: $(FUZZ_DIR)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_APP_OBJ) $(FUZZ_LIB_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(SDL_CFLAGS) $(filter %.c %.o,$^) $(SDL_LIBS) -lm -o $@

# One run: seeds copied (never overwritten) into the working corpus; new
# inputs go there, crashes into artifacts/. -print_final_stats reports the
# executions; the last "#N ... cov: C ft: F" line the coverage reached.
$(FUZZ_TARGETS:%=fuzz-%): fuzz-%: $(FUZZ_DIR)/fuzz_%
	@mkdir -p $(FUZZ_DIR)/corpus-$* $(FUZZ_DIR)/artifacts
	@cp -n tests/corpus/$*/* $(FUZZ_DIR)/corpus-$*/ 2>/dev/null || true
	$(FUZZ_DIR)/fuzz_$* -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 \
	    -max_len=65536 -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$*- \
	    $(FUZZ_DIR)/corpus-$*
