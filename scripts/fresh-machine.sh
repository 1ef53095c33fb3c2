#!/usr/bin/env bash
# Measures what a newcomer meets on a machine that never built the project (issue 49): the
# Debian packages the Makefile installs are PURGED from this machine, CARGO_HOME, the build
# folder and npm's and pip's caches point at empty folders (rustup's toolchain stays), and a
# fresh clone of this repository then times the first `make run` until the portal answers, a
# second `make run`, and `bash .ci/run` (make test). Run as root on a machine you may change;
# results in /tmp/fresh-machine (`times`, and each command's log with a Unix time per line).
set -u
cd "$(dirname "$0")/.."
repo=$(pwd)
out=/tmp/fresh-machine
rm -rf "$out"; mkdir -p "$out"
log() { echo "$(date +%s) $*" | tee -a "$out/times"; }
DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq protobuf-compiler libprotobuf-dev chromium \
  chromium-common chromium-sandbox fonts-liberation poppler-utils 'postgresql*' >/dev/null 2>&1
DEBIAN_FRONTEND=noninteractive apt-get autoremove -y -qq >/dev/null 2>&1
rm -rf /tmp/fresh-cargo /tmp/fresh-target /tmp/fresh-clone /tmp/fresh-npm /tmp/fresh-pip
export CARGO_HOME=/tmp/fresh-cargo CARGO_TARGET_DIR=/tmp/fresh-target
export npm_config_cache=/tmp/fresh-npm PIP_CACHE_DIR=/tmp/fresh-pip
unset TEMPORAL_CLI
git clone -q "$repo" /tmp/fresh-clone
cd /tmp/fresh-clone
answers() { curl -sf -o /dev/null "http://127.0.0.1:${PORT:-8080}/healthz"; }
run_until_answering() {
  local name=$1 start pid
  start=$(date +%s)
  setsid bash -c 'make run 2>&1 | while IFS= read -r line; do printf "%(%s)T %s\n" -1 "$line"; done' >"$out/$name.log" 2>&1 &
  pid=$!
  until answers; do
    sleep 1
    if ! kill -0 $pid 2>/dev/null; then
      log "$name: make run exited without answering after $(( $(date +%s) - start )) s"
      return 1
    fi
  done
  log "$name: the portal answered after $(( $(date +%s) - start )) s"
  kill -TERM -- -$pid; wait $pid 2>/dev/null; sleep 2
}
log "start"
run_until_answering first-make-run
run_until_answering warm-make-run
start=$(date +%s)
bash .ci/run >"$out/ci-run.log" 2>&1
code=$?
log ".ci/run (make test) exited $code after $(( $(date +%s) - start )) s"
