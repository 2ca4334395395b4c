#!/usr/bin/env bash
# Every benchmark script once, as short as it goes (about 4 minutes in all): proves they build and run from a
# clean clone, not what they measure. CI runs it; the figures it prints mean nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
run() { local started=$SECONDS; echo "== $*" >&2; "$@" > /dev/null; echo "   $((SECONDS - started)) s" >&2; }
run scripts/harness-bench.sh 1 50000 2
run scripts/content-bench.sh -f 1 -wi 0 -i 1 -r 200ms
JMH_OPTS="-f 1 -wi 0 -i 1 -r 200ms -t 1 -p sizeBytes=1048576" OPENSSL_SECONDS=1 run scripts/crypto-bench.sh jmh
CEILING_JVMS=2 CEILING_FLOOR=0.5 run scripts/crypto-bench.sh ceiling
run scripts/calibrate-compare.sh 2 1
# one layout: the split one (taskset) is the same code on other cores
CLIENTS=APACHE,VAULTLOAD_STORE CIPHERS=NONE LAYOUTS=shared run scripts/s3-path-bench.sh 1 500
run scripts/merge-bench.sh 2 60
# one nice: the rows at nice 0 are the same runs without it
WORKER_NICES=10 run scripts/warp-compare.sh 1 1 200 20
run scripts/trace-bench.sh 2000 1000 2
run scripts/calibrate-history.sh 10
run scripts/run-noise.sh 2 --storage-providers MEMORY --file-sizes 1 --KDF_ITERATIONS 1000 --threads 2
if [[ -n "${KES_URL:-}" ]]; then
  run scripts/kms-overhead.sh 1 1 1 --no-goal
else
  echo '== scripts/kms-overhead.sh skipped: KES_URL unset (eval "$(scripts/start-kes.sh start)")' >&2
fi
echo "benchmark scripts: all ran" >&2
