#!/usr/bin/env bash
# A short HEADROOM READ run on CEPH through every endpoint of AWS_URL (a list: scripts/start-ceph.sh second-rgw prints
# one) that fails unless its JSON result names each endpoint with requests in proportion to its weight (within 10%)
# and none failed. Prints the per-endpoint lines. Needs AWS_URL, AWS_ACCESS_KEY, AWS_SECRET_KEY (and AWS_BUCKET).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/vaultload-jar.sh # sets $jar
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$java" -jar "$jar" run --mode HEADROOM --operation READ --file-sizes 4 --min-threads 2 --max-threads 2 \
  --thread-step 1 --operations-per-step 1000 --kdf-iterations 1000 --storage-providers CEPH \
  --report-dir "$out" >"$out/run.log" 2>&1 \
  || { tail -20 "$out/run.log"; exit 1; }
grep -h "Endpoint " "$out/run.log" | sed 's/.* - //'
python3 - "$out"/*.json <<'PY'
import json, sys
endpoints = json.load(open(sys.argv[1]))["storageDetails"]["endpoints"]
assert len(endpoints) >= 2, f"expected every endpoint of the list, got {endpoints}"
requests, weights = sum(e["requests"] for e in endpoints), sum(e["weight"] for e in endpoints)
for e in endpoints:
    share, wanted = e["requests"] / requests, e["weight"] / weights
    assert abs(share - wanted) <= 0.1 * wanted, f"{e['endpoint']}: {share:.3f} of the requests, weight says {wanted:.3f}"
    assert e["failedRequests"] == 0, f"{e['endpoint']}: {e['failedRequests']} failed requests"
print(f"endpoint list: {len(endpoints)} endpoints, {requests} requests, shares as weighted, none failed")
PY
