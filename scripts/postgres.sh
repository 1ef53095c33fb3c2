#!/usr/bin/env bash
# Runs a command beside a throw-away PostgreSQL server: `scripts/postgres.sh cargo test -p store`.
# The server (Debian's postgresql package; see scripts/deps.sh) listens on a free loopback port
# with its data in a temporary folder, trusting connections from 127.0.0.1 only; the command sees
# its address in PORTAL_TEST_POSTGRES (postgres://portal@127.0.0.1:PORT/postgres), and the
# server and its folder are gone when the command ends, however it ends. PostgreSQL refuses to
# run as root, so as root the server runs as the `postgres` system user the package creates.
set -euo pipefail

if (($# == 0)); then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi

# The newest server installed (a newer client alone has no initdb).
initdb=$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1 || true)
bin=${initdb%/initdb}
if [[ -z $initdb || ! -x $bin/pg_ctl ]]; then
  echo "PostgreSQL's initdb and pg_ctl not found under /usr/lib/postgresql/*/bin (run make deps)" >&2
  exit 1
fi

as_server() { "$@"; }
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "As root the server runs as the postgres user, and there is none (run make deps)" >&2
    exit 1
  fi
  as_server() { runuser -u postgres -- "$@"; }
fi

dir=$(mktemp -d -t portal-postgres.XXXXXX)
data=$dir/data
stop() {
  if [[ -f $data/postmaster.pid ]]; then
    as_server "$bin/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if [[ $(id -u) -eq 0 ]]; then
  chown postgres: "$dir"
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_server "$bin/initdb" --pgdata="$data" --username=portal --auth=trust --encoding=UTF8 \
  --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
# Only the private socket folder and 127.0.0.1 get in.
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$data/pg_hba.conf"
# Durability buys nothing for a server thrown away after the run; the API tests' apps each keep
# a pool of connections open.
options="-k $dir -h 127.0.0.1 -p $port -c fsync=off -c synchronous_commit=off"
options+=" -c full_page_writes=off -c max_connections=400"
if ! as_server "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -o "$options" -w start >/dev/null; then
  cat "$dir/server.log" >&2
  exit 1
fi

export PORTAL_TEST_POSTGRES="postgres://portal@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin/pg_ctl" --version | awk '{ print $3 }') on 127.0.0.1:$port, data in $data"
status=0
"$@" || status=$?
exit "$status"
