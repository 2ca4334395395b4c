#!/usr/bin/env bash
# What the harness costs: the LARGE fixture on MEMORY with cipher NONE and 1 KiB documents, 1, 2 and 4
# threads, then the heap after 10 million operations (see HarnessBenchmark's Javadoc).
# Arguments: seconds per thread count (20), operations of the heap run (10000000), thread counts (1,2,4).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/core-test-classpath.sh
"$JAVA_HOME/bin/java" -Xmx512m -cp "$CORE_TEST_CLASSPATH" dev.vaultload.run.HarnessBenchmark "$@" 2>&1 \
  | grep -v -E 'INFO|^\s*$' || true
