# Sourced by fault-matrix.sh and tamper-matrix.sh (from the repository root, after `set -euo pipefail`): checks
# the scope argument, builds MinIO (pinned) and vaultload-faults.jar when missing, and sets scope and jar.
#   usage: source scripts/lib/faults-jar.sh "$0" "${1:-short}"
scope="$2"
[[ "$scope" == short || "$scope" == full ]] || { echo "usage: $1 [short|full]" >&2; exit 2; }
source scripts/lib/module-jar.sh
export MINIO_BINARY="${MINIO_BINARY:-$(scripts/start-minio.sh binary)}"
jar="$(module_jar workload-faults vaultload-faults.jar)"
