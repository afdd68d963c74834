# sudokit -- top-level Makefile.
#   make            library, plugins, CLI        (build/)
#   make test       unit tests (cmocka) and CLI tests
#   make check      the same built with -fsanitize=address,undefined (build-san/)
#   make bench      benchmarks (figures and ratios; reads ../shared/bench when present)
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean
# Sources are picked up by directory: engine/*.c -> libsudokit.a,
# techniques/*.c and plugins/*.c -> one plugin .so each, tools/*.c -> the
# sudokit CLI, tests/unit/test_*.c -> one cmocka test binary each,
# bench/*.c -> one benchmark binary each.

PREFIX   ?= /usr/local
DESTDIR  ?=
BUILD    ?= build
CC       ?= cc
PKG      ?= pkg-config
VERSION  := 0.1.0

OPT      ?= -O2
SAN      ?=
WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
DEPS_CFLAGS := $(shell $(PKG) --cflags lua5.4 yaml-0.1 2>/dev/null)
DEPS_LIBS   := $(shell $(PKG) --libs lua5.4 yaml-0.1 2>/dev/null)
CMOCKA_CFLAGS := $(shell $(PKG) --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell $(PKG) --libs cmocka 2>/dev/null)

ABS_BUILD := $(abspath $(BUILD))
ABS_SRC   := $(abspath .)
CFLAGS   ?=
CFLAGS   += -std=c11 -D_GNU_SOURCE $(OPT) -g $(WARN) $(SAN) -fPIC -pthread \
            -Iengine -Iplugins $(DEPS_CFLAGS) \
            -DSK_VERSION='"$(VERSION)"' \
            -DSK_BUILD_PLUGIN_DIR='"$(ABS_BUILD)/plugins"' \
            -DSK_BUILD_RATINGS_DIR='"$(ABS_SRC)/ratings"' \
            -DSK_PREFIX='"$(PREFIX)"'
LDFLAGS  ?=
LDLIBS   := $(DEPS_LIBS) -ldl -lm -pthread

ENGINE_SRC := $(sort $(wildcard engine/*.c))
ENGINE_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(ENGINE_SRC))
PLUGIN_SRC := $(sort $(wildcard techniques/*.c) $(wildcard plugins/*.c))
PLUGINS    := $(patsubst %.c,$(BUILD)/plugins/%.so,$(notdir $(PLUGIN_SRC)))
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

# BUILD/static is a separate build; keep its .d files out of ours
FORCE_FUZZ:
.PHONY: fuzz static-cli all test check bench install uninstall clean unit-test cli-test plugins deps demo
all: $(LIB) $(PLUGINS) $(CLI)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(LIB): $(ENGINE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/plugins/%.so: techniques/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -shared -o $@ $<

$(BUILD)/plugins/%.so: plugins/%.c
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
	sh tools/dev/static-registry.sh $(PLUGIN_SRC) > $@
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

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CMOCKA_CFLAGS) -MMD -MP -o $@ $< $(LIB) $(CMOCKA_LIBS) $(LDLIBS)

$(BUILD)/bench/%: bench/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O3 -march=native -o $@ $< $(LIB) $(LDLIBS)

unit-test: all $(TESTS) $(TEST_PLUGINS) $(REPLAYS)
	@set -e; for t in $(TESTS); do \
	  echo "== $$t"; SK_TEST_PLUGINS=$(ABS_BUILD)/test-plugins SK_SHARED=$(ABS_SRC)/../shared $$t; done
	@set -e; for f in $(FUZZERS); do \
	  echo "== fuzz corpus and regressions: $$f"; $(BUILD)/fuzz-replay/fuzz_$$f tests/fuzz/corpus/$$f/*; done

# Fuzz harnesses replayed over their corpora (seeds and past crashes) by the
# tests, without libFuzzer.
$(BUILD)/fuzz-replay/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< tests/fuzz/replay.c $(LIB) $(LDLIBS)

# libFuzzer with clang: make fuzz [FUZZ_SECONDS=60] [FUZZERS="format table"].
# Each harness runs for FUZZ_SECONDS on a copy of its seed corpus; crashes
# land in build-fuzz/crash-NAME-*: copy each into tests/fuzz/corpus/NAME/
# so that `make test` replays it from then on.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_CFLAGS  := -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
                -Iengine -Iplugins $(DEPS_CFLAGS) -DSK_STATIC_PLUGINS -DSK_VERSION='"$(VERSION)"' \
                -DSK_BUILD_RATINGS_DIR='"$(ABS_SRC)/ratings"' -DSK_PREFIX='"$(PREFIX)"'
fuzz:
	@mkdir -p build-fuzz
	sh tools/dev/static-registry.sh $(PLUGIN_SRC) > build-fuzz/static_plugins.c
	@set -e; for f in $(FUZZERS); do \
	  echo "== fuzz_$$f ($(FUZZ_SECONDS) s)"; \
	  $(FUZZ_CC) $(FUZZ_CFLAGS) -o build-fuzz/fuzz_$$f tests/fuzz/fuzz_$$f.c $(ENGINE_SRC) \
	    $(PLUGIN_SRC) build-fuzz/static_plugins.c $(LDLIBS); \
	  mkdir -p build-fuzz/corpus/$$f; cp tests/fuzz/corpus/$$f/* build-fuzz/corpus/$$f/; \
	  build-fuzz/fuzz_$$f -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=build-fuzz/crash-$$f- build-fuzz/corpus/$$f; \
	done

cli-test: all $(BUILD)/sudokit-static
	@set -e; for t in $(sort $(wildcard tests/cli/*.sh)); do \
	  echo "== $$t"; SUDOKIT=$(ABS_BUILD)/sudokit BUILD=$(ABS_BUILD) SRC=$(ABS_SRC) sh $$t; done

# test and demo first make sure the Debian packages are there (tools/deps.sh
# installs them as root, else prints the command), then rerun make so that
# pkg-config sees them.
deps:
	@sh tools/deps.sh test

test: deps
	@$(MAKE) --no-print-directory unit-test cli-test
	@echo "all tests passed ($(BUILD))"

check: deps
	@$(MAKE) --no-print-directory BUILD=build-san OPT=-O1 SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" unit-test cli-test
	@echo "all sanitizer tests passed (build-san)"

# The main job: build, then work on the bundled sample.
demo:
	@sh tools/deps.sh build
	@$(MAKE) --no-print-directory all
	@sh tools/demo.sh $(ABS_BUILD)/sudokit

bench: $(BENCHES) all
	@sh bench/run.sh $(ABS_BUILD)

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/sudokit/plugins \
	  $(DESTDIR)$(PREFIX)/include/sudokit $(DESTDIR)$(PREFIX)/share/sudokit/ratings \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(CLI) $(DESTDIR)$(PREFIX)/bin/sudokit
	install -m 644 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsudokit.a
	install -m 755 $(PLUGINS) $(DESTDIR)$(PREFIX)/lib/sudokit/plugins/
	install -m 644 engine/*.h plugins/sk_plugin.h $(DESTDIR)$(PREFIX)/include/sudokit/
	install -m 644 $(wildcard ratings/*.yaml ratings/*.lua) $(DESTDIR)$(PREFIX)/share/sudokit/ratings/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' tools/sudokit.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/sudokit.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/sudokit $(DESTDIR)$(PREFIX)/lib/libsudokit.a \
	  $(DESTDIR)$(PREFIX)/lib/sudokit $(DESTDIR)$(PREFIX)/include/sudokit \
	  $(DESTDIR)$(PREFIX)/share/sudokit $(DESTDIR)$(PREFIX)/lib/pkgconfig/sudokit.pc

clean:
	rm -rf build build-san build-fuzz

-include $(shell find $(BUILD) -name '*.d' -not -path '$(BUILD)/static/*' 2>/dev/null)
FORCE:
