# Sourced by the scripts that run one of the project's executable jars (from the repository root): sets JAVA_HOME
# and java, and defines module_jar. Online, like every script: a fresh clone has an empty Maven repository.
export JAVA_HOME="$(scripts/jdk21-home)"
java="$JAVA_HOME/bin/java"

# module_jar MODULE JAR: prints MODULE/target/JAR, first building it (and the modules it needs) when it is missing
# or older than any source or pom
module_jar() {
  local jar="$1/target/$2"
  if [[ ! -f "$jar" ]] || [[ -n "$(find pom.xml */pom.xml */src/main -newer "$jar" -print -quit)" ]]; then
    ./mvnw -q -B -ntp -pl "$1" -am package -DskipTests >&2 || return
  fi
  echo "$jar"
}
