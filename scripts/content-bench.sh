#!/usr/bin/env bash
# Runs the ContentGenerator JMH benchmark (one thread, short warm-up and measurement) from
# workload-bench/target/vaultload-bench.jar, built first when missing or stale.
# Extra arguments go to JMH, e.g. scripts/content-bench.sh -p sizeBytes=102400,10485760
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/module-jar.sh
jar="$(module_jar workload-bench vaultload-bench.jar)"
"$java" -jar "$jar" jmh ContentGeneratorBenchmark -t 1 "$@"
