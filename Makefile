# Sift: the two commands a fresh Debian machine needs are `make bench` and `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
# Fails a build whose output has a warning in the project's own files (a fresh build, as in CI,
# compiles them all; an incremental one only what changed).
NO_WARNINGS := 2>&1 | tee /dev/stderr \
	| awk '/\/\.build\//{next} /\/(Sources|Tests|Benchmarks|Examples)\/[^:]+:[0-9]+:[0-9]+: warning:/{found=1} END{exit found}'
# The DocC documentation of the five libraries; a warning (a broken or ambiguous link, a topic
# that names nothing) fails the build.
DOC_TARGETS := Sift SiftHub SiftMapping SiftHTTP SiftSchema
DOCS_DIR := .build/docs

# Fuzzing (Fuzz/README.md): the libFuzzer executables, instrumented with AddressSanitizer, in
# their own build folder; each target runs FUZZ_SECONDS and its findings land in $(FUZZ_DIR)/findings.
# A run of at least FUZZ_MINIMUM seconds a target that finds nothing writes Fuzz/LastRun, which
# `make test` compares with the sources it covers (Fuzz/fuzzed-sources.sh).
FUZZ_SECONDS ?= 300
FUZZ_MINIMUM := 300
FUZZ_TARGETS := Tokenizer Skipping Paths JSONPath Models Splitting
FUZZ_DIR := .build/fuzz
FUZZ_BUILD := SIFT_FUZZ=1 $(SWIFT) build -c release --scratch-path $(FUZZ_DIR) --sanitize=fuzzer --sanitize=address \
	-Xswiftc -sanitize=fuzzer,address
ASAN_DIR := .build/asan
ASAN_TEST := SIFT_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address \
	--scratch-path $(ASAN_DIR)

.PHONY: deps build test bench bench-contenders lint format docs fuzz fuzz-corpus sanitize static-libs install uninstall

# `make install`: a stripped release sift that needs no Swift toolchain and no libyajl where it
# runs (the Swift runtime and Foundation linked statically, and yajl from Debian's libyajl_s.a
# when it is there), its bash, zsh and fish completions (argument-parser's
# --generate-completion-script) and its man page (argument-parser's generate-manual, built
# from the checkout, offline), under $(PREFIX).
# It builds in its own folder, where `make test` builds its release products the same way.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_DIR := .build/install
STATIC_LIBS := $(INSTALL_DIR)/static-libs
YAJL_STATIC := $(firstword $(wildcard $(addsuffix /libyajl_s.a,$(shell pkg-config --variable=libdir yajl 2>/dev/null) \
	/usr/lib/$(shell uname -m)-linux-gnu /usr/lib /usr/local/lib)) \
	$(wildcard $(addsuffix /libyajl.a,/usr/lib/$(shell uname -m)-linux-gnu /usr/lib /usr/local/lib)))
# A release build with the Swift runtime and Foundation linked statically, and yajl too where
# static-libs found libyajl_s.a.
RELEASE_STATIC = PKG_CONFIG_PATH="$(abspath $(STATIC_LIBS))$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}" \
	$(SWIFT) build -c release --scratch-path $(INSTALL_DIR) --static-swift-stdlib
RELEASE_BIN := $(INSTALL_DIR)/release
INSTALL_BIN := $(DESTDIR)$(PREFIX)/bin
INSTALL_MAN := $(DESTDIR)$(PREFIX)/share/man/man1
INSTALL_BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# Installs libyajl-dev (the engine's tokenizer), libsimdjson-dev (bench's simdjson On-Demand
# contender) and pkg-config when pkg-config cannot find yajl and simdjson.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yajl simdjson; then \
		echo "Installing libyajl-dev, libsimdjson-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			libyajl-dev libsimdjson-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

# The release sift serves the 1 GB memory test; the release bench runs once as a smoke test.
# Both are built once, as `make install` builds sift (RELEASE_STATIC, in $(INSTALL_DIR)), so that
# `make install` at the end only links sift again, stripped, instead of compiling it a second time.
test: deps lint docs static-libs
	$(RELEASE_STATIC) --product sift $(NO_WARNINGS)
	$(RELEASE_STATIC) --product bench $(NO_WARNINGS)
	$(SWIFT) build --build-tests $(NO_WARNINGS)
	SIFT_RELEASE_BINARY="$(RELEASE_BIN)/sift" $(SWIFT) test --skip-build --skip SiftHTTPTests \
		--skip 'SiftTests\.InputCancellationTests' --skip 'SiftHubTests\.StreamingTests'
	# These count the process's reading threads: other suites' threads must not be running.
	$(SWIFT) test --skip-build --filter 'SiftTests\.InputCancellationTests'
	$(SWIFT) test --skip-build --filter 'SiftHubTests\.StreamingTests'
	# The HTTP tests time real network exchanges: they run on their own, not beside CPU-heavy suites.
	$(SWIFT) test --skip-build --filter SiftHTTPTests
	$(RELEASE_BIN)/bench --quick
	$(RELEASE_BIN)/bench --scaling --quick
	# make install into a new prefix, then its tests: the static binary run from outside the
	# checkout with an empty LD_LIBRARY_PATH, its completions and its man page.
	prefix=$$(mktemp -d) && $(MAKE) install PREFIX=$$prefix \
		&& SIFT_INSTALL_PREFIX=$$prefix $(SWIFT) test --skip-build --filter 'siftTests\.InstallTests' \
		&& rm -rf $$prefix

# The release sift is built too, for the command-line cases of `bench --scaling`.
bench: deps bench-contenders
	$(SWIFT) build -c release --product sift
	$(SWIFT) run -c release bench

# The PyPI validators the schema-cli scenario compares `sift validate --schema` with, and DuckDB,
# which the parallel scenarios compare `sift query --lines --jobs` with, in a Python environment
# of their own ($(PYENV)); best effort: without network, bench leaves them out.
PYENV := .build/pyenv
bench-contenders:
	@if ! $(PYENV)/bin/python3 -c 'import jsonschema, jsonschema_rs, duckdb' 2>/dev/null; then \
		echo "Installing jsonschema, jsonschema-rs and duckdb (PyPI) into $(PYENV)"; \
		{ python3 -m venv $(PYENV) 2>/dev/null || { $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			python3-venv && python3 -m venv $(PYENV); }; } \
		&& $(PYENV)/bin/pip install -q jsonschema jsonschema-rs duckdb \
		|| echo "note: no PyPI contenders: bench leaves them out"; \
	fi

# One archive per library in $(DOCS_DIR) (swift-docc-plugin); fails on any documentation warning.
docs: deps
	$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
		$(foreach target,$(DOC_TARGETS),--target $(target)) --output-path $(DOCS_DIR) --warnings-as-errors \
		2>&1 | tee /dev/stderr | awk "/^warning: '[^']*': /{next} /warning:|error:/{found=1} END{exit found}"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks Fuzz

# Builds every fuzz target, then runs each for FUZZ_SECONDS (in libFuzzer's fork mode, going on
# after a finding, so every run lasts its time and keeps every finding) over its working corpus
# ($(FUZZ_DIR)/corpus, kept between runs), its seeds (Fuzz/Corpus) and, for the targets that read
# documents, JSONTestSuite. Fails if any target found a crash or a divergence; the input is saved
# in $(FUZZ_DIR)/findings/<target>/ (run the target on it to reproduce; see Fuzz/README.md).
# Without a finding, a run of FUZZ_MINIMUM seconds or more a target over sources that did not
# change meanwhile records them and each target's last status line in Fuzz/LastRun.
fuzz: deps
	@mkdir -p .build && bash Fuzz/fuzzed-sources.sh > $(FUZZ_DIR).sources
	$(foreach target,$(FUZZ_TARGETS),$(FUZZ_BUILD) --product Fuzz$(target) $(NO_WARNINGS) &&) true
	@found=0; rm -f $(FUZZ_DIR)/status; for target in $(FUZZ_TARGETS); do \
		name=$$(echo $$target | tr A-Z a-z); \
		mkdir -p $(FUZZ_DIR)/corpus/$$name $(FUZZ_DIR)/findings/$$name $(FUZZ_DIR)/logs; \
		seeds="Fuzz/Corpus/$$name"; [ $$name = jsonpath ] || seeds="$$seeds Tests/SiftTests/Fixtures/JSONTestSuite"; \
		echo "== Fuzz$$target for $(FUZZ_SECONDS) s (log: $(FUZZ_DIR)/logs/$$name.log)"; \
		ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/release/Fuzz$$target -max_total_time=$(FUZZ_SECONDS) \
			-fork=1 -ignore_crashes=1 -max_len=4096 -timeout=20 -rss_limit_mb=3072 -dict=Fuzz/json.dict \
			-artifact_prefix=$(FUZZ_DIR)/findings/$$name/ $(FUZZ_DIR)/corpus/$$name $$seeds \
			> $(FUZZ_DIR)/logs/$$name.log 2>&1 || found=1; \
		status=$$(grep -E '^#[0-9]+: cov' $(FUZZ_DIR)/logs/$$name.log | tail -n 1); echo "$$status"; \
		echo "Fuzz$$target: $$status" >> $(FUZZ_DIR)/status; \
		grep -E '==== Sift fuzz|^==[0-9]+==ERROR: AddressSanitizer' $(FUZZ_DIR)/logs/$$name.log | sort | uniq -c || true; \
	done; \
	slow=$$(find $(FUZZ_DIR)/findings -type f -name 'slow-unit-*'); \
	[ -z "$$slow" ] || echo "Slow inputs (over 10 s once; worth a look, not failures):" $$slow; \
	if [ $$found = 1 ] || [ -n "$$(find $(FUZZ_DIR)/findings -type f ! -name 'slow-unit-*')" ]; then \
		echo "Findings:"; find $(FUZZ_DIR)/findings -type f ! -name 'slow-unit-*'; exit 1; fi; \
	sources=$$(bash Fuzz/fuzzed-sources.sh); \
	if [ $(FUZZ_SECONDS) -lt $(FUZZ_MINIMUM) ]; then \
		echo "No finding; Fuzz/LastRun is kept (it records runs of $(FUZZ_MINIMUM) s a target or more)."; \
	elif [ "$$sources" != "$$(cat $(FUZZ_DIR).sources)" ]; then \
		echo "No finding, but the fuzzed sources changed during the run: Fuzz/LastRun is kept."; \
	else \
		{ echo "sources $$sources"; echo "date $$(date -u '+%Y-%m-%d %H:%M UTC')"; \
		  echo "seconds $(FUZZ_SECONDS) a target"; cat $(FUZZ_DIR)/status; } > Fuzz/LastRun; \
		echo "No finding: Fuzz/LastRun records this run (commit it with the change)."; \
	fi

# Merges the working corpus that `make fuzz` grew ($(FUZZ_DIR)/corpus) into the committed seeds
# (Fuzz/Corpus), minimised by libFuzzer's -merge=1: only inputs that add coverage are kept.
fuzz-corpus:
	@for target in $(FUZZ_TARGETS); do \
		name=$$(echo $$target | tr A-Z a-z); merged=$(FUZZ_DIR)/merged/$$name; \
		rm -rf $$merged && mkdir -p $$merged $(FUZZ_DIR)/corpus/$$name; \
		ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(FUZZ_DIR)/release/Fuzz$$target -merge=1 \
			-max_len=4096 -timeout=20 -rss_limit_mb=3072 $$merged Fuzz/Corpus/$$name $(FUZZ_DIR)/corpus/$$name \
			> $(FUZZ_DIR)/logs/$$name-merge.log 2>&1 || { echo "merge of $$name failed: $(FUZZ_DIR)/logs/$$name-merge.log"; exit 1; }; \
		rm -rf Fuzz/Corpus/$$name && mv $$merged Fuzz/Corpus/$$name; \
		echo "Fuzz/Corpus/$$name: $$(ls Fuzz/Corpus/$$name | wc -l) inputs"; \
	done

# The test suite under AddressSanitizer, in its own build folder, in the same groups as `make test`.
# Tests that cannot hold under ASan's overhead (peak RSS bounds) skip themselves when
# SIFT_SANITIZER is set, each saying why. LeakSanitizer is off (detect_leaks=0), as in make fuzz:
# the Swift runtime's process-long caches are not this project's leaks.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_DIR)
	$(ASAN_TEST) --skip SiftHTTPTests --skip 'SiftTests\.InputCancellationTests' --skip 'SiftHubTests\.StreamingTests'
	$(ASAN_TEST) --filter 'SiftTests\.InputCancellationTests'
	$(ASAN_TEST) --filter 'SiftHubTests\.StreamingTests'
	$(ASAN_TEST) --filter SiftHTTPTests

# yajl is linked statically by putting libyajl_s.a, named libyajl.a, alone in a folder, and
# giving SwiftPM a yajl.pc whose libdir is that folder: SwiftPM puts pkg-config's -L first, and
# in the system's folder the linker would take libyajl.so.
static-libs: deps
	@mkdir -p $(STATIC_LIBS)
	@if [ -n "$(YAJL_STATIC)" ]; then ln -sf "$(YAJL_STATIC)" $(STATIC_LIBS)/libyajl.a; \
		sed 's|^libdir=.*|libdir=$(abspath $(STATIC_LIBS))|' "$$(pkg-config --variable=pcfiledir yajl)/yajl.pc" \
			> $(STATIC_LIBS)/yajl.pc; \
	else echo "No static libyajl found: sift will need libyajl.so.2 where it runs"; fi

install: static-libs
	$(RELEASE_STATIC) --product sift -Xlinker -s
	@bin="$(abspath $(RELEASE_BIN))/sift"; \
	set -e; \
	mkdir -p "$(INSTALL_BIN)" "$(INSTALL_MAN)" "$(INSTALL_BASH)" "$(INSTALL_ZSH)" "$(INSTALL_FISH)"; \
	install -m 755 "$$bin" "$(INSTALL_BIN)/sift"; \
	"$$bin" --generate-completion-script bash > "$(INSTALL_BASH)/sift"; \
	"$$bin" --generate-completion-script zsh > "$(INSTALL_ZSH)/_sift"; \
	"$$bin" --generate-completion-script fish > "$(INSTALL_FISH)/sift.fish"; \
	$(SWIFT) build -c release --package-path .build/checkouts/swift-argument-parser \
		--scratch-path $(INSTALL_DIR)/manual-tool --product generate-manual > /dev/null; \
	mkdir -p $(INSTALL_DIR)/man; \
	$(INSTALL_DIR)/manual-tool/release/generate-manual "$$bin" --output-directory $(INSTALL_DIR)/man \
		> /dev/null; \
	install -m 644 $(INSTALL_DIR)/man/sift.1 "$(INSTALL_MAN)/sift.1"; \
	echo "Installed $(INSTALL_BIN)/sift ($$(du -k "$(INSTALL_BIN)/sift" | cut -f1) KB), completions and man page"

uninstall:
	rm -f "$(INSTALL_BIN)/sift" "$(INSTALL_MAN)/sift.1" "$(INSTALL_BASH)/sift" "$(INSTALL_ZSH)/_sift" \
		"$(INSTALL_FISH)/sift.fish"
