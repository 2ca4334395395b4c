#!/usr/bin/env bash
# Engines against the first of them: one run of the suite with ENGINES (default VAULTLOAD,DATASAFE; the same
# fixture, storage, threads and machine, one engine after the other) into RESULTS_DIR/run, its results split by
# engine into RESULTS_DIR/<ENGINE>, then per operation ops/s, p50 and p99 of each and the ratios of every other
# engine to the first (compare --dimension engine, RESULTS_DIR/compare-engines.txt and compare-<ENGINE>.html), the
# process CPU per operation of each combination, and every chart, Engines.png among them, into RESULTS_DIR/charts.
#   STORAGE_PROVIDERS=FILESYSTEM,EMBEDDED THREADS=2,4 FILE_SIZES=100 FIXTURE_SIZE=MEDIUM scripts/compare-engines.sh RESULTS_DIR
#   ENGINES=VAULTLOAD,DATASAFE,S3EC,SSE_S3,SSE_KMS,SSE_C STORAGE_PROVIDERS=MINIO (MINIO_URL from MINIO_TLS=1 scripts/start-minio.sh) ...
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [STORAGE_PROVIDERS=... THREADS=... FILE_SIZES=... FIXTURE_SIZE=...] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
export ENGINES="${ENGINES:-VAULTLOAD,DATASAFE}" STORAGE_PROVIDERS="${STORAGE_PROVIDERS:-FILESYSTEM}" THREADS="${THREADS:-2}" \
  FILE_SIZES="${FILE_SIZES:-100}" FIXTURE_SIZE="${FIXTURE_SIZE:-MEDIUM}"
run_suite RandomActionsOnDatasafeTest "$results/run"

json_field() { # json_field FILE NAME: the value of the first "NAME" : value in FILE, quotes dropped
  sed -n "s/^ *\"$2\" : \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" "$1" | head -1
}
IFS=, read -r -a engines <<< "$ENGINES"
for engine in "${engines[@]}"; do mkdir -p "$results/$engine"; done
for json in "$results"/run/*.json; do
  engine="$(json_field "$json" engine)"
  cp "$json" "${json%.json}.hlog" "$results/$engine/"
done

: > "$results/compare-engines.txt"
for engine in "${engines[@]:1}"; do
  parse_tool compare --dimension engine --html "$results/compare-$engine.html" "$results/${engines[0]}" "$results/$engine" \
    | tee -a "$results/compare-engines.txt"
done
{
  echo
  printf '%-10s %-10s %7s %8s %18s\n' engine storage threads size_kib cpu_ms_per_operation
  for engine in "${engines[@]}"; do
    for json in "$results/$engine"/*.json; do
      printf '%-10s %-10s %7s %8s %18.3f\n' "$engine" "$(json_field "$json" storage)" "$(json_field "$json" threads)" \
        "$(json_field "$json" fileSizeKib)" "$(json_field "$json" processCpuMillisPerOperation)"
    done
  done
} | tee -a "$results/compare-engines.txt"
scripts/charts.sh "$results/run"
