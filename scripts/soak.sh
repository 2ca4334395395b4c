#!/usr/bin/env bash
# A soak: the fixture replayed pass after pass against a MinIO on 127.0.0.1 for DURATION, ERROR_MODE=CONTINUE,
# then the figures a soak is judged by:
#   scripts/soak.sh [DURATION]              e.g. scripts/soak.sh 4h (the default), scripts/soak.sh 2m
# Prints RSS growth (mean of the first quarter's samples against the last quarter's), CPU ms per operation, GC
# collections and pause time, errors by class, and a verdict: RSS growth < SOAK_MAX_RSS_GROWTH_PERCENT (5) and no
# error the store did not cause (INTEGRITY, LOST, CLIENT, OTHER: a store's TIMEOUT, SERVER, LIMIT_EXCEEDED or
# IN_DOUBT under a fault is reported, not held against the suite). Exit 0 when both hold, 1 otherwise.
# Environment:
#   SOAK_THREADS (2), SOAK_FILE_SIZES (100, KiB), SOAK_FIXTURE_SIZE (SMALL), SOAK_PERIOD (60s)
#   SOAK_REPORT_DIR  where the JSON, CSV, .hlog and logs go (default target/soak/<UTC time>)
#   MINIO_BINARY     the minio executable (default: scripts/start-minio.sh binary, built once, pinned)
set -euo pipefail
duration="${1:-4h}"
cd "$(dirname "$0")/.."
source scripts/lib/vaultload-jar.sh
export MINIO_BINARY="${MINIO_BINARY:-$(scripts/start-minio.sh binary)}"
report_dir="${SOAK_REPORT_DIR:-target/soak/$(date -u +%Y%m%d-%H%M%S)}"
max_growth_percent="${SOAK_MAX_RSS_GROWTH_PERCENT:-5}"
mkdir -p "$report_dir"

# The MINIO provider starts its own server from MINIO_BINARY and stops it at the end, also on a signal.
set +e
"$java" -jar "$jar" run --storage-providers MINIO --duration "$duration" --error-mode CONTINUE \
  --threads "${SOAK_THREADS:-2}" --file-sizes "${SOAK_FILE_SIZES:-100}" --fixture-size "${SOAK_FIXTURE_SIZE:-SMALL}" \
  --period "${SOAK_PERIOD:-60s}" --report-dir "$report_dir" 2>&1 | tee "$report_dir/run.log" >&2
run_status=${PIPESTATUS[0]}
set -e

result="$(ls -t "$report_dir"/*.json 2>/dev/null | head -1)"
[[ -n "$result" ]] || { echo "$0: the run (exit $run_status) wrote no result; see $report_dir/run.log" >&2; exit 1; }
jq -r --argjson limit "$max_growth_percent" '
  def mib: . / 1048576 * 10 | round / 10;
  def tenths: if . == null then "unknown" else . * 10 | round / 10 end;
  (.errors | to_entries | map(select(.value > 0)) | map("\(.key) \(.value)") | join(", ")) as $errors
  | ([.errors | to_entries[] | select(.key | IN("INTEGRITY", "LOST", "CLIENT", "OTHER")) | .value] | add // 0) as $ours
  | "soak \(.wallClockMillis / 3600000 * 100 | round / 100) h, \(.passes) passes, \(.cpu.operations) operations replayed, \(.threads) threads, \(.fileSizeKib) KiB, \(.storage)",
    "RSS \(.health.rssStartBytes | mib) -> \(.health.rssEndBytes | mib) MiB; quarters \(.health.firstQuarterRssBytes // 0 | mib) -> \(.health.lastQuarterRssBytes // 0 | mib) MiB: growth \(.health.rssGrowthPercent | tenths)% (limit \($limit)%)",
    "heap \(.health.heapStartBytes | mib) -> \(.health.heapEndBytes | mib) MiB, threads max \(.health.maxLiveThreads)",
    "CPU \(.cpu.processCpuMillisPerOperation * 1000 | round / 1000) ms/op (whole process, replay passes)",
    "GC \(.health.gcCount) collections, \(.health.gcPauseMillis) ms paused",
    "errors: \(if $errors == "" then "none" else $errors end)",
    (if (.health.rssGrowthPercent // 1e9) < $limit and $ours == 0 then "verdict: PASS"
     else "verdict: FAIL (RSS growth \(.health.rssGrowthPercent | tenths)%, \($ours) errors not caused by the store)" end)
' "$result" | tee "$report_dir/soak-summary.txt"
grep -q '^verdict: PASS' "$report_dir/soak-summary.txt"
