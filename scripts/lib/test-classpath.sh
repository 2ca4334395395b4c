# Sourced from the repository root by scripts/calibrate-compare.sh and scripts/calibrate-history.sh, whose
# CompareCalibration and HistoryCalibration are fixtures of parse's and workload-history's tests (the other
# benchmarks run from vaultload-bench.jar). test_classpath MODULE selects a JDK >= 21, builds MODULE's test classes
# (and the modules it needs) and sets TEST_CLASSPATH to run them with: its main and test classes and every
# test-scope dependency. Online, like every script: a fresh clone has an empty
# Maven repository.
export JAVA_HOME="$(scripts/jdk21-home)"
test_classpath() {
  local module="$1"
  ./mvnw -q -B -ntp -pl "$module" -am test-compile dependency:build-classpath \
    -Dmdep.outputFile=target/test.classpath -Dmdep.includeScope=test
  TEST_CLASSPATH="$module/target/test-classes:$module/target/classes:$(cat "$module/target/test.classpath")"
}
