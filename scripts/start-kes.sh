#!/usr/bin/env bash
# A MinIO KES server on 127.0.0.1 for `vaultload kms` and the KES tests of workload-kms (KMS=KES).
#
#   eval "$(scripts/start-kes.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-kes.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-kes.sh stop              # stops it by pid and deletes its keys, certificates and log
#   scripts/start-kes.sh down              # stops it by pid, keeping keys, certificates and config (a restart's)
#   scripts/start-kes.sh up                # starts a server brought down again on them
#   scripts/start-kes.sh binary            # prints the kes binary's path, building it first if there is none
#   scripts/start-kes.sh create-key NAME   # creates a key on the running server (the client's identity)
#   scripts/start-kes.sh delete-key NAME   # deletes a key (the admin's identity: the client's policy may not)
#
# Environment:
#   KES_BINARY          the kes server; else the pinned build in ~/go/kes/KES_VERSION, built once from the Go module
#                       proxy (about 75 s on 2 cores). `go install ...@v0.24.0` is refused (the proxy does not list
#                       KES's versions, which go install reads): the module is downloaded, copied and built instead.
#   KES_VERSION         the version of the Go module github.com/minio/kes (default: the pin below)
#   KES_BASE_DIR        keys, certificates, config, log and pid (default ${TMPDIR:-/tmp}/vaultload-kes)
#   KES_PORT            https port (default 7373)
#   KES_KEY_NAME        the key created at start (default vaultload-key)
#   KES_START_TIMEOUT_SECONDS  how long to wait for /v1/status (default 30)
# A private CA made here signs the server's certificate (IP SAN 127.0.0.1) and two client certificates: the
# client's, whose identity a policy allows to create, generate, encrypt, decrypt and list keys and to read the status
# and metrics, and the admin's (not printed). The keystore is a directory: keys lie unencrypted on disk, for tests only.
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

kes_version="${KES_VERSION:-v0.24.0}"
base_dir="${KES_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-kes}"
port="${KES_PORT:-7373}"
key_name="${KES_KEY_NAME:-vaultload-key}"
start_timeout_seconds="${KES_START_TIMEOUT_SECONDS:-30}"
certs_dir="$base_dir/certs"
pid_file="$base_dir/kes.pid"
env_file="$base_dir/env"
log_file="$base_dir/kes.log"
url="https://127.0.0.1:$port"

SERVER_SCRIPT=start-kes
source "$(dirname "$0")/lib/local-server.sh"
source "$(dirname "$0")/lib/private-ca.sh"

# MinIO KES, built once into ~/go/kes/VERSION (about 75 s on 2 cores).
build_kes() {
  go_build_module "github.com/minio/kes@$kes_version" "$HOME/go/kes/$kes_version" kes ./cmd/kes \
    "MinIO KES $kes_version from the Go module proxy (about 75 s on 2 cores)"
}

find_or_build_kes() {
  if [ -n "${KES_BINARY:-}" ]; then
    [ -x "$KES_BINARY" ] || die "KES_BINARY=$KES_BINARY is not an executable file"
    echo "$KES_BINARY"; return
  fi
  build_kes
}

make_certificates() {
  make_ca vaultload-kes-ca
  server_certificate
  sign client vaultload-kes-client "extendedKeyUsage=clientAuth"
  sign admin vaultload-kes-admin "extendedKeyUsage=clientAuth"
}

write_config() {
  local kes="$1" client_identity admin_identity
  client_identity="$("$kes" identity of "$certs_dir/client.crt")"
  admin_identity="$("$kes" identity of "$certs_dir/admin.crt")"
  cat >"$base_dir/config.yml" <<EOF
version: v1
address: 127.0.0.1:$port
admin:
  identity: $admin_identity
tls:
  key: $certs_dir/server.key
  cert: $certs_dir/server.crt
  ca: $certs_dir/ca.crt
  auth: on
policy:
  vaultload:
    allow:
    - /v1/key/create/*
    - /v1/key/generate/*
    - /v1/key/encrypt/*
    - /v1/key/decrypt/*
    - /v1/key/list/*
    - /v1/status
    - /v1/metrics
    identities:
    - $client_identity
keystore:
  fs:
    path: $base_dir/keys
EOF
}

client_call() {
  curl -fsS --max-time 5 --cacert "$certs_dir/ca.crt" --cert "$certs_dir/client.crt" --key "$certs_dir/client.key" "$@"
}

admin_call() {
  curl -fsS --max-time 5 --cacert "$certs_dir/ca.crt" --cert "$certs_dir/admin.crt" --key "$certs_dir/admin.key" "$@"
}

# create-key / delete-key NAME: a key of the running server, e.g. the tamper matrix's, deleted mid-run
key_call() {
  local verb="$1" name="${2:-}"
  [[ "$name" =~ ^[A-Za-z0-9_-]+$ ]] || die "$verb-key needs a key name of letters, digits, - and _"
  running_pid >/dev/null || die "no KES running in $base_dir: use start"
  if [ "$verb" = create ]; then
    client_call -o /dev/null -X POST "$url/v1/key/create/$name" || die "creating key $name at $url failed"
  else
    admin_call -o /dev/null -X DELETE "$url/v1/key/delete/$name" || die "deleting key $name at $url failed"
  fi
  say "key $name: ${verb}d at $url"
}

wait_until_ready() {
  await_ready "$1" kes client_call -o /dev/null "$url/v1/status"
}

# launch: the server on the config in base_dir, in the background; returns once it answers.
launch() {
  local kes; kes="$(find_or_build_kes)"
  detached "$log_file" "$kes" server --config "$base_dir/config.yml" &
  local pid=$!
  echo "$pid" >"$pid_file"
  wait_until_ready "$pid"
}

start() {
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; cat "$env_file"; return
  fi
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set KES_PORT"
  local kes; kes="$(find_or_build_kes)"
  rm -rf "$base_dir"
  mkdir -p "$base_dir/keys" "$certs_dir"
  make_certificates
  write_config "$kes"
  launch
  client_call -o /dev/null -X POST "$url/v1/key/create/$key_name" || die "creating key $key_name at $url failed"
  { echo "export KES_URL=$url"
    echo "export KES_CA_PATH=$certs_dir/ca.crt"
    echo "export KES_CLIENT_CERT=$certs_dir/client.crt"
    echo "export KES_CLIENT_KEY=$certs_dir/client.key"
    echo "export KES_KEY_NAME=$key_name"; } >"$env_file"
  say "MinIO KES $kes_version running, pid $(cat "$pid_file"), $url, keys in $base_dir/keys"
  cat "$env_file"
}

case "${1:-}" in
  start) start ;;
  stop) stop_process 10 ;;
  down) end_process 10 ;;
  # up: the server again on the keys, certificates and config a `down` left, as a restarted KES finds them
  up) bring_up "MinIO KES" "$base_dir/config.yml" KES_PORT launch ;;
  status) process_status "$url" ;;
  binary) find_or_build_kes ;;
  create-key) key_call create "${2:-}" ;;
  delete-key) key_call delete "${2:-}" ;;
  *) echo "usage: $0 start|stop|down|up|status|binary|create-key NAME|delete-key NAME" >&2; exit 2 ;;
esac
