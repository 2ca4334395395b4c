#!/usr/bin/env bash
# local-kms (an emulator of the AWS KMS JSON API, real AES-GCM, keys in LevelDB) on 127.0.0.1 for `vaultload kms` and
# the AWS_KMS tests of workload-kms (KMS=AWS_KMS).
#
#   eval "$(scripts/start-local-kms.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-local-kms.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-local-kms.sh stop              # stops it by pid and deletes its data and log
#   scripts/start-local-kms.sh down              # stops it by pid, keeping its keys (a restart's)
#   scripts/start-local-kms.sh up                # starts a server brought down again on them, same port and region
#   scripts/start-local-kms.sh binary            # prints the local-kms binary's path, building it first if there is none
#
# Environment:
#   LOCAL_KMS_BINARY    a local-kms server that binds 127.0.0.1; else the pinned build in ~/go/local-kms/LOCAL_KMS_VERSION,
#                       built once (about 15 s on 2 cores) from a copy of the module whose src/server.go binds
#                       127.0.0.1: the released code binds every interface
#   LOCAL_KMS_VERSION   the Go module version of github.com/nsmithuk/local-kms (default: the pin below, its master of
#                       2026-02-28 as the Go module proxy names it)
#   LOCAL_KMS_BASE_DIR  data, log and pid (default ${TMPDIR:-/tmp}/vaultload-local-kms)
#   LOCAL_KMS_PORT      http port (default 4599)
#   AWS_KMS_REGION      the region local-kms serves and the key's ARN names (default us-east-1)
#   LOCAL_KMS_START_TIMEOUT_SECONDS  how long to wait for the first answer (default 30)
# At start a symmetric key (SYMMETRIC_DEFAULT, AES-256-GCM) is created with the AWS CLI if there is one, else with
# curl; local-kms checks no signature, so the credentials are any non-empty values.
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

local_kms_version="${LOCAL_KMS_VERSION:-v0.0.0-20260228092603-2a5e92d09ab6}"
base_dir="${LOCAL_KMS_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-local-kms}"
port="${LOCAL_KMS_PORT:-4599}"
region="${AWS_KMS_REGION:-us-east-1}"
start_timeout_seconds="${LOCAL_KMS_START_TIMEOUT_SECONDS:-30}"
account_id=111122223333
pid_file="$base_dir/local-kms.pid"
env_file="$base_dir/env"
log_file="$base_dir/local-kms.log"
url="http://127.0.0.1:$port"

SERVER_SCRIPT=start-local-kms
source "$(dirname "$0")/lib/local-server.sh"

# local-kms binds every interface: its copy is patched to bind 127.0.0.1, and the build fails if the line moved.
bind_to_loopback() {
  sed -i -e 's/addr := ":"+port/addr := "127.0.0.1:"+port/' -e 's/started on 0\.0\.0\.0:/started on 127.0.0.1:/' \
    "$1/src/server.go"
  grep -q 'addr := "127.0.0.1:"+port' "$1/src/server.go" \
    || die "src/server.go of local-kms $local_kms_version binds elsewhere than before: patch it to bind 127.0.0.1"
}

# local-kms, built once into ~/go/local-kms/VERSION (about 15 s on 2 cores).
build_local_kms() {
  go_build_module "github.com/nsmithuk/local-kms@$local_kms_version" "$HOME/go/local-kms/$local_kms_version" \
    local-kms . "local-kms $local_kms_version from the Go module proxy, bound to 127.0.0.1 (about 15 s on 2 cores)" \
    bind_to_loopback
}

find_or_build_local_kms() {
  if [ -n "${LOCAL_KMS_BINARY:-}" ]; then
    [ -x "$LOCAL_KMS_BINARY" ] || die "LOCAL_KMS_BINARY=$LOCAL_KMS_BINARY is not an executable file"
    echo "$LOCAL_KMS_BINARY"; return
  fi
  build_local_kms
}

# kms_call TARGET JSON: one call of the JSON API, its answer on stdout.
kms_call() {
  curl -fsS --max-time 5 -X POST -H "X-Amz-Target: TrentService.$1" -H "Content-Type: application/x-amz-json-1.1" \
    -d "$2" "$url/"
}

wait_until_ready() {
  await_ready "$1" local-kms kms_call ListKeys '{}'
}

# create_key: the new key's id.
create_key() {
  local description="vaultload kms"
  if command -v aws >/dev/null 2>&1 && aws --version >/dev/null 2>&1; then
    AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local aws kms create-key --endpoint-url "$url" --region "$region" \
      --description "$description" --query KeyMetadata.KeyId --output text
  else
    kms_call CreateKey "{\"Description\": \"$description\"}" | sed -n 's/.*"KeyId": *"\([^"]*\)".*/\1/p'
  fi
}

# launch: local-kms in the background on the keys in base_dir/data (LevelDB, kept by a `down`); returns once it answers.
launch() {
  local local_kms; local_kms="$(find_or_build_local_kms)"
  # KMS_SEED_PATH: its default, /init/seed.yaml, would be read if some other tool left one there
  PORT="$port" KMS_DATA_PATH="$base_dir/data" KMS_REGION="$region" KMS_ACCOUNT_ID="$account_id" \
    KMS_SEED_PATH="$base_dir/no-seed.yaml" detached "$log_file" "$local_kms" &
  local pid=$!
  echo "$pid" >"$pid_file"
  wait_until_ready "$pid"
}

# relaunch: `up`'s launch in the region the keys were made in (their ARNs name it), whatever AWS_KMS_REGION says now.
relaunch() {
  region="$(sed -n 's/^export AWS_KMS_REGION=//p' "$env_file")"
  launch
}

start() {
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; cat "$env_file"; return
  fi
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set LOCAL_KMS_PORT"
  rm -rf "$base_dir"
  mkdir -p "$base_dir/data"
  launch
  local key_id; key_id="$(create_key)"
  [ -n "$key_id" ] || die "creating a key at $url failed"
  { echo "export AWS_KMS_URL=$url"
    echo "export AWS_KMS_KEY_ID=$key_id"
    echo "export AWS_KMS_REGION=$region"; } >"$env_file"
  say "local-kms $local_kms_version running, pid $(cat "$pid_file"), $url, data in $base_dir/data"
  cat "$env_file"
}

case "${1:-}" in
  start) start ;;
  stop) stop_process 10 ;;
  down) end_process 10 ;;
  # the env file, written once start has made the key, shows there is a server to bring up
  up) bring_up local-kms "$env_file" LOCAL_KMS_PORT relaunch ;;
  status) process_status "$url" ;;
  binary) find_or_build_local_kms ;;
  *) echo "usage: $0 start|stop|down|up|status|binary" >&2; exit 2 ;;
esac
