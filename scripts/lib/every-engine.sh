# Sourced (from the repository root) by the scripts that run every engine on MinIO over TLS, which SSE_C needs:
#   source scripts/lib/every-engine.sh RESULTS_DIR PORT
# Unless MINIO_URL names a MinIO already, starts the pinned one over TLS, its data under RESULTS_DIR/minio, on
# MINIO_PORT (default PORT) and MINIO_CONSOLE_PORT (default PORT + 1), exports what start-minio.sh prints (MINIO_URL,
# the keys, CA_PATH) and stops it when the sourcing script exits.
if [[ -z "${MINIO_URL:-}" ]]; then
  export MINIO_BASE_DIR="$1/minio" MINIO_PORT="${MINIO_PORT:-$2}" MINIO_CONSOLE_PORT="${MINIO_CONSOLE_PORT:-$(($2 + 1))}"
  eval "$(MINIO_TLS=1 scripts/start-minio.sh start)"
  trap 'scripts/start-minio.sh stop' EXIT
fi

# cheap_keystores ENGINE: the options that make ENGINE's keystores cheap to open (KDF_ITERATIONS 1000), for runs
# that measure something else, one per line (mapfile -t options < <(cheap_keystores "$engine")); none for DATASAFE,
# which keeps its own and refuses the setting.
cheap_keystores() { [[ $1 == DATASAFE ]] || printf '%s\n' --kdf-iterations 1000; }

# watch_peak_rss PID: polls the process's high-water mark of resident memory (the kernel's VmHWM) every half second
# while it lives and prints the last value seen, in KiB (0 when it ended before the first poll).
watch_peak_rss() {
  local peak_kib=0 hwm
  while kill -0 "$1" 2>/dev/null; do
    hwm="$(awk '/^VmHWM:/ { print $2 }' "/proc/$1/status" 2>/dev/null || true)"
    [[ -z "$hwm" ]] || peak_kib="$hwm"
    sleep 0.5
  done
  echo "$peak_kib"
}
