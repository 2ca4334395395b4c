#!/usr/bin/env bash
# How well `vaultload history check` finds a 10% step in 60 runs (within 3 runs, 5, anywhere; and an oracle, the
# ceiling), and how often it calls a series without one changed, per run-to-run spread, then for nights of 2 or 3
# runs as `check --per day` sees them (their median or mean; see HistoryCalibration): the figures of
# docs/measurements/2026-11-26-history-calibration-2.md. Argument: seeds per row and kind (200; about 1 minute).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/test-classpath.sh
test_classpath workload-history
"$JAVA_HOME/bin/java" -cp "$TEST_CLASSPATH" dev.vaultload.history.HistoryCalibration "${1:-200}"
