#!/usr/bin/env bash
# The fault matrix of docs/faults.md: every fault (Toxiproxy network toxics, S3 error answers, a killed server)
# in front of real S3 servers on 127.0.0.1, each cell a CONTINUE run whose final validation must find nothing lost.
#   scripts/fault-matrix.sh [short|full] [--faults KIND,...]
#                                            short (default, CI): every fault once, about 4 minutes;
#                                            full: every fault on every store it applies to (MinIO, embedded, Ceph);
#                                            --faults: those faults' cells only (FaultKind's names, e.g. KMS_RESTARTED)
# The key manager's cells run on MinIO with the KMS servers the environment names: VAULTLOAD through KES (KES_URL...:
# start-kes.sh), S3EC's KMS keyring through the AWS KMS API (AWS_KMS_URL, AWS_KMS_KEY_ID: start-local-kms.sh; short:
# its refused calls, restart and disabled key only); a cell whose KMS is not running is left out, with a warning. The KMS
# restarted cells restart the server through its script, which finds it by KES_BASE_DIR/KES_PORT and
# LOCAL_KMS_BASE_DIR/LOCAL_KMS_PORT: export those the servers were started with.
# FAULT_MATRIX_DOC=1 also replaces the table in docs/faults.md with this run's (with the date and machine): the whole
# matrix's only.
# Needs: Go (Toxiproxy v2.5.0 and MinIO are built once, pinned); Ceph's Debian packages for the Ceph cells (a
# running single-node cluster named by CEPH_BASE_DIR/CEPH_RGW_PORT/CEPH_MON_PORT is joined, else a private one is
# started and stopped; without Ceph's packages the Ceph cells are left out, with a warning). Runs
# workload-faults/target/vaultload-faults.jar, built first when missing or stale. Every server it starts is stopped
# at the end. Exit 0 when every cell passed, 1 when one did not.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${FAULT_MATRIX_DOC:-}" != 1 || $# -le 1 ]] || { echo "$0: FAULT_MATRIX_DOC=1 takes the whole matrix, not --faults" >&2; exit 2; }
source scripts/lib/faults-jar.sh "$0" "${1:-short}"

# prints the table and names every cell that does not hold, exiting 1 then: set -e ends here, the doc stays
"$java" -jar "$jar" faults "$scope" --out workload-faults/target/fault-matrix "${@:2}"
table=workload-faults/target/fault-matrix/faults.md

if [[ "${FAULT_MATRIX_DOC:-}" == 1 ]]; then
  machine="$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/Mem:/ {print $2}') GiB, $(. /etc/os-release && echo "$PRETTY_NAME")"
  {
    sed '/<!-- matrix -->/q' docs/faults.md
    echo "\`scripts/fault-matrix.sh $scope\`, $(date -u +%Y-%m-%d), $machine, commit $(git rev-parse --short HEAD):"
    echo
    cat "$table"
    sed -n '/<!-- \/matrix -->/,$p' docs/faults.md
  } > docs/faults.md.new
  mv docs/faults.md.new docs/faults.md
fi
