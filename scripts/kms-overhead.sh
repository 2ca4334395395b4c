#!/usr/bin/env bash
# Does `vaultload kms` cost the KMS anything a bare loop would not? KES's generate-data-key made by the harness
# (PressureRun on the KES binding: JSON built and parsed, every call timed, classified, recorded) and by a minimal
# HttpClient loop (the JDK client's defaults but for the binding's protocol and mTLS identity, the same request), in
# turns in one JVM (vaultload-bench.jar kms-overhead), at each concurrency: ops/s and this process's CPU per call of
# both, their ratios per round, and the goal on the medians: harness ops/s >= 0.95 of the minimal loop's at no more
# CPU per call. Exit 1 when it is missed. A third figure, the bare call on the binding's own client
# (KMS_HTTP_EXECUTOR), tells the client's configuration from the harness's cost.
# Client and KES share this machine's cores: run it on a quiet machine, and read the rounds' spread.
#
#   eval "$(scripts/start-kes.sh start)"
#   scripts/kms-overhead.sh [THREADS,...] [SECONDS] [ROUNDS] [--no-goal]   (default 1,8 10 3; --no-goal: print the
#                                                                          verdict, exit 0 when only the goal is missed)
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER_SCRIPT=kms-overhead
source scripts/lib/local-server.sh
[[ -n "${KES_URL:-}" ]] || die "KES_URL is unset: eval \"\$(scripts/start-kes.sh start)\""
source scripts/lib/module-jar.sh
jar="$(module_jar workload-bench vaultload-bench.jar)"
"$java" -Xmx512m -jar "$jar" kms-overhead "${1:-1,8}" "${2:-10}" "${3:-3}" "${@:4}"
