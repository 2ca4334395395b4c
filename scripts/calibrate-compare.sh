#!/usr/bin/env bash
# How much run `compare` needs: for each run length, TRIALS trials of real runs of known truth (MEMORY behind
# a store with injected lognormal latency, see CompareCalibration): power = share of trials where +10% latency is
# called "B slower", size = share of A-vs-A trials called anything but "within noise" (alpha 0.05).
# Arguments: run lengths in seconds (1,2,4), trials per length (20).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/test-classpath.sh
test_classpath parse
IFS=, read -ra lengths <<< "${1:-1,2,4}"
for seconds in "${lengths[@]}"; do
  "$JAVA_HOME/bin/java" -Xmx512m -Dlogback.configurationFile=workload-core/src/test/logging/logback-test.xml \
    -cp "$TEST_CLASSPATH" dev.vaultload.parse.CompareCalibration "$seconds" "${2:-20}" 2>&1 | grep -E '^(run|trial)' || true
done
