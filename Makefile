# afdo: sampling-based feedback-directed optimization for GCC.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
#   make            build build/afdo.so, build/afdo-convert, build/afdo-dump
#   make check      unit tests (Check) and the DejaGnu testsuite
#   make check-asan the converter, tools and unit tests under ASan+UBSan
#   make demo       the whole loop on a bundled example
#   make torture    c-torture programs with random and foreign profiles
#   make fuzz       libFuzzer runs of the profile and perf readers (clang)
#   make bench-fuzz generated programs: the plugin never slower than -O2?
#   make bench-fuzz-stale  the same with a profile of the last release
#   make bench-stale release N+1 built with release N's profile (lua, zstd)
#   make install    PREFIX=/usr/local DESTDIR= PLUGINDIR= (see below)

SHELL := /bin/bash
CC ?= gcc
ifeq ($(origin CC),default)
CC := gcc
endif
TARGET_GCC ?= gcc
# The plugin is compiled against TARGET_GCC's plugin headers, so by the
# C++ driver of that same GCC: g++ for gcc, g++-12 for gcc-12,
# /opt/gcc/bin/g++ for /opt/gcc/bin/gcc.  CXX=... on the command line or
# in the environment overrides it.
ifeq ($(origin CXX),default)
CXX := $(if $(findstring /,$(TARGET_GCC)),$(dir $(TARGET_GCC)))$(subst gcc,g++,$(notdir $(TARGET_GCC)))
endif

BUILD ?= build
SRC := $(abspath .)
B := $(abspath $(BUILD))

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/afdo
# Where the plugin goes.  GCC looks for -fplugin=NAME (no path) in its
# own plugin directory only, which lies outside most prefixes; install
# writes there only when told to, so that everything else stays under
# $(DESTDIR)$(PREFIX):
#   PLUGINDIR=DIR given             DIR; PLUGINDIR=$(gcc -print-file-name=plugin)
#                                   is GCC's own
#   PREFIX not given                GCC's plugin directory (-fplugin=afdo)
#   PREFIX holds GCC's directory    GCC's plugin directory (PREFIX=/usr)
#   any other PREFIX                $(PREFIX)/lib/gcc/plugin
#                                   (-fplugin=$(PREFIX)/lib/gcc/plugin/afdo.so)
# make install prints the -fplugin= option to use.
GCC_PLUGINDIR := $(shell $(TARGET_GCC) -print-file-name=plugin)
PREFIX_PLUGINDIR := $(patsubst %/,%,$(PREFIX))/lib/gcc/plugin
ifeq ($(origin PLUGINDIR),undefined)
ifeq ($(origin PREFIX),file)
PLUGINDIR := $(GCC_PLUGINDIR)
else ifneq ($(filter $(patsubst %/,%,$(PREFIX))/%,$(GCC_PLUGINDIR)),)
PLUGINDIR := $(GCC_PLUGINDIR)
else
PLUGINDIR := $(PREFIX_PLUGINDIR)
endif
endif
ifeq ($(abspath $(PLUGINDIR)),$(abspath $(GCC_PLUGINDIR)))
PLUGIN_OPTION := -fplugin=afdo
PLUGIN_WHERE := , GCC's plugin directory
else
PLUGIN_OPTION := -fplugin=$(PLUGINDIR)/afdo.so
PLUGIN_WHERE := , not GCC's plugin directory ($(GCC_PLUGINDIR))
endif
# The directories of afdo's own that uninstall removes when empty.
AFDO_DIRS := $(DOCDIR) $(if $(filter $(PREFIX_PLUGINDIR),$(PLUGINDIR)),\
	$(PREFIX_PLUGINDIR) $(patsubst %/,%,$(dir $(PREFIX_PLUGINDIR))))
# What install put where (paths without DESTDIR), for uninstall.
MANIFEST = $(DOCDIR)/installed-files

SANITIZE ?=
OPT ?= -O2
WARN := -Wall -Wextra
CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -g $(OPT) $(WARN) -fPIC $(SANITIZE)
# CFLAGS, CXXFLAGS, CPPFLAGS and LDFLAGS from the command line or the
# environment come after the project's own flags, so they can override
# them (CFLAGS=-O0).
CFLAGS ?=
CXXFLAGS ?=
CPPFLAGS ?=
LDFLAGS ?=
CPPFLAGS_COMMON := -I$(SRC)/common

GCC_PLUGIN_INC := $(shell $(TARGET_GCC) -print-file-name=plugin)/include
CXXFLAGS_PLUGIN := -std=gnu++14 -g -O2 $(WARN) -fPIC -fno-rtti -fno-exceptions \
	-Wno-unused-parameter -I$(GCC_PLUGIN_INC) $(CPPFLAGS_COMMON)

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)
DW_LIBS := -ldw -lelf
# The converter decodes machine code with capstone (libcapstone-dev)
# and uses libm.
CS_LIBS := -lcapstone -lm

COMMON_SRCS := $(wildcard common/*.c)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(B)/%.o)
LIBAFDO := $(B)/libafdo.a

CONVERTER_SRCS := $(wildcard converter/*.c)
CONVERTER_OBJS := $(CONVERTER_SRCS:%.c=$(B)/%.o)

# Every tools/afdo-NAME.c is a program; the other tools/*.c are objects
# that programs share with each other and with the unit tests.
TOOL_SRCS := $(wildcard tools/afdo-*.c)
TOOLS := $(TOOL_SRCS:tools/%.c=$(B)/%)
TOOL_OBJS := $(patsubst %.c,$(B)/%.o,$(filter-out $(TOOL_SRCS),$(wildcard tools/*.c)))

PLUGIN_SRCS := $(wildcard plugin/*.cc)
PLUGIN_OBJS := $(PLUGIN_SRCS:%.cc=$(B)/%.o)
PLUGIN := $(B)/afdo.so

UNIT_SRCS := $(wildcard unit/check_*.c)
UNIT_BINS := $(UNIT_SRCS:unit/%.c=$(B)/unit/%)
UNIT_SUPPORT := $(filter-out $(UNIT_SRCS),$(wildcard unit/*.c))
UNIT_SUPPORT_OBJS := $(UNIT_SUPPORT:%.c=$(B)/%.o)

PROGRAMS := $(B)/afdo-convert $(TOOLS)

.SECONDARY:

.PHONY: all deps check check-unit check-dejagnu check-asan demo bench \
	bench-quick bench-iterate bench-quality bench-ablation bench-binquality torture \
	fuzz install uninstall clean

all: $(PROGRAMS) $(PLUGIN)

deps:
	@bash $(SRC)/scripts/deps.sh

$(B)/common/%.o: common/%.c $(wildcard common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CPPFLAGS_COMMON) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(LIBAFDO): $(COMMON_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(B)/converter/%.o: converter/%.c $(wildcard converter/*.h common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CPPFLAGS_COMMON) -Iconverter $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(B)/afdo-convert: $(CONVERTER_OBJS) $(LIBAFDO)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) $(LDFLAGS) -o $@ $(CONVERTER_OBJS) $(LIBAFDO) $(DW_LIBS) $(CS_LIBS)

# The converter's objects other than its main, for the unit tests.
CONVERTER_LIB_OBJS := $(filter-out $(B)/converter/afdo-convert.o,$(CONVERTER_OBJS))

$(B)/tools/%.o: tools/%.c $(wildcard tools/*.h common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CPPFLAGS_COMMON) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

# A tool links libafdo.a and what it uses besides: the objects among its
# prerequisites and TOOL_LIBS.
$(B)/afdo-overlap: $(B)/tools/overlap.o $(B)/tools/textline.o
$(B)/afdo-dump: $(B)/tools/buildreport.o $(B)/tools/textline.o
$(B)/afdo-randprof: $(B)/tools/rng.o
$(B)/afdo-progen: $(B)/tools/rng.o $(B)/tools/progen-edit.o
$(B)/afdo-randprof: TOOL_LIBS := $(DW_LIBS)
$(B)/afdo-lbrgen: $(B)/tools/rng.o
$(B)/afdo-lbrgen: TOOL_LIBS := -lelf
$(B)/afdo-binoverlap: $(B)/tools/binoverlap.o $(B)/tools/textline.o
$(B)/afdo-binoverlap: TOOL_LIBS := -lelf -lm

$(B)/%: tools/%.c $(LIBAFDO) $(wildcard common/*.h converter/*.h tools/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CPPFLAGS_COMMON) -Iconverter $(CPPFLAGS) $(CFLAGS) \
		$(LDFLAGS) -o $@ $< $(filter %.o,$^) $(LIBAFDO) $(TOOL_LIBS)

$(B)/plugin/%.o: plugin/%.cc $(wildcard plugin/*.h common/*.h)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS_PLUGIN) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@

# A C++ compiler of another GCC than TARGET_GCC (make CXX=...) is worth
# a warning: the plugin then mixes two compilers' views of GCC's headers.
$(PLUGIN): $(PLUGIN_OBJS) $(LIBAFDO)
	@v=$$($(TARGET_GCC) -dumpfullversion 2>/dev/null); w=$$($(CXX) -dumpfullversion 2>/dev/null); \
	[ "$$v" = "$$w" ] || echo "afdo: warning: the plugin is for $(TARGET_GCC) $$v but $(CXX) is $$w" >&2
	$(CXX) $(CXXFLAGS) $(LDFLAGS) -shared -o $@ $(PLUGIN_OBJS) $(LIBAFDO)

$(B)/unit/%.o: unit/%.c $(wildcard unit/*.h common/*.h converter/*.h tools/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CPPFLAGS_COMMON) -Iconverter -Itools $(CHECK_CFLAGS) \
		$(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(B)/unit/check_%: $(B)/unit/check_%.o $(UNIT_SUPPORT_OBJS) $(TOOL_OBJS) $(CONVERTER_LIB_OBJS) $(LIBAFDO)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(DW_LIBS) $(CS_LIBS) $(CHECK_LIBS)

check: deps
	@$(MAKE) --no-print-directory all $(UNIT_BINS)
	@$(MAKE) --no-print-directory check-unit check-dejagnu

check-unit: $(UNIT_BINS)
	@bash $(SRC)/scripts/run-unit.sh $(UNIT_BINS)

check-dejagnu: all
	@mkdir -p $(B)/testsuite
	cd $(B)/testsuite && runtest --tool afdo --srcdir $(SRC)/testsuite \
		AFDO_BUILD=$(B) AFDO_SRC=$(SRC) $(RUNTESTFLAGS)

# The C parts rebuilt with AddressSanitizer and UBSan, unit tests run.
check-asan: deps
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan OPT=-O1 \
		SANITIZE="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		$(B)/asan/afdo-convert $(patsubst $(B)/%,$(B)/asan/%,$(TOOLS) $(UNIT_BINS))
	@ASAN_OPTIONS=detect_leaks=1 CK_FORK=no bash $(SRC)/scripts/run-unit.sh \
		$(patsubst $(B)/%,$(abspath $(BUILD))/asan/%,$(UNIT_BINS))
	@bash $(SRC)/scripts/asan-tools.sh $(abspath $(BUILD))/asan

# Not part of check: GCC's c-torture execute programs built with the
# plugin under perf, random and foreign profiles (scripts/torture.sh;
# TORTURE_LIMIT=N for the first N), and libFuzzer runs of the readers
# (fuzz/fuzz.sh; FUZZ_TIME seconds each, or FUZZ_RUNS executions).
torture: all
	@bash $(SRC)/scripts/torture.sh $(B)
	@bash $(SRC)/scripts/valgrind-plugin.sh $(B)

fuzz:
	@BUILD=$(B) bash $(SRC)/fuzz/fuzz.sh replay
	@BUILD=$(B) bash $(SRC)/fuzz/fuzz.sh run

demo: deps
	@$(MAKE) --no-print-directory all
	@bash $(SRC)/scripts/demo.sh $(B)

# The harness reports a variant whose tool did not build as not available,
# so a part that fails to build does not stop it.
bench: deps
	@$(MAKE) --no-print-directory -k all || echo "bench: not everything built; see the report"
	@bash $(SRC)/benchmarks/run.sh full

bench-quick: deps
	@$(MAKE) --no-print-directory -k all || echo "bench: not everything built; see the report"
	@bash $(SRC)/benchmarks/run.sh quick

# Iterative AutoFDO (seed 000, Section 5.2): needs the converter, the
# plugin and afdo-dump, so it stops when they do not build.
bench-iterate: all
	@AFDO_BUILD_DIR=$(B) bash $(SRC)/benchmarks/iterate.sh

# Profile quality only (block overlap; benchmarks/results/quality.md).
bench-quality: deps
	@$(MAKE) --no-print-directory -k all || echo "bench: not everything built; see the report"
	@bash $(SRC)/benchmarks/run.sh quality

bench-ablation: deps
	@$(MAKE) --no-print-directory -k all || echo "bench: not everything built; see the report"
	@bash $(SRC)/benchmarks/run.sh ablation

# Per-instruction execution estimates of afdo-convert's execution models
# against callgrind's exact counts (benchmarks/results/binquality-*.md).
bench-binquality: deps
	@$(MAKE) --no-print-directory $(B)/afdo-convert $(B)/afdo-binoverlap
	@AFDO_BUILD_DIR=$(B) bash $(SRC)/benchmarks/run.sh binquality
# Stale profiles on real release pairs: release N+1 built with the
# samples of release N against its own (benchmarks/stale.sh; report in
# benchmarks/results/stale.md).  STALE_PLUGIN=FILE measures another
# plugin; STALE_GIT_LUA, STALE_GIT_ZSTD name local clones.
.PHONY: bench-stale
bench-stale: all
	@bash $(SRC)/scripts/deps.sh
	@AFDO_BUILD_DIR=$(B) bash $(SRC)/benchmarks/stale.sh

# Performance fuzzing: FUZZ_N (1000) programs of afdo-progen from seed
# FUZZ_SEED0 (1), each built with the plugin on its own perf samples and
# judged against -O2 on cachegrind's counts (benchmarks/fuzz.sh; report
# in benchmarks/results/fuzz-COMMIT.md).  FUZZ_JOBS (2) seeds at a time;
# FUZZ_BUILD=DIR or FUZZ_PLUGIN=FILE judge another build.
.PHONY: bench-fuzz
bench-fuzz: all
	@bash $(SRC)/scripts/deps.sh
	@FUZZ_BUILD=$${FUZZ_BUILD:-$(B)} bash $(SRC)/benchmarks/fuzz.sh run

# The performance fuzzer on stale profiles: FUZZ_N programs judged with
# their own profile, then their next release (FUZZ_EDIT, 3 edits) with
# its own profile and with the old program's, with the matcher and
# without it (benchmarks/fuzz.sh stale; report in
# benchmarks/results/fuzz-stale-COMMIT.md).
.PHONY: bench-fuzz-stale
bench-fuzz-stale: all
	@bash $(SRC)/scripts/deps.sh
	@FUZZ_BUILD=$${FUZZ_BUILD:-$(B)} bash $(SRC)/benchmarks/fuzz.sh stale

# clang 19 with afdo-convert's text profile against instrumented PGO and
# llvm-profgen on the same samples (benchmarks/results/clang.md).
.PHONY: bench-clang
bench-clang:
	@AFDO_DEPS_EXTRA="clang-19 llvm-19 libclang-rt-19-dev" bash $(SRC)/scripts/deps.sh
	@$(MAKE) --no-print-directory $(B)/afdo-convert
	@AFDO_BUILD_DIR=$(B) bash $(SRC)/benchmarks/clang.sh

install: all
	@set -e; \
	list=$$(mktemp); trap 'rm -f "$$list"' EXIT; \
	put() { mode=$$1 dir=$$2; shift 2; \
	  echo "install -m $$mode $$* $(DESTDIR)$$dir/"; \
	  install -d '$(DESTDIR)'"$$dir"; \
	  install -m "$$mode" "$$@" '$(DESTDIR)'"$$dir/"; \
	  for f in "$$@"; do echo "$$dir/$${f##*/}" >> "$$list"; done; }; \
	put 755 '$(BINDIR)' $(B)/afdo-convert $(B)/afdo-dump; \
	put 755 '$(PLUGINDIR)' $(PLUGIN); \
	put 644 '$(MANDIR)/man1' doc/afdo-convert.1 doc/afdo-dump.1; \
	put 644 '$(MANDIR)/man7' doc/afdo.7; \
	put 644 '$(DOCDIR)' README.md COPYING $(wildcard doc/*.md); \
	echo '$(MANIFEST)' >> "$$list"; \
	install -m 644 "$$list" '$(DESTDIR)$(MANIFEST)'; \
	echo; \
	echo "afdo: the plugin is in $(PLUGINDIR)$(PLUGIN_WHERE): use"; \
	echo "afdo:   $(PLUGIN_OPTION) -fplugin-arg-afdo-profile=FILE"

# Removes what the manifest lists (every file install wrote), then the
# directories of afdo's own that are left empty.  Without a manifest,
# the files install would write with the same variables.
uninstall:
	@set -e; \
	if [ -f '$(DESTDIR)$(MANIFEST)' ]; then \
	  files=$$(cat '$(DESTDIR)$(MANIFEST)'); \
	else \
	  echo "afdo: no $(DESTDIR)$(MANIFEST); removing the files install would have written"; \
	  files="$(BINDIR)/afdo-convert $(BINDIR)/afdo-dump $(PLUGINDIR)/afdo.so \
	    $(MANDIR)/man1/afdo-convert.1 $(MANDIR)/man1/afdo-dump.1 \
	    $(MANDIR)/man7/afdo.7 $(addprefix $(DOCDIR)/,README.md COPYING $(notdir $(wildcard doc/*.md)))"; \
	fi; \
	for f in $$files; do \
	  if [ -e '$(DESTDIR)'"$$f" ]; then echo "rm -f $(DESTDIR)$$f"; rm -f '$(DESTDIR)'"$$f"; fi; \
	done; \
	for d in $(foreach d,$(AFDO_DIRS),'$(d)'); do \
	  [ -d '$(DESTDIR)'"$$d" ] && rmdir --ignore-fail-on-non-empty '$(DESTDIR)'"$$d" || true; \
	done

clean:
	rm -rf $(BUILD)
