#!/usr/bin/env bash
# Crypto throughput of the Vault beside raw JCE and openssl, one core, MB/s (10^6 bytes/s).
# Runs, in one JMH run from workload-bench/target/vaultload-bench.jar (built first when missing or stale),
# VaultCryptoBenchmark (encrypt and decrypt of 1 MiB and 100 MiB documents through the Vault's private space, crypto
# only, beside the JDK cipher alone in the same 64 KiB calls) and MemoryBandwidthBenchmark (how fast one core reads a
# buffer of the same size); runs `openssl speed -evp` for the same ciphers; prints the memory bandwidth and one table
# with the ratios vault/JCE and vault/openssl.
# JMH's JSON (every iteration) and log stay in workload-bench/target/crypto-bench/.
#
# Fails (exit 1, naming benchmark, cipher and size) when
#   - a figure exceeds the memory bandwidth measured at its size (its best iteration, +10% for noise): a path that
#     reads all of its input cannot be faster, so the benchmark skipped work;
#   - a baseline (raw JCE, the memory bandwidth) is not at steady state: the median of the last half of its
#     measurement iterations differs from the median of the first half by more than 10% (still compiling, or
#     disturbed). With fewer than 4 measurement iterations (the smoke run) steady state is not judged, and the
#     script says so; the bandwidth check still applies.
#   JMH_OPTS         JMH options (default: -f 1 -wi 3 -w 1s -i 6 -r 1s -t 1)
#   OPENSSL_SECONDS  seconds per openssl figure (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
JMH_OPTS="${JMH_OPTS:--f 1 -wi 3 -w 1s -i 6 -r 1s -t 1}"
results=workload-bench/target/crypto-bench
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

source scripts/lib/module-jar.sh
jar="$(module_jar workload-bench vaultload-bench.jar)"
mkdir -p "$results"

# shellcheck disable=SC2086
if ! "$java" -jar "$jar" jmh '\.(VaultCryptoBenchmark|MemoryBandwidthBenchmark)\.' \
    $JMH_OPTS -rf json -rff "$results/jmh.json" > "$results/jmh.log" 2>&1; then
  tail -30 "$results/jmh.log" >&2
  echo "crypto-bench: JMH failed, log in $results/jmh.log" >&2
  exit 1
fi

# openssl: 16 KiB blocks (its largest default size), OPENSSL_SECONDS per figure, encrypt and decrypt
openssl_mbs() { # evp-name [-decrypt]
  openssl speed -evp "$1" ${2:-} -bytes 16384 -seconds "${OPENSSL_SECONDS:-3}" 2>/dev/null \
    | awk -v n="$1" 'tolower($1) == n { v = $NF; sub("k", "", v); printf "%.0f", v / 1000 }'
}
for pair in AES256_GCM:aes-256-gcm AES256_CBC:aes-256-cbc CHACHA20_POLY1305:chacha20-poly1305; do
  echo "${pair%%:*} encrypt $(openssl_mbs "${pair#*:}")"
  echo "${pair%%:*} decrypt $(openssl_mbs "${pair#*:}" -decrypt)"
done > "$out/openssl.txt"

echo "JDK: $("$java" -version 2>&1 | head -1); openssl: $(openssl version); JMH: $JMH_OPTS"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); JMH JSON: $results/jmh.json"
"$java" -jar "$jar" crypto-report "$results/jmh.json" "$out/openssl.txt"
