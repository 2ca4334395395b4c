#!/usr/bin/env bash
# What a READ of a byte range costs per engine, in one sitting on a MinIO over TLS that this script starts (SSE_C needs
# TLS) and stops: per engine, one pass of a generated fixture whose every READ reads a RANGE_BYTES range at a uniform
# offset of a DOCUMENT_KIB document, and the READs' bytes fetched and decrypted per byte returned (the result's
# rangedReads) beside their p50. Then one 1 GiB VAULTLOAD document read for a 64 KiB range that does not start on a
# chunk boundary, whose bytes fetched and decrypted are printed and checked against the range plus two chunks
# (exit 1 above it).
#
#   scripts/ranged-reads.sh RESULTS_DIR          e.g. target/ranged-reads
#   ENGINES="VAULTLOAD S3EC" DOCUMENT_KIB=8192 RANGE_BYTES=65536 READS=200 scripts/ranged-reads.sh RESULTS_DIR
# MinIO: started here over TLS (the pinned binary) on MINIO_PORT (default 29140) and the port after it, data under
# RESULTS_DIR/minio, stopped at the end, unless MINIO_URL names one.
set -euo pipefail
[[ $# -eq 1 ]] || { echo "usage: [ENGINES=...] [DOCUMENT_KIB=8192] [RANGE_BYTES=65536] [READS=200] $0 RESULTS_DIR" >&2; exit 2; }
results="$(mkdir -p "$1" && cd "$1" && pwd)"
cd "$(dirname "$0")/.."
SERVER_SCRIPT=ranged-reads
source scripts/lib/local-server.sh
engines=(${ENGINES:-VAULTLOAD DATASAFE S3EC SSE_S3 SSE_KMS SSE_C})
document_kib="${DOCUMENT_KIB:-8192}"
range_bytes="${RANGE_BYTES:-65536}"
reads="${READS:-200}"
chunk_bytes=65536 # VAULTLOAD's AEAD chunk (DocumentCodec.CHUNK_BYTES)
source scripts/lib/every-engine.sh "$results" 29140

# one user writes (weight 1) and reads (weight 4) documents of one size; every READ a range
./vaultload generate --seed 7 --users 1 --operations "$((reads * 5 / 4))" --private-only \
  --weights write=1,read=4,list=0,delete=0 --file-sizes "lognormal:median=${document_kib}KiB,sigma=0" \
  --range-reads "100%:$range_bytes" --out "$results/ranged.json" >/dev/null

run() { # run NAME ENGINE FIXTURE FILE_SIZE_KIB: one pass, one thread, the fixture's documents of that size
  local kdf
  mapfile -t kdf < <(cheap_keystores "$2")
  ./vaultload run --storage-providers MINIO --engines "$2" --threads 1 --fixture "$3" --file-sizes "$4" "${kdf[@]}" \
    --report-dir "$results/$1" | tail -1
}
for engine in "${engines[@]}"; do
  run "$engine" "$engine" "$results/ranged.json" "$document_kib"
done
{
  printf 'engine\tranged READs\trange bytes\tfetched/returned\tdecrypted/returned\tREAD p50 ms\n'
  for engine in "${engines[@]}"; do
    jq -r --arg engine "$engine" '.operations[] | select(.type == "READ") | [$engine, .rangedReads.count,
      .rangedReads.returnedBytesPerRead, (.rangedReads.fetchedBytesPerReturnedByte // "not seen"),
      .rangedReads.decryptedBytesPerReturnedByte, (.percentileMicros["50"] / 1000)] | @tsv' "$results/$engine"/*.json
  done | awk -F'\t' -v OFS='\t' '{printf "%s\t%d\t%.0f\t%s\t%.3f\t%.2f\n", $1, $2, $3,
    ($4 == "not seen" ? $4 : sprintf("%.3f", $4)), $5, $6}'
} | column -t -s $'\t' | tee "$results/table.txt"

# the 1 GiB document: one WRITE, one READ of 64 KiB from 1000 bytes past its middle (two chunks)
gib=$((1024 * 1024 * 1024)) first=$((gib / 2 + 1000)) length=65536
content=9d3b1e52-4c0f-4a8e-b6f1-2a7c5e0d8f13
cat >"$results/gib.json" <<JSON
{"operations": [
 {"userId": "user-0", "type": "CREATE_USER"},
 {"userId": "user-0", "type": "WRITE", "storageType": "PRIVATE", "contentId": {"id": "$content"}, "location": "big.bin", "sizeBytes": $gib},
 {"userId": "user-0", "type": "READ", "storageType": "PRIVATE", "location": "big.bin", "result": {"content": {"id": "$content"}}, "range": {"firstByte": $first, "lastByte": $((first + length - 1))}}],
 "userPrivateSpace": {"user-0": {"big.bin": {"id": "$content"}}}, "userPublicSpace": {}}
JSON
run gib VAULTLOAD "$results/gib.json" $((gib / 1024))
read -r returned fetched decrypted < <(jq -r '.operations[] | select(.type == "READ") | .rangedReads
  | [.returnedBytesPerRead, (.fetchedBytesPerReturnedByte * .returnedBytesPerRead),
     (.decryptedBytesPerReturnedByte * .returnedBytesPerRead)] | map(round) | @tsv' "$results/gib"/*.json)
bound=$((length + 2 * chunk_bytes))
printf 'VAULTLOAD, 1 GiB document, bytes %d-%d: returned %d, fetched %d, decrypted %d (bound: range + two chunks = %d)\n' \
  "$first" "$((first + length - 1))" "$returned" "$fetched" "$decrypted" "$bound" | tee "$results/gib.txt"
((fetched <= bound && decrypted <= bound)) || die "the 64 KiB range of the 1 GiB document cost more than range + two chunks"
say "tables in $results/table.txt and $results/gib.txt"
