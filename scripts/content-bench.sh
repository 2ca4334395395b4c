#!/usr/bin/env bash
# Runs the ContentGenerator JMH benchmark (one thread, short warm-up and measurement).
# Extra arguments go to JMH, e.g. scripts/content-bench.sh -p sizeBytes=102400,10485760
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/test-classpath.sh
test_classpath workload-core
"$JAVA_HOME/bin/java" -cp "$TEST_CLASSPATH" org.openjdk.jmh.Main ContentGeneratorBenchmark -t 1 "$@"
