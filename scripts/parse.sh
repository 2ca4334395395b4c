#!/usr/bin/env bash
# The parse tool: scripts/parse.sh table|detail|charts|compare ARGS (see docs/charts.md). Builds
# parse/target/vaultload-parse.jar on first use; no Groovy installation needed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/run-suite.sh
parse_tool "$@"
