#!/usr/bin/env bash
# A MinIO server on 127.0.0.1 for Vaultload runs against STORAGE_PROVIDERS=MINIO with MINIO_URL.
#
#   eval "$(scripts/start-minio.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-minio.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-minio.sh stop              # stops it by pid and deletes its data
#   scripts/start-minio.sh binary            # prints the minio binary's path, building it first if there is none
#
# Environment:
#   MINIO_BINARY        the minio server; else the pinned build, ~/go/minio/MINIO_VERSION/minio, if built; else
#                       `minio` on PATH; else the pinned build, built once there with
#                       `go install github.com/minio/minio@MINIO_VERSION` (about 2.5 min on 2 cores). The MINIO
#                       provider looks in the same order (MinioBinary in workload-s3; it ends at ~/go/bin/minio
#                       where this builds), so a MinIO this built is the one it starts
#   MINIO_VERSION       the Go module version of MinIO to build (default: the pin below, MinIO's master of
#                       2026-02-12 as the Go module proxy names it; MinIO's RELEASE tags are not module versions;
#                       MinioBinary.PINNED_VERSION must be the same pin)
#   MINIO_BASE_DIR      data, log, pid and keys (default ${TMPDIR:-/tmp}/vaultload-minio)
#   MINIO_PORT          S3 port (default 9000); MINIO_CONSOLE_PORT console port (default 9001)
#   AWS_BUCKET          bucket created at start (default vaultload), with BUCKETS (default 3) more for the
#                       multi-bucket suite: AWS_BUCKET-0, AWS_BUCKET-1, ...
#   MINIO_START_TIMEOUT_SECONDS  how long to wait for /minio/health/ready (default 30)
#   MINIO_TLS           1: serve https with a self-signed certificate for 127.0.0.1 made here (openssl), printed as
#                       CA_PATH, the private CA the clients trust; MinIO accepts SSE-C only over TLS (default 0)
#   MINIO_KMS           STATIC (default): the static key below, no KMS call; KES: MinIO's SSE-S3 and SSE-KMS through
#                       the KES server that `eval "$(scripts/start-kes.sh start)"` names (KES_URL, KES_CLIENT_CERT,
#                       KES_CLIENT_KEY, KES_CA_PATH; its key KES_KEY_NAME, vaultload-key, is MinIO's default key), with
#                       the client's identity, which start-kes.sh's policy allows to generate and decrypt
# The server gets a static KMS key (MINIO_KMS_SECRET_KEY, named vaultload-key, random per start) for the SSE_S3 and
# SSE_KMS engines unless MINIO_KMS=KES. Its flags and environment are those of every MinIO the Java code starts (MinioCommand
# in workload-s3, for the MINIO provider and the fault tools):
#   minio server DATA --address 127.0.0.1:PORT --console-address 127.0.0.1:CONSOLE_PORT --certs-dir CERTS
#   MINIO_ROOT_USER, MINIO_ROOT_PASSWORD, MINIO_UPDATE=off, MINIO_KMS_SECRET_KEY=vaultload-key:KEY
# A change here must be made there too: MinioScriptTest (workload-s3) compares the two.
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

minio_version="${MINIO_VERSION:-v0.0.0-20260212201848-7aac2a2c5b7c}"
base_dir="${MINIO_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-minio}"
port="${MINIO_PORT:-9000}"
console_port="${MINIO_CONSOLE_PORT:-9001}"
bucket="${AWS_BUCKET:-vaultload}"
start_timeout_seconds="${MINIO_START_TIMEOUT_SECONDS:-30}"
tls="${MINIO_TLS:-0}"
kms="${MINIO_KMS:-STATIC}"
scheme=http; [ "$tls" = 1 ] && scheme=https
certs_dir="$base_dir/certs"
pinned_dir="$HOME/go/minio/$minio_version"
pid_file="$base_dir/minio.pid"
env_file="$base_dir/env"
log_file="$base_dir/minio.log"

SERVER_SCRIPT=start-minio
source "$(dirname "$0")/lib/local-server.sh"

find_or_build_minio() {
  if [ -n "${MINIO_BINARY:-}" ]; then
    [ -x "$MINIO_BINARY" ] || die "MINIO_BINARY=$MINIO_BINARY is not an executable file"
    echo "$MINIO_BINARY"; return
  fi
  if [ -x "$pinned_dir/minio" ]; then echo "$pinned_dir/minio"; return; fi
  if command -v minio >/dev/null 2>&1; then command -v minio; return; fi
  go_install_pinned "github.com/minio/minio@$minio_version" "$pinned_dir" minio \
    "about 2.5 minutes on 2 cores"
}

# with_kms COMMAND...: runs COMMAND with MinIO's KMS environment: the static key it was given, or (MINIO_KMS=KES) the
# KES server's instead
with_kms() {
  if [ "$kms" = KES ]; then
    unset MINIO_KMS_SECRET_KEY
    MINIO_KMS_KES_ENDPOINT="$KES_URL" MINIO_KMS_KES_CERT_FILE="$KES_CLIENT_CERT" MINIO_KMS_KES_KEY_FILE="$KES_CLIENT_KEY" \
      MINIO_KMS_KES_CAPATH="$KES_CA_PATH" MINIO_KMS_KES_KEY_NAME="$KES_KEY_NAME" "$@"
  else
    "$@"
  fi
}

wait_until_ready() {
  local pid="$1" deadline=$((SECONDS + start_timeout_seconds))
  until curl -fsS -o /dev/null --max-time 2 ${tls_trust[@]+"${tls_trust[@]}"} "$scheme://127.0.0.1:$port/minio/health/ready" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$log_file" >&2; die "minio exited while starting (log above)"; }
    [ "$SECONDS" -lt "$deadline" ] || { tail -n 20 "$log_file" >&2; die "minio not ready within ${start_timeout_seconds}s"; }
    sleep 0.2
  done
}

# make_certificate: a self-signed EC certificate for 127.0.0.1 where MinIO looks for it (public.crt, private.key);
# the certificate is its own CA, which clients trust through CA_PATH.
tls_trust=()
make_certificate() {
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 -subj "/CN=127.0.0.1" \
    -addext "subjectAltName=IP:127.0.0.1" -keyout "$certs_dir/private.key" -out "$certs_dir/public.crt" 2>/dev/null \
    || die "openssl could not make a certificate for MINIO_TLS=1"
  tls_trust=(--cacert "$certs_dir/public.crt")
}

start() {
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; cat "$env_file"; return
  fi
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set MINIO_PORT"
  port_in_use "$console_port" && die "port 127.0.0.1:$console_port is in use: set MINIO_CONSOLE_PORT"
  case "$kms" in
    STATIC) ;;
    KES) for variable in KES_URL KES_CLIENT_CERT KES_CLIENT_KEY KES_CA_PATH KES_KEY_NAME; do
           [ -n "${!variable:-}" ] || die "MINIO_KMS=KES needs $variable: eval \"\$(scripts/start-kes.sh start)\""
         done ;;
    *) die "Invalid MINIO_KMS='$kms': expected STATIC or KES" ;;
  esac
  local minio; minio="$(find_or_build_minio)"
  rm -rf "$base_dir"
  mkdir -p "$base_dir/data" "$certs_dir"
  [ "$tls" = 1 ] && make_certificate
  local user password
  user="vl$(random_hex 9)"; password="$(random_hex 20)"
  # the flags and environment listed at the top, MinioCommand's, in this one command
  MINIO_ROOT_USER="$user" MINIO_ROOT_PASSWORD="$password" MINIO_UPDATE=off \
    MINIO_KMS_SECRET_KEY="vaultload-key:$(head -c 32 /dev/urandom | base64)" \
    with_kms detached "$log_file" "$minio" server "$base_dir/data" --address "127.0.0.1:$port" \
    --console-address "127.0.0.1:$console_port" --certs-dir "$certs_dir" &
  local pid=$!
  echo "$pid" >"$pid_file"
  wait_until_ready "$pid"
  CURL_CACERT="$([ "$tls" = 1 ] && echo "$certs_dir/public.crt")" create_buckets "$scheme://127.0.0.1:$port" "$user" "$password" "$bucket"
  ( umask 077
    { echo "export MINIO_URL=$scheme://127.0.0.1:$port"
      [ "$tls" = 1 ] && echo "export CA_PATH=$certs_dir/public.crt"
      echo "export AWS_ACCESS_KEY=$user"
      echo "export AWS_SECRET_KEY=$password"
      echo "export AWS_BUCKET=$bucket"; } >"$env_file" )
  say "MinIO $("$minio" --version 2>/dev/null | head -n 1 | awk '{print $3}') running, pid $pid, $scheme://127.0.0.1:$port, data in $base_dir/data, KMS $kms"
  cat "$env_file"
}


case "${1:-}" in
  start) start ;;
  stop) stop_process 10 ;;
  status) process_status "$scheme://127.0.0.1:$port" ;;
  binary) find_or_build_minio ;;
  *) echo "usage: $0 start|stop|status|binary" >&2; exit 2 ;;
esac
