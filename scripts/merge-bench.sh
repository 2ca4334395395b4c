#!/usr/bin/env bash
# How `vaultload merge` scales: SHARDS synthetic shards of SECONDS one-second periods each (made from one real
# shard's results, see MergeBenchmark), merged in a JVM capped at 512 MiB of heap; prints the merge's wall time
# and the old generation's peak. The goal: 100 shards x 1 hour under 60 s and 512 MiB.
# Arguments: shards (100), seconds per shard (3600). The synthetic files (~2.5 MB per shard-hour) go to a
# temporary folder, deleted on exit. Runs vaultload.jar and vaultload-bench.jar, each built first when missing or stale.
set -euo pipefail
cd "$(dirname "$0")/.."
shards="${1:-100}"
seconds="${2:-3600}"

source scripts/lib/module-jar.sh
cli_jar="$(module_jar workload-cli vaultload.jar)"
bench_jar="$(module_jar workload-bench vaultload-bench.jar)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# one real shard, so that the synthetic ones carry a JSON result exactly as runs write it
"$java" -jar "$cli_jar" run --STORAGE_PROVIDERS MEMORY --THREADS 1 \
  --FILE_SIZES 1 --KDF_ITERATIONS 1000 --PERIOD 1s --RUN_ID template --SHARD_INDEX 0 --SHARD_COUNT 1 \
  --RESULTS_URL "$work/template" --REPORT_DIR "$work/template-report" > "$work/template.log" 2>&1 \
  || { tail -20 "$work/template.log" >&2; exit 1; }

"$java" -jar "$bench_jar" merge make "$work/template/template/shard-0" "$work/run" "$shards" "$seconds"
echo "synthetic results: $(du -sh "$work/run" | cut -f1)"
"$java" -Xmx512m -jar "$bench_jar" merge run "$work/run" "$work/merged"
