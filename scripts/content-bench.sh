#!/usr/bin/env bash
# Runs the ContentGenerator JMH benchmark (one thread, short warm-up and measurement).
# Extra arguments go to JMH, e.g. scripts/content-bench.sh -p sizeBytes=102400,10485760
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA_HOME:-$(scripts/jdk21-home)}"
[ "$("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}' | cut -d. -f1)" -ge 21 ] \
  || export JAVA_HOME="$(scripts/jdk21-home)"

./mvnw -q -o -B -pl workload-core test-compile
classpath_file="workload-core/target/test-classpath.txt"
./mvnw -q -o -B -pl workload-core dependency:build-classpath \
  -Dmdep.outputFile="$PWD/$classpath_file" -Dmdep.includeScope=test
cd workload-core
"$JAVA_HOME/bin/java" -cp "target/test-classes:target/classes:$(cat "../$classpath_file")" \
  org.openjdk.jmh.Main ContentGeneratorBenchmark -t 1 "$@"
