#!/usr/bin/env bash
# The tamper matrix of docs/faults.md: runs of the vault while an outside party (a thread with a store client of its
# own) deletes, truncates, flips, overwrites and swaps stored documents and key material; every alteration the run
# reads, lists or validates afterwards must be reported naming its object with its class, and nothing else may be.
#   scripts/tamper-matrix.sh [short|full]   short (default, CI): every kind at once, in each mode (FIXTURE, SOAK,
#                                           HEADROOM, RATE, ROTATION), on FILESYSTEM and MinIO; full: each kind on
#                                           its own, in each mode it applies to, on FILESYSTEM, MinIO and the
#                                           embedded server; both end with a rotation interrupted halfway on MinIO,
#                                           then (with AWS_KMS_URL and AWS_KMS_KEY_ID set: start-local-kms.sh) a
#                                           document key's KMS key deleted mid-run on MinIO (short: S3EC's KMS
#                                           keyring; full: VAULTLOAD's KMS_KEYS=DOCUMENT there and,
#                                           with KES started by start-kes.sh, at KES too)
# Prints per cell: alterations made, observable (and of them on re-sealed keystores, re-encrypted documents,
# rollbacks), found, named with the right class, missed, false alarms; then the interrupted rotation's row (a client
# killed with SIGKILL mid-sweep; a fresh process must open every keystore and document).
# Needs Go (MinIO is built once, pinned). Runs workload-faults/target/vaultload-faults.jar, built first when missing
# or stale. The MinIO it starts is stopped at the end. Exit 0 when every cell holds, 1 when one does not.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/faults-jar.sh "$0" "${1:-short}"

# prints the table (also written to workload-faults/target/tamper-matrix/tamper.md) and names every cell that does
# not hold
exec "$java" -jar "$jar" tamper "$scope" --out workload-faults/target/tamper-matrix
