# sudokit -- top-level Makefile.
#   make            library, plugins, CLI        (build/)
#   make test       unit tests (cmocka) and CLI tests
#   make check      the same built with -fsanitize=address,undefined (build-san/)
#   make bench      benchmarks (figures and ratios; reads ../shared/bench when present)
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean
# Sources are picked up by directory: engine/*.c -> libsudokit.a,
# techniques/*.c -> one plugin .so each, the .c files of a folder
# techniques/NAME/ -> one plugin NAME.so (objects in
# build/obj/techniques/NAME/), tools/*.c -> the sudokit CLI,
# tests/unit/test_*.c -> one cmocka test binary each, bench/*.c -> one
# benchmark binary each.  The static builds (STATIC=1, static-cli, fuzz,
# web) link the same plugins in, one registry entry each.

PREFIX   ?= /usr/local
DESTDIR  ?=
BUILD    ?= build
CC       ?= cc
PKG      ?= pkg-config
VERSION  := 0.1.0

OPT      ?= -O2
SAN      ?=
WERROR   ?=
WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter \
            $(WERROR)
DEPS_CFLAGS := $(shell $(PKG) --cflags lua5.4 yaml-0.1 2>/dev/null)
DEPS_LIBS   := $(shell $(PKG) --libs lua5.4 yaml-0.1 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG) --libs cmocka 2>/dev/null)

ABS_BUILD := $(abspath $(BUILD))
ABS_SRC   := $(abspath .)
CFLAGS   ?=
# Where the library finds its plugins and tables.  A build tree's objects
# look in the tree first (build/plugins, ratings/); the objects `make
# install` builds (INSTALLED=1, in BUILD/install) know only the prefix they
# are installed to, so an installed sudokit never reads a build tree.
ifeq ($(INSTALLED),1)
PATH_DEFS := -DSK_PREFIX='"$(PREFIX)"'
else
PATH_DEFS := -DSK_BUILD_PLUGIN_DIR='"$(ABS_BUILD)/plugins"' \
             -DSK_BUILD_RATINGS_DIR='"$(ABS_SRC)/ratings"' -DSK_PREFIX='"$(PREFIX)"'
endif
CFLAGS   += -std=c11 -D_GNU_SOURCE $(OPT) -g $(WARN) $(SAN) -fPIC -pthread \
            -Iengine -Iplugins $(DEPS_CFLAGS) \
            -DSK_VERSION='"$(VERSION)"' $(PATH_DEFS)
LDFLAGS  ?=
LDLIBS   := $(DEPS_LIBS) -ldl -lm -pthread

ENGINE_SRC := $(sort $(wildcard engine/*.c))
ENGINE_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(ENGINE_SRC))
# A plugin is one file (techniques/*.c) or one folder
# (techniques/NAME/).  PLUGIN_SRC: every plugin source; PLUGIN_UNITS: one
# file or folder per plugin, in registration order (static-registry.sh).
PLUGIN_FILES := $(sort $(wildcard techniques/*.c))
PLUGIN_DIRS  := $(sort $(patsubst %/,%,$(dir $(wildcard techniques/*/*.c))))
PLUGIN_SRC   := $(sort $(PLUGIN_FILES) $(wildcard techniques/*/*.c))
PLUGIN_UNITS := $(sort $(PLUGIN_FILES) $(PLUGIN_DIRS))
PLUGINS      := $(patsubst %,$(BUILD)/plugins/%.so,$(basename $(notdir $(PLUGIN_UNITS))))
TOOL_SRC   := $(sort $(wildcard tools/*.c))
TOOL_OBJ   := $(patsubst %.c,$(BUILD)/obj/%.o,$(TOOL_SRC))
TEST_SRC   := $(sort $(wildcard tests/unit/test_*.c))
TESTS      := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(TEST_SRC))
TEST_PLUGIN_SRC := $(sort $(wildcard tests/plugins/*.c))
TEST_PLUGINS := $(patsubst tests/plugins/%.c,$(BUILD)/test-plugins/%.so,$(TEST_PLUGIN_SRC)) \
                $(BUILD)/test-plugins/template.so
BENCH_SRC  := $(sort $(wildcard bench/*.c))
BENCHES    := $(patsubst bench/%.c,$(BUILD)/bench/%,$(BENCH_SRC))
FUZZERS    := $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
REPLAYS    := $(patsubst %,$(BUILD)/fuzz-replay/fuzz_%,$(FUZZERS))
LIB        := $(BUILD)/libsudokit.a
CLI        := $(BUILD)/sudokit

# BUILD/static and BUILD/install are separate builds; keep their .d files out of ours
.PHONY: fuzz static-cli all test check bench install uninstall clean unit-test cli-test plugins deps demo
.PHONY: warnings warnings-build
all: $(LIB) $(PLUGINS) $(CLI)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# The chain searches take nearly all of the rating time on hard puzzles;
# -O3 makes them about 5 % faster, and code for the build machine's own
# processor about 3 % more (OPT=... on the command line still wins; build
# with CHAINS_ARCH= for plugins that must run on another machine).  These
# apply to every object of techniques/chains/, in every native build.
CHAINS_ARCH ?= -march=native
$(BUILD)/obj/techniques/chains/%.o: OPT = -O3 $(CHAINS_ARCH)
# The same for every other technique plugin: HoDoKu's rating spends its
# time in the tables, ALS, fish and pattern searches, whose bit counts then
# take the processor's popcount instruction (sk_popcount64) and whose loops
# are unrolled; about 15 % less time on top1465.  TECH_ARCH= for plugins
# that must run on another machine.
TECH_ARCH ?= $(CHAINS_ARCH)
$(BUILD)/obj/techniques/%.o: OPT = -O3 $(TECH_ARCH)
$(BUILD)/plugins/%.so: OPT = -O3 $(TECH_ARCH)
# The solver (engine/solver.c) is bound by the throughput of its vector
# operations: it is tuned for the build machine's processor (-mtune only:
# the instructions stay the build target's, each variant choosing its own
# at run time) and, with gcc, scheduled before register allocation too, so
# that independent bands' rules interleave; together 3-4 % less time on the
# hard sets (bench_solver).  SOLVER_TUNE= for a build tuned for no machine in
# particular.
SOLVER_TUNE  ?= -mtune=native
SOLVER_SCHED := $(if $(findstring clang,$(shell $(CC) --version 2>/dev/null)),,-fschedule-insns -fsched-pressure)
$(BUILD)/obj/engine/solver.o: OPT = -O3 $(SOLVER_TUNE) $(SOLVER_SCHED)
# make check: the searches' shortcuts cross-checked (SK_CHAINS_XCHECK)
$(BUILD)/obj/techniques/chains/%.o: CFLAGS += $(CHAINS_DEFS)

# A folder plugin: its objects, compiled with -fvisibility=hidden (what its
# files share stays inside; sk_plugin.h exports the entry), linked into one
# NAME.so.  Its .so has no .d of its own: one left from when the plugin was
# one file would name that file, and is removed.
define FOLDER_PLUGIN
$(BUILD)/obj/$(1)/%.o: CFLAGS += -fvisibility=hidden
$(BUILD)/plugins/$(notdir $(1)).so: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard $(1)/*.c))
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) -shared -o $$@ $$^
$(shell rm -f $(BUILD)/plugins/$(notdir $(1)).d)
endef
$(foreach d,$(PLUGIN_DIRS),$(eval $(call FOLDER_PLUGIN,$(d))))

# A plugin no source makes any more (its technique moved into another
# plugin) would be loaded beside its new home and clash with it: the build
# removes it, with its .d.
STALE_PLUGINS := $(filter-out $(PLUGINS),$(wildcard $(BUILD)/plugins/*.so))
ifneq ($(STALE_PLUGINS),)
$(info removing plugins no source makes any more: $(STALE_PLUGINS))
$(shell rm -f $(STALE_PLUGINS) $(STALE_PLUGINS:.so=.d))
endif

$(BUILD)/plugins/%.so: techniques/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -shared -o $@ $<

$(BUILD)/test-plugins/template.so: plugins/template/template.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -shared -o $@ $<

$(BUILD)/test-plugins/%.so: tests/plugins/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -shared -o $@ $<

ifeq ($(STATIC),1)
# Plugins linked into the binary (targets without dlopen, e.g. WebAssembly):
# the same plugin sources, registered through a generated table of their
# entry functions.
CFLAGS     += -DSK_STATIC_PLUGINS
PLUGIN_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(PLUGIN_SRC))
$(BUILD)/static_plugins.c: $(PLUGIN_SRC) tools/dev/static-registry.sh
	@mkdir -p $(dir $@)
	sh tools/dev/static-registry.sh $(PLUGIN_UNITS) > $@
$(BUILD)/obj/static_plugins.o: $(BUILD)/static_plugins.c
	$(CC) $(CFLAGS) -c $< -o $@
$(CLI): $(TOOL_OBJ) $(LIB) $(PLUGIN_OBJ) $(BUILD)/obj/static_plugins.o
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJ) $(PLUGIN_OBJ) $(BUILD)/obj/static_plugins.o $(LIB) $(LDLIBS)
else
$(CLI): $(TOOL_OBJ) $(LIB)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(TOOL_OBJ) $(LIB) $(LDLIBS)
endif

# The same CLI with every plugin linked in statically.
static-cli: $(BUILD)/sudokit-static
$(BUILD)/sudokit-static: FORCE
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/static STATIC=1 $(BUILD)/static/sudokit
	cp $(BUILD)/static/sudokit $@

# The technique tests share one fixture, linked in as an object.
$(filter $(BUILD)/tests/test_techniques_%,$(TESTS)): $(BUILD)/obj/tests/unit/technique_fixture.o
# So do the tests of techniques beyond SE's table.
$(BUILD)/tests/test_single_digit $(BUILD)/tests/test_coloring $(BUILD)/tests/test_msls \
  $(BUILD)/tests/test_sk_loop $(BUILD)/tests/test_extended_rectangle $(BUILD)/tests/test_bug_n \
  $(BUILD)/tests/test_exocet $(BUILD)/tests/test_tridagon $(BUILD)/tests/test_fireworks: \
  $(BUILD)/obj/tests/unit/pattern_fixture.o
$(BUILD)/obj/tests/unit/pattern_fixture.o: CFLAGS += $(CMOCKA_CFLAGS)
# The tests of HoDoKu's techniques, and of Sunnie's beyond them, share theirs
# (it uses cmocka's asserts).
HODOKU_STEP_TESTS := $(BUILD)/tests/test_wings_hodoku $(BUILD)/tests/test_sue_de_coq \
                     $(BUILD)/tests/test_als $(BUILD)/tests/test_hodoku_rating $(BUILD)/tests/test_tabling \
                     $(BUILD)/tests/test_templates $(BUILD)/tests/test_regular_wings \
                     $(BUILD)/tests/test_irregular_wings $(BUILD)/tests/test_almost_locked_candidates \
                     $(BUILD)/tests/test_als_w_wing
$(HODOKU_STEP_TESTS): $(BUILD)/obj/tests/unit/hodoku_step_fixture.o
$(BUILD)/obj/tests/unit/hodoku_step_fixture.o: CFLAGS += $(CMOCKA_CFLAGS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CMOCKA_CFLAGS) -MMD -MP -o $@ $< $(filter %.o,$^) $(LIB) $(CMOCKA_LIBS) $(LDLIBS)

$(BUILD)/bench/%: bench/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O3 -march=native -o $@ $< $(LIB) $(LDLIBS)

unit-test: all $(TESTS) $(TEST_PLUGINS) $(REPLAYS)
	@failed=""; for t in $(TESTS); do \
	  echo "== $$t"; SK_TEST_PLUGINS=$(ABS_BUILD)/test-plugins SK_SHARED=$(ABS_SRC)/../shared $$t \
	    || failed="$$failed $$t"; done; \
	for f in $(FUZZERS); do \
	  echo "== fuzz corpus and regressions: $$f"; \
	  $(BUILD)/fuzz-replay/fuzz_$$f tests/fuzz/corpus/$$f/* || failed="$$failed fuzz_$$f"; done; \
	if [ -n "$$failed" ]; then echo "FAILED:$$failed"; exit 1; fi

# Fuzz harnesses replayed over their corpora (seeds and past crashes) by the
# tests, without libFuzzer.  FUZZ_LINK_NAME: a harness's own link flags (the
# Lua harness serves plugin registrations and table files from what it
# loaded once, and counts the binding's objects with finalizers, through
# ld's --wrap).
FUZZ_LINK_lua := -Wl,--wrap=sk_table_load -Wl,--wrap=sk_engine_load_default \
                 -Wl,--wrap=lua_setmetatable -Wl,--wrap=luaL_setmetatable
$(BUILD)/fuzz-replay/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< tests/fuzz/replay.c $(LIB) $(LDLIBS) $(FUZZ_LINK_$*)

# libFuzzer with clang: make fuzz [FUZZ_SECONDS=60] [FUZZERS="format table"].
# Each harness runs for FUZZ_SECONDS on a copy of its seed corpus; crashes
# land in build-fuzz/crash-NAME-*: copy each into tests/fuzz/corpus/NAME/
# so that `make test` replays it from then on.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_SAN     := -fsanitize=address,undefined
FUZZ_CFLAGS  := -std=c11 -D_GNU_SOURCE -g -O1 $(FUZZ_SAN) \
                -Iengine -Iplugins $(DEPS_CFLAGS) -DSK_STATIC_PLUGINS -DSK_VERSION='"$(VERSION)"' \
                -DSK_BUILD_RATINGS_DIR='"$(ABS_SRC)/ratings"' -DSK_PREFIX='"$(PREFIX)"'
# the engine and the plugins are compiled once (in parallel under make -j)
# with the fuzzer's coverage instrumentation, and linked into each harness
FUZZ_OBJ     := $(patsubst %.c,build-fuzz/obj/%.o,$(ENGINE_SRC) $(PLUGIN_SRC)) \
                build-fuzz/obj/static_plugins.o
$(filter-out build-fuzz/obj/static_plugins.o,$(FUZZ_OBJ)): build-fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@
# the techniques' searches are mostly comparisons of bitboards: tracing
# them (trace-cmp, for guessing magic values in parsers) cost 60 % of the
# engine harness's time and finds nothing there; the same holds for the
# step engine, the grid and the solver (a seventh of the Lua harness's
# time), which parse nothing
build-fuzz/obj/techniques/%.o: FUZZ_CFLAGS += -fno-sanitize-coverage=trace-cmp
$(patsubst %.c,build-fuzz/obj/%.o,engine/engine.c engine/engine_load.c engine/grid.c engine/solver.c): \
  FUZZ_CFLAGS += -fno-sanitize-coverage=trace-cmp
build-fuzz/static_plugins.c: $(PLUGIN_SRC) tools/dev/static-registry.sh
	@mkdir -p $(dir $@)
	sh tools/dev/static-registry.sh $(PLUGIN_UNITS) > $@
build-fuzz/obj/static_plugins.o: build-fuzz/static_plugins.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
build-fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(LDLIBS) $(FUZZ_LINK_$*)
-include $(shell find build-fuzz/obj -name '*.d' 2>/dev/null)

# FUZZ_CPU_SECONDS=N instead runs each harness until it has used N seconds
# of CPU (tools/dev/fuzz-cpu.sh), and prints its runs per CPU-second.
fuzz: $(patsubst %,build-fuzz/fuzz_%,$(FUZZERS))
	@set -e; for f in $(FUZZERS); do \
	  mkdir -p build-fuzz/corpus/$$f; cp tests/fuzz/corpus/$$f/* build-fuzz/corpus/$$f/; \
	  if [ -n "$(FUZZ_CPU_SECONDS)" ]; then \
	    echo "== fuzz_$$f ($(FUZZ_CPU_SECONDS) CPU-s)"; \
	    sh tools/dev/fuzz-cpu.sh $(FUZZ_CPU_SECONDS) build-fuzz/fuzz_$$f build-fuzz/corpus/$$f \
	      -timeout=20 -rss_limit_mb=2048 -artifact_prefix=build-fuzz/crash-$$f-; \
	  else \
	    echo "== fuzz_$$f ($(FUZZ_SECONDS) s)"; \
	    build-fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 \
	      -print_final_stats=1 -artifact_prefix=build-fuzz/crash-$$f- build-fuzz/corpus/$$f; \
	  fi; \
	done

cli-test: all $(BUILD)/sudokit-static $(TEST_PLUGINS) $(BUILD)/bench/bench_hodoku
	@failed=""; for t in $(filter-out tests/cli/lib.sh,$(sort $(wildcard tests/cli/*.sh))); do \
	  echo "== $$t"; SUDOKIT=$(ABS_BUILD)/sudokit BUILD=$(ABS_BUILD) SRC=$(ABS_SRC) SK_SAN="$(SAN)" sh $$t \
	    || failed="$$failed $$t"; done; \
	if [ -n "$$failed" ]; then echo "FAILED:$$failed"; exit 1; fi

# test and demo first make sure the Debian packages are there (tools/deps.sh
# installs them as root, else prints the command), then rerun make so that
# pkg-config sees them.
deps:
	@sh tools/deps.sh test

test: deps
	@$(MAKE) --no-print-directory unit-test cli-test
	@echo "all tests passed ($(BUILD))"

check: deps
	@$(MAKE) --no-print-directory BUILD=build-san OPT=-O1 CHAINS_DEFS=-DSK_CHAINS_XCHECK SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" unit-test cli-test
	@echo "all sanitizer tests passed (build-san)"

# The main job: build, then work on the bundled sample.
demo:
	@sh tools/deps.sh build
	@$(MAKE) --no-print-directory all
	@sh tools/demo.sh $(ABS_BUILD)/sudokit

bench: $(BENCHES) all
	@sh bench/run.sh $(ABS_BUILD)

# make install: the CLI, both libraries and the Lua module are rebuilt in
# BUILD/install with INSTALLED=1 (PREFIX compiled in, no build-tree path;
# BUILD/install/prefix says which prefix, so another PREFIX rebuilds them);
# plugins, headers, tables, experiments, the man page and the shell
# completions are copied.  Plugins left in the plugin directory by an older
# install are removed first: a plugin that moved would clash with its new
# home.  The end says what a prefix outside the usual search paths needs.
IBUILD     := $(BUILD)/install
SOMAJOR    := 0
SHLIB      := $(BUILD)/libsudokit.so.$(VERSION)
all: $(SHLIB)
$(SHLIB): $(ENGINE_OBJ)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libsudokit.so.$(SOMAJOR) -o $@ $(ENGINE_OBJ) $(LDLIBS)
ifeq ($(INSTALLED),1)
$(shell mkdir -p $(BUILD) && { [ "$$(cat $(BUILD)/prefix 2>/dev/null)" = '$(PREFIX)' ] || echo '$(PREFIX)' > $(BUILD)/prefix; })
$(ENGINE_OBJ) $(TOOL_OBJ): $(BUILD)/prefix
endif
.PHONY: install-build
install-build:
	@$(MAKE) --no-print-directory BUILD=$(IBUILD) INSTALLED=1 PREFIX='$(PREFIX)' \
	  $(IBUILD)/libsudokit.a $(IBUILD)/libsudokit.so.$(VERSION) $(IBUILD)/sudokit $(IBUILD)/lua/sudokit.so

I := $(DESTDIR)$(PREFIX)
install: all install-build
	install -d $(I)/bin $(I)/lib/sudokit/plugins $(I)/include/sudokit $(I)/share/sudokit/ratings \
	  $(I)/share/sudokit/experiments $(I)/lib/pkgconfig $(I)/share/man/man1 \
	  $(I)/share/bash-completion/completions $(I)/share/zsh/site-functions
	install -m 755 $(IBUILD)/sudokit $(I)/bin/sudokit
	install -m 644 $(IBUILD)/libsudokit.a $(I)/lib/libsudokit.a
	install -m 755 $(IBUILD)/libsudokit.so.$(VERSION) $(I)/lib/libsudokit.so.$(VERSION)
	ln -sf libsudokit.so.$(VERSION) $(I)/lib/libsudokit.so.$(SOMAJOR)
	ln -sf libsudokit.so.$(SOMAJOR) $(I)/lib/libsudokit.so
	rm -f $(I)/lib/sudokit/plugins/*.so
	install -m 755 $(PLUGINS) $(I)/lib/sudokit/plugins/
	install -m 644 $(wildcard engine/sk_*.h) plugins/sk_plugin.h $(I)/include/sudokit/
	install -m 644 $(wildcard ratings/*.yaml ratings/*.lua) $(I)/share/sudokit/ratings/
	install -m 644 $(wildcard tools/experiments/*.lua) $(I)/share/sudokit/experiments/
	install -m 644 doc/sudokit.1 $(I)/share/man/man1/sudokit.1
	install -m 644 tools/completion/sudokit.bash $(I)/share/bash-completion/completions/sudokit
	install -m 644 tools/completion/_sudokit $(I)/share/zsh/site-functions/_sudokit
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' tools/sudokit.pc.in \
	  > $(I)/lib/pkgconfig/sudokit.pc
	@if [ -z "$(DESTDIR)" ] && [ -w /etc/ld.so.cache ] && command -v ldconfig >/dev/null; then \
	  ldconfig 2>/dev/null || true; fi
	@sh tools/install-notes.sh '$(PREFIX)' '$(LUA_CMODDIR)'

uninstall:
	rm -rf $(I)/bin/sudokit $(I)/lib/libsudokit.a $(I)/lib/libsudokit.so.$(VERSION) \
	  $(I)/lib/libsudokit.so.$(SOMAJOR) $(I)/lib/libsudokit.so \
	  $(I)/lib/sudokit $(I)/include/sudokit $(I)/share/sudokit $(I)/lib/pkgconfig/sudokit.pc \
	  $(I)/share/man/man1/sudokit.1 $(I)/share/bash-completion/completions/sudokit \
	  $(I)/share/zsh/site-functions/_sudokit

clean:
	rm -rf build build-san build-vg build-fuzz build-werror-gcc build-werror-clang

# No warnings with the flags above, held by both compilers: the library,
# plugins, CLI, tests, test plugins, fuzz replays and benchmarks built with
# -Werror by gcc (build-werror-gcc/) and by clang (build-werror-clang/).
# Nothing runs; .ci/run calls it after tools/deps.sh ci has installed clang.
warnings:
	@$(MAKE) --no-print-directory BUILD=build-werror-gcc CC=gcc WERROR=-Werror warnings-build
	@$(MAKE) --no-print-directory BUILD=build-werror-clang CC=clang WERROR=-Werror warnings-build
	@echo "no warnings from gcc or clang"
warnings-build: all $(BUILD)/sudokit-static $(TESTS) $(TEST_PLUGINS) $(REPLAYS) $(BENCHES)

# {== Lua C module (issue 6; added by the Lua helper): `require "sudokit"`
# from a plain lua5.4.  Built from the engine objects (already -fPIC); liblua
# is not linked in: the interpreter provides the lua_* symbols.
# LUA_CMODDIR defaults to Debian's cpath entry for PREFIX=/usr/local.
LUA_CMOD    := $(BUILD)/lua/sudokit.so
LUA_CMODDIR ?= $(PREFIX)/lib/lua/5.4
.PHONY: install-lua uninstall-lua
all: $(LUA_CMOD)
$(LUA_CMOD): $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -o $@ $(ENGINE_OBJ) $(shell $(PKG) --libs yaml-0.1 2>/dev/null) -ldl -lm -pthread
install: install-lua
install-lua: install-build
	install -d $(DESTDIR)$(LUA_CMODDIR)
	install -m 755 $(IBUILD)/lua/sudokit.so $(DESTDIR)$(LUA_CMODDIR)/sudokit.so
uninstall: uninstall-lua
uninstall-lua:
	rm -f $(DESTDIR)$(LUA_CMODDIR)/sudokit.so
# }==

# {== web: the browser page (issue 8; added by the web helper).
#   make web   ->  $(BUILD)/web/index.html: one self-contained file (page,
#   Web Worker and the engine as WebAssembly, inlined) that also works when
#   opened from disk.
# The engine and every technique plugin are built with clang for
# wasm32-wasi (Debian: clang lld wasi-libc libclang-rt-dev-wasm32, which
# `sh tools/deps.sh web` installs) and linked statically through the
# registry of tools/dev/static-registry.sh; tools/web/shim stands in for
# dlfcn.h, pthread.h and yaml.h.  The rating tables are read at build time
# by a host program (table2c, linked with libyaml) and compiled in, so the
# page needs no YAML reader.
WEB_CC      ?= clang
WEB_SYSROOT ?= /usr
WEB_OUT     := $(BUILD)/web
WEB_OBJ_DIR := $(BUILD)/web-obj
WEB_TARGET  := --target=wasm32-wasi
WEB_CFLAGS  := $(WEB_TARGET) -nostdlibinc -isystem $(WEB_SYSROOT)/include/wasm32-wasi \
               -std=c11 -D_GNU_SOURCE -O2 $(WARN) -Itools/web/shim -Iengine -Iplugins -Itools/web \
               -DSK_STATIC_PLUGINS -DSK_VERSION='"$(VERSION)"' -DSK_PREFIX='"$(PREFIX)"'
WEB_LDFLAGS := -mexec-model=reactor -Wl,-z,stack-size=1048576 -Wl,--strip-all
WEB_C_SRC   := $(filter-out engine/lua%.c,$(ENGINE_SRC)) $(PLUGIN_SRC) tools/web/web_api.c
WEB_C_OBJ   := $(patsubst %.c,$(WEB_OBJ_DIR)/%.o,$(WEB_C_SRC)) \
               $(WEB_OBJ_DIR)/static_plugins.o $(WEB_OBJ_DIR)/web_tables.o
WEB_TABLES  := ratings/se.yaml $(wildcard ratings/xdrs.yaml) $(wildcard ratings/hodoku.yaml)
WEB_PAGE    := tools/web/page.html tools/web/style.css tools/web/app.js tools/web/worker.js \
               tools/web/bundle.sh
.PHONY: web web-toolchain
web: $(WEB_OUT)/index.html

web-toolchain:
	@command -v $(WEB_CC) >/dev/null && command -v wasm-ld >/dev/null && \
	  test -f $(WEB_SYSROOT)/include/wasm32-wasi/stdio.h || { \
	  echo "make web: needs clang, lld and wasi-libc for wasm32-wasi; run:" >&2; \
	  echo "  sudo sh tools/deps.sh web   (clang lld wasi-libc libclang-rt-dev-wasm32)" >&2; exit 1; }

$(WEB_OBJ_DIR)/%.o: %.c | web-toolchain
	@mkdir -p $(dir $@)
	$(WEB_CC) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

$(WEB_OBJ_DIR)/static_plugins.c: $(PLUGIN_SRC) tools/dev/static-registry.sh
	@mkdir -p $(dir $@)
	sh tools/dev/static-registry.sh $(PLUGIN_UNITS) > $@

# table2c runs on the build machine: the native library and libyaml
$(WEB_OBJ_DIR)/table2c: tools/web/table2c.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(WEB_OBJ_DIR)/web_tables.c: $(WEB_OBJ_DIR)/table2c $(WEB_TABLES)
	$(WEB_OBJ_DIR)/table2c $(WEB_TABLES) > $@.tmp && mv $@.tmp $@

$(WEB_OBJ_DIR)/static_plugins.o $(WEB_OBJ_DIR)/web_tables.o: %.o: %.c tools/web/web_tables.h | web-toolchain
	$(WEB_CC) $(WEB_CFLAGS) -c $< -o $@

$(WEB_OBJ_DIR)/sudokit.wasm: $(WEB_C_OBJ)
	$(WEB_CC) $(WEB_TARGET) $(WEB_LDFLAGS) -o $@ $(WEB_C_OBJ)

$(WEB_OUT)/index.html: $(WEB_OBJ_DIR)/sudokit.wasm $(WEB_PAGE)
	@mkdir -p $(dir $@)
	sh tools/web/bundle.sh $(WEB_OBJ_DIR)/sudokit.wasm > $@.tmp && mv $@.tmp $@
	@echo "web page: $@ ($$(wc -c < $@) bytes; wasm $$(wc -c < $(WEB_OBJ_DIR)/sudokit.wasm) bytes)"
# }==

-include $(shell find $(BUILD) -name '*.d' -not -path '$(BUILD)/static/*' -not -path '$(BUILD)/install/*' 2>/dev/null)
FORCE:

# {== valgrind (issue 9; added by the reliability helper).
#   make valgrind   the CLI tests (tests/cli/*.sh but the browser's web.sh)
#   with SUDOKIT running the CLI under valgrind (tools/dev/valgrind-sudokit.sh):
#   a memory error or a definitely lost block exits 99, failing its test.
#   Left out besides web.sh: the tests that rate many puzzles to measure or
#   to time something (progress.sh outlasts 2 s on purpose, parallel.sh rates
#   a corpus in chunks, search.sh climbs for hundreds of ratings,
#   hodoku_rating.sh compares 3,555 ratings) would take most of CI's time
#   under valgrind.  They run under ASan and UBSan in make check; what they
#   share with rate.sh, gen_target.sh and reglib.sh runs under valgrind there,
#   the search's own code (cmd_gen_search.c) only under the sanitizers.
VALGRIND_SKIP  := tests/cli/web.sh tests/cli/lib.sh tests/cli/progress.sh tests/cli/parallel.sh \
                  tests/cli/search.sh tests/cli/hodoku_rating.sh
VALGRIND_TESTS := $(filter-out $(VALGRIND_SKIP),$(sort $(wildcard tests/cli/*.sh)))
#   It builds in build-vg/ without -march=native (CHAINS_ARCH): valgrind
#   does not know every instruction of the newest processors; for the same
#   reason the solver runs its plain variant there (SK_SOLVER_ISA=generic,
#   engine/solver.c), which the unit tests hold equal to the others.
.PHONY: valgrind valgrind-run
valgrind:
	@sh tools/deps.sh ci
	@$(MAKE) --no-print-directory BUILD=build-vg CHAINS_ARCH= valgrind-run
valgrind-run:
	@$(MAKE) --no-print-directory all $(BUILD)/sudokit-static $(TEST_PLUGINS)
	@failed=""; for t in $(VALGRIND_TESTS); do \
	  echo "== valgrind $$t"; SK_SOLVER_ISA=generic SUDOKIT=$(ABS_SRC)/tools/dev/valgrind-sudokit.sh \
	    SUDOKIT_BIN=$(ABS_BUILD)/sudokit BUILD=$(ABS_BUILD) SRC=$(ABS_SRC) sh $$t \
	    || failed="$$failed $$t"; done; \
	if [ -n "$$failed" ]; then echo "FAILED under valgrind:$$failed"; exit 1; fi
	@echo "all CLI tests clean under valgrind ($(BUILD))"
# }==
