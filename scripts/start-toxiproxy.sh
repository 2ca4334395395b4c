#!/usr/bin/env bash
# A Toxiproxy server on 127.0.0.1 for fault runs: proxies in front of an S3 endpoint whose network a test degrades
# (latency, bandwidth, reset connections, black hole) through its HTTP API.
#
#   eval "$(scripts/start-toxiproxy.sh start)"   # starts it (idempotent) and prints the export line
#   scripts/start-toxiproxy.sh status            # exit 0 and the export line if running, 1 otherwise
#   scripts/start-toxiproxy.sh stop              # stops it by pid and deletes its base dir
#   scripts/start-toxiproxy.sh binary            # prints the server binary's path, building it first if there is none
#
# Environment:
#   TOXIPROXY_BINARY    the toxiproxy server; else the pinned build in ~/go/toxiproxy/TOXIPROXY_VERSION, built once
#                       with `go install github.com/Shopify/toxiproxy/v2/cmd/server@TOXIPROXY_VERSION` (about 7 s)
#   TOXIPROXY_VERSION   the Go module version to build (default: the pin below)
#   TOXIPROXY_BASE_DIR  log, pid and env file (default ${TMPDIR:-/tmp}/vaultload-toxiproxy)
#   TOXIPROXY_PORT      API port (default 8474); the proxies it creates listen on ports of their own
#   TOXIPROXY_START_TIMEOUT_SECONDS  how long to wait for its API (default 10)
# Progress goes to stderr; only the export line goes to stdout.
set -euo pipefail

toxiproxy_version="${TOXIPROXY_VERSION:-v2.5.0}"
base_dir="${TOXIPROXY_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-toxiproxy}"
port="${TOXIPROXY_PORT:-8474}"
start_timeout_seconds="${TOXIPROXY_START_TIMEOUT_SECONDS:-10}"
pid_file="$base_dir/toxiproxy.pid"
env_file="$base_dir/env"
log_file="$base_dir/toxiproxy.log"

SERVER_SCRIPT=start-toxiproxy
source "$(dirname "$0")/lib/local-server.sh"

find_or_build_toxiproxy() {
  if [ -n "${TOXIPROXY_BINARY:-}" ]; then
    [ -x "$TOXIPROXY_BINARY" ] || die "TOXIPROXY_BINARY=$TOXIPROXY_BINARY is not an executable file"
    echo "$TOXIPROXY_BINARY"; return
  fi
  go_install_pinned "github.com/Shopify/toxiproxy/v2/cmd/server@$toxiproxy_version" \
    "$HOME/go/toxiproxy/$toxiproxy_version" server "about 7 s"
}

api_answers() { curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/version"; }

wait_until_ready() {
  await_ready "$1" toxiproxy api_answers
}

start() {
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; cat "$env_file"; return
  fi
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set TOXIPROXY_PORT"
  local toxiproxy; toxiproxy="$(find_or_build_toxiproxy)"
  rm -rf "$base_dir"
  mkdir -p "$base_dir"
  detached "$log_file" "$toxiproxy" -host 127.0.0.1 -port "$port" &
  local pid=$!
  echo "$pid" >"$pid_file"
  wait_until_ready "$pid"
  echo "export TOXIPROXY_URL=http://127.0.0.1:$port" >"$env_file"
  say "Toxiproxy $toxiproxy_version running, pid $pid, API http://127.0.0.1:$port"
  cat "$env_file"
}


case "${1:-}" in
  start) start ;;
  stop) stop_process 5 ;;
  status) process_status "API http://127.0.0.1:$port" ;;
  binary) find_or_build_toxiproxy ;;
  *) echo "usage: $0 start|stop|status|binary" >&2; exit 2 ;;
esac
