#!/usr/bin/env bash
# The README's path from a fresh clone to an answer to "is AES-256-GCM slower than CBC on MinIO for 1 MiB
# documents?": RUNS runs a side (default 2; compare needs >= 2), the ciphers alternating so that both share the
# machine's drift, each DURATION long (default 30s) with a progress period of 1 s (p50 and p99 need 10+ periods
# after WARMUP, default 5s), on a MinIO the provider starts (its pinned binary built once by
# scripts/start-minio.sh binary) unless MINIO_URL names one; then `compare` prints a verdict per operation and
# writes RESULTS_DIR/compare.html. Exits with compare's status (2: no verdict, the evidence missing said on stderr).
#   scripts/cipher-verdict.sh target/gcm-vs-cbc
#   RUNS=3 DURATION=60s FILE_SIZES=100,1024 scripts/cipher-verdict.sh RESULTS_DIR
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [RUNS=2] [DURATION=30s] [FILE_SIZES=1024] [THREADS=2] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
if [[ -z "${MINIO_URL:-}" && -z "${MINIO_BINARY:-}" ]]; then
  MINIO_BINARY="$(scripts/start-minio.sh binary)"
  export MINIO_BINARY
fi
for ((run = 1; run <= ${RUNS:-2}; run++)); do
  for cipher in AES256_GCM AES256_CBC; do
    ./vaultload run --storage-providers MINIO --threads "${THREADS:-2}" --file-sizes "${FILE_SIZES:-1024}" \
      --cipher "$cipher" --duration "${DURATION:-30s}" --period 1s --warmup "${WARMUP:-5s}" \
      --report-dir "$results/$cipher" | tail -1
  done
done
./vaultload compare "$results/AES256_GCM" "$results/AES256_CBC" --html "$results/compare.html"
