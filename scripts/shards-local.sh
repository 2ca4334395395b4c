#!/usr/bin/env bash
# N shards of `vaultload run` on this machine against one store on 127.0.0.1, started together, then merged:
#   scripts/shards-local.sh N [run options]        e.g. scripts/shards-local.sh 3 --threads 2 --file-sizes 100 --duration 30s
# The shard contract of docs/scale-out.md, with processes instead of a batch engine: one RUN_ID and START_AT
# for all, SHARD_INDEX 0..N-1, results under RESULTS_URL/RUN_ID/shard-<i>/, then `vaultload merge`.
# Environment:
#   STORE=EMBEDDED (default: one `vaultload s3-server` for every shard, stopped at the end)
#        or MINIO (an existing MinIO: MINIO_URL, AWS_ACCESS_KEY, AWS_SECRET_KEY, as scripts/start-minio.sh prints)
#   RESULTS_URL  a directory (default target/shards) or s3://bucket/prefix (with EMBEDDED, the bucket
#                vaultload-results of the embedded server is made; with MINIO, RESULTS_S3_URL defaults to MINIO_URL)
#   RUN_ID       default local-<UTC time>;  START_DELAY_SECONDS  from now to START_AT, default 10 + 2 x N
# Exit status: that of the merge (0 complete, 1 partial).
set -euo pipefail
[[ $# -ge 1 && "$1" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 N [run options]" >&2; exit 2; }
shards="$1"; shift
cd "$(dirname "$0")/.."
source scripts/lib/vaultload-jar.sh

store="${STORE:-EMBEDDED}"
run_id="${RUN_ID:-local-$(date -u +%Y%m%d-%H%M%S)}"
results="${RESULTS_URL:-target/shards}"
logs="target/shards-logs/$run_id"
mkdir -p "$logs"
server_pid=""
stop_server() { [[ -z "$server_pid" ]] || kill "$server_pid" 2>/dev/null || true; }
trap stop_server EXIT

case "$store" in
  EMBEDDED)
    # a fresh key pair for this run only, in the environment (never on a command line)
    export AWS_ACCESS_KEY="vl$(od -An -N9 -tx1 /dev/urandom | tr -d ' \n')"
    export AWS_SECRET_KEY="$(od -An -N20 -tx1 /dev/urandom | tr -d ' \n')"
    "$java" -jar "$jar" s3-server --buckets vaultload,vaultload-results > "$logs/s3-server.out" 2> "$logs/s3-server.log" &
    server_pid=$!
    for _ in $(seq 300); do [[ -s "$logs/s3-server.out" ]] && break; sleep 0.1; done
    endpoint="$(head -1 "$logs/s3-server.out")"
    [[ -n "$endpoint" ]] || { echo "$0: the embedded S3 server did not start; see $logs/s3-server.log" >&2; exit 1; }
    export EMBEDDED_S3_URL="$endpoint" RESULTS_S3_URL="${RESULTS_S3_URL:-$endpoint}"
    if [[ "$results" != s3://* ]]; then :; elif [[ "$results" != s3://vaultload-results* ]]; then
      echo "$0: with STORE=EMBEDDED an s3:// RESULTS_URL is the server's bucket vaultload-results" >&2; exit 2
    fi
    ;;
  MINIO)
    [[ -n "${MINIO_URL:-}" && -n "${AWS_ACCESS_KEY:-}" && -n "${AWS_SECRET_KEY:-}" ]] \
      || { echo "$0: STORE=MINIO needs MINIO_URL, AWS_ACCESS_KEY and AWS_SECRET_KEY (eval \"\$(scripts/start-minio.sh start)\")" >&2; exit 2; }
    export RESULTS_S3_URL="${RESULTS_S3_URL:-$MINIO_URL}"
    ;;
  *) echo "$0: STORE must be EMBEDDED or MINIO, not $store" >&2; exit 2 ;;
esac

start_at="$(date -u -d "+${START_DELAY_SECONDS:-$((10 + 2 * shards))} seconds" +%Y-%m-%dT%H:%M:%SZ)"
echo "== $shards shards of $run_id on $store, START_AT $start_at, results in $results/$run_id (logs in $logs)" >&2
pids=()
for ((i = 0; i < shards; i++)); do
  RUN_ID="$run_id" SHARD_INDEX=$i SHARD_COUNT=$shards START_AT="$start_at" RESULTS_URL="$results" \
    STORAGE_PROVIDERS="$store" REPORT_DIR="target/shards-reports" \
    "$java" -jar "$jar" run "$@" > "$logs/shard-$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for ((i = 0; i < shards; i++)); do
  if ! wait "${pids[$i]}"; then
    echo "$0: shard $i failed; see $logs/shard-$i.log" >&2; failed=1
  fi
done
status=0
"$java" -jar "$jar" merge "${results%/}/$run_id" --out "$logs/merged" || status=$?
exit "$status"
