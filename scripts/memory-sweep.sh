#!/usr/bin/env bash
# Memory per engine: for each engine, document size and thread count, one FIXTURE run on MinIO over TLS (SSE_C needs
# it) in which each thread's user writes one document of the size and reads it back (verified, and again by the run's
# validation), in a JVM with HEAP of heap. Per run: passed, refused before it started (FootprintCheck: the engine's read limit or its
# buffers against the heap, the reason kept) or failed; the peak heap used (of the result's health samples, one per
# second) and the process's peak RSS (the kernel's VmHWM, polled). Prints one table (RESULTS_DIR/sweep.tsv) and
# plots, per engine, peak heap and RSS against size, a line per thread count (RESULTS_DIR/memory-ENGINE.png).
#   scripts/memory-sweep.sh RESULTS_DIR               every engine, 1 MiB to 1 GiB, 1 to 8 threads (long: hours)
#   ENGINES=VAULTLOAD,S3EC SIZES_MIB=1,16 THREADS_LIST=1,2 scripts/memory-sweep.sh target/memory-sweep    CI's short form
# Environment: ENGINES, SIZES_MIB (1,16,256,1024), THREADS_LIST (1,2,4,8), HEAP (256m: VAULTLOAD's target).
# MinIO: started here over TLS (its pinned binary) and stopped at the end, unless MINIO_URL names one. Exit 1 when a
# run that was not refused failed.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [ENGINES=...] [SIZES_MIB=...] [THREADS_LIST=...] [HEAP=256m] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
SERVER_SCRIPT=memory-sweep
source scripts/lib/local-server.sh
source scripts/lib/vaultload-jar.sh
source scripts/lib/every-engine.sh "$results" 29410

# each thread: one document of the size written, read back whole and verified, and read again by the validation
fixture="$results/fixture.json"
cat >"$fixture" <<'JSON'
{"operations": [
  {"userId": "user-0", "type": "CREATE_USER"},
  {"userId": "user-0", "type": "WRITE", "storageType": "PRIVATE", "contentId": {"id": "document"}, "location": "document.bin"},
  {"userId": "user-0", "type": "READ", "storageType": "PRIVATE", "location": "document.bin", "result": {"content": {"id": "document"}}}],
 "userPrivateSpace": {"user-0": {"document.bin": {"id": "document"}}},
 "userPublicSpace": {}}
JSON

IFS=, read -r -a engines <<< "${ENGINES:-VAULTLOAD,DATASAFE,S3EC,SSE_S3,SSE_KMS,SSE_C}"
IFS=, read -r -a sizes <<< "${SIZES_MIB:-1,16,256,1024}"
IFS=, read -r -a thread_counts <<< "${THREADS_LIST:-1,2,4,8}"
tsv="$results/sweep.tsv"
printf 'engine\tsize MiB\tthreads\toutcome\tpeak heap MiB\tpeak RSS MiB\tseconds\tnote\n' >"$tsv"
failed=0
for engine in "${engines[@]}"; do
  mapfile -t kdf < <(cheap_keystores "$engine")
  for size in "${sizes[@]}"; do
    for threads in "${thread_counts[@]}"; do
      dir="$results/$engine-${size}m-${threads}t"
      started=$SECONDS
      "$java" --enable-native-access=ALL-UNNAMED "-Xmx${HEAP:-256m}" -jar "$jar" run --storage-providers MINIO \
        --engines "$engine" --fixture "$fixture" --file-sizes $((size * 1024)) --threads "$threads" "${kdf[@]}" \
        --period 1s --report-formats json --report-dir "$dir" >"$dir.log" 2>&1 &
      pid=$!
      peak_kib="$(watch_peak_rss "$pid")"
      status=0
      wait "$pid" || status=$?
      seconds=$((SECONDS - started))
      if [[ $status -eq 2 ]]; then
        printf '%s\t%s\t%s\trefused\t-\t-\t%s\t%s\n' "$engine" "$size" "$threads" "$seconds" \
          "$(grep -o 'Invalid FILE_SIZES.*' "$dir.log" | head -1 | cut -c1-200)" >>"$tsv"
        continue
      fi
      outcome=passed
      [[ $status -eq 0 ]] || { outcome=failed; failed=1; say "$engine $size MiB $threads threads failed (exit $status): $dir.log"; }
      heap_mib="$(jq '[.health.samples[].heapUsedBytes] | max / 1048576 | round' "$dir"/*.json 2>/dev/null || echo -)"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n' "$engine" "$size" "$threads" "$outcome" "$heap_mib" $((peak_kib / 1024)) \
        "$seconds" >>"$tsv"
    done
  done
done
column -t -s $'\t' "$tsv"
"$java" -cp "$jar" scripts/MemoryPlot.java "$tsv" "$results"
exit "$failed"
