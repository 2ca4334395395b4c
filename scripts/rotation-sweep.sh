#!/usr/bin/env bash
# A key rotation sweep beside live traffic, per engine, on MinIO over TLS (SSE_C needs it): for each engine, document
# size and sweep, one `vaultload run --mode RATE --sweep ...`, which runs the load (OPERATION at RATE for DURATION)
# alone, beside the sweep (ROTATE_KEY re-wraps, REENCRYPT encrypts again) and alone again, over SWEEP_USERS users of its own
# with SWEEP_DOCUMENTS documents each, and checks it (every document opens with its user's current secret and holds
# its content, no superseded secret opens any, each REENCRYPT changed the stored bytes). An engine that cannot do a
# sweep is refused before its run; the table says so in one line. Prints one table (also RESULTS_DIR/sweep.tsv):
# engine, size, sweep, the sweep's documents/s, the load's p50 and p99 alone (the mean of its two alone runs) and
# beside it, and compare's latency verdict (compare --dimension suite of both alone runs against the sweep's, 95%
# bootstrap intervals over the periods).
# Exit 1 when a run did not pass (data lost or altered, a superseded secret still opening a document, a missed rate).
#   scripts/rotation-sweep.sh RESULTS_DIR                   every engine, 100 KiB and 10 MiB, both sweeps (~15 min)
#   ENGINES=VAULTLOAD FILE_SIZES=100 DURATION=4s PERIOD=250ms scripts/rotation-sweep.sh target/sweep   CI's short form
# MinIO: started here over TLS (its pinned binary, built once by scripts/start-minio.sh binary) and stopped at the end,
# unless MINIO_URL names one.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [ENGINES=...] [FILE_SIZES=100,10240] [SWEEPS=ROTATE_KEY,REENCRYPT] [DURATION=15s] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
SERVER_SCRIPT=rotation-sweep
source scripts/lib/local-server.sh
source scripts/lib/every-engine.sh "$results" 29400

IFS=, read -r -a engines <<< "${ENGINES:-VAULTLOAD,DATASAFE,S3EC,SSE_S3,SSE_KMS,SSE_C}"
IFS=, read -r -a sizes <<< "${FILE_SIZES:-100,10240}"
IFS=, read -r -a sweeps <<< "${SWEEPS:-ROTATE_KEY,REENCRYPT}"
tsv="$results/sweep.tsv"
printf 'engine\tsize KiB\tsweep\tdocuments/s\tp50 alone ms\tp50 beside ms\tp99 alone ms\tp99 beside ms\tp99 beside/alone\tverdict\n' >"$tsv"
failed=0
for engine in "${engines[@]}"; do
  for size in "${sizes[@]}"; do
    for sweep in "${sweeps[@]}"; do
      dir="$results/$engine-$size-$sweep"
      status=0
      mapfile -t kdf < <(cheap_keystores "$engine")
      ./vaultload run --mode RATE --operation "${OPERATION:-READ}" --rate "${RATE:-10}" --threads "${THREADS:-2}" \
        --duration "${DURATION:-15s}" --period "${PERIOD:-1s}" --warmup 2s --storage-providers MINIO --engines "$engine" \
        --file-sizes "$size" "${kdf[@]}" --sweep "$sweep" --sweep-users "${SWEEP_USERS:-4}" \
        --sweep-documents "${SWEEP_DOCUMENTS:-8}" --report-formats json,hlog --report-dir "$dir" \
        >"$dir.log" 2>&1 || status=$?
      if [[ $status -eq 2 ]]; then # refused before the run: the engine cannot do this sweep
        printf '%s\t%s\t%s\t-\t-\t-\t-\t-\t-\trefused before the run (%s)\n' "$engine" "$size" "$sweep" \
          "$(grep -o 'does not support [A-Z_]*' "$dir.log" | head -1 || echo "see $dir.log")" >>"$tsv"
        continue
      fi
      [[ $status -eq 0 ]] || { say "$engine $size KiB $sweep did not pass (exit $status), see $dir.log"; failed=1; }
      # the load ran alone, beside the sweep, and alone again: the two alone runs are side A
      mkdir -p "$dir/alone"
      for json in $(ls "$dir"/*.json | grep -v -- -beside-); do cp "$json" "${json%.json}.hlog" "$dir/alone/"; done
      beside="$(ls "$dir"/*-beside-*.json | head -1)"
      # compare needs 10 periods a side after the warm-up; with fewer it answers nothing (exit 2), and the row says so
      verdict="$( (./vaultload compare --dimension suite --tsv "$dir/alone" "$beside" 2>/dev/null || true) \
        | awk -F'\t' -v op="${OPERATION:-READ}" '$1 == op { print $12 "\t" $14 }')"
      verdict="${verdict:-$'-\tno verdict: fewer than 10 periods a side'}"
      jq -r -s --arg engine "$engine" --arg size "$size" --arg sweep "$sweep" --slurpfile beside "$beside" \
        --arg verdict "$verdict" '
        (map(.operations[0].percentileMicros) | {p50: (map(.["50"]) | add / length), p99: (map(.["99"]) | add / length)})
          as $a | ($beside[0].operations[0].percentileMicros) as $b
        | [$engine, $size, $sweep, ($beside[0].rate.sweep.documentsPerSecond * 10 | round / 10), ($a.p50 / 1000),
           ($b["50"] / 1000), ($a.p99 / 1000), ($b["99"] / 1000)] | @tsv + "\t" + $verdict' "$dir"/alone/*.json >>"$tsv"
    done
  done
done
column -t -s $'\t' "$tsv"
exit "$failed"
