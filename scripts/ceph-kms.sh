#!/usr/bin/env bash
# SSE_KMS on Ceph RGW through real key managers, beside RGW's static-key `testing` backend (the no-KMS baseline): a
# Ceph of its own per backend (CEPH_KMS of start-ceph.sh), one after the other, the same short SSE_KMS run on each
# (every read verified), and the key manager's own count of requests read before and after the run, since the client
# cannot see RGW's KMS calls:
#   TESTING  no key manager;
#   KMIP     PyKMIP (started and stopped here), its log's operations (RGW: Locate, then Get, per object key);
#   VAULT    only when VAULT_URL is set (eval "$(scripts/start-vault.sh start)": the Vault build is too heavy to make
#            here); RGW exports the transit key VAULT_RGW_KEY (made exportable here), Vault's request counter of the
#            transit mount (/v1/sys/metrics) read before and after.
# Prints one table (backend, operation, ops/s, the KMS's requests in the run and per measured operation) and fails
# when a KMS backend's run made no request of its key manager, or a run failed.
#
#   scripts/ceph-kms.sh RESULTS_DIR                      e.g. target/ceph-kms
#   THREADS=2 FILE_SIZES=100 DURATION=10s scripts/ceph-kms.sh RESULTS_DIR
#   CEPH_KMS_BACKENDS=KMIP scripts/ceph-kms.sh RESULTS_DIR   (a subset, e.g. CI's short form)
# Ports and directories: CEPH_KMS_RGW_PORT (default 29580), CEPH_KMS_MON_PORT (29600), CEPH_KMS_PYKMIP_PORT (29696),
# all under RESULTS_DIR; VAULT_RGW_KEY (default vaultload-rgw-key).
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [THREADS=2] [FILE_SIZES=100] [DURATION=] [CEPH_KMS_BACKENDS=TESTING,KMIP,VAULT] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
SERVER_SCRIPT=ceph-kms
source scripts/lib/local-server.sh
source scripts/lib/vault-api.sh
source scripts/lib/kms-requests-table.sh

export CEPH_BASE_DIR="$results/ceph" CEPH_RGW_PORT="${CEPH_KMS_RGW_PORT:-29580}" CEPH_MON_PORT="${CEPH_KMS_MON_PORT:-29600}"
export PYKMIP_BASE_DIR="$results/pykmip" PYKMIP_PORT="${CEPH_KMS_PYKMIP_PORT:-29696}"
vault_rgw_key="${VAULT_RGW_KEY:-vaultload-rgw-key}"
default_backends=TESTING,KMIP
[[ -n "${VAULT_URL:-}" ]] && default_backends+=,VAULT
IFS=, read -r -a backends <<<"${CEPH_KMS_BACKENDS:-$default_backends}"

stop_all() {
  scripts/start-ceph.sh stop >/dev/null 2>&1 || true
  scripts/start-pykmip.sh stop >/dev/null 2>&1 || true
}
trap stop_all EXIT

# requests BACKEND: the key manager's requests so far. KMIP: operations in PyKMIP's log; VAULT: Vault's requests
# routed to the transit mount (the key's creation comes before the first reading).
requests() {
  case "$1" in
    TESTING) echo 0 ;;
    KMIP) scripts/start-pykmip.sh operations | awk '{ n += $1 } END { print n + 0 }' ;;
    VAULT) vault_transit_requests ;;
  esac
}

for backend in "${backends[@]}"; do
  key_id=vaultload-key
  case "$backend" in
    TESTING) ;;
    KMIP) eval "$(scripts/start-pykmip.sh start)" ;;
    VAULT)
      [[ -n "${VAULT_URL:-}" && -n "${VAULT_TOKEN_FILE:-}" && -n "${VAULT_CA_PATH:-}" ]] \
        || die "VAULT needs VAULT_URL, VAULT_TOKEN_FILE and VAULT_CA_PATH: eval \"\$(scripts/start-vault.sh start)\""
      # RGW 16.2 exports the transit key (GET transit/export/encryption-key/NAME/VERSION): an exportable key of its own
      vault_api POST "transit/keys/$vault_rgw_key" '{"type":"aes256-gcm96","exportable":true}' >/dev/null \
        || die "creating the exportable transit key $vault_rgw_key at $VAULT_URL failed"
      key_id="$vault_rgw_key/1" ;;
    *) die "CEPH_KMS_BACKENDS: unknown backend $backend (TESTING, KMIP, VAULT)" ;;
  esac
  env_file="$results/$backend.env"
  CEPH_KMS="$backend" scripts/start-ceph.sh start >"$env_file"
  before="$(requests "$backend")"
  ( source "$env_file"
    ./vaultload run --storage-providers CEPH --engines SSE_KMS --sse-kms-key-id "$key_id" --threads "${THREADS:-2}" \
      --file-sizes "${FILE_SIZES:-100}" ${DURATION:+--duration "$DURATION"} --report-dir "$results/$backend" | tail -1 )
  echo "$(( $(requests "$backend") - before ))" >"$results/$backend/kms-requests"
  [[ "$backend" != KMIP ]] || scripts/start-pykmip.sh operations >"$results/KMIP/kmip-operations.txt"
  scripts/start-ceph.sh stop
  [[ "$backend" != KMIP ]] || scripts/start-pykmip.sh stop
done

kms_requests_table backend KMS "$results" "$results/table.txt" "${backends[@]}"
for backend in "${backends[@]}"; do
  [[ "$backend" == TESTING ]] || (( $(cat "$results/$backend/kms-requests") > 0 )) \
    || die "SSE_KMS on Ceph RGW through $backend made no request of its key manager"
done
say "passed: SSE_KMS round-tripped on every backend, the KMS backends called their key managers; table in $results/table.txt"
