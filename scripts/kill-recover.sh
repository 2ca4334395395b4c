#!/usr/bin/env bash
# A soak killed with SIGKILL at a random moment, then recovered from what it left (its journal and .hlog):
#   scripts/kill-recover.sh [SECONDS]     kill SECONDS to 2*SECONDS (default 10) after the run's journal appears
# On MEMORY, and on MINIO too when MINIO_URL is set (the run then uses that server). For each: `./vaultload run` (a
# soak of 2*SECONDS+60 s, PERIOD 1s, in the background), kill -9, `./vaultload recover`, which must exit 6
# (incomplete), then jq checks that the recovered JSON says incomplete and that its per-operation counts equal those
# of the .hlog's periods up to where it says the process ended (read by HdrHistogram's own reader,
# scripts/HlogCounts.java). Bounded: the run is killed in at most 2*SECONDS+60 s; exit 0 when every check holds.
# KILL_RECOVER_DIR: where the runs' folders go (default target/kill-recover/<UTC time>).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "$0: SECONDS must be a positive whole number, not '$seconds'" >&2; exit 2; }
./vaultload --version >/dev/null # builds vaultload.jar now if stale, so that the countdown is the run's, not a build's
export JAVA_HOME="$(scripts/jdk21-home)"
jar=workload-cli/target/vaultload.jar
source scripts/lib/recover-check.sh
work="${KILL_RECOVER_DIR:-target/kill-recover/$(date -u +%Y%m%d-%H%M%S)}"
providers=(MEMORY)
[[ -n "${MINIO_URL:-}" ]] && providers+=(MINIO)

kill_and_recover() { # kill_and_recover PROVIDER
  local provider=$1 dir="$work/$1" pid journal
  mkdir -p "$dir"
  ./vaultload run --storage-providers "$provider" --threads 2 \
    --file-sizes 100 --kdf-iterations 1000 --error-mode CONTINUE --duration "$((2 * seconds + 60))s" --period 1s \
    --report-dir "$dir" >"$dir/run.log" 2>&1 &
  pid=$! # the launcher execs java: this is the JVM
  for _ in $(seq 600); do # the journal appears once the run has started its storage and engine (60 s at most)
    journal="$(ls "$dir"/*.journal.jsonl.gz 2>/dev/null | head -1)" && [[ -n "$journal" ]] && break
    kill -0 "$pid" 2>/dev/null || { echo "$0: $provider: the run ended before it was killed; see $dir/run.log" >&2; return 1; }
    sleep 0.1
  done
  [[ -n "$journal" ]] || { kill -9 "$pid"; echo "$0: $provider: no journal within 60 s; see $dir/run.log" >&2; return 1; }
  local delay_ms=$((seconds * 1000 + RANDOM % (seconds * 1000)))
  sleep "$((delay_ms / 1000)).$(printf '%03d' $((delay_ms % 1000)))"
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  echo "$provider: killed $delay_ms ms after its journal appeared" >&2

  local recovered
  recovered="$(recover_and_check "$dir" "$journal" "$0: $provider")" || return 1
  jq -e '(.operations[] | select(.type == "WRITE") | .count) > 0' "${journal%.journal.jsonl.gz}.json" >/dev/null \
    || { echo "$0: $provider: the run wrote nothing before the kill" >&2; return 1; }
  echo "$provider: $recovered"
}

for provider in "${providers[@]}"; do
  kill_and_recover "$provider"
done
