#!/usr/bin/env bash
# Runs the portal for development: starts the Temporal dev server (unless one already
# answers at TEMPORAL_ADDRESS), then `portal serve` with the development identity provider.
# Ctrl-C stops what this script started; data stays in data/ for the next run.
set -euo pipefail
cd "$(dirname "$0")/.."

export PORT=${PORT:-8080}
export TEMPORAL_ADDRESS=${TEMPORAL_ADDRESS:-http://127.0.0.1:7233}
export PORTAL_ENV=development DEV_IDP=on
export DATABASE_URL=${DATABASE_URL:-sqlite://data/portal.db}
export RUST_LOG=${RUST_LOG:-info,temporalio_sdk_core=warn,temporalio_client=warn,tower_http=warn}
# The build `make run` made: RUN_PROFILE `dev` (in target/debug; the tests' build) or `release`.
profile=${RUN_PROFILE:-dev}
[[ $profile == dev ]] && profile=debug
portal=${CARGO_TARGET_DIR:-$HOME/.cache/portal-target}/$profile/portal
mkdir -p data
# Temporal payloads are encrypted (README "Keys"): development keys live in data/, made once.
export PORTAL_PAYLOAD_KEYS_FILE=${PORTAL_PAYLOAD_KEYS_FILE:-data/payload-keys}
[[ -n ${PORTAL_PAYLOAD_KEYS:-} ]] || "$portal" payload-keys init "$PORTAL_PAYLOAD_KEYS_FILE"

started=()
stop() {
  trap - EXIT INT TERM
  for pid in "${started[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT
trap 'stop; exit 0' INT TERM

hostport=${TEMPORAL_ADDRESS#*://}
host=${hostport%%:*}
tport=${hostport##*:}
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

if answers "$host" "$tport"; then
  echo "Using the Temporal server already answering at $TEMPORAL_ADDRESS"
else
  ui_port=${TEMPORAL_UI_PORT:-8233}
  echo "Starting the Temporal dev server on $host:$tport (Web UI on $ui_port, state in data/temporal.db)"
  # One partition per task queue, and the search attributes registered as it starts
  # (workflows/src/dev_server.rs says why).
  mapfile -t dev_args < <("$portal" temporal-dev-args)
  .venv/bin/temporal server start-dev --db-filename data/temporal.db --ip "$host" --port "$tport" \
    --ui-port "$ui_port" --ui-disable-news-fetch --log-level warn \
    --ui-codec-endpoint "${PUBLIC_URL:-http://127.0.0.1:$PORT}/codec" \
    --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=normal \
    "${dev_args[@]}" >data/temporal.log 2>&1 &
  started+=($!)
  export TEMPORAL_UI_URL=${TEMPORAL_UI_URL:-http://$host:$ui_port}
  for _ in $(seq 1 300); do answers "$host" "$tport" && break; sleep 0.2; done
  answers "$host" "$tport" || { echo "The Temporal dev server did not start; see data/temporal.log" >&2; exit 1; }
fi

"$portal" serve &
started+=($!)
wait "${started[-1]}"
