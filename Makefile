# Sift: the two commands a fresh Debian machine needs are `make bench` and `make test`.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps build test bench lint format

# Installs libyajl-dev and pkg-config when pkg-config cannot find yajl.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists yajl; then \
		echo "Installing libyajl-dev and pkg-config"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyajl-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

# The release sift serves the 1 GB memory test; the release bench runs once as a smoke test.
test: deps lint
	$(SWIFT) build -c release --product sift
	$(SWIFT) build -c release --product bench
	$(SWIFT) build --build-tests
	SIFT_RELEASE_BINARY="$$($(SWIFT) build -c release --show-bin-path)/sift" $(SWIFT) test --skip-build --skip SiftHTTPTests
	# The HTTP tests time real network exchanges: they run on their own, not beside CPU-heavy suites.
	$(SWIFT) test --skip-build --filter SiftHTTPTests
	$(SWIFT) run -c release --skip-build bench --quick

bench: deps
	$(SWIFT) run -c release bench

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks
