# afdo: sampling-based feedback-directed optimization for GCC.
# Copyright (C) 2026 The afdo authors.  GPLv3 or later; see COPYING.
#
#   make            build build/afdo.so, build/afdo-convert, build/afdo-dump
#   make check      unit tests (Check) and the DejaGnu testsuite
#   make check-asan the converter, tools and unit tests under ASan+UBSan
#   make demo       the whole loop on a bundled example
#   make install    PREFIX=/usr/local DESTDIR=

SHELL := /bin/bash
CC ?= gcc
ifeq ($(origin CC),default)
CC := gcc
endif
CXX := g++
TARGET_GCC ?= gcc

BUILD ?= build
SRC := $(abspath .)
B := $(abspath $(BUILD))

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DOCDIR ?= $(PREFIX)/share/doc/afdo
# The plugin goes where GCC looks for -fplugin=NAME.
PLUGINDIR ?= $(shell $(TARGET_GCC) -print-file-name=plugin)

SANITIZE ?=
OPT ?= -O2
WARN := -Wall -Wextra
CFLAGS_BASE := -std=c11 -D_GNU_SOURCE -g $(OPT) $(WARN) -fPIC $(SANITIZE)
CFLAGS ?=
CPPFLAGS_COMMON := -I$(SRC)/common

GCC_PLUGIN_INC := $(shell $(TARGET_GCC) -print-file-name=plugin)/include
CXXFLAGS_PLUGIN := -std=gnu++14 -g -O2 $(WARN) -fPIC -fno-rtti -fno-exceptions \
	-Wno-unused-parameter -I$(GCC_PLUGIN_INC) $(CPPFLAGS_COMMON)

CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)
DW_LIBS := -ldw -lelf

COMMON_SRCS := $(wildcard common/*.c)
COMMON_OBJS := $(COMMON_SRCS:%.c=$(B)/%.o)
LIBAFDO := $(B)/libafdo.a

CONVERTER_SRCS := $(wildcard converter/*.c)
CONVERTER_OBJS := $(CONVERTER_SRCS:%.c=$(B)/%.o)

TOOL_SRCS := $(wildcard tools/*.c)
TOOLS := $(TOOL_SRCS:tools/%.c=$(B)/%)

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
	bench-quick torture fuzz install uninstall clean

all: $(PROGRAMS) $(PLUGIN)

deps:
	@bash $(SRC)/scripts/deps.sh

$(B)/common/%.o: common/%.c $(wildcard common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) $(CPPFLAGS_COMMON) -c $< -o $@

$(LIBAFDO): $(COMMON_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(B)/converter/%.o: converter/%.c $(wildcard converter/*.h common/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) $(CPPFLAGS_COMMON) -Iconverter -c $< -o $@

$(B)/afdo-convert: $(CONVERTER_OBJS) $(LIBAFDO)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) -o $@ $(CONVERTER_OBJS) $(LIBAFDO) $(DW_LIBS) -lm

# Every tools/NAME.c is a program of its own; the converter's objects
# other than its main are available to them.
CONVERTER_LIB_OBJS := $(filter-out $(B)/converter/afdo-convert.o,$(CONVERTER_OBJS))

$(B)/%: tools/%.c $(LIBAFDO) $(CONVERTER_LIB_OBJS) $(wildcard common/*.h converter/*.h tools/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) $(CPPFLAGS_COMMON) -Iconverter -o $@ $< \
		$(CONVERTER_LIB_OBJS) $(LIBAFDO) $(DW_LIBS) -lm

$(B)/plugin/%.o: plugin/%.cc $(wildcard plugin/*.h common/*.h)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS_PLUGIN) -c $< -o $@

$(PLUGIN): $(PLUGIN_OBJS) $(LIBAFDO)
	$(CXX) -shared -o $@ $(PLUGIN_OBJS) $(LIBAFDO)

$(B)/unit/%.o: unit/%.c $(wildcard unit/*.h common/*.h tools/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) $(CPPFLAGS_COMMON) -Iconverter $(CHECK_CFLAGS) -c $< -o $@

$(B)/unit/check_%: $(B)/unit/check_%.o $(UNIT_SUPPORT_OBJS) $(CONVERTER_LIB_OBJS) $(LIBAFDO)
	$(CC) $(CFLAGS_BASE) $(CFLAGS) -o $@ $^ $(DW_LIBS) $(CHECK_LIBS)

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

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PLUGINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(DOCDIR)
	install -m 755 $(B)/afdo-convert $(B)/afdo-dump $(DESTDIR)$(BINDIR)/
	install -m 755 $(PLUGIN) $(DESTDIR)$(PLUGINDIR)/afdo.so
	for m in doc/*.1; do [ -f "$$m" ] && install -m 644 "$$m" $(DESTDIR)$(MANDIR)/man1/ || true; done
	for m in doc/*.7; do [ -f "$$m" ] && install -m 644 "$$m" $(DESTDIR)$(MANDIR)/man7/ || true; done
	for d in doc/*.md; do [ -f "$$d" ] && install -m 644 "$$d" $(DESTDIR)$(DOCDIR)/ || true; done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/afdo-convert $(DESTDIR)$(BINDIR)/afdo-dump \
		$(DESTDIR)$(PLUGINDIR)/afdo.so
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(wildcard doc/*.1))) \
		$(addprefix $(DESTDIR)$(MANDIR)/man7/,$(notdir $(wildcard doc/*.7)))
	rm -rf $(DESTDIR)$(DOCDIR)

clean:
	rm -rf $(BUILD)
