#!/usr/bin/env bash
# Every test suite, in order of speed, each printing its runner's summary lines:
# lint, Rust (unit and integration against a real Temporal dev server), web unit, browser.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n==> %s\n' "$*"; }

step "The repository stands alone"
# A clone has nothing beside it: no file may point outside the repository for what it needs.
if git grep -n -E '\.\./shared/(spec|data|hooks|ARCHITECTURE\.md|CONVENTIONS\.md)' -- . ':!scripts/test.sh'; then
  echo "These files point outside the repository; copy what they need in, with its sources." >&2
  exit 1
fi
echo "No file points outside the repository."

step "Rust formatting and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Rust tests (domain, store, workflows, API over HTTP)"
cargo test --workspace --locked 2>&1 | tee /tmp/portal-rust-tests.log | grep -E '^(test result|running|error|failures|---- |thread )' || true
if grep -qE '^test result: FAILED|^error' /tmp/portal-rust-tests.log || ! grep -q '^test result' /tmp/portal-rust-tests.log; then
  echo "Rust tests failed; full log in /tmp/portal-rust-tests.log" >&2
  grep -A30 '^failures:' /tmp/portal-rust-tests.log >&2 || tail -50 /tmp/portal-rust-tests.log >&2
  exit 1
fi
awk '/^test result/ { split($0, a, " "); passed += a[4]; failed += a[6] } END { printf "Rust: %d passed, %d failed\n", passed, failed }' /tmp/portal-rust-tests.log

step "API schema conformance (schemathesis over /api/openapi.json, against a real portal)"
scripts/schema-fuzz.sh

step "Web: lint, types, generated client, unit tests"
(cd web && npm run --silent lint && npm run --silent typecheck && npm run --silent check:api && npm test)

step "Production compose file (dclint)"
(cd web && npm run --silent lint:compose && echo "docker-compose.yml: no problems")

step "Web build: each route's JavaScript, and the first screen's budget"
(cd web && npm run --silent build:dist && npm run --silent check:budget)

step "Browser tests (Chromium against the real portal, Temporal and SQLite)"
(cd web && npx vitest run --config vitest.e2e.config.ts)

printf '\nAll test suites passed in %ss.\n' $(( $(date +%s) - started ))
