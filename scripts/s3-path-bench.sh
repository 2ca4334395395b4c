#!/usr/bin/env bash
# How much of what a raw HTTP client gets from an S3 server Vaultload gets on the same server: one 4 KiB object
# on a MinIO of its own on 127.0.0.1, read at concurrency 1 and 8 by
#   wrk            anonymous GETs (the object is readable by anyone), C, epoll: the ceiling
#   wrk-signed     the same GET signed with SigV4 as the store signs it (host, x-amz-content-sha256:
#                  UNSIGNED-PAYLOAD, x-amz-date), once, by curl (MinIO accepts a signature for 15 minutes): the
#                  server checks a signature on every request and the client pays nothing for it
#   wrk-read-pool  such signed GETs over 80 objects under keys shaped like a Vaultload READ pool's
#                  (<run>-user-N/private/<46 chars>/<46 chars>): the ceiling for any client that sends a READ's
#                  requests; MinIO spends more on a longer key
#   sdk-CLIENT     a bare AWS SDK v2 GetObject loop (vaultload-bench.jar s3-get) on each HTTP client of CLIENTS
#   vaultload-store  the same loop on Vaultload's S3 store (CLIENTS' VAULTLOAD_STORE): the store without the engine
#   vaultload-*    `vaultload run --mode HEADROOM --operation READ --file-sizes 4` with cipher NONE and
#                  AES256_GCM at that concurrency: the whole READ (keystore, path encryption, envelope, checksum)
# and prints ops/s, p50 and p99 latency, the client's CPU per request (its process, all threads), MinIO's CPU per
# request (its own counters over the whole figure, warm-up included) and the ratio of ops/s to each wrk figure at
# the same concurrency. The goal is vaultload-NONE >= 0.70 of wrk at 1 and at 8.
#
# Two layouts, one table each (LAYOUTS): `shared`, client and server on all cores, as a user tries it on one
# machine (every microsecond of client CPU is taken from the server); `split`, MinIO on the first CPU this process
# may use (so it runs one Go processor) and every client on the second (taskset), as when the load tool has a
# machine of its own: the server's one core is the ceiling, and a client reaches it unless it is the bottleneck.
# Installs wrk from Debian's packages when missing; stops its MinIO on exit.
#
# Arguments: seconds per wrk and SDK figure (10), Vaultload READs per HEADROOM step (40000; each figure is one run,
# a warm-up step and a measured step).
# Environment: CLIENTS (APACHE,APACHE5,URL_CONNECTION,CRT,VAULTLOAD_STORE), CIPHERS (NONE,AES256_GCM),
# LAYOUTS (shared,split), S3_PATH_BENCH_PORT (29200, and the next port for MinIO's console).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
reads_per_step="${2:-40000}"
clients="${CLIENTS:-APACHE,APACHE5,URL_CONNECTION,CRT,VAULTLOAD_STORE}"
ciphers="${CIPHERS:-NONE,AES256_GCM}"
layouts="${LAYOUTS:-shared,split}"
concurrencies=(1 8)
object_path="s3-path-bench/4k"
pool_users=10
pool_documents=8

for layout in ${layouts//,/ }; do
  [[ $layout == shared || $layout == split ]] || { echo "s3-path-bench: LAYOUTS: unknown layout '$layout' (shared, split)" >&2; exit 1; }
done
# the CPUs this process may run on, one per line (Cpus_allowed_list: e.g. 0-1 or 2,5-7); split takes the first two
mapfile -t cpus < <(awk '/^Cpus_allowed_list/ { n = split($2, ranges, ","); for (i = 1; i <= n; i++) {
  m = split(ranges[i], r, "-"); for (c = r[1]; c <= (m > 1 ? r[2] : r[1]); c++) print c } }' /proc/self/status)
if [[ ,$layouts, == *,split,* ]] && (( ${#cpus[@]} < 2 )); then
  echo "s3-path-bench: the split layout needs two CPUs, this process may use ${#cpus[@]}; set LAYOUTS=shared" >&2
  exit 1
fi

if ! command -v wrk >/dev/null; then
  echo "s3-path-bench: installing wrk from Debian's packages" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >&2
fi

source scripts/lib/module-jar.sh
cli_jar="$(module_jar workload-cli vaultload.jar)"
bench_jar="$(module_jar workload-bench vaultload-bench.jar)"

work="$(mktemp -d)"
port="${S3_PATH_BENCH_PORT:-29200}"  # not MINIO_PORT: a caller's own MinIO (CI's) may be running on that one
export MINIO_BASE_DIR="$work/minio" MINIO_PORT="$port" MINIO_CONSOLE_PORT="$(( port + 1 ))"
export MINIO_PROMETHEUS_AUTH_TYPE=public  # its CPU and request counters, read per figure (127.0.0.1 only)
trap 'scripts/start-minio.sh stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
export STORAGE_PROVIDERS=MINIO

sigv4=(--aws-sigv4 "aws:amz:us-east-1:s3")
# signed_put PATH FILE: a SigV4-signed PUT of FILE by curl, which must answer 2xx
signed_put() {
  curl -sS -f -o /dev/null -X PUT --data-binary "@$2" -H "x-amz-content-sha256: $(sha256sum "$2" | cut -d' ' -f1)" \
    "${sigv4[@]}" --user "$AWS_ACCESS_KEY:$AWS_SECRET_KEY" "$MINIO_URL/$1"
}
# signed_get_line PATH: the GET of /PATH as the store signs it, as a line of wrk-request-list.lua's list
signed_get_line() {
  local headers
  headers="$(curl -sS -f -v -o /dev/null -H "x-amz-content-sha256: UNSIGNED-PAYLOAD" "${sigv4[@]}" \
    --user "$AWS_ACCESS_KEY:$AWS_SECRET_KEY" "$MINIO_URL/$1" 2>&1 | tr -d '\r' \
    | sed -n 's/^> Authorization: //p; s/^> X-Amz-Date: //p' | paste -sd'|')"
  [[ $headers == *'|'* ]] || { echo "s3-path-bench: curl printed no SigV4 headers for /$1" >&2; return 1; }
  echo "/$1|$headers|UNSIGNED-PAYLOAD"
}
# random_segment: 46 base64url characters, as long as one of a READ pool's encrypted path segments
random_segment() { head -c 34 /dev/urandom | base64 -w0 | tr '+/' '-_' | cut -c1-46; }
# server_counters: MinIO's CPU seconds and S3 requests so far (metrics v3: current at every scrape)
server_counters() {
  curl -sS -f "$MINIO_URL/minio/metrics/v3/system/process" "$MINIO_URL/minio/metrics/v3/api/requests" | awk '
    /^minio_system_process_cpu_total_seconds/ { cpu = $NF } /^minio_api_requests_total\{/ { n += $NF }
    END { print cpu + 0, n + 0 }'
}
# row CMD...: runs CMD, which prints one row (client concurrency ops/s p50_ms p99_ms client_cpu_us), and adds
# MinIO's CPU microseconds per request over it to the layout's rows
row() {
  local before after line
  before="$(server_counters)"
  line="$("$@")"
  after="$(server_counters)"
  echo "$line $(awk -v b="$before" -v a="$after" 'BEGIN { split(b, x, " "); split(a, y, " "); n = y[2] - x[2];
    printf "%.0f", (n > 0 ? (y[1] - x[1]) * 1e6 / n : 0) }')" >> "$rows"
}
to_ms() { awk -v v="$1" 'BEGIN { n = v + 0; u = v; sub(/^[0-9.]+/, "", u);
  printf "%.3f", u == "us" ? n / 1000 : u == "s" ? n * 1000 : n }'; }
# wrk_figure NAME CONCURRENCY [wrk options...]: one wrk figure as a row
wrk_figure() {
  local name="$1" c="$2" requests
  shift 2
  TIMEFORMAT='%U %S'
  { time "${on_client[@]}" wrk -t "$(( c < 2 ? 1 : 2 ))" -c "$c" -d "${seconds}s" --latency "$@" > "$work/wrk.out"; } 2> "$work/wrk.cpu"
  grep -q "Non-2xx" "$work/wrk.out" && { echo "s3-path-bench: $name got error answers" >&2; cat "$work/wrk.out" >&2; exit 1; }
  requests="$(awk '/requests in/ { print $1 }' "$work/wrk.out")"
  awk -v name="$name" -v c="$c" -v n="$requests" -v p50="$(to_ms "$(awk '$1 == "50%" { print $2 }' "$work/wrk.out")")" \
      -v p99="$(to_ms "$(awk '$1 == "99%" { print $2 }' "$work/wrk.out")")" \
      -v rate="$(awk '/Requests\/sec/ { print $2 }' "$work/wrk.out")" \
      '{ printf "%s %d %s %s %s %.1f\n", name, c, rate, p50, p99, ($1 + $2) * 1e6 / n }' "$work/wrk.cpu"
}
sdk_figure() { # CLIENT CONCURRENCY
  "${on_client[@]}" "$java" -jar "$bench_jar" s3-get "$MINIO_URL" "$AWS_BUCKET" "$object_path" "$2" "$seconds" "$1" \
    | awk '{ $1 = $1 == "VAULTLOAD_STORE" ? "vaultload-store" : "sdk-" $1; print }'
}
vaultload_figure() { # CIPHER CONCURRENCY
  local report="$work/vaultload-$layout-$1-$2"
  "${on_client[@]}" "$java" -jar "$cli_jar" run --mode HEADROOM --operation READ \
    --file-sizes 4 --cipher "$1" --min-threads "$2" --max-threads "$2" --thread-step 1 --operations-per-step "$reads_per_step" \
    --REPORT_DIR "$report" > "$report.log" 2>&1 || { tail -20 "$report.log" >&2; exit 1; }
  awk -F, -v name="vaultload-$1" 'NR > 1 { printf "%s %d %s %s %s %s\n", name, $1, $4, $5, $7, $8 }' \
    "$(find "$report" -name '*headroom*-steps.csv' | head -1)"
}

# measure LAYOUT: starts MinIO as the layout places it, measures every figure, prints the table, stops MinIO
measure() {
  local layout="$1" on_server=()
  on_client=()
  if [[ $layout == split ]]; then
    on_server=(taskset -c "${cpus[0]}")
    on_client=(taskset -c "${cpus[1]}")
  fi
  rows="$work/rows-$layout"  # client concurrency ops/s p50_ms p99_ms client_cpu_us server_cpu_us
  eval "$("${on_server[@]}" scripts/start-minio.sh start)"

  head -c 4096 /dev/urandom > "$work/object"
  signed_put "$AWS_BUCKET/$object_path" "$work/object"
  cat > "$work/policy.json" <<POLICY
{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":["*"]},"Action":["s3:GetObject"],
 "Resource":["arn:aws:s3:::$AWS_BUCKET/${object_path%/*}/*"]}]}
POLICY
  signed_put "$AWS_BUCKET?policy=" "$work/policy.json"
  signed_get_line "$AWS_BUCKET/$object_path" > "$work/signed.list"
  local run_id user document key
  run_id="load-$(head -c 5 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  : > "$work/pool.list"
  for (( user = 0; user < pool_users; user++ )); do
    for (( document = 0; document < pool_documents; document++ )); do
      key="$AWS_BUCKET/$run_id-user-$user/private/$(random_segment)/$(random_segment)"
      signed_put "$key" "$work/object"
      signed_get_line "$key" >> "$work/pool.list"
    done
  done

  local c client cipher
  for c in "${concurrencies[@]}"; do
    row wrk_figure wrk "$c" "$MINIO_URL/$AWS_BUCKET/$object_path"
    WRK_REQUEST_LIST="$work/signed.list" row wrk_figure wrk-signed "$c" -s scripts/lib/wrk-request-list.lua "$MINIO_URL"
    WRK_REQUEST_LIST="$work/pool.list" row wrk_figure wrk-read-pool "$c" -s scripts/lib/wrk-request-list.lua "$MINIO_URL"
  done
  for client in ${clients//,/ }; do
    for c in "${concurrencies[@]}"; do
      row sdk_figure "$client" "$c"
    done
  done
  for cipher in ${ciphers//,/ }; do
    for c in "${concurrencies[@]}"; do
      row vaultload_figure "$cipher" "$c"
    done
  done
  scripts/start-minio.sh stop >/dev/null

  echo
  if [[ $layout == split ]]; then
    echo "Layout split: MinIO on CPU ${cpus[0]}, every client on CPU ${cpus[1]}"
  else
    echo "Layout shared: client and MinIO on all $(nproc) cores"
  fi
  echo
  echo "| client | concurrency | ops/s | p50 ms | p99 ms | client CPU us/request | MinIO CPU us/request | ops/s / wrk's | / wrk-signed's | / wrk-read-pool's |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  awk '$1 == "wrk" { wrk[$2] = $3 } $1 == "wrk-signed" { signed[$2] = $3 } $1 == "wrk-read-pool" { pool[$2] = $3 }
    { row[NR] = $0 }
    END { for (i = 1; i <= NR; i++) { split(row[i], f, " ");
      printf "| %s | %d | %.0f | %.3f | %.3f | %.1f | %.0f | %.2f | %.2f | %.2f |\n", f[1], f[2], f[3], f[4], f[5], f[6], f[7],
        f[3] / wrk[f[2]], f[3] / signed[f[2]], f[3] / pool[f[2]] } }' "$rows"
}

echo "MinIO $(scripts/start-minio.sh binary | xargs -I{} sh -c '{} --version 2>/dev/null | head -1'); $(wrk --version 2>&1 | head -1 | cut -d' ' -f1-2);" \
  "$("$java" -version 2>&1 | head -1); $(nproc) cores; ${seconds}s per wrk and SDK figure, $reads_per_step Vaultload READs per step"
for layout in ${layouts//,/ }; do
  measure "$layout"
done
