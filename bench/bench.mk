# bench/bench.mk - the benchmarks (included by the Makefile).
#
#   make bench             install what is missing (scripts/bootstrap.sh bench),
#                          build every bench/bench_*.c, run each in turn
#   make bench BENCH_ARGS=--quick      small N (or BENCH_N=... in the environment)
#   make bench-build       build only;   make bench-run   run only (after a build)
#   make bench-callgrind   bench_collide under callgrind at BENCH_CALLGRIND_N
#                          pairs: instructions per pair, the stable figure on a
#                          shared machine (dumps stay in $(BUILD)/bench/callgrind),
#                          then ours / Box2D's manifold function per pair type
#   make bench-callgrind-distance   the same for bench_distance
#                          (shapes_distance beside Box2D's b2Distance)
#   make bench-callgrind-broadphase   bench_broadphase (ours only): instructions
#                          per tick at 10,000 and 50,000 shapes
#
# Every bench/bench_*.c becomes $(BUILD)/bench/bench_*, linked with $(LIB), -lm
# and the peer shims of the libraries that are installed. A shim is
# bench/peers_*.c or bench/peers_*.cpp; one whose name contains "box2d" needs
# Box2D 2.4 (C++), one whose name contains "chipmunk" needs Chipmunk 7, and it
# is compiled only when that library links (any other shim always is). The
# benchmarks then get -DHAVE_BOX2D / -DHAVE_CHIPMUNK. Shims go
# into an archive, so a program pulls in only the shims it calls.
#
# Flags are the project's defaults (CFLAGS = -O2 -g, no -march=native), the
# same for the library and the benchmarks, so numbers can be compared between
# machines and runs.

BENCH_SRC      := $(wildcard bench/bench_*.c)
BENCH_BINS     := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)
BENCH_ARGS     ?=
BENCH_CALLGRIND_N ?= 20000
BENCH_CXX_STD  := -std=c++11 -Wall -Wextra -Wpedantic -Wshadow
ifeq ($(WERROR),1)
BENCH_CXX_STD  += -Werror
endif

# The libraries are probed only for the targets that build benchmarks (a
# compile and link each, about a second), never for `make lib` or `make test`.
# `make bench` probes in a sub-make, after bootstrap.sh has installed them.
ifneq ($(filter bench-build $(BUILD)/bench/%,$(MAKECMDGOALS)),)
BENCH_HAVE_BOX2D := $(shell printf '\043include <box2d/box2d.h>\nint main() { b2PolygonShape p; p.SetAsBox(1.0f, 1.0f); return p.m_count == 4 ? 0 : 1; }\n' | \
    $(CXX) -x c++ - -lbox2d -o /dev/null >/dev/null 2>&1 && echo 1)
BENCH_HAVE_CHIPMUNK := $(shell printf '\043include <chipmunk/chipmunk.h>\nint main(void) { cpBody *b = cpBodyNewStatic(); cpBodyFree(b); return 0; }\n' | \
    $(CC) -x c - -lchipmunk -lm -o /dev/null >/dev/null 2>&1 && echo 1)
endif

BENCH_PEER_ALL := $(wildcard bench/peers_*.c bench/peers_*.cpp)
BENCH_PEER_SRC := $(foreach f,$(BENCH_PEER_ALL),$(if $(findstring box2d,$(notdir $(f))),$(if $(BENCH_HAVE_BOX2D),$(f)),$(if $(findstring chipmunk,$(notdir $(f))),$(if $(BENCH_HAVE_CHIPMUNK),$(f)),$(f))))
BENCH_PEER_OBJ := $(patsubst bench/%,$(BUILD)/bench/obj/%.o,$(strip $(BENCH_PEER_SRC)))
BENCH_PEER_LIB := $(if $(BENCH_PEER_OBJ),$(BUILD)/bench/libpeers.a)
BENCH_DEFS     := $(if $(BENCH_HAVE_BOX2D),-DHAVE_BOX2D) $(if $(BENCH_HAVE_CHIPMUNK),-DHAVE_CHIPMUNK)
BENCH_LIBS     := $(if $(BENCH_HAVE_BOX2D),-lbox2d) $(if $(BENCH_HAVE_CHIPMUNK),-lchipmunk) \
                  $(if $(BENCH_HAVE_BOX2D),-lstdc++)
# A change of which peers were found rebuilds the benchmarks.
BENCH_STAMP    := $(BUILD)/bench/peers-$(if $(BENCH_HAVE_BOX2D),box2d,nobox2d)-$(if $(BENCH_HAVE_CHIPMUNK),chipmunk,nochipmunk)

.PHONY: bench bench-build bench-run bench-callgrind

bench:
	@sh scripts/bootstrap.sh bench
	@$(MAKE) --no-print-directory bench-build
	@$(MAKE) --no-print-directory bench-run

bench-build: $(BENCH_BINS)

bench-run:
	@for b in $(BENCH_BINS); do \
	  echo "== $$b $(BENCH_ARGS)"; \
	  $$b $(BENCH_ARGS) || exit 1; \
	done

$(BENCH_STAMP):
	@mkdir -p $(@D)
	@rm -f $(BUILD)/bench/peers-*
	@touch $@

$(BUILD)/bench/obj/%.c.o: bench/%.c $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Ibench -c $< -o $@

$(BUILD)/bench/obj/%.cpp.o: bench/%.cpp $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(BENCH_CXX_STD) $(CFLAGS) $(SANFLAGS) -MMD -MP -Isrc -Ibench -c $< -o $@

$(BUILD)/bench/libpeers.a: $(BENCH_PEER_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/bench/bench_%: bench/bench_%.c $(LIB) $(BENCH_PEER_LIB) $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(BENCH_DEFS) -Ibench $< $(BENCH_PEER_LIB) $(LIB) $(BENCH_LIBS) $(LDLIBS_M) -o $@

# Instructions per pair: each contestant's loop is dumped on its own
# (CALLGRIND_DUMP_STATS_AT in bench_collide.c) and its total divided by N.
# The program is built apart, in $(BUILD)/cg, with -gdwarf-4 added (valgrind
# 3.19 cannot read clang 14's DWARF 5; the code is the same). To see where one
# loop spends its instructions:
#   callgrind_annotate --auto=yes $(BUILD)/bench/callgrind/bench_collide.out.<pid>.<k>
BENCH_CG_BUILD := $(BUILD)/cg

bench-callgrind:
	@sh scripts/bootstrap.sh bench
	@$(MAKE) --no-print-directory SAN= BUILD=$(BENCH_CG_BUILD) CFLAGS='$(CFLAGS) -gdwarf-4' $(BENCH_CG_BUILD)/bench/bench_collide
	@rm -rf $(BUILD)/bench/callgrind && mkdir -p $(BUILD)/bench/callgrind
	BENCH_N=$(BENCH_CALLGRIND_N) valgrind --tool=callgrind --dump-instr=yes --compress-strings=no \
	  --callgrind-out-file=$(BUILD)/bench/callgrind/bench_collide.out.%p \
	  $(BENCH_CG_BUILD)/bench/bench_collide > $(BUILD)/bench/callgrind/bench_collide.txt
	@echo "instructions per pair (callgrind, $(BENCH_CALLGRIND_N) pairs each, loop included)"
	@for f in $(BUILD)/bench/callgrind/bench_collide.out.*; do \
	  awk -v part="$${f##*.}" '/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $$0 } \
	       /^(summary|totals): / { total = $$2 } \
	       END { if (label != "" && split(label, f, "|") == 3 && f[3] > 0) \
	             printf "%d\t%-14s %-30s %9.1f\n", part, f[1], f[2], total / f[3] }' "$$f"; \
	done | sort -n -k1,1 | cut -f2- > $(BUILD)/bench/callgrind/ir.txt
	@cat $(BUILD)/bench/callgrind/ir.txt
	@awk '$$2 ~ /^b2Collide/ { b2[$$1] = $$3; name[$$1] = $$2 } \
	      $$2 == "shapes_collide+Contact" { sc[$$1] = $$3 } $$2 == "prepared+Contact" { pr[$$1] = $$3 } \
	      !($$1 in seen) { seen[$$1] = 1; order[++n] = $$1 } \
	      END { if (length(b2) == 0) exit; \
	            print "against Box2D 2.4'"'"'s manifold function (instructions, ours / Box2D; < 1: fewer)"; \
	            printf "%-14s %10s %10s %10s   %s\n", "pair", "+Contact", "prepared", "Box2D", "function"; \
	            for (i = 1; i <= n; ++i) { p = order[i]; if (p in b2) \
	              printf "%-14s %10.2f %10.2f %10.1f   %s\n", p, sc[p] / b2[p], pr[p] / b2[p], b2[p], name[p] } }' \
	    $(BUILD)/bench/callgrind/ir.txt

# bench_distance under callgrind, as bench-callgrind for bench_collide:
# instructions per pair of shapes_distance and of b2Distance.
.PHONY: bench-callgrind-distance
bench-callgrind-distance:
	@sh scripts/bootstrap.sh bench
	@$(MAKE) --no-print-directory SAN= BUILD=$(BENCH_CG_BUILD) CFLAGS='$(CFLAGS) -gdwarf-4' $(BENCH_CG_BUILD)/bench/bench_distance
	@rm -rf $(BUILD)/bench/callgrind-distance && mkdir -p $(BUILD)/bench/callgrind-distance
	BENCH_N=$(BENCH_CALLGRIND_N) valgrind --tool=callgrind --dump-instr=yes --compress-strings=no \
	  --callgrind-out-file=$(BUILD)/bench/callgrind-distance/bench_distance.out.%p \
	  $(BENCH_CG_BUILD)/bench/bench_distance > $(BUILD)/bench/callgrind-distance/bench_distance.txt
	@echo "instructions per pair (callgrind, $(BENCH_CALLGRIND_N) pairs each, loop included)"
	@for f in $(BUILD)/bench/callgrind-distance/bench_distance.out.*; do \
	  awk -v part="$${f##*.}" '/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $$0 } \
	       /^(summary|totals): / { total = $$2 } \
	       END { if (label != "" && split(label, f, "|") == 3 && f[3] > 0) \
	             printf "%d\t%-14s %-30s %9.1f\n", part, f[1], f[2], total / f[3] }' "$$f"; \
	done | sort -n -k1,1 | cut -f2- > $(BUILD)/bench/callgrind-distance/ir.txt
	@cat $(BUILD)/bench/callgrind-distance/ir.txt

# bench_broadphase under callgrind: instructions per tick of our broad phase
# (broad + narrow phase, the measured ticks only, without the peers) for the
# sparse 10,000 and 50,000 scenes and the dense 10,000 one. The stable figure
# to compare while other programs share the machine.
BENCH_CG_BP_TICKS ?= 3
.PHONY: bench-callgrind-broadphase
bench-callgrind-broadphase:
	@sh scripts/bootstrap.sh bench
	@$(MAKE) --no-print-directory SAN= BUILD=$(BENCH_CG_BUILD) CFLAGS='$(CFLAGS) -gdwarf-4' $(BENCH_CG_BUILD)/bench/bench_broadphase
	@rm -rf $(BUILD)/bench/callgrind-broadphase && mkdir -p $(BUILD)/bench/callgrind-broadphase
	@for n in 10000 50000; do \
	  valgrind --tool=callgrind --collect-atstart=no \
	    --callgrind-out-file=$(BUILD)/bench/callgrind-broadphase/bench_broadphase.$$n.out.%p \
	    $(BENCH_CG_BUILD)/bench/bench_broadphase $(BENCH_CG_BP_TICKS) $$n ours > /dev/null 2>&1 || exit 1; \
	done
	@echo "instructions per tick, broad + narrow phase (callgrind, $(BENCH_CG_BP_TICKS) ticks after 3 warm-up ticks)"
	@for f in $(BUILD)/bench/callgrind-broadphase/bench_broadphase.*.out.*; do \
	  awk '/^desc: Trigger: Client Request: / { sub(/^desc: Trigger: Client Request: /, ""); label = $$0 } \
	       /^(summary|totals): / { total = $$2 } \
	       END { if (label != "" && split(label, f, "|") == 3 && f[3] > 0) \
	             printf "%-7s %6d %14.0f\n", f[1], f[2], total / f[3] }' "$$f"; \
	done
