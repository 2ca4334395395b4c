#!/usr/bin/env bash
# How much of what a raw HTTP client gets from an S3 server Vaultload gets on the same server: one 4 KiB object
# on a MinIO of its own on 127.0.0.1, read at concurrency 1 and 8 by
#   wrk            anonymous GETs (the object is readable by anyone), C, epoll: the ceiling
#   wrk-signed     the same GET signed with SigV4 once (curl --aws-sigv4; MinIO accepts a signature for 15
#                  minutes), so the server checks a signature on every request and the client pays nothing for
#                  it: the ceiling for any client that authenticates, as Vaultload must
#   sdk-CLIENT     a bare AWS SDK v2 GetObject loop (S3GetBenchmark) on each HTTP client of CLIENTS
#   vaultload-store  the same loop on Vaultload's S3 store (CLIENTS' VAULTLOAD_STORE): the store without the engine
#   vaultload-*    `vaultload run --mode HEADROOM --operation READ --file-sizes 4` with cipher NONE and
#                  AES256_GCM: the whole READ (keystore, path encryption, envelope, checksum) through that store
# and prints ops/s, p50 and p99 latency, the client's CPU per request (its process, all threads) and the ratio
# of ops/s to wrk's and to wrk-signed's at the same concurrency. The goal is vaultload-NONE >= 0.70 of wrk at 1 and
# at 8; on this 2-core machine the server's own signature check alone costs wrk-signed 17-28% of wrk's rate.
# Installs wrk from Debian's packages when missing; stops its MinIO on exit.
#
# Arguments: seconds per wrk and SDK figure (10), Vaultload READs per concurrency step (40000).
# Environment: CLIENTS (APACHE,APACHE5,URL_CONNECTION,CRT,VAULTLOAD_STORE), CIPHERS (NONE,AES256_GCM),
# S3_PATH_BENCH_PORT (29200, and the next port for MinIO's console).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
reads_per_step="${2:-40000}"
clients="${CLIENTS:-APACHE,APACHE5,URL_CONNECTION,CRT,VAULTLOAD_STORE}"
ciphers="${CIPHERS:-NONE,AES256_GCM}"
concurrencies=(1 8)
object_path="s3-path-bench/4k"

if ! command -v wrk >/dev/null; then
  echo "s3-path-bench: installing wrk from Debian's packages" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >&2
fi

source scripts/lib/test-classpath.sh
test_classpath workload-s3
./mvnw -q -B -ntp -pl workload-cli -am package -DskipTests

work="$(mktemp -d)"
port="${S3_PATH_BENCH_PORT:-29200}"  # not MINIO_PORT: a caller's own MinIO (CI's) may be running on that one
export MINIO_BASE_DIR="$work/minio" MINIO_PORT="$port" MINIO_CONSOLE_PORT="$(( port + 1 ))"
trap 'scripts/start-minio.sh stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
eval "$(scripts/start-minio.sh start)"
export STORAGE_PROVIDERS=MINIO

# signed_put PATH FILE: a SigV4-signed PUT of FILE by curl, which must answer 2xx
signed_put() {
  curl -sS -f -o /dev/null -X PUT --data-binary "@$2" -H "x-amz-content-sha256: $(sha256sum "$2" | cut -d' ' -f1)" \
    --aws-sigv4 "aws:amz:us-east-1:s3" --user "$AWS_ACCESS_KEY:$AWS_SECRET_KEY" "$MINIO_URL/$1"
}
head -c 4096 /dev/urandom > "$work/object"
signed_put "$AWS_BUCKET/$object_path" "$work/object"
cat > "$work/policy.json" <<EOF
{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":["*"]},"Action":["s3:GetObject"],
 "Resource":["arn:aws:s3:::$AWS_BUCKET/${object_path%/*}/*"]}]}
EOF
signed_put "$AWS_BUCKET?policy=" "$work/policy.json"
url="$MINIO_URL/$AWS_BUCKET/$object_path"
# The headers curl signs a GET with (Authorization, X-Amz-Date), as wrk options; they stay in this process.
signed_headers=()
while IFS= read -r header; do
  signed_headers+=(-H "$header")
done < <(curl -sS -f -v -o /dev/null --aws-sigv4 "aws:amz:us-east-1:s3" --user "$AWS_ACCESS_KEY:$AWS_SECRET_KEY" "$url" 2>&1 \
  | tr -d '\r' | sed -n 's/^> \(Authorization\|X-Amz-Date\): /\1: /p')
(( ${#signed_headers[@]} == 4 )) || { echo "s3-path-bench: curl printed no SigV4 headers to sign wrk's GET with" >&2; exit 1; }

rows="$work/rows"  # client concurrency ops/s p50_ms p99_ms cpu_us_per_request
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; u = v; sub(/^[0-9.]+/, "", u);
  printf "%.3f", u == "us" ? n / 1000 : u == "s" ? n * 1000 : n }'; }
# wrk_row NAME CONCURRENCY [wrk options...]: one wrk figure as a row
wrk_row() {
  local name="$1" c="$2"
  shift 2
  TIMEFORMAT='%U %S'
  { time wrk -t "$(( c < 2 ? 1 : 2 ))" -c "$c" -d "${seconds}s" --latency "$@" "$url" > "$work/wrk.out"; } 2> "$work/wrk.cpu"
  grep -q "Non-2xx" "$work/wrk.out" && { echo "s3-path-bench: $name got error answers" >&2; cat "$work/wrk.out" >&2; exit 1; }
  requests="$(awk '/requests in/ { print $1 }' "$work/wrk.out")"
  awk -v name="$name" -v c="$c" -v n="$requests" -v p50="$(to_ms "$(awk '$1 == "50%" { print $2 }' "$work/wrk.out")")" \
      -v p99="$(to_ms "$(awk '$1 == "99%" { print $2 }' "$work/wrk.out")")" \
      -v rate="$(awk '/Requests\/sec/ { print $2 }' "$work/wrk.out")" \
      '{ printf "%s %d %s %s %s %.1f\n", name, c, rate, p50, p99, ($1 + $2) * 1e6 / n }' "$work/wrk.cpu" >> "$rows"
}
for c in "${concurrencies[@]}"; do
  wrk_row wrk "$c"
  wrk_row wrk-signed "$c" "${signed_headers[@]}"
done

for client in ${clients//,/ }; do
  for c in "${concurrencies[@]}"; do
    "$JAVA_HOME/bin/java" -cp "$TEST_CLASSPATH" -Dlogback.configurationFile=workload-core/src/test/logging/logback-test.xml \
      dev.vaultload.s3.bench.S3GetBenchmark "$MINIO_URL" "$AWS_BUCKET" "$object_path" "$c" "$seconds" "$client" \
      | awk '{ $1 = $1 == "VAULTLOAD_STORE" ? "vaultload-store" : "sdk-" $1; print }' >> "$rows"
  done
done

for cipher in ${ciphers//,/ }; do
  "$JAVA_HOME/bin/java" -jar workload-cli/target/vaultload.jar run --mode HEADROOM --operation READ --file-sizes 4 \
    --cipher "$cipher" --min-threads "${concurrencies[0]}" --max-threads "${concurrencies[1]}" \
    --step $(( concurrencies[1] - concurrencies[0] )) --operations-per-step "$reads_per_step" \
    --REPORT_DIR "$work/vaultload-$cipher" > "$work/vaultload-$cipher.log" 2>&1 \
    || { tail -20 "$work/vaultload-$cipher.log" >&2; exit 1; }
  awk -F, -v name="vaultload-$cipher" 'NR > 1 { printf "%s %d %s %s %s %s\n", name, $1, $4, $5, $7, $8 }' \
    "$(find "$work/vaultload-$cipher" -name '*headroom*.csv' | head -1)" >> "$rows"
done

echo "MinIO $(scripts/start-minio.sh binary | xargs -I{} sh -c '{} --version 2>/dev/null | head -1'); $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2);" \
  "$("$JAVA_HOME/bin/java" -version 2>&1 | head -1); $(nproc) cores; ${seconds}s per figure, $reads_per_step Vaultload READs per step"
echo
echo "| client | concurrency | ops/s | p50 ms | p99 ms | client CPU us/request | ops/s / wrk's | ops/s / wrk-signed's |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
awk '$1 == "wrk" { wrk[$2] = $3 } $1 == "wrk-signed" { signed[$2] = $3 } { row[NR] = $0 }
  END { for (i = 1; i <= NR; i++) { split(row[i], f, " ");
    printf "| %s | %d | %.0f | %.3f | %.3f | %.1f | %.2f | %.2f |\n", f[1], f[2], f[3], f[4], f[5], f[6],
      f[3] / wrk[f[2]], f[3] / signed[f[2]] } }' "$rows"
