# Sourced by the run scripts (from the repository root). run_suite SUITE REPORT_DIR runs one suite of
# workload-tests with its results (JSON, CSV, .hlog) in REPORT_DIR and a copy of its Datasafe-format log as
# REPORT_DIR/workload.log. Configuration (STORAGE_PROVIDERS, THREADS, FILE_SIZES, FIXTURE_SIZE, CIPHER,
# KDF_ITERATIONS, BUCKETS, AWS_*, ...) is read by the suite from the environment, so secrets never appear on
# a command line.
export JAVA_HOME="$(scripts/jdk21-home)"
SUITE_LOG=workload-tests/target/workload-reports/workload.log

run_suite() {
  local suite="$1" report_dir
  report_dir="$(mkdir -p "$2" && cd "$2" && pwd)"
  mkdir -p "$(dirname "$SUITE_LOG")" && : > "$SUITE_LOG"
  echo "== $suite -> $report_dir (STORAGE_PROVIDERS=${STORAGE_PROVIDERS:-EMBEDDED} THREADS=${THREADS:-2,4,8} FILE_SIZES=${FILE_SIZES:-100,1024,10240} CIPHER=${CIPHER:-AES256_GCM})" >&2
  REPORT_DIR="$report_dir" ./mvnw -q -B -ntp \
    -Dtest="$suite" test
  cp "$SUITE_LOG" "$report_dir/workload.log"
}

# The parse launcher (tables, charts, compare), built once.
PARSE_JAR=parse/target/vaultload-parse.jar
parse_tool() {
  if [[ ! -f "$PARSE_JAR" ]]; then
    ./mvnw -q -B -pl parse -am package -DskipTests >&2
  fi
  "$JAVA_HOME/bin/java" -jar "$PARSE_JAR" "$@"
}
