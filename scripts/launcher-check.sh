#!/usr/bin/env bash
# The README's command line as a new user on Debian meets it: `java` on PATH is JDK 17, which cannot run
# vaultload.jar (UnsupportedClassVersionError), and the JDK >= 21 beside it may be 24+, which prints four lines of
# "WARNING: A restricted method ... has been called" whenever SQLite's driver or JNA loads its native library,
# unless native access is enabled. Checks, one line each; exit 1 if any failed:
#   1. ./vaultload --help exits 0, prints Usage, and its stderr has no restricted-method warning;
#   2. from another directory, ./vaultload --version works and a relative path (generate --out f.json) is the caller's;
#   3. through ./vaultload, a command that loads SQLite's native library (history list) prints no warning;
#   4. plain `java -jar vaultload.jar` on the JDK >= 21 prints none either (the manifest's Enable-Native-Access),
#      while the same command with the jar on the class path (no manifest) does: the command really loads native code.
#      On a JDK < 24, which never warns, check 4 is skipped.
# ./vaultload builds the jar first when it is missing or stale. OLD_JAVA_HOME: the JDK put first on PATH (default
# Debian's 17, else PATH stays as it is).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

old_java_home="${OLD_JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
[[ -x "$old_java_home/bin/java" ]] && export PATH="$old_java_home/bin:$PATH"
unset JAVA_HOME # as on a fresh machine: ./vaultload must find the JDK >= 21 itself
warning='WARNING: A restricted method'
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failed=1; }
feature() { sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release"; }

echo "--   java on PATH: $(java -version 2>&1 | head -1)"

# 1. --help, with the build (if any) in the same stderr: Maven's output must not carry the warning either
if ./vaultload --help >"$tmp/help.out" 2>"$tmp/help.err" && grep -q Usage "$tmp/help.out" \
  && ! grep -q "$warning" "$tmp/help.err"; then
  pass "./vaultload --help: exit 0, Usage, no restricted-method warning"
else
  fail "./vaultload --help: $(cat "$tmp/help.err" "$tmp/help.out" | head -c 300 | tr '\n' ' ')"
fi

# 2. another working directory: the launcher finds itself, the user's relative paths stay the user's
if (cd "$tmp" && "$root/vaultload" --version >version.out 2>&1 \
  && "$root/vaultload" generate --operations 10 --seed 7 --out f.json >/dev/null 2>&1) \
  && grep -q '^vaultload ' "$tmp/version.out" && [[ -s "$tmp/f.json" ]]; then
  pass "from $tmp: $(head -1 "$tmp/version.out"); generate --out f.json wrote $tmp/f.json"
else
  fail "from $tmp: --version or generate --out f.json: $(head -c 300 "$tmp/version.out" | tr '\n' ' ')"
fi

# 3. the launcher's --enable-native-access, on a command that loads SQLite's native library
if ./vaultload history list --url "jdbc:sqlite:$tmp/launcher.db" >"$tmp/h3.out" 2>&1 \
  && ! grep -q "$warning" "$tmp/h3.out"; then
  pass "./vaultload history list (SQLite): exit 0, no restricted-method warning"
else
  fail "./vaultload history list (SQLite): $(head -c 300 "$tmp/h3.out" | tr '\n' ' ')"
fi

# 4. java -jar on the JDK >= 21: the manifest's Enable-Native-Access; the class path run (no manifest) is the control
jdk="$(scripts/jdk21-home)"
jar=workload-cli/target/vaultload.jar
if (($(feature "$jdk") < 24)); then
  echo "--   java -jar: skipped, JDK $(feature "$jdk") at $jdk does not warn (JEP 472 is JDK 24+)"
else
  "$jdk/bin/java" -cp "$jar" dev.vaultload.cli.VaultloadCli history list --url "jdbc:sqlite:$tmp/cp.db" \
    >"$tmp/cp.out" 2>&1 || true
  if ! grep -q "$warning" "$tmp/cp.out"; then
    fail "control: java -cp vaultload.jar history list printed no warning: the command loads no native code?"
  elif "$jdk/bin/java" -jar "$jar" history list --url "jdbc:sqlite:$tmp/jar.db" >"$tmp/jar.out" 2>&1 \
    && ! grep -q "$warning" "$tmp/jar.out"; then
    pass "JDK $(feature "$jdk"): java -jar vaultload.jar history list: no warning (java -cp, no manifest: warns)"
  else
    fail "JDK $(feature "$jdk"): java -jar vaultload.jar history list: $(head -c 300 "$tmp/jar.out" | tr '\n' ' ')"
  fi
fi
exit "$failed"
