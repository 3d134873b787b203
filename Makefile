# Sift: the two commands a fresh Debian machine needs are `make bench` and `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
# Fails a build whose output has a warning in the project's own files (a fresh build, as in CI,
# compiles them all; an incremental one only what changed).
NO_WARNINGS := 2>&1 | tee /dev/stderr \
	| awk '/\/\.build\//{next} /\/(Sources|Tests|Benchmarks|Examples)\/[^:]+:[0-9]+:[0-9]+: warning:/{found=1} END{exit found}'
# The DocC documentation of the four libraries; a warning (a broken or ambiguous link, a topic
# that names nothing) fails the build.
DOC_TARGETS := Sift SiftHub SiftMapping SiftHTTP
DOCS_DIR := .build/docs

.PHONY: deps build test bench lint format docs

# Installs libyajl-dev and pkg-config when pkg-config cannot find yajl.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yajl; then \
		echo "Installing libyajl-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyajl-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

# The release sift serves the 1 GB memory test; the release bench runs once as a smoke test.
test: deps lint docs
	$(SWIFT) build -c release --product sift $(NO_WARNINGS)
	$(SWIFT) build -c release --product bench $(NO_WARNINGS)
	$(SWIFT) build --build-tests $(NO_WARNINGS)
	SIFT_RELEASE_BINARY="$$($(SWIFT) build -c release --show-bin-path)/sift" $(SWIFT) test --skip-build --skip SiftHTTPTests \
		--skip 'SiftTests\.InputCancellationTests' --skip 'SiftHubTests\.StreamingTests'
	# These count the process's reading threads: other suites' threads must not be running.
	$(SWIFT) test --skip-build --filter 'SiftTests\.InputCancellationTests'
	$(SWIFT) test --skip-build --filter 'SiftHubTests\.StreamingTests'
	# The HTTP tests time real network exchanges: they run on their own, not beside CPU-heavy suites.
	$(SWIFT) test --skip-build --filter SiftHTTPTests
	$(SWIFT) run -c release --skip-build bench --quick
	$(SWIFT) run -c release --skip-build bench --scaling --quick

# The release sift is built too, for the command-line cases of `bench --scaling`.
bench: deps
	$(SWIFT) build -c release --product sift
	$(SWIFT) run -c release bench

# One archive per library in $(DOCS_DIR) (swift-docc-plugin); fails on any documentation warning.
docs: deps
	$(SWIFT) package --allow-writing-to-directory $(DOCS_DIR) generate-documentation \
		$(foreach target,$(DOC_TARGETS),--target $(target)) --output-path $(DOCS_DIR) --warnings-as-errors \
		2>&1 | tee /dev/stderr | awk "/^warning: '[^']*': /{next} /warning:|error:/{found=1} END{exit found}"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks
