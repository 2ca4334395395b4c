#!/usr/bin/env bash
# How much a configuration's figures move from one run to the next: RUNS runs of the same `vaultload run` arguments,
# one after the other, then per combination and operation the mean and the run-to-run spread (coefficient of
# variation, sample standard deviation / mean) of ops/s, p50 and p99. That spread is what `history check` must see
# through (docs/gates.md: a 10% step is found within 3 runs in >= 90% of series up to about 5%; above it, several
# runs a night and `--per day`); measure it on the machine the nightly job runs on.
#   scripts/run-noise.sh RUNS [vaultload run arguments...]
#   e.g. scripts/run-noise.sh 5 --storage-providers MINIO --threads 4 --file-sizes 100
# Prints one row per combination and operation; the runs' reports stay in a temporary directory named at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:?usage: $0 RUNS [vaultload run arguments...]}"
shift
[[ "$runs" =~ ^[0-9]+$ && "$runs" -ge 2 ]] || { echo "RUNS must be an integer >= 2, got '$runs'" >&2; exit 2; }
source scripts/lib/vaultload-jar.sh # sets $java and $jar
work="$(mktemp -d)"
for (( run = 1; run <= runs; run++ )); do
  "$java" -jar "$jar" run "$@" --report-dir "$work/run-$run" > "$work/run-$run.log" 2>&1 \
    || { tail -20 "$work/run-$run.log" >&2; echo "run $run failed: $work/run-$run.log" >&2; exit 1; }
  echo "run $run of $runs done (load average $(cut -d' ' -f1-3 /proc/loadavg))"
done
python3 - "$work" "$runs" <<'PY'
import glob, json, os, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
figures = {}  # (combination, operation) -> figure -> [value per run]
for run in range(1, runs + 1):
    for path in glob.glob(os.path.join(work, f"run-{run}", "*.json")):
        result = json.load(open(path))
        if "operations" not in result:
            continue
        combination = f"{result['storage']} {result['engine']} {result['cipher']} {result['threads']}t {result['fileSizeKib']}KiB"
        for op in result["operations"]:
            row = figures.setdefault((combination, op["type"]), {"ops/s": [], "p50 ms": [], "p99 ms": []})
            row["ops/s"].append(op["opsPerSecond"])
            row["p50 ms"].append(op["percentileMicros"]["50"] / 1000)
            row["p99 ms"].append(op["percentileMicros"]["99"] / 1000)
print(f"{'combination':<40} {'operation':<12} " + "  ".join(f"{name + ' mean':>12} {'spread':>7}" for name in ("ops/s", "p50 ms", "p99 ms")))
for (combination, operation), row in sorted(figures.items()):
    cells = []
    for values in row.values():
        mean = statistics.fmean(values)
        spread = statistics.stdev(values) / mean * 100 if len(values) > 1 and mean else float("nan")
        cells.append(f"{mean:>12.3f} {spread:>6.1f}%")
    print(f"{combination:<40} {operation:<12} " + "  ".join(cells) + f"   ({len(row['ops/s'])} runs)")
PY
echo "reports: $work"
