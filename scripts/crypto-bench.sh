#!/usr/bin/env bash
# Crypto throughput of the Vault beside raw JCE and openssl, one core, MB/s (10^6 bytes/s), and VAULTLOAD's share of
# this machine's crypto ceiling in real runs (issue #40).
#   scripts/crypto-bench.sh [all|jmh|share|ceiling]     (default all: every part)
#
# jmh: in one JMH run from workload-bench/target/vaultload-bench.jar (built first when missing or stale),
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
#
# share: SHARE_RUNS turns of one `vaultload run --mode RATE` WRITE and one READ (workload-cli's vaultload.jar), AES-256-
# GCM, SHARE_SIZE_MIB documents on MEMORY, one thread and one user (the READ's pool: 8 documents), 2 per second for
# 12 s after a 4 s warm-up, in a JVM whose SHARE_HEAP heap is committed and touched before the run (-Xms, AlwaysPreTouch:
# else the first touch of each new heap page, the kernel mapping it, lands in the writing thread's CPU, a cost of the
# heap growing rather than of the engine, which a long run pays once); per run the worker CPU ms/MiB (the harness's content
# generation and expected digests left out), the ceiling ms/MiB measured in the same JVM before the load (a WRITE's:
# GCM encryption; a READ's: GCM decryption + SHA-256) and the share = ceiling / worker CPU, then per operation the
# median share and its spread against SHARE_GOAL, over the runs whose ceiling is not marked suspect (a loaded machine
# can keep the measurement from reaching the JIT's compiled ciphers). Fails (exit 1) when a median share is below the
# goal, when an operation has no run to judge, or when a run fails. The load average at each run's start is printed:
# neighbours slow a run's CPU too. Then the bounds no engine passes (vaultload-bench.jar memory-bound): GCM into a reused
# buffer, as the ceiling measures it, against GCM whose output is kept in the heap, as a MEMORY WRITE must; GCM and
# SHA-256 of one chunk in cache against a document kept in the heap, copied out or opened in place, as a MEMORY READ.
# Results in workload-bench/target/crypto-bench/share/.
#   SHARE_RUNS (3), SHARE_SIZE_MIB (64), SHARE_HEAP (3g), SHARE_GOAL (0.8: issue #40 item 5)
#
# ceiling: the crypto ceiling as a run measures it before its combinations, in CEILING_JVMS fresh JVMs one after the
# other (vaultload-bench.jar ceiling: AES-256-GCM both ways and SHA-256 on a 64 MiB run's 1 MiB buffer): per JVM whether
# it was steady, its time and each work's MiB/s, then per work the median, min and max. Each run measures its ceiling
# once, so a JVM whose figure is far below the others' is a run whose share of its ceiling would be wrong: fails (exit
# 1) when a steady JVM's figure is below CEILING_FLOOR (0.8) of its work's median, or when no JVM was steady.
#   CEILING_JVMS (10), CEILING_FLOOR (0.8)
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-all}"
[[ "$part" =~ ^(all|jmh|share|ceiling)$ ]] || { echo "usage: $0 [all|jmh|share|ceiling]" >&2; exit 2; }
for setting in SHARE_RUNS SHARE_SIZE_MIB CEILING_JVMS; do
  [[ "${!setting:-1}" =~ ^[1-9][0-9]*$ ]] || { echo "crypto-bench: $setting must be a positive integer, not '${!setting}'" >&2; exit 2; }
done
for setting in SHARE_GOAL CEILING_FLOOR; do
  [[ "${!setting:-0.8}" =~ ^(0?\.[0-9]+|1(\.0*)?)$ ]] || { echo "crypto-bench: $setting must be a share from 0 to 1, not '${!setting}'" >&2; exit 2; }
done
results=workload-bench/target/crypto-bench
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
source scripts/lib/module-jar.sh
mkdir -p "$results"

# awk functions both verdicts use: sort_(a, n) sorts a[1..n] by number in place; median_(a, n) of a sorted a[1..n]
awk_median='function sort_(a, n,   i, j, t) { for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
      t = a[j]; a[j] = a[j - 1]; a[j - 1] = t } }
    function median_(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }'

jmh_part() {
  local jar
  jar="$(module_jar workload-bench vaultload-bench.jar)"
  local jmh_opts="${JMH_OPTS:--f 1 -wi 3 -w 1s -i 6 -r 1s -t 1}"
  # shellcheck disable=SC2086
  if ! "$java" -jar "$jar" jmh '\.(VaultCryptoBenchmark|MemoryBandwidthBenchmark)\.' \
      $jmh_opts -rf json -rff "$results/jmh.json" > "$results/jmh.log" 2>&1; then
    tail -30 "$results/jmh.log" >&2
    echo "crypto-bench: JMH failed, log in $results/jmh.log" >&2
    return 1
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

  echo "JDK: $("$java" -version 2>&1 | head -1); openssl: $(openssl version); JMH: $jmh_opts"
  echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); JMH JSON: $results/jmh.json"
  "$java" -jar "$jar" crypto-report "$results/jmh.json" "$out/openssl.txt"
}

share_part() {
  local jar runs="${SHARE_RUNS:-3}" size_mib="${SHARE_SIZE_MIB:-64}" goal="${SHARE_GOAL:-0.8}"
  jar="$(module_jar workload-cli vaultload.jar)"
  local dir="$results/share"
  rm -rf "$dir" && mkdir -p "$dir"
  # one user: the READ's pool is its 8 documents, not the default fixture's 80
  cat >"$dir/fixture.json" <<'JSON'
{"operations": [
  {"userId": "user-0", "type": "CREATE_USER"},
  {"userId": "user-0", "type": "WRITE", "storageType": "PRIVATE", "contentId": {"id": "document"}, "location": "document.bin"}],
 "userPrivateSpace": {"user-0": {"document.bin": {"id": "document"}}},
 "userPublicSpace": {}}
JSON
  printf 'run\toperation\tworker CPU ms/MiB\tceiling ms/MiB\tshare\tload average\tceiling suspect\n' >"$dir/share.tsv"
  local run operation failed=0
  for ((run = 1; run <= runs; run++)); do
    for operation in WRITE READ; do # in turns: a burst of load from neighbours spreads over both
      local report="$dir/$operation-$run" load
      load="$(cut -d' ' -f1-3 /proc/loadavg)"
      if ! "$java" --enable-native-access=ALL-UNNAMED "-Xms${SHARE_HEAP:-3g}" "-Xmx${SHARE_HEAP:-3g}" -XX:+AlwaysPreTouch -jar "$jar" run --mode RATE \
          --operation "$operation" --rate 2 --duration 12s --warmup 4s --threads 1 --storage-providers MEMORY \
          --fixture "$dir/fixture.json" --file-sizes $((size_mib * 1024)) --kdf-iterations 1000 \
          --report-formats json --report-dir "$report" >"$report.log" 2>&1; then
        echo "crypto-bench: the $operation run $run failed, log in $report.log" >&2
        failed=1
        continue
      fi
      jq -r --arg run "$run" --arg load "$load" '.ceilingShares[] | [$run, .operation,
          (.workerCpuMillisPerMib * 1000 | round / 1000), (.ceilingMillisPerMib * 1000 | round / 1000),
          (.shareOfCeiling * 1000 | round / 1000), $load, (.ceilingSuspect // "-")] | @tsv' "$report"/*.json \
        >>"$dir/share.tsv"
    done
  done
  echo "VAULTLOAD's share of the crypto ceiling, AES256_GCM, ${size_mib} MiB on MEMORY, one thread ($runs runs each):"
  column -t -s $'\t' "$dir/share.tsv"
  # the verdict on the runs whose ceiling is not suspect (measured steady, share at most 1)
  awk -F'\t' -v goal="$goal" "$awk_median"'
    NR > 1 { ops[$2] = 1; if ($7 == "-") v[$2] = v[$2] " " $5 }
    END { missed = 0
      for (op in ops) {
        if (!(op in v)) { printf "%s: no run with a ceiling beyond suspicion: not judged\n", op; missed = 1; continue }
        n = split(substr(v[op], 2), s, " "); sort_(s, n); median = median_(s, n)
        if (median < goal) missed = 1
        printf "%s: median share %.3f (min %.3f, max %.3f over %d runs): the goal of %s is %s\n", op, median, s[1],
          s[n], n, goal, (median >= goal ? "reached" : "NOT reached") }
      exit missed }' "$dir/share.tsv" || failed=1
  # what any engine could reach: the crypto in cache against the crypto of a document a MEMORY store keeps
  local bench_jar
  bench_jar="$(module_jar workload-bench vaultload-bench.jar)"
  echo "The bounds on a WRITE's and a READ's share on MEMORY, whatever the engine:"
  "$java" "-Xms${SHARE_HEAP:-3g}" "-Xmx${SHARE_HEAP:-3g}" -XX:+AlwaysPreTouch -jar "$bench_jar" memory-bound "$size_mib" \
    || failed=1
  return "$failed"
}

ceiling_part() {
  local jar jvms="${CEILING_JVMS:-10}" floor="${CEILING_FLOOR:-0.8}" dir="$results/ceiling"
  jar="$(module_jar workload-bench vaultload-bench.jar)"
  rm -rf "$dir" && mkdir -p "$dir"
  local jvm
  for ((jvm = 1; jvm <= jvms; jvm++)); do
    "$java" -jar "$jar" ceiling 65536 2>"$dir/$jvm.log" | sed "s/^/$jvm\t/" >>"$dir/ceiling.tsv" \
      || { echo "crypto-bench: the ceiling in JVM $jvm failed, log in $dir/$jvm.log" >&2; return 1; }
  done
  echo "The crypto ceiling as a run measures it, $jvms fresh JVMs (jvm, size KiB, steady, ms, MiB/s per work):"
  column -t -s $'\t' "$dir/ceiling.tsv"
  awk -F'\t' -v floor="$floor" "$awk_median"'
    { for (i = 5; i <= NF; i++) { split($i, kv, "="); work[kv[1]] = 1; all[kv[1], ++n[kv[1]]] = kv[2] + 0
        if ($3 == "true") { steady[kv[1], ++m[kv[1]]] = kv[2] + 0; jvm[kv[1], m[kv[1]]] = $1 } } }
    END { bad = 0
      for (w in work) {
        k = 0; for (i = 1; i <= n[w]; i++) s[++k] = all[w, i]; sort_(s, k); median = median_(s, k)
        printf "%s: median %.0f MiB/s, min %.0f, max %.0f over %d JVMs, %d steady\n", w, median, s[1], s[k], k, m[w]
        if (m[w] == 0) { printf "  no JVM measured %s steady\n", w; bad = 1 }
        for (i = 1; i <= m[w]; i++) if (steady[w, i] < floor * median) {
          printf "  JVM %s: %.0f MiB/s, below %s of the median, yet steady: a ceiling understated\n", jvm[w, i],
            steady[w, i], floor; bad = 1 } }
      exit bad }' "$dir/ceiling.tsv"
}

status=0
if [[ "$part" == all || "$part" == jmh ]]; then
  jmh_part || status=1
fi
if [[ "$part" == all || "$part" == share ]]; then
  share_part || status=1
fi
if [[ "$part" == all || "$part" == ceiling ]]; then
  ceiling_part || status=1
fi
exit "$status"
