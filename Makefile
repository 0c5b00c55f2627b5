# crawlutils — GNU make.  `make check` is the test command, `make demo` the demo.
# Knobs: PREFIX, DESTDIR (install only), CFLAGS/LDFLAGS (yours, never
# overwritten), SANITIZE=1 (ASan+UBSan, objects in build-san/), O=DIR (objects).

VERSION  = 0.1.0
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
COMPDIR ?= $(PREFIX)/share/bash-completion/completions
PKGS     = libxml-2.0 libcrypto icu-uc icu-i18n libxxhash json-c libpsl

ifeq ($(SANITIZE),1)
O       ?= build-san
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
else
O       ?= build
SANFLAGS =
endif

CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wpointer-arith -Wcast-qual -Wwrite-strings \
           -Wvla -Wformat=2 -Wundef -Wold-style-definition
ALL_CPPFLAGS = -Icommon -DCRAWLUTILS_VERSION='"$(VERSION)"' $(PKG_CFLAGS) $(CPPFLAGS)
ALL_CFLAGS   = -std=c17 $(WARN) $(SANFLAGS) $(CFLAGS)
# the one C++ file (common/lang.cc, CLD2's wrapper): the same warnings
# where C++ has them, CFLAGS as for C
CXXWARN  = -Wall -Wextra -Wpedantic -Wshadow -Wpointer-arith -Wcast-qual \
           -Wwrite-strings -Wformat=2 -Wundef -Wmissing-declarations
ALL_CXXFLAGS = -std=c++17 $(CXXWARN) $(SANFLAGS) $(CFLAGS) -fno-exceptions -fno-rtti
# --as-needed: each program is linked only with the libraries its code
# calls, as common/cli.c's --version explains; loading all of them was
# most of the 16-22 ms of CPU time that every start of every program cost
ALL_LDFLAGS  = $(SANFLAGS) -Wl,--as-needed $(LDFLAGS)
# CLD2 has no pkg-config file
LIBS_ALL     = $(PKG_LIBS) -lcld2 $(LIBS) -lstdc++ -lm

PROGS    = $(patsubst cmd/%.c,%,$(wildcard cmd/*.c))
COMMON   = $(patsubst %.c,$(O)/%.o,$(wildcard common/*.c)) \
           $(patsubst %.cc,$(O)/%.o,$(wildcard common/*.cc))
FUZZERS  = $(patsubst fuzz/%.c,%,$(filter-out fuzz/replay.c,$(wildcard fuzz/*.c)))
BINS     = $(addprefix $(O)/bin/,$(PROGS))
UNIT     = $(patsubst tests/unit/%.c,$(O)/unit/%.o,$(wildcard tests/unit/*.c))
# input generators and helpers for the benchmarks and slow tests
BENCH_TOOLS = $(patsubst bench/%.c,$(O)/bench/%,$(wildcard bench/*.c))
MANS     = $(wildcard man/*.1 man/*.7)
# compressed WARC files (.warc.gz, .warc.zst) and HTTP Content-Encoding
PKGS    += zlib libzstd libbrotlidec

# Flags from pkg-config, found once per build directory.  Making the file
# also checks (and, as root, installs) the build dependencies.
NOCONF_GOALS = clean uninstall installcheck lint help
ifneq ($(filter-out $(NOCONF_GOALS),$(or $(MAKECMDGOALS),all)),)
-include $(O)/config.mk
endif

.PHONY: all check check-slow check-cluster bench bench-peers lint demo install installcheck uninstall clean fuzz \
        fuzz-smoke
.DELETE_ON_ERROR:
# keep the objects of chained rules (cmd/%.o, bench/%.o): no rebuild next time
.SECONDARY:

all: $(BINS)

# (and again when PKGS changes)
$(O)/config.mk: mk/deps.sh Makefile
	@mkdir -p $(O)
	@sh mk/deps.sh build
	@{ echo "PKG_CFLAGS = $$(pkg-config --cflags $(PKGS))"; \
	   echo "PKG_LIBS = $$(pkg-config --libs $(PKGS))"; } > $@.tmp && mv $@.tmp $@

$(O)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(O)/%.o: %.cc
	@mkdir -p $(@D)
	$(CXX) $(ALL_CPPFLAGS) $(ALL_CXXFLAGS) -MMD -MP -c -o $@ $<

$(O)/libcommon.a: $(COMMON)
	rm -f $@
	$(AR) rcs $@ $(COMMON)

$(O)/bin/%: $(O)/cmd/%.o $(O)/libcommon.a
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(O)/libcommon.a $(LIBS_ALL)

# the unit tests: tests/unit/NAME.c for common/NAME.c, one program; the
# objects go in $(O)/unit/, since $(O)/tests/unit is the program
$(O)/unit/%.o: tests/unit/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(O)/tests/unit: $(UNIT) $(O)/libcommon.a
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(UNIT) $(O)/libcommon.a $(LIBS_ALL)

# Each fuzz target also links with fuzz/replay.c into a plain program that
# replays its seed corpus, so `make check` runs the seeds without clang.
$(O)/fuzz/%-replay: $(O)/fuzz/%.o $(O)/fuzz/replay.o $(O)/libcommon.a
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(O)/fuzz/replay.o $(O)/libcommon.a $(LIBS_ALL)

# the bench tools too: tests use nearpairs' brute-force reference and
# htmltext's page generator and scorer
CHECK_DEPS = $(BINS) $(O)/tests/unit $(patsubst %,$(O)/fuzz/%-replay,$(FUZZERS)) \
             $(BENCH_TOOLS)

check: $(CHECK_DEPS)
	@sh mk/deps.sh test
	@tests/run $(O)

check-slow: $(BINS) $(BENCH_TOOLS)
	@sh mk/deps.sh test
	@CRAWLUTILS_SLOW=1 tests/run $(O) tests/slow

# examples/cluster/ on hosts made on this machine (network namespaces
# with sshd and Slurm; root): tests/cluster.bats says what it checks
check-cluster: $(BINS)
	@sh mk/deps.sh cluster
	@CRAWLUTILS_CLUSTER=1 tests/run $(O) tests/cluster.bats

# `make bench BENCH="a b"` runs some sections (bench/a.sh, bench/b.sh).
bench: $(BINS) $(BENCH_TOOLS)
	@sh mk/deps.sh bench
	@bench/run $(O) $(BENCH)

# The peers users know (npm, Debian's python3-*), installed if missing,
# side by side with ours: optional, not part of make bench or CI.
bench-peers: $(BINS) $(BENCH_TOOLS)
	@sh mk/deps.sh bench
	@bench/peers/run $(O)

$(O)/bench/%: $(O)/bench/%.o $(O)/libcommon.a
	$(CC) $(ALL_LDFLAGS) -o $@ $< $(O)/libcommon.a $(LIBS_ALL)

# the whole pipeline on the sample crawl in examples/pages/, with a report
demo: $(BINS)
	@PATH="$(CURDIR)/$(O)/bin:$$PATH" sh examples/dedup.sh examples/pages

lint:
	@sh mk/deps.sh lint
	mandoc -Tlint -Wwarning $(MANS)

# libFuzzer builds need clang; they live in their own directory.
FUZZ_O = build-fuzz
fuzz:
	@sh mk/deps.sh fuzz
	$(MAKE) O=$(FUZZ_O) CC=clang CXX=clang++ SANITIZE= \
	  CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" \
	  $(patsubst %,$(FUZZ_O)/fuzz/%-fuzz,$(FUZZERS))

$(O)/fuzz/%-fuzz: $(O)/fuzz/%.o $(O)/libcommon.a
	$(CC) -fsanitize=fuzzer,address,undefined -o $@ $< $(O)/libcommon.a $(LIBS_ALL)

fuzz-smoke: fuzz
	@fuzz/smoke $(FUZZ_O) $(FUZZERS)

# The programs, their manual pages, and one bash completion file
# (completion/crawlutils.bash) under each program's name, where
# bash-completion looks for it: links to "crawlutils".  uninstall removes
# exactly these files (the directories stay: others may use them).
install: $(BINS)
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7 \
	  $(DESTDIR)$(COMPDIR)
	for p in $(PROGS); do cp -f $(O)/bin/$$p $(DESTDIR)$(BINDIR)/$$p || exit 1; done
	for m in $(MANS); do \
	  s=$${m##*.}; cp -f $$m $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; done
	cp -f completion/crawlutils.bash $(DESTDIR)$(COMPDIR)/crawlutils
	for p in $(PROGS); do ln -sf crawlutils $(DESTDIR)$(COMPDIR)/$$p || exit 1; done

# A smoke test of the installed copies (after make install, with the same
# PREFIX and DESTDIR): --version, a pipeline, man -M, completion.
installcheck:
	@sh mk/installcheck.sh $(VERSION) $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) \
	  $(DESTDIR)$(COMPDIR) $(PROGS)

uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(BINDIR)/$$p; done
	for m in $(MANS); do \
	  s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; done
	for p in crawlutils $(PROGS); do rm -f $(DESTDIR)$(COMPDIR)/$$p; done

clean:
	rm -rf build build-san build-fuzz

-include $(wildcard $(O)/*/*.d)
