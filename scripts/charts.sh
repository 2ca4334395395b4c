#!/usr/bin/env bash
# Every table and chart from a results folder (JSON results, or Datasafe-format logs when it holds no JSON):
#   scripts/charts.sh RESULTS_DIR [OUT_DIR]      (OUT_DIR defaults to RESULTS_DIR/charts)
# writes OUT_DIR/throughput.txt (parse_script.groovy), OUT_DIR/detail.txt (parse_script_table.groovy) and the
# PNG charts (a chart whose data is missing is skipped with the reason), and RESULTS_DIR/report.html.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 RESULTS_DIR [OUT_DIR]" >&2; exit 2; }
results="$(cd "$1" && pwd)"
out="${2:-$results/charts}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
parse_tool table "$results" > "$out/throughput.txt"
parse_tool detail "$results" > "$out/detail.txt"
parse_tool charts --out "$out" "$results"
# the one page: only where the results are JSON (Datasafe-format logs hold no run result)
if find "$results" -name '*.json' -print -quit | grep -q .; then
  parse_tool report "$results"
fi
echo "tables: $out/throughput.txt $out/detail.txt"
