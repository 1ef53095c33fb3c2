#!/usr/bin/env bash
# `make test`'s two fault-injection runs, again and again (issue 49): `scripts/repeat-fault-runs.sh
# 8` runs each eight times and prints each run's losses and long waits by cause. Needs the debug
# build of `portal` and `portal-load` (make test builds them) and PostgreSQL (make deps).
set -u
cd "$(dirname "$0")/.."
load=${CARGO_TARGET_DIR:-target}/debug/portal-load
export TEMPORAL_CLI=${TEMPORAL_CLI:-$PWD/.venv/bin/temporal}
for i in $(seq 1 "${1:-8}"); do
  "$load" --scenario chaos --clients 3 --seconds 30 --kills 3 --server-restarts 1 >/tmp/repeat-sqlite-"$i".log 2>&1
  echo "SQLite run $i: exit $? $(grep -E '^  (lost|waits over)' /tmp/repeat-sqlite-"$i".log | tr '\n' ' ')"
  PORTAL_LOAD=$load scripts/postgres.sh bash -c '"$PORTAL_LOAD" --scenario chaos --clients 3 --seconds 30 \
    --kills 2 --api-kills 2 --server-restarts 1 --apis 2 --database-url "$PORTAL_TEST_POSTGRES"' >/tmp/repeat-pg-"$i".log 2>&1
  echo "PostgreSQL run $i: exit $? $(grep -E '^  (lost|waits over)' /tmp/repeat-pg-"$i".log | tr '\n' ' ')"
done
