#!/usr/bin/env bash
# What the harness costs: the LARGE fixture on MEMORY through a plaintext engine (no keystores, no encryption: only
# the harness's own work), 1 KiB documents, 1, 2 and 4 threads, then the heap after 10 million operations (see
# HarnessBenchmark's Javadoc). Runs workload-bench/target/vaultload-bench.jar, built first when missing or stale.
# Arguments: seconds per thread count (20), operations of the heap run (10000000), thread counts (1,2,4).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/module-jar.sh
jar="$(module_jar workload-bench vaultload-bench.jar)"
"$java" -Xmx512m -jar "$jar" harness "$@"
