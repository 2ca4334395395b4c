#!/usr/bin/env bash
# Runs the ContentGenerator JMH benchmark (one thread, short warm-up and measurement).
# Extra arguments go to JMH, e.g. scripts/content-bench.sh -p sizeBytes=102400,10485760
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/core-test-classpath.sh
"$JAVA_HOME/bin/java" -cp "$CORE_TEST_CLASSPATH" org.openjdk.jmh.Main ContentGeneratorBenchmark -t 1 "$@"
