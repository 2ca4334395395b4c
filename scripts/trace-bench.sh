#!/usr/bin/env bash
# Trace import and replay at scale (docs/measurements/2026-11-26-trace-import.md): a synthetic S3 access log of
# LINES lines (default 1,000,000: a day of traffic, one request every 86.4 ms on average, 4 KiB median documents,
# scripts/s3-access-log.py) imported within a 512 MiB heap (time and peak RSS printed), then replayed with
# --mode TRACE at --speed SPEED (default 1000) on MEMORY through VAULTLOAD, RUNS times (default 1): the schedule's
# lateness printed, with the GC pauses during the schedule and the machine's load average (`uptime`) before each run.
# The replay's JVM runs ZGC: G1's stop-the-world young collections, which copy the documents the MEMORY store keeps,
# paused every thread long and often enough to make the lateness p99 (see the measurements file above).
# usage: scripts/trace-bench.sh [LINES] [SPEED] [THREADS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/vaultload-jar.sh
lines="${1:-1000000}"
speed="${2:-1000}"
threads="${3:-8}"
runs="${4:-1}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 scripts/s3-access-log.py "$lines" 7 --interval-ms 86.4 --keys $((lines / 64 + 10)) --median-bytes 4096 \
  --sigma 1.0 > "$work/access.log"
echo "generated $lines lines ($(du -h "$work/access.log" | cut -f1))"
/usr/bin/time -f "import: %e s elapsed, %M KiB peak RSS (heap -Xmx512m)" "$java" -Xmx512m -jar "$jar" fixture import \
  --format s3-access-log --users prefix:2 "$work/access.log" --out "$work/trace.json" | grep -E "^(read|operations|imported)"
for run in $(seq "$runs"); do
  echo "replay $run of $runs, load average before: $(uptime | sed 's/.*load average: //')"
  "$java" -Xmx6g -XX:+UseZGC -jar "$jar" run --mode TRACE --speed "$speed" --FIXTURE_SIZE "$work/trace.json" \
    --STORAGE_PROVIDERS MEMORY --ENGINES VAULTLOAD --THREADS "$threads" --FILE_SIZES 1 --KDF_ITERATIONS 1000 \
    --PERIOD 30s --REPORT_DIR "$work/report-$run" --REPORT_FORMATS JSON \
    --MIN_ACHIEVED_SHARE 0 --MAX_LATENESS 1d | grep -E -A3 "^==== Trace" # it reports the lateness, judges none
done
