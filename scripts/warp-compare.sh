#!/usr/bin/env bash
# Vaultload beside MinIO's warp on the cells where they were compared (GET 4 KiB at 1 and 8 threads, PUT 1 MiB at 4
# threads), on one MinIO of its own on 127.0.0.1, the tools alternating within each round:
#   vaultload  `vaultload run --mode HEADROOM` with min = max threads and cipher NONE (the engine still runs and every
#              read is verified); ops/s, p50, p99 and client CPU per operation from its steps CSV
#   warp       where WARP names a warp binary: `warp get|put` on the same server, with --benchdata; ops/s from its
#              requests over its measured span, p50 and p99 as the means of its per-segment medians and 99th
#              percentiles weighted by each segment's requests (warp prints them averaged without weights), client
#              CPU per operation from its process's user + system time over its requests (a GET figure's prepare
#              uploads, included, are few: --objects 200)
# and prints one row per tool, cell and round, then the medians per tool and cell and their ratios.
# warp@latest does not install from the Go module proxy here; v1.3.1 may (see docs/benchmarks.md).
#
# Arguments: rounds (3), seconds per warp figure (10), Vaultload GETs per step (20000), PUTs per step (1500).
# Environment: WARP (a warp binary; unset: Vaultload only), WARP_COMPARE_PORT (29400, and the next for the console),
# WORKER_NICES ("0 10"): the WORKER_NICE values Vaultload runs at, each a row of its own: on the server's machine
# nice 10 lets the server go first (docs/benchmarks.md).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
seconds="${2:-10}"
gets_per_step="${3:-20000}"
puts_per_step="${4:-1500}"
source scripts/lib/vaultload-jar.sh # sets $java and $jar
work="$(mktemp -d)"
export MINIO_BASE_DIR="$work/minio" MINIO_PORT="${WARP_COMPARE_PORT:-29400}" MINIO_CONSOLE_PORT=$(( ${WARP_COMPARE_PORT:-29400} + 1 ))
trap 'scripts/start-minio.sh stop >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
eval "$(scripts/start-minio.sh start)"
cells=("GET 4 1" "GET 4 8" "PUT 1024 4") # operation, size KiB, threads
read -r -a nices <<<"${WORKER_NICES:-0 10}"
rows="$work/rows" # tool cell round ops/s p50_ms p99_ms cpu_us_per_op

vaultload_figure() { # OPERATION SIZE_KIB THREADS WORKER_NICE
  local operation=READ steps=$gets_per_step report="$work/vaultload-$1-$3-$4-$round"
  [[ $1 == PUT ]] && operation=WRITE steps=$puts_per_step
  "$java" -jar "$jar" run --mode HEADROOM --operation "$operation" --file-sizes "$2" --cipher NONE \
    --min-threads "$3" --max-threads "$3" --thread-step 1 --operations-per-step "$steps" --storage-providers MINIO \
    --worker-nice "$4" --report-dir "$report" > "$report.log" 2>&1 || { tail -20 "$report.log" >&2; exit 1; }
  awk -F, 'NR > 1 { print $4, $5, $7, $8 }' "$(find "$report" -name '*-steps.csv' | head -1)"
}

warp_figure() { # OPERATION SIZE_KIB THREADS
  local data="$work/warp-$1-$3-$round" verb="${1,,}" extra=()
  [[ $1 == GET ]] && extra=(--objects 200)
  TIMEFORMAT='%U %S'
  { time "$WARP" "$verb" --host "127.0.0.1:$MINIO_PORT" --access-key "$AWS_ACCESS_KEY" --secret-key "$AWS_SECRET_KEY" \
      --bucket "warp-compare-$round" --obj.size "$2KiB" --concurrent "$3" --duration "${seconds}s" "${extra[@]}" \
      --noclear --benchdata "$data" > "$data.log" 2>&1; } 2> "$data.cpu" || { tail -20 "$data.log" >&2; exit 1; }
  zstd -dcq "$data.json.zst" | python3 -c '
import datetime, json, sys
op, cpu = json.load(sys.stdin)["by_op_type"][sys.argv[1]], sum(map(float, open(sys.argv[2]).read().split()))
segments = [s["single_sized_requests"] for c in op["requests_by_client"].values() for s in c]
weighted = lambda field: sum(s[field] * s["requests"] for s in segments) / sum(s["requests"] for s in segments)
when = lambda text: datetime.datetime.fromisoformat(text[:26].rstrip("Z"))
span = (when(op["end_time"]) - when(op["start_time"])).total_seconds()
requests = op["total_requests"]
print("%.1f %.3f %.3f %.1f" % (requests / span, weighted("dur_median_millis"), weighted("dur_99_millis"), cpu * 1e6 / requests))
' "$1" "$data.cpu"
}

: > "$rows"
for (( round = 1; round <= rounds; round++ )); do
  for cell in "${cells[@]}"; do
    read -r op size threads <<<"$cell"
    for nice in "${nices[@]}"; do
      tool=vaultload
      (( nice == 0 )) || tool="vaultload-nice$nice"
      echo "$tool $op-${size}k-${threads}t $round $(vaultload_figure "$op" "$size" "$threads" "$nice")" | tee -a "$rows"
    done
    if [[ -n ${WARP:-} ]]; then
      echo "warp $op-${size}k-${threads}t $round $(warp_figure "$op" "$size" "$threads")" | tee -a "$rows"
    fi
  done
done
echo
echo "median of $rounds rounds (client CPU per operation: the whole process, all threads)"
python3 - "$rows" <<'PY'
import collections, statistics, sys
figures = collections.defaultdict(list)
for line in open(sys.argv[1]):
    tool, cell, _, *values = line.split()
    figures[(tool, cell)].append(list(map(float, values)))
print(f"{'cell':16} {'tool':17} {'ops/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'CPU us/op':>10}")
medians = {key: [statistics.median(column) for column in zip(*rows)] for key, rows in figures.items()}
for (tool, cell), m in sorted(medians.items(), key=lambda item: (item[0][1], item[0][0])):
    print(f"{cell:16} {tool:17} {m[0]:9.1f} {m[1]:8.3f} {m[2]:8.3f} {m[3]:10.1f}")
for (tool, cell), v in sorted(medians.items(), key=lambda item: (item[0][1], item[0][0])):
    if tool != "warp" and ("warp", cell) in medians:
        w = medians[("warp", cell)]
        print(f"{cell:16} {tool}/warp: ops/s {v[0] / w[0]:.2f}, p50 {v[1] / w[1]:.2f}, p99 {v[2] / w[2]:.2f}, CPU/op {v[3] / w[3]:.2f}")
PY
