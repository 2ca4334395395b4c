#!/usr/bin/env bash
# Crypto throughput of the Vault beside raw JCE and openssl, one core, MB/s (10^6 bytes/s).
# Builds workload-vault's test classes, runs the JMH benchmark VaultCryptoBenchmark (encrypt and decrypt of
# 1 MiB and 100 MiB documents through the Vault's private space, crypto only), runs `openssl speed -evp`
# for the same ciphers, and prints one table with the ratios vault/JCE and vault/openssl.
#   JMH_OPTS         JMH options (default: short run, single thread)
#   OPENSSL_SECONDS  seconds per openssl figure (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
JMH_OPTS="${JMH_OPTS:--f 1 -wi 3 -w 2s -i 5 -r 1s -t 1}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

source scripts/lib/test-classpath.sh
test_classpath workload-vault

# shellcheck disable=SC2086
"$JAVA_HOME/bin/java" -cp "$TEST_CLASSPATH" org.openjdk.jmh.Main VaultCryptoBenchmark $JMH_OPTS \
  -rf csv -rff "$out/jmh.csv" > "$out/jmh.log"

# openssl: 16 KiB blocks (its largest default size), OPENSSL_SECONDS per figure, encrypt and decrypt
openssl_mbs() { # evp-name [-decrypt]
  openssl speed -evp "$1" ${2:-} -bytes 16384 -seconds "${OPENSSL_SECONDS:-3}" 2>/dev/null \
    | awk -v n="$1" 'tolower($1) == n { v = $NF; sub("k", "", v); printf "%.0f", v / 1000 }'
}
declare -A ossl
for c in aes-256-gcm aes-256-cbc chacha20-poly1305; do
  ossl["$c encrypt"]="$(openssl_mbs "$c")"
  ossl["$c decrypt"]="$(openssl_mbs "$c" -decrypt)"
done

echo "JDK: $("$JAVA_HOME/bin/java" -version 2>&1 | head -1); openssl: $(openssl version); JMH: $JMH_OPTS"
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
awk -F, -v gcm_e="${ossl[aes-256-gcm encrypt]}" -v gcm_d="${ossl[aes-256-gcm decrypt]}" \
        -v cbc_e="${ossl[aes-256-cbc encrypt]}" -v cbc_d="${ossl[aes-256-cbc decrypt]}" \
        -v cha_e="${ossl[chacha20-poly1305 encrypt]}" -v cha_d="${ossl[chacha20-poly1305 decrypt]}" '
  function unq(s) { gsub(/"/, "", s); return s }
  NR == 1 { next }
  {
    bench = unq($1); sub(/.*\./, "", bench); score = unq($5); cipher = unq($8); size = unq($9)
    mbs[bench, cipher, size] = size / score          # bytes per microsecond = MB/s
    ciphers[cipher] = 1; sizes[size] = 1
  }
  END {
    o["AES256_GCM", "encrypt"] = gcm_e; o["AES256_GCM", "decrypt"] = gcm_d
    o["AES256_CBC", "encrypt"] = cbc_e; o["AES256_CBC", "decrypt"] = cbc_d
    o["CHACHA20_POLY1305", "encrypt"] = cha_e; o["CHACHA20_POLY1305", "decrypt"] = cha_d
    printf "\n| cipher | size | op | vault MB/s | raw JCE MB/s | openssl MB/s | vault/JCE | vault/openssl |\n"
    printf "|---|---|---|---:|---:|---:|---:|---:|\n"
    n = split("AES256_GCM AES256_CBC CHACHA20_POLY1305 NONE", order, " ")
    for (i = 1; i <= n; i++) {
      c = order[i]; if (!(c in ciphers)) continue
      for (s in sizes) for (k = 1; k <= 2; k++) {
        op = k == 1 ? "encrypt" : "decrypt"; Op = k == 1 ? "Encrypt" : "Decrypt"
        v = mbs["vault" Op, c, s]; r = mbs["rawJce" Op, c, s]; os = o[c, op]
        printf "| %s | %s MiB | %s | %.0f | %.0f | %s | %.2f | %s |\n", c, s / 1048576, op, v, r,
          (os == "" ? "-" : os), v / r, (os == "" ? "-" : sprintf("%.2f", v / os))
      }
    }
  }' "$out/jmh.csv"
