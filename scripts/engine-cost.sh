#!/usr/bin/env bash
# What encryption costs, per engine, in one sitting on MinIO over TLS (SSE_C needs it): for each engine, document size
# and operation (WRITE, READ), one `vaultload run --mode RATE` on one thread (OPERATION at RATE per second for DURATION
# after a warm-up) in a JVM of HEAP, and from its result: the worker CPU per MiB of content against this machine's
# ceiling for the operation's unavoidable work, measured in the same JVM before the load (the share: 1 would be the
# ceiling itself), the whole process's CPU per MiB (threads an engine works on besides the worker, e.g. S3EC's part
# uploads and its asynchronous client's, and the JVM's GC and JIT), the store requests per operation by kind, the bytes sent and received per byte of content (a WRITE's
# bytes sent per content byte are what a client-side engine stores per byte written; the server-side engines' own
# overhead is on the server), the store's share of the time, the KMS calls per operation, and the process's peak heap
# (its health samples, one a second) and peak RSS (the kernel's VmHWM). Prints one table (also RESULTS_DIR/cost.tsv);
# its note says when the ceiling looks wrong (a loaded machine measures it too low: run the table on a quiet one).
# A run that falls behind its rate still counts (MIN_ACHIEVED_SHARE 0): the table is about cost, not the rate held.
# Exit 1 when a run did not pass; a run refused before it started (an engine's buffer limit) is a row that says so.
#   scripts/engine-cost.sh RESULTS_DIR                                     every engine, 1 and 16 MiB (~10 min)
#   ENGINES=VAULTLOAD,SSE_C FILE_SIZES=1024 DURATION=3s scripts/engine-cost.sh target/engine-cost   CI's short form
# MinIO: started here over TLS (its pinned binary) and stopped at the end, unless MINIO_URL names one.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [ENGINES=...] [FILE_SIZES=1024,16384] [RATE=2] [DURATION=20s] [HEAP=1g] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
SERVER_SCRIPT=engine-cost
source scripts/lib/local-server.sh
source scripts/lib/vaultload-jar.sh
source scripts/lib/every-engine.sh "$results" 29420

IFS=, read -r -a engines <<< "${ENGINES:-VAULTLOAD,DATASAFE,S3EC,SSE_S3,SSE_KMS,SSE_C}"
IFS=, read -r -a sizes <<< "${FILE_SIZES:-1024,16384}"
tsv="$results/cost.tsv"
printf 'engine\tsize KiB\toperation\tops/s\tworker CPU ms/MiB\tprocess CPU ms/MiB\tceiling ms/MiB\tshare of ceiling\trequests/op\tsent/content byte\treceived/content byte\tstore share\tKMS calls/op\tpeak heap MiB\tpeak RSS MiB\tnote\n' >"$tsv"
failed=0
for engine in "${engines[@]}"; do
  mapfile -t kdf < <(cheap_keystores "$engine")
  for size in "${sizes[@]}"; do
    for operation in WRITE READ; do
      dir="$results/$engine-$size-$operation"
      "$java" --enable-native-access=ALL-UNNAMED "-Xmx${HEAP:-1g}" -jar "$jar" run --mode RATE --operation "$operation" \
        --rate "${RATE:-2}" --threads 1 --duration "${DURATION:-20s}" --warmup "${WARMUP:-4s}" --period 1s \
        --storage-providers MINIO --engines "$engine" --file-sizes "$size" "${kdf[@]}" --MIN_ACHIEVED_SHARE 0 --report-formats json \
        --report-dir "$dir" >"$dir.log" 2>&1 &
      pid=$!
      peak_kib="$(watch_peak_rss "$pid")"
      status=0
      wait "$pid" || status=$?
      if [[ $status -eq 2 ]]; then
        printf '%s\t%s\t%s\trefused before the run: %s\n' "$engine" "$size" "$operation" \
          "$(grep -o 'Invalid [A-Z_]*=.*' "$dir.log" | head -1 | cut -c1-160)" >>"$tsv"
        continue
      fi
      [[ $status -eq 0 ]] || { say "$engine $size KiB $operation did not pass (exit $status), see $dir.log"; failed=1; }
      # an open loop splits the service times (from each operation's actual start), kept beside the corrected ones
      jq -r --arg engine "$engine" --arg size "$size" --argjson rss_mib $((peak_kib / 1024)) '
        def round2: . * 100 | round / 100;
        def round3: . * 1000 | round / 1000;
        (.operations[0]) as $op | (.ceilingShares[0] // {}) as $share | ($op.storeTraffic // {}) as $traffic
        | ($op.timeSplit // (.rate.uncorrected[] | select(.type == $op.type) | .timeSplit) // {}) as $split
        | [$engine, $size, $op.type, ($op.opsPerSecond | round2),
           ($share.workerCpuMillisPerMib // null | if . then round3 else "-" end),
           (.cpu.processCpuMillisPerOperation / ($size | tonumber / 1024) | round3),
           ($share.ceilingMillisPerMib // null | if . then round3 else "-" end),
           ($share.shareOfCeiling // null | if . then round2 else "-" end),
           ($traffic.requestsPerOperation // {} | to_entries | map("\(.key) \(.value | round2)") | join(", ")
              | if . == "" then "-" else . end),
           ($traffic.sentBytesPerContentByte // "-" | if type == "number" then round3 else . end),
           ($traffic.receivedBytesPerContentByte // "-" | if type == "number" then round3 else . end),
           ($split.storageShare // "-" | if type == "number" then round2 else . end),
           ($split.kmsCallsPerOperation // 0 | round2),
           ([.health.samples[].heapUsedBytes] | max / 1048576 | round), $rss_mib,
           ($share.ceilingSuspect // "")] | @tsv' "$dir"/*.json >>"$tsv"
    done
  done
done
column -t -s $'\t' "$tsv"
exit "$failed"
