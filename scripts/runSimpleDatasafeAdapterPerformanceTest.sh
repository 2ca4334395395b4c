#!/usr/bin/env bash
# Datasafe's script for the simple adapter suite: credentials and endpoint from AWS_ACCESS_KEY, AWS_SECRET_KEY,
# AWS_BUCKET, AWS_REGION and (Ceph or another S3-compatible endpoint) AWS_URL. With AWS_URL set it runs
# against CEPH, else against AMAZON. Defaults as the seed's: FIXTURE_SIZE=SMALL, THREADS=2, FILE_SIZES=100.
#   AWS_ACCESS_KEY=... AWS_SECRET_KEY=... AWS_BUCKET=... AWS_REGION=eu-central-1 scripts/runSimpleDatasafeAdapterPerformanceTest.sh [RESULTS_DIR]
set -euo pipefail
for variable in AWS_ACCESS_KEY AWS_SECRET_KEY AWS_BUCKET; do
  [[ -n "${!variable:-}" ]] || { echo "$variable must be set" >&2; exit 2; }
done
if [[ -z "${AWS_URL:-}" && -z "${AWS_REGION:-}" ]]; then
  echo "AWS_REGION must be set for AWS S3 (or AWS_URL for Ceph)" >&2; exit 2
fi
results="$(mkdir -p "${1:-simple-adapter-results}" && cd "${1:-simple-adapter-results}" && pwd)"
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
export STORAGE_PROVIDERS="${STORAGE_PROVIDERS:-$([[ -n "${AWS_URL:-}" ]] && echo CEPH || echo AMAZON)}"
export FIXTURE_SIZE="${FIXTURE_SIZE:-SMALL}" THREADS="${THREADS:-2}" FILE_SIZES="${FILE_SIZES:-100}"
run_suite RandomActionsOnSimpleDatasafeAdapterTest "$results"
parse_tool detail "$results"
