# Sourced by the scripts that run vaultload.jar (from the repository root): sets JAVA_HOME, java and jar, and
# builds the jar when it is missing or older than any source or pom.
source scripts/lib/module-jar.sh
jar="$(module_jar workload-cli vaultload.jar)"
