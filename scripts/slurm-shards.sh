#!/usr/bin/env bash
# Sharded runs under a real workload manager: deploy/slurm/vaultload-array.sbatch submitted as `sbatch --array=0-2`
# to a running Slurm (scripts/start-slurm.sh), three shards of vaultload.jar against MinIO (scripts/start-minio.sh)
# with their results in MinIO's bucket vaultload-results, then `vaultload merge`. Three arrays:
#   1. every task completes: the merge exits 0, its counts are the sum of the shards', every combination's overlap
#      is at least 80% of the median shard's replay;
#   2. task 1 is cancelled (scancel JOB_1) once the shards have started replaying together: the merge is partial,
#      names shard 1 as missing and exits 1;
#   3. task 1's process is SIGKILLed mid-soak (as the OOM killer or a lost node would end it, no clean-up) and the
#      task requeued once (scontrol requeue JOB_1): it runs again with the array's environment, so the same RUN_ID,
#      finds its journal in REPORT_DIR and resumes; the merge is not partial, its counts are the shards' sum and it
#      says "shard 1 restarted once, gap ...". Accepted when unsynchronized: while shard 1 had no process, the store
#      saw two shards, and that gap is left out of the overlap.
#
#   eval "$(scripts/start-slurm.sh start)"; eval "$(scripts/start-minio.sh start)"
#   scripts/slurm-shards.sh [run options]     (default: --threads 2 --file-sizes 100, SMALL fixture, 1000 KDF iterations)
#
# Environment: SLURM_CONF, MINIO_URL, AWS_ACCESS_KEY, AWS_SECRET_KEY (the lines the start scripts print);
#   SLURM_SHARDS_DURATION  the first array's DURATION (default: unset, one pass); the second runs 15s and is cancelled
#                          early, the third 30s (a few passes), its task 1 killed once it journaled one. A DURATION
#                          run ends with the first pass that ends past it, so with passes about as long as the
#                          DURATION one shard may replay one pass and the others two: unsynchronized.
#   SLURM_SHARDS_WORK      logs, local reports and merged results (default target/slurm-shards)
# Exit status: 0 when the three arrays did what they must, 1 otherwise (the failed check is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
SERVER_SCRIPT=slurm-shards
source scripts/lib/local-server.sh
source scripts/lib/vaultload-jar.sh

[[ -n "${SLURM_CONF:-}" ]] || die "SLURM_CONF is unset: eval \"\$(scripts/start-slurm.sh start)\""
[[ -n "${MINIO_URL:-}" && -n "${AWS_ACCESS_KEY:-}" && -n "${AWS_SECRET_KEY:-}" ]] \
  || die "MINIO_URL, AWS_ACCESS_KEY and AWS_SECRET_KEY are unset: eval \"\$(scripts/start-minio.sh start)\""
apt_install_missing pgrep "procps (pgrep finds the task to kill)" procps
(($# > 0)) || set -- --threads 2 --file-sizes 100
work="$(realpath -m "${SLURM_SHARDS_WORK:-target/slurm-shards}")"
mkdir -p "$work"
results_bucket=vaultload-results
BUCKETS=0 create_buckets "$MINIO_URL" "$AWS_ACCESS_KEY" "$AWS_SECRET_KEY" "$results_bucket"
stamp="$(date -u +%Y%m%d-%H%M%S)"

# every task gets this environment from sbatch: the shard contract, the store, the keys (never on a command line)
export STORAGE_PROVIDERS=MINIO RESULTS_URL="s3://$results_bucket/slurm" RESULTS_S3_URL="$MINIO_URL" \
  REPORT_DIR="$work/reports" KDF_ITERATIONS="${KDF_ITERATIONS:-1000}" PERIOD=1s BARRIER_TIMEOUT=2m \
  VAULTLOAD_JAR="$(realpath "$jar")" JAVA="$java" JAVA_OPTS="-Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"

submit() { # submit RUN_ID DURATION [run options]: prints the array job's id (an empty DURATION: one pass)
  local run_id="$1" duration="$2"; shift 2
  RUN_ID="$run_id" env ${duration:+DURATION="$duration"} sbatch --parsable --array=0-2 --chdir="$work" \
    --output="$work/$run_id-%a.log" --open-mode=append deploy/slurm/vaultload-array.sbatch "$@"
}

states() { squeue --array -t all -j "$1" -h -o '%K %T' | sort -n; }

await_end() { # await_end JOB: until no task is pending, running or completing (at most 5 minutes)
  local deadline=$((SECONDS + 300))
  while states "$1" | grep -qE 'PENDING|CONFIGURING|RUNNING|COMPLETING'; do
    ((SECONDS < deadline)) || { states "$1" >&2; die "job $1 did not end within 5 minutes"; }
    sleep 0.5
  done
  say "job $1 ended: $(states "$1" | tr '\n' ' ')"
}

fail() { say "FAILED: $*"; exit 1; }

await_barrier() { # await_barrier RUN_ID JOB: until shard 0 has written a start in the run's barrier folder
  # the barrier's objects in the results bucket (ListObjectsV2, signed by curl; SigV4 wants the slashes encoded)
  local barrier="$MINIO_URL/$results_bucket?list-type=2&prefix=slurm%2F$1%2Fbarrier%2F"
  local empty_body_sha256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 deadline=$((SECONDS + 180))
  until curl -fsS -H "x-amz-content-sha256: $empty_body_sha256" --aws-sigv4 "aws:amz:us-east-1:s3" \
      --user "$AWS_ACCESS_KEY:$AWS_SECRET_KEY" "$barrier" | grep -q '/start</Key>'; do
    ((SECONDS < deadline)) || { states "$2" >&2; fail "the shards of $1 never passed their barrier"; }
    sleep 0.5
  done
}

merge() { # merge RUN_ID: runs vaultload merge into $work/RUN_ID-merged; prints its exit status
  local status=0
  "$java" -jar "$jar" merge "$RESULTS_URL/$1" --out "$work/$1-merged" >"$work/$1-merge.out" 2>"$work/$1-merge.err" \
    || status=$?
  echo "$status"
}

# 1. three shards that complete
run_a="slurm-$stamp-a"
job="$(submit "$run_a" "${SLURM_SHARDS_DURATION:-}" "$@")"
say "array $job: $run_a, three shards of $* for ${SLURM_SHARDS_DURATION:-one pass}"
await_end "$job"
[[ "$(states "$job" | awk '{print $2}' | sort -u)" == COMPLETED ]] || fail "a task of $job did not complete; see $work/$run_a-*.log"
status="$(merge "$run_a")"
cat "$work/$run_a-merge.out" >&2
[[ "$status" == 0 ]] || { cat "$work/$run_a-merge.err" >&2; fail "the merge of $run_a exited $status, not 0"; }
for merged in "$work/$run_a-merged"/*.json; do
  # the merged counts per operation type are the sum of the shards' (each shard's local copy of what it published)
  name="$(jq -r '.storage + " " + (.threads | tostring) + " threads " + (.fileSizeKib | tostring) + " KiB"' "$merged")"
  size="$(jq '.fileSizeKib' "$merged")"
  expected="$(jq -s --argjson size "$size" -S -c '[.[] | select(.fileSizeKib == $size) | .operations[]]
      | group_by(.type) | map({key: .[0].type, value: (map(.count) | add)}) | from_entries' \
      "$work/reports/$run_a"/shard-*/*.json)"
  actual="$(jq -S -c '[.operations[] | {key: .type, value: .count}] | from_entries' "$merged")"
  [[ "$expected" == "$actual" ]] || fail "$name: merged counts $actual are not the shards' sum $expected"
  jq -e '.merge.overlap.share >= 0.8' "$merged" >/dev/null \
    || fail "$name: overlap $(jq '.merge.overlap.share' "$merged") of the median replay, below 0.8"
  say "$name: counts $actual = the shards' sum; overlap $(jq '.merge.overlap.share * 100 | floor' "$merged")% of the median replay"
done

# 2. three shards, task 1 cancelled once they replay together
run_b="slurm-$stamp-b"
job="$(submit "$run_b" 15s "$@")"
say "array $job: $run_b, task 1 to be cancelled mid-run"
await_barrier "$run_b" "$job"
sleep 5 # the common start is 1.5 s after the barrier's start object: cancel a few seconds into the replay
scancel "${job}_1"
say "cancelled ${job}_1"
await_end "$job"
[[ "$(states "$job" | tr '\n' ' ')" == "0 COMPLETED 1 CANCELLED 2 COMPLETED " ]] \
  || fail "expected tasks 0 and 2 COMPLETED and 1 CANCELLED, got: $(states "$job" | tr '\n' ' ')"
status="$(merge "$run_b")"
cat "$work/$run_b-merge.err" >&2
[[ "$status" == 1 ]] || fail "the merge of $run_b exited $status, not 1"
grep -q "is partial: shards \[0, 2\] of 3 contributed; missing {1=" "$work/$run_b-merge.err" \
  || fail "the merge of $run_b does not name shard 1 as missing"

# 3. three shards, task 1 SIGKILLed mid-soak and requeued once: it resumes with the same RUN_ID
run_c="slurm-$stamp-c"
started_c=$SECONDS
job="$(submit "$run_c" 30s "$@")"
say "array $job: $run_c, task 1 to be killed mid-soak and requeued"
# killed once its journal holds a pass (each period is a gzip sync flush): the requeued task has acknowledged objects
# to check
deadline=$((SECONDS + 120))
# (zcat of the growing file ends with "unexpected end of file": its status is left out of the pipeline's)
until { zcat "$work/reports/$run_c/shard-1/"*.journal.jsonl.gz 2>/dev/null || true; } | grep -q '^{"event":"pass"'; do
  ((SECONDS < deadline)) || fail "shard 1 of $run_c journaled no pass within 2 minutes"
  sleep 0.2
done
# the task's batch step runs the shard (the script execs java): its slurmstepd's child
step="$(pgrep -f "slurmstepd: \[$(squeue -h -j "${job}_1" -o %A)\.batch\]")" || fail "no batch step of ${job}_1"
shard="$(pgrep -P "$step")" || fail "no process under the batch step of ${job}_1"
kill -KILL "$shard"
killed_at=$SECONDS
{ zcat "$work/reports/$run_c/shard-1/"*.journal.jsonl.gz 2>/dev/null || true; } | grep -q '^{"event":"end"' \
  && fail "shard 1 of $run_c had ended its combination when it was killed (a pass as long as the DURATION): nothing to resume"
deadline=$((SECONDS + 30))
until states "$job" | grep -qE '^1 (FAILED|COMPLETED)'; do
  ((SECONDS < deadline)) || fail "${job}_1 did not end after its SIGKILL: $(states "$job" | tr '\n' ' ')"
  sleep 0.2
done
# slurmd revokes an ended task's credential and refuses one issued within the same second: a start in that second
# fails with "Job credential revoked"
sleep 2
scontrol requeue "${job}_1"
# a requeued job waits for its credential lifetime (cred_expire, 120 s by default) before it may start again
scontrol update JobId="${job}_1" StartTime=now
say "killed ${job}_1 (pid $shard) and requeued it"
await_end "$job"
[[ "$(states "$job" | awk '{print $2}' | sort -u)" == COMPLETED ]] \
  || fail "a task of $job did not complete after the requeue; see $work/$run_c-*.log"
status=0
"$java" -jar "$jar" merge "$RESULTS_URL/$run_c" --out "$work/$run_c-merged" --accept-unsynchronized \
  >"$work/$run_c-merge.out" 2>"$work/$run_c-merge.err" || status=$?
cat "$work/$run_c-merge.out" >&2
[[ "$status" == 0 ]] || { cat "$work/$run_c-merge.err" >&2; fail "the merge of $run_c exited $status, not 0"; }
grep -q '^shard 1 restarted once, gap ' "$work/$run_c-merge.out" || fail "the merge of $run_c does not name shard 1 restarted"
for merged in "$work/$run_c-merged"/*.json; do
  jq -e '.merge.status != "partial" and .merge.contributingShards == [0, 1, 2]
      and (.merge.shards[] | select(.index == 1) | .gaps | length) == 1 and (.errors.LOST // 0) == 0' "$merged" >/dev/null \
    || fail "$merged: expected shards [0, 1, 2], shard 1 with one gap and no LOST: $(jq -c .merge "$merged")"
  expected="$(jq -s -S -c '[.[] | .operations[]] | group_by(.type) | map({key: .[0].type, value: (map(.count) | add)})
      | from_entries' "$work/reports/$run_c"/shard-*/*.json)"
  actual="$(jq -S -c '[.operations[] | {key: .type, value: .count}] | from_entries' "$merged")"
  [[ "$expected" == "$actual" ]] || fail "$run_c: merged counts $actual are not the shards' sum $expected"
done
say "$run_c: $(grep '^shard 1 restarted' "$work/$run_c-merge.out"); $(grep -ho 'resumed .* passes journaled' \
  "$work/$run_c-1.log"); the requeued task ended $((SECONDS - killed_at)) s after the kill, $((SECONDS - started_c)) s after the array was submitted"
say "passed: $run_a merged complete; $run_b partial without shard 1 (exit 1); $run_c merged with every shard," \
  "$(jq -r .merge.status "$work/$run_c-merged"/*.json | sort -u | tr '\n' ' ')and shard 1 restarted"
