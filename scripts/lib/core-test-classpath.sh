# Sourced by the benchmark scripts. Selects a JDK >= 21, builds workload-core's test classes and sets
# CORE_TEST_CLASSPATH to run them with (main and test classes, every test-scope dependency).
# Expects to be sourced from the repository root.
export JAVA_HOME="$(scripts/jdk21-home)"
core_classpath_file="$(mktemp)"
./mvnw -o -q -B -pl workload-core test-compile dependency:build-classpath \
  -Dmdep.outputFile="$core_classpath_file" -Dmdep.includeScope=test
CORE_TEST_CLASSPATH="workload-core/target/test-classes:workload-core/target/classes:$(cat "$core_classpath_file")"
rm -f "$core_classpath_file"
