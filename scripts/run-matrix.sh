#!/usr/bin/env bash
# For cloud machines: runs a suite REPEAT times (default 3, as the seed's 3 runs a day) into one results
# folder, one sub-folder per repetition (REPORT_DIR=RESULTS_DIR/run-N), then writes every table and chart.
#   SUITE=RandomActionsOnDatasafeTest REPEAT=3 THREADS=2,4,8 FILE_SIZES=100,1024,10240 scripts/run-matrix.sh RESULTS_DIR
# Every other setting (STORAGE_PROVIDERS, CIPHER, FIXTURE_SIZE, AWS_*, ...) is passed on from the environment.
# PAUSE_SECONDS (default 0) waits between repetitions, e.g. 28800 for three runs a day.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [REPEAT=3] [SUITE=...] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
repeat="${REPEAT:-3}"
for ((run = 1; run <= repeat; run++)); do
  run_suite "${SUITE:-RandomActionsOnDatasafeTest}" "$results/run-$run"
  if ((run < repeat)); then sleep "${PAUSE_SECONDS:-0}"; fi
done
scripts/charts.sh "$results"
