#!/usr/bin/env bash
# A HashiCorp Vault server on 127.0.0.1 with the transit secrets engine, for `vaultload kms`, the VAULT_TRANSIT tests
# of workload-kms (KMS=VAULT_TRANSIT) and Ceph RGW's `vault` SSE-KMS backend (CEPH_KMS=VAULT in start-ceph.sh).
#
#   eval "$(scripts/start-vault.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-vault.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-vault.sh stop              # stops it by pid and deletes its token, certificates and log
#   scripts/start-vault.sh binary            # prints the vault binary's path, building it first if there is none
#   scripts/start-vault.sh requests          # the requests Vault has routed to transit so far (its own counter)
#
# Environment:
#   VAULT_BINARY        the vault server; else the pinned build in ~/go/vault/VAULT_VERSION, built once from the Go
#                       module proxy: about 20 CPU-minutes, 6 GB of memory at link, a 500 MB binary, hence no CI run.
#                       `go install` is refused (Vault's go.mod replaces its api and sdk modules by directories the
#                       module zip lacks): the copy uses the published modules instead and is patched where they differ.
#   VAULT_VERSION       the version of the Go module github.com/hashicorp/vault (default: the pin below; the patch
#                       fits this version only)
#   VAULT_BASE_DIR      token, certificates, config, log and pid (default ${TMPDIR:-/tmp}/vaultload-vault)
#   VAULT_PORT          https port (default 8200)
#   VAULT_TRANSIT_KEY   the transit key created at start, aes256-gcm96, derived (a key per context: the binding's
#                       context; default vaultload-key)
#   VAULT_START_TIMEOUT_SECONDS  how long to wait for the first answer (default 30)
# Not `vault server -dev`: dev mode prints its root token in its log. This is a server with in-memory storage
# (lost at stop), initialised with one unseal key and unsealed here; the unseal key is dropped once used and the
# random root token lies in a mode-600 file that the VAULT_TOKEN export line reads: it never reaches stdout or a log.
# A private CA made here signs the server's certificate (IP SAN 127.0.0.1). Telemetry keeps Prometheus metrics for
# /v1/sys/metrics (a request counter per route: see kms-engines.sh's Vault part), with the token.
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

vault_version="${VAULT_VERSION:-v1.21.4}"
base_dir="${VAULT_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-vault}"
port="${VAULT_PORT:-8200}"
key_name="${VAULT_TRANSIT_KEY:-vaultload-key}"
start_timeout_seconds="${VAULT_START_TIMEOUT_SECONDS:-30}"
certs_dir="$base_dir/certs"
pid_file="$base_dir/vault.pid"
env_file="$base_dir/env"
log_file="$base_dir/vault.log"
token_file="$base_dir/root-token"
url="https://127.0.0.1:$port"

SERVER_SCRIPT=start-vault
source "$(dirname "$0")/lib/local-server.sh"
source "$(dirname "$0")/lib/private-ca.sh"
source "$(dirname "$0")/lib/vault-api.sh"

# replace_line FILE OLD NEW: OLD (a whole line, fixed string) becomes NEW; fails if OLD is not there once.
replace_line() {
  local file="$1" old="$2" new="$3"
  [ "$(grep -cxF -- "$old" "$file")" = 1 ] || die "$file of vault $vault_version lacks the line: $old"
  OLD="$old" NEW="$new" perl -0pi -e 's/^\Q$ENV{OLD}\E$/$ENV{NEW}/m' "$file"
}

# Vault's module zip lacks the api and sdk directories its go.mod replaces the published modules by: the replace
# lines go, and the three call sites where the published sdk (the version go.mod requires) differs from the tree at
# the tag are adapted: an activation callback takes the flag's name, and RestorePolicy returns no key name.
patch_vault() {
  local source="$1" module
  for module in api api/auth/approle api/auth/kubernetes api/auth/userpass sdk; do
    (cd "$source" && go mod edit -dropreplace="github.com/hashicorp/vault/$module") || die "go mod edit failed in $source"
  done
  replace_line "$source/vault/identity_store_util.go" \
    'func (i *IdentityStore) activateDeduplication(ctx context.Context, req *logical.Request) error {' \
    'func (i *IdentityStore) activateDeduplication(ctx context.Context, req *logical.Request, _ string) error {'
  replace_line "$source/vault/logical_system_activation_flags.go" \
    '	if err := b.idStoreBackend.ActivationFunc(ctx, nil); err != nil {' \
    '	if err := b.idStoreBackend.ActivationFunc(ctx, nil, ""); err != nil {'
  replace_line "$source/builtin/logical/transit/path_restore.go" \
    '	restoredKeyName, err := b.lm.RestorePolicy(ctx, req.Storage, keyName, backupB64, force)' \
    '	restoredKeyName, err := keyName, b.lm.RestorePolicy(ctx, req.Storage, keyName, backupB64, force)'
}

# Vault, built once into ~/go/vault/VERSION; -mod=mod lets the build record the published modules' checksums.
build_vault() {
  GOFLAGS=-mod=mod go_build_module "github.com/hashicorp/vault@$vault_version" "$HOME/go/vault/$vault_version" vault . \
    "HashiCorp Vault $vault_version from the Go module proxy (about 20 CPU-minutes and 6 GB of memory)" patch_vault
}

find_or_build_vault() {
  if [ -n "${VAULT_BINARY:-}" ]; then
    [ -x "$VAULT_BINARY" ] || die "VAULT_BINARY=$VAULT_BINARY is not an executable file"
    echo "$VAULT_BINARY"; return
  fi
  build_vault
}

write_config() {
  cat >"$base_dir/config.hcl" <<EOF
storage "inmem" {}
listener "tcp" {
  address       = "127.0.0.1:$port"
  tls_cert_file = "$certs_dir/server.crt"
  tls_key_file  = "$certs_dir/server.key"
  tls_min_version = "tls12"
}
telemetry {
  prometheus_retention_time = "1h"
  disable_hostname          = true
}
api_addr      = "$url"
disable_mlock = true
ui            = false
EOF
}

# this_vault COMMAND...: a lib/vault-api.sh command on this server with the root token (on no command line)
this_vault() {
  VAULT_URL="$url" VAULT_CA_PATH="$certs_dir/ca.crt" VAULT_TOKEN_FILE="$token_file" "$@"
}

# initialise: one unseal key, used once and dropped; the root token into its mode-600 file.
initialise() {
  local init unseal_key
  init="$(curl -fsS --max-time 10 --cacert "$certs_dir/ca.crt" -X PUT \
    -d '{"secret_shares":1,"secret_threshold":1}' "$url/v1/sys/init")" || die "vault refused sys/init at $url"
  unseal_key="$(jq -r '.keys_base64[0]' <<<"$init")"
  ( umask 077; jq -r .root_token <<<"$init" >"$token_file" )
  curl -fsS --max-time 10 --cacert "$certs_dir/ca.crt" -X PUT -o /dev/null \
    -d "$(jq -nc --arg key "$unseal_key" '{key: $key}')" "$url/v1/sys/unseal" || die "vault refused sys/unseal at $url"
}

start() {
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; cat "$env_file"; return
  fi
  command -v jq >/dev/null || die "jq is missing (apt-get install jq): it reads Vault's answers"
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set VAULT_PORT"
  local vault; vault="$(find_or_build_vault)"
  rm -rf "$base_dir"
  mkdir -p "$certs_dir"
  make_ca vaultload-vault-ca
  server_certificate
  write_config
  detached "$log_file" "$vault" server -config="$base_dir/config.hcl" &
  local pid=$!
  echo "$pid" >"$pid_file"
  # sys/health answers 501 until initialised: any answer at all means the listener is up
  await_ready "$pid" vault curl -sS --max-time 2 --cacert "$certs_dir/ca.crt" -o /dev/null "$url/v1/sys/health"
  initialise
  this_vault vault_api POST sys/mounts/transit '{"type":"transit"}' >/dev/null || die "mounting transit at $url failed"
  this_vault vault_api POST "transit/keys/$key_name" '{"type":"aes256-gcm96","derived":true}' >/dev/null \
    || die "creating transit key $key_name at $url failed"
  { echo "export VAULT_URL=$url"
    echo "export VAULT_ADDR=$url"
    echo "export VAULT_CA_PATH=$certs_dir/ca.crt"
    echo "export VAULT_CACERT=$certs_dir/ca.crt"
    echo "export VAULT_TOKEN_FILE=$token_file"
    echo "export VAULT_TOKEN=\"\$(cat $token_file)\""
    echo "export VAULT_TRANSIT_KEY=$key_name"; } >"$env_file"
  say "HashiCorp Vault $vault_version running, pid $pid, $url, transit key $key_name (in memory only)"
  cat "$env_file"
}

case "${1:-}" in
  start) start ;;
  stop) stop_process 10 ;;
  status) process_status "$url" ;;
  binary) find_or_build_vault ;;
  requests)
    running_pid >/dev/null || die "not running"
    this_vault vault_transit_requests ;;
  *) echo "usage: $0 start|stop|status|binary|requests" >&2; exit 2 ;;
esac
