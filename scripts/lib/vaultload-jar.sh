# Sourced by the scripts that run vaultload.jar (from the repository root): sets JAVA_HOME, java and jar, and
# builds the jar when it is missing or older than any source or pom.
export JAVA_HOME="$(scripts/jdk21-home)"
java="$JAVA_HOME/bin/java"
jar=workload-cli/target/vaultload.jar
if [[ ! -f "$jar" ]] || [[ -n "$(find pom.xml */pom.xml */src/main -newer "$jar" -print -quit)" ]]; then
  ./mvnw -q -B -ntp -pl workload-cli -am package -DskipTests >&2
fi
