#!/usr/bin/env bash
# Storages side by side (the seed's ceph.png): runs the suite REPEAT times (default 3) on each storage of
# STORAGES (default "EMBEDDED FILESYSTEM"; add MINIO and CEPH where they run, e.g. after
# eval "$(scripts/start-ceph.sh start)") into RESULTS_DIR/<storage>, compares each with the first
# (RESULTS_DIR/compare-<storage>.txt, and as a page, compare-<storage>.html) and draws every chart, ceph.png among them, into RESULTS_DIR/charts.
#   STORAGES="EMBEDDED FILESYSTEM MINIO CEPH" THREADS=2,4,8 scripts/compare-storages.sh RESULTS_DIR
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [STORAGES=...] [REPEAT=3] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
read -r -a storages <<< "${STORAGES:-EMBEDDED FILESYSTEM}"
for storage in "${storages[@]}"; do
  for ((run = 1; run <= ${REPEAT:-3}; run++)); do
    STORAGE_PROVIDERS="$storage" run_suite "${SUITE:-RandomActionsOnDatasafeTest}" "$results/$storage/run-$run"
  done
done
for storage in "${storages[@]:1}"; do
  parse_tool compare --dimension storage --html "$results/compare-$storage.html" "$results/${storages[0]}" "$results/$storage" \
    | tee "$results/compare-$storage.txt"
done
scripts/charts.sh "$results"
