#!/usr/bin/env bash
# VAULTLOAD with a real key manager in the loop, against its no-KMS baseline, in one sitting on MinIO: the same run
# (one pass of the fixture, or DURATION) without a KMS, then with KMS_KEYS=DOCUMENT through KES and through the AWS
# KMS API (local-kms) and, when VAULT_URL names one (scripts/start-vault.sh), Vault's transit engine, each with
# KMS_KEY_CACHE=OFF and USER; with KMS_KEYS=KEYSTORE through KES, OFF and USER; and S3EC with its raw AES keyring and
# with its KMS keyring through local-kms (S3EC_KEYRING=KMS). Prints one table (ops/s, p99 and the key manager's calls
# and mean time per operation for CREATE_USER, WRITE, READ and SHARE) and checks what the design promises:
#   - no key-manager call without a KMS (VAULTLOAD's baseline, S3EC's AES keyring);
#   - with the cache OFF, exactly one call per WRITE, READ and SHARE (GenerateDataKey, Decrypt, GenerateDataKey);
#   - with the cache USER, fewer than one call per WRITE (one data key per writing user for the run);
#   - KEYSTORE: one GenerateDataKey per CREATE_USER; with the cache OFF exactly one Decrypt per WRITE, READ and SHARE
#     (each opens the user's keystore), with USER fewer than one (one per keystore for the run);
#   - S3EC's KMS keyring: exactly one call per WRITE and READ, at least one per SHARE (one per recipient).
# Then the server-side engines: SSE_KMS and SSE_S3 on the static-key MinIO the provider starts (no KMS call) and on
# a MinIO whose KMS is that KES server (scripts/start-minio.sh with MINIO_KMS=KES, started and stopped here), with
# KES's own request counter (/v1/metrics) read before and after each run: the client cannot see the server's KMS
# calls. They cover the whole run (validation reads and clean-up too), so they are given per run and per measured
# operation. Checked: MinIO through KES calls it.
# Exit status 1 names the configuration and operation that broke one of them.
#
#   eval "$(scripts/start-kes.sh start)"; eval "$(scripts/start-local-kms.sh start)"
#   scripts/kms-engines.sh RESULTS_DIR            e.g. target/kms-engines
#   THREADS=2 FILE_SIZES=100 DURATION=30s scripts/kms-engines.sh RESULTS_DIR
# MinIO: the provider starts its pinned binary (built once by scripts/start-minio.sh binary) unless MINIO_URL names one.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [THREADS=2] [FILE_SIZES=100] [DURATION=] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
SERVER_SCRIPT=kms-engines
source scripts/lib/local-server.sh
source scripts/lib/kms-requests-table.sh
[[ -n "${KES_URL:-}" ]] || die "KES_URL is unset: eval \"\$(scripts/start-kes.sh start)\""
[[ -n "${AWS_KMS_URL:-}" ]] || die "AWS_KMS_URL is unset: eval \"\$(scripts/start-local-kms.sh start)\""
if [[ -z "${MINIO_URL:-}" && -z "${MINIO_BINARY:-}" ]]; then
  MINIO_BINARY="$(scripts/start-minio.sh binary)"
  export MINIO_BINARY
fi

configurations=(baseline KES-OFF KES-USER AWS_KMS-OFF AWS_KMS-USER KES-KEYSTORE-OFF KES-KEYSTORE-USER S3EC-AES S3EC-KMS)
document_kms=(KES AWS_KMS)
if [[ -n "${VAULT_URL:-}" ]]; then # Vault's build is too heavy to make here: only when one runs (start-vault.sh)
  configurations+=(VAULT_TRANSIT-OFF VAULT_TRANSIT-USER)
  document_kms+=(VAULT_TRANSIT)
fi
for name in "${configurations[@]}"; do
  engine=VAULTLOAD kms=()
  case "$name" in
    baseline) ;;
    S3EC-*) engine=S3EC kms=(--s3ec-keyring "${name#S3EC-}") ;; # the KMS keyring reads AWS_KMS_* from the environment
    *-KEYSTORE-*) kms=(--kms "${name%%-*}" --kms-keys KEYSTORE --kms-key-cache "${name##*-}") ;;
    *) kms=(--kms "${name%-*}" --kms-keys DOCUMENT --kms-key-cache "${name##*-}") ;;
  esac
  ./vaultload run --storage-providers MINIO --engines "$engine" --threads "${THREADS:-2}" \
    --file-sizes "${FILE_SIZES:-100}" ${DURATION:+--duration "$DURATION"} --kdf-iterations 1000 "${kms[@]}" \
    --report-dir "$results/$name" | tail -1
done

# one row per configuration and operation type, from every JSON of the configuration, read once for the table and
# every check
rows="$results/rows.tsv"
for name in "${configurations[@]}"; do
  jq -r --arg name "$name" '.operations[] | select(.timeSplit != null)
    | [$name, .type, .opsPerSecond, (.percentileMicros["99"] / 1000), .timeSplit.kmsCallsPerOperation,
       (.timeSplit.kmsMeanMicros / 1000)] | @tsv' "$results/$name"/*.json
done >"$rows"
{
  printf 'configuration\toperation\tops/s\tp99 ms\tKMS calls/op\tKMS ms/op\n'
  awk -F'\t' -v OFS='\t' '{printf "%s\t%s\t%.1f\t%.2f\t%.2f\t%.2f\n", $1, $2, $3, $4, $5, $6}' "$rows"
} | column -t -s $'\t' | tee "$results/table.txt"

failed=0
check() { # check NAME OPERATION CONDITION DESCRIPTION: CONDITION on the calls per operation, as awk sees it
  awk -F'\t' -v name="$1" -v op="$2" -v desc="$4" "\$1 == name && \$2 == op && !(\$5 $3) {
    printf \"kms-engines: %s %s: %s KMS calls per operation, expected %s\\n\", name, op, \$5, desc; bad = 1 }
    END { exit bad }" "$rows" >&2 || failed=1
}
for op in CREATE_USER WRITE READ SHARE; do
  check baseline "$op" "== 0" "none without a KMS"
  check S3EC-AES "$op" "== 0" "none with a raw keyring"
done
check S3EC-KMS CREATE_USER "== 0" "none: the users keep no keys"
for op in WRITE READ; do
  check S3EC-KMS "$op" "== 1" "exactly one through S3EC's KMS keyring"
done
check S3EC-KMS SHARE ">= 1" "one per recipient through S3EC's KMS keyring"
for kms in "${document_kms[@]}"; do
  for op in WRITE READ SHARE; do
    check "$kms-OFF" "$op" "== 1" "exactly one without a cache"
  done
  check "$kms-USER" WRITE "< 1" "fewer than one with a data key per user"
done
for cache in OFF USER; do
  check "KES-KEYSTORE-$cache" CREATE_USER "== 1" "one GenerateDataKey per keystore"
done
for op in WRITE READ SHARE; do
  check KES-KEYSTORE-OFF "$op" "== 1" "exactly one Decrypt of the keystore's data key without a cache"
  check KES-KEYSTORE-USER "$op" "< 1" "fewer than one with each keystore opened once"
done
((failed == 0)) || die "a configuration broke what KMS_KEYS=DOCUMENT, KEYSTORE or S3EC_KEYRING promises (above)"

# the server-side engines, on the provider's static-key MinIO and on a MinIO through KES
kes_requests() { # KES's requests answered so far, of every kind
  curl -fsS --cert "$KES_CLIENT_CERT" --key "$KES_CLIENT_KEY" --cacert "$KES_CA_PATH" "$KES_URL/v1/metrics" \
    | awk '/^kes_http_request_(success|error|failure)/ { n += $2 } END { print n + 0 }'
}
kes_minio_dir="$results/minio-kes"
stop_kes_minio() { MINIO_BASE_DIR="$kes_minio_dir" scripts/start-minio.sh stop >/dev/null 2>&1 || true; }
trap stop_kes_minio EXIT
kes_minio="$(MINIO_KMS=KES MINIO_BASE_DIR="$kes_minio_dir" MINIO_PORT="${KMS_ENGINES_MINIO_PORT:-29120}" \
  MINIO_CONSOLE_PORT="${KMS_ENGINES_MINIO_CONSOLE_PORT:-29121}" scripts/start-minio.sh start)"
server_side=()
for engine in SSE_KMS SSE_S3; do
  for kms in static KES; do
    name="$engine-$kms"
    server_side+=("$name")
    before="$(kes_requests)"
    ( [[ "$kms" == KES ]] && eval "$kes_minio"
      ./vaultload run --storage-providers MINIO --engines "$engine" --threads "${THREADS:-2}" \
        --file-sizes "${FILE_SIZES:-100}" ${DURATION:+--duration "$DURATION"} --report-dir "$results/$name" | tail -1 )
    # the metrics requests are not among them (a run on the static-key MinIO reads 0)
    echo "$(( $(kes_requests) - before ))" >"$results/$name/kms-requests"
  done
done
kms_requests_table configuration KES "$results" "$results/server-side.txt" "${server_side[@]}"
for engine in SSE_KMS SSE_S3; do
  (( $(cat "$results/$engine-KES/kms-requests") > 0 )) || die "$engine on MinIO through KES made no KES request"
done
say "passed: calls per operation as designed; tables in $results/table.txt and $results/server-side.txt"
