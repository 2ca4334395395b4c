# Sourced by the scripts that count a server-side engine's key-manager calls with the key manager's own counter (the
# client cannot see them): each run NAME under RESULTS_DIR keeps its counter's difference in NAME/kms-requests.
#   kms_requests_table FIRST_COLUMN KMS RESULTS_DIR TABLE_FILE NAME...
# prints, and writes to TABLE_FILE, one row per run and operation (WRITE, READ): ops/s, p99, the key manager's requests
# in the run and per measured operation. They cover the whole run (validation reads and clean-up too), so they are
# given per run and per measured operation, not per operation type.
kms_requests_table() {
  local first=$1 kms=$2 results=$3 table=$4 name requests; shift 4
  {
    printf '%s\toperation\tops/s\tp99 ms\t%s requests in the run\tper measured operation\n' "$first" "$kms"
    for name in "$@"; do
      requests="$(cat "$results/$name/kms-requests")"
      jq -r --arg name "$name" --argjson requests "$requests" '(.operations | map(.count) | add) as $operations
        | .operations[] | select(.type == "WRITE" or .type == "READ")
        | [$name, .type, .opsPerSecond, (.percentileMicros["99"] / 1000), $requests, ($requests / $operations)] | @tsv' \
        "$results/$name"/*.json
    done | awk -F'\t' -v OFS='\t' '{printf "%s\t%s\t%.1f\t%.2f\t%d\t%.2f\n", $1, $2, $3, $4, $5, $6}'
  } | column -t -s $'\t' | tee "$table"
}
