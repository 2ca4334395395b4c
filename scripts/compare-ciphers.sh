#!/usr/bin/env bash
# CBC against GCM: runs the suite REPEAT times (default 3) with CIPHER=AES256_CBC into RESULTS_DIR/AES256_CBC
# and with AES256_GCM into RESULTS_DIR/AES256_GCM, compares them (GCM/CBC ratios with a significance test,
# RESULTS_DIR/compare-ciphers.txt, and as a page with both sides' charts, compare-ciphers.html) and draws every chart, CBCvsGCM.png among them, into RESULTS_DIR/charts.
#   THREADS=2,4,8 FILE_SIZES=100,1024 STORAGE_PROVIDERS=EMBEDDED scripts/compare-ciphers.sh RESULTS_DIR
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [REPEAT=3] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
for cipher in AES256_CBC AES256_GCM; do
  for ((run = 1; run <= ${REPEAT:-3}; run++)); do
    CIPHER="$cipher" run_suite "${SUITE:-RandomActionsOnDatasafeTest}" "$results/$cipher/run-$run"
  done
done
parse_tool compare --dimension cipher --html "$results/compare-ciphers.html" "$results/AES256_CBC" "$results/AES256_GCM" \
  | tee "$results/compare-ciphers.txt"
scripts/charts.sh "$results"
