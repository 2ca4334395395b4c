# Sourced (from the repository root) by the scripts that run every engine on MinIO over TLS, which SSE_C needs:
#   source scripts/lib/tls-minio.sh RESULTS_DIR PORT
# Unless MINIO_URL names a MinIO already, starts the pinned one over TLS, its data under RESULTS_DIR/minio, on
# MINIO_PORT (default PORT) and MINIO_CONSOLE_PORT (default PORT + 1), exports what start-minio.sh prints (MINIO_URL,
# the keys, CA_PATH) and stops it when the sourcing script exits.
if [[ -z "${MINIO_URL:-}" ]]; then
  export MINIO_BASE_DIR="$1/minio" MINIO_PORT="${MINIO_PORT:-$2}" MINIO_CONSOLE_PORT="${MINIO_CONSOLE_PORT:-$(($2 + 1))}"
  eval "$(MINIO_TLS=1 scripts/start-minio.sh start)"
  trap 'scripts/start-minio.sh stop' EXIT
fi
