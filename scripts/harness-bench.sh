#!/usr/bin/env bash
# What the harness costs: the LARGE fixture on MEMORY through a plaintext test engine (no keystores, no
# encryption: only the harness's own work), 1 KiB documents, 1, 2 and 4 threads, then the heap after 10 million
# operations (see HarnessBenchmark's Javadoc).
# Arguments: seconds per thread count (20), operations of the heap run (10000000), thread counts (1,2,4).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/test-classpath.sh
test_classpath workload-core
"$JAVA_HOME/bin/java" -Xmx512m -Dlogback.configurationFile=workload-core/src/test/logging/logback-test.xml -cp "$TEST_CLASSPATH" dev.vaultload.run.HarnessBenchmark "$@" 2>&1 \
  | grep -v -E 'INFO|^\s*$' || true
