#!/usr/bin/env bash
# Every test suite, in order of speed, each printing its runner's summary lines:
# lint, Rust (unit and integration against a real Temporal dev server, on SQLite, then the
# store's and the API's integration tests again on PostgreSQL), web unit, browser.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# Each suite's wall time, printed as a table at the end (docs/performance.md keeps the figures).
timings=""
step_name=""
step_started=$started
end_step() {
  [ -n "$step_name" ] && timings+=$(printf '%6ss  %s' $(( $(date +%s) - step_started )) "$step_name")$'\n'
  step_started=$(date +%s)
}
step() { end_step; step_name=$1; printf '\n==> %s\n' "$*"; }

step "The repository stands alone"
# A clone has nothing beside it: no file may point outside the repository for what it needs.
if git grep -n -E '\.\./shared/(spec|data|hooks|ARCHITECTURE\.md|CONVENTIONS\.md)' -- . ':!scripts/test.sh'; then
  echo "These files point outside the repository; copy what they need in, with its sources." >&2
  exit 1
fi
echo "No file points outside the repository."

step "Dependencies: licences, bans and sources (cargo deny, deny.toml); advisories (npm audit, web/audit-allow.json)"
cargo deny --offline --log-level error check licenses bans sources
(cd web && npm run --silent audit)

step "Rust formatting and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings
# The production image's build: no development identity provider (Dockerfile).
cargo clippy --locked -p api --no-default-features --bin portal -- -D warnings

# Runs a `cargo test` command line, keeping its full log in /tmp/portal-$1.log and printing
# its runners' summary lines; exits with the failures when any test failed.
rust_tests() {
  local log=/tmp/portal-$1.log
  shift
  "$@" 2>&1 | tee "$log" | grep -E '^(test result|running|error|failures|---- |thread )' || true
  if grep -qE '^test result: FAILED|^error' "$log" || ! grep -q '^test result' "$log"; then
    echo "Rust tests failed; full log in $log" >&2
    grep -A30 '^failures:' "$log" >&2 || tail -50 "$log" >&2
    exit 1
  fi
  awk '/^test result/ { split($0, a, " "); passed += a[4]; failed += a[6] } END { printf "Rust: %d passed, %d failed\n", passed, failed }' "$log"
}

step "Rust tests (domain, store, workflows, API over HTTP)"
rust_tests rust-tests cargo test --workspace --locked

step "Rust integration tests on PostgreSQL (store, chat and API, a database each, on a throw-away server)"
rust_tests rust-tests-postgres scripts/postgres.sh cargo test --locked -p store -p chat -p api

step "Fault injection (advisers at work while workers and the Temporal server are killed; make chaos runs it longer)"
cargo build --quiet --locked -p api -p portal-load --bin portal --bin portal-load
portal_load="${CARGO_TARGET_DIR:-target}/debug/portal-load"
"$portal_load" --scenario chaos --clients 3 --seconds 30 --kills 3 --server-restarts 1

step "Fault injection in the production shape (two API processes and two workers on PostgreSQL, API processes killed too)"
PORTAL_LOAD=$portal_load scripts/postgres.sh bash -c '"$PORTAL_LOAD" --scenario chaos --clients 3 --seconds 30 \
  --kills 2 --api-kills 2 --server-restarts 1 --apis 2 --database-url "$PORTAL_TEST_POSTGRES"'

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

end_step
printf '\nEach suite'"'"'s time:\n%s' "$timings"
printf '\nAll test suites passed in %ss.\n' $(( $(date +%s) - started ))
