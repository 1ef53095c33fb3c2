#!/usr/bin/env bash
# Schema-conformance fuzzing of the portal's API with schemathesis, every check it has: every
# operation of /api/openapi.json is called with generated requests (valid and invalid) on real
# seeded cases, as the caller allowed to make them, and every answer must be no server error,
# with a status code, content type, headers and body its schema documents; invalid input must be
# refused, valid input accepted, and a request without a token or with a wrong one refused.
# Runs against a real portal, Temporal dev server and SQLite, each on a free loopback port with
# its data in a temporary folder, stopped afterwards. Ends by saying how many operations answered
# 2xx at least once: the measure of how deep the requests reached.
#
#   scripts/schema-fuzz.sh                 # the default, bounded run (a few minutes on 2 cores)
#   FUZZ_EXAMPLES=50 FUZZ_SEED=7 scripts/schema-fuzz.sh
#   FUZZ_LIST=1 FUZZ_KEEP=1 scripts/schema-fuzz.sh  # each operation's status codes; keep the work folder
#
# PORTAL_BIN (default: the debug build) and TEMPORAL_CLI (default: .venv/bin/temporal) may be set.
set -euo pipefail
cd "$(dirname "$0")/.."

EXAMPLES=${FUZZ_EXAMPLES:-8}
SEED=${FUZZ_SEED:-20261124}
SCHEMATHESIS_VERSION=4.32.5
PYTHON_CLIENT_VERSION=0.29.1
PORTAL_BIN=${PORTAL_BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/portal-target}/debug/portal}
TEMPORAL_CLI=${TEMPORAL_CLI:-.venv/bin/temporal}

[[ -x .venv/bin/python ]] || python3 -m venv .venv
if ! .venv/bin/st --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "Installing schemathesis $SCHEMATHESIS_VERSION into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
if ! .venv/bin/openapi-python-client --version 2>/dev/null | grep -q "$PYTHON_CLIENT_VERSION"; then
  echo "Installing openapi-python-client $PYTHON_CLIENT_VERSION into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check "openapi-python-client==$PYTHON_CLIENT_VERSION"
fi
[[ -x $PORTAL_BIN ]] || { echo "No portal binary at $PORTAL_BIN: cargo build -p api, or set PORTAL_BIN" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [[ -n ${FUZZ_KEEP:-} ]]; then echo "Kept $work (portal.log, schemathesis.toml, fuzz.har)"; else rm -rf "$work"; fi
}
trap cleanup EXIT

free_port() { .venv/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_for() {
  for _ in $(seq 1 300); do answers "$1" && return 0; sleep 0.2; done
  echo "$2 did not start; see $work" >&2
  return 1
}

temporal_port=$(free_port)
# As `make run` starts it (workflows/src/dev_server.rs).
mapfile -t dev_args < <("$PORTAL_BIN" temporal-dev-args)
"$TEMPORAL_CLI" server start-dev --headless --ip 127.0.0.1 --port "$temporal_port" \
  --db-filename "$work/temporal.db" --log-level error "${dev_args[@]}" >"$work/temporal.log" 2>&1 &
pids+=($!)
wait_for "$temporal_port" "The Temporal dev server"

port=$(free_port)
base="http://127.0.0.1:$port"
PORT=$port PORTAL_ENV=development DEV_IDP=on EMAIL_DNS=off \
  DATABASE_URL="sqlite://$work/portal.db" DATA_DIR="$work" WEB_DIST="$work/no-web" \
  TEMPORAL_ADDRESS="http://127.0.0.1:$temporal_port" RUST_LOG=warn \
  "$PORTAL_BIN" serve >"$work/portal.log" 2>&1 &
pids+=($!)
wait_for "$port" "The portal"
for _ in $(seq 1 100); do curl -fsS "$base/healthz" >/dev/null 2>&1 && break; sleep 0.2; done

# A signed-in adviser for the generated Python client's journey below.
token=$(curl -fsS "$base/dev-idp/token" -d grant_type=password -d client_id=portal-web \
  -d username=adviser1@example.com --data-urlencode 'password=Passw0rd!' |
  .venv/bin/python -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

# A second generator, which nobody here writes code for: a Python client generated from the
# committed document must keep every model and response (any warning fails), and drive a short
# journey in which every answer parses (scripts/python-client/journey.py).
echo "Generating a Python client with openapi-python-client $PYTHON_CLIENT_VERSION"
printf 'content_type_overrides:\n  application/pdf: application/octet-stream\n  application/problem+json: application/json\n' \
  >"$work/python-client.yml"
generated=$(cd "$work" && "$OLDPWD/.venv/bin/openapi-python-client" generate --path "$OLDPWD/openapi/openapi.json" \
  --meta none --output-path client --config python-client.yml 2>&1) || { echo "$generated" >&2; exit 1; }
if grep -E 'WARNING|Unable to|Failure to process|will be omitted|Could not' <<<"$generated"; then
  echo "openapi-python-client dropped part of the contract (above)" >&2
  exit 1
fi
PYTHONPATH="$work" .venv/bin/python scripts/python-client/journey.py "$base" "$token"

# Real data for the fuzzing to reach: a case at every stage (quote, referred to an underwriter
# with evidence received, decided, set up, in force with its client's account linked, health
# questions sent to the client), a Qi indication, a web-chat conversation and a delegation, all
# made through the API. The configuration it writes gives every operation the ids of the case it
# works on (path, query and body) and the token of the first caller api/tests/it/access-table.json
# allows, so operations reach their rules instead of stopping at "not found" or "not yours".
.venv/bin/python scripts/schema_fuzz_seed.py "$base" api/tests/it/access-table.json "$work/schemathesis.toml" "$SEED" "$EXAMPLES"

# Every check schemathesis has, `ignored_auth` included (each operation is also sent without a
# token and with a wrong one, and must answer 401/403). One worker: with two, schemathesis runs
# Hypothesis in two threads, and Hypothesis's changes to the interpreter's recursion limit in one
# thread can break `ast.parse` in the other (CPython gh-106905: "SystemError: AST constructor
# recursion depth mismatch", seen once in CI as a runtime error of the tool, not of the API).
echo "Fuzzing $base/api/openapi.json: $EXAMPLES examples an operation, seed $SEED, every check"
status=0
SCHEMATHESIS_HOOKS=schema_fuzz_hooks PYTHONPATH=scripts FUZZ_PINS="$work/pins.json" FUZZ_DROPPED="$work/dropped.tsv" \
  .venv/bin/st --config-file "$work/schemathesis.toml" run "$base/api/openapi.json" \
  --checks all \
  --phases examples,coverage,fuzzing --workers 1 --no-color --request-timeout 20 \
  --exclude-path /api/v1/backendforfrontend/config --exclude-path /healthz \
  --report har --report-har-path "$work/fuzz.har" || status=$?
# How deep it reached: operations that answered 2xx at least once (the rest met only refusals).
.venv/bin/python scripts/schema_fuzz_coverage.py openapi/openapi.json "$work/fuzz.har" ${FUZZ_LIST:+--list}
# What the documented readings excused (scripts/schema_fuzz_hooks.py), by reading.
if [[ -s $work/dropped.tsv ]]; then
  echo "Refusals the API documents in words, not counted as failures:"
  cut -f2 "$work/dropped.tsv" | sort | uniq -c | sort -rn
fi
exit "$status"
