#!/usr/bin/env bash
# One soak on a MinIO of its own, killed with SIGKILL again and again, each time recovered and resumed with the same
# RUN_ID (issue #42 item 4):
#   scripts/kill-resume.sh [KILLS] [SECONDS]   KILLS (default 10) lives killed, each at a random moment 0 to SECONDS
#                                              (default 8) after it wrote its journal's first line; every third one (and
#                                              the last, while nothing was deleted) instead 0 to 300 ms after it
#                                              journaled a pass, when it validates the pass before again and deletes it
#                                              (the soak's clean-up; after pass 0, when it replays pass 1)
# After each kill: `./vaultload recover` must exit 6 (or 1 once the deleted object may have been reported LOST) with
# counts equal to the .hlog's up to where the process ended (scripts/lib/recover-check.sh), and no INTEGRITY, nor
# LOST before the deletion. After the first kill from the middle on (or the last) whose journal holds a pass, one
# object the dead process acknowledged (in the last pass it journaled) is deleted from outside, with curl. The life
# after the last kill runs to the end of DURATION. Then its result must cover every life (counts equal the whole
# .hlog's, one gap per life that measured anything, each marked by a #gap line in the .hlog), report that object LOST
# naming its store key and nothing else LOST or INTEGRITY, and exit 1 for it. Each kill's line names where it landed,
# read from the journal and the .hlog.
# MinIO: the pinned build (scripts/start-minio.sh binary), on free ports of 127.0.0.1, its data under the work folder,
# stopped and deleted on exit. Bounded: each life is killed within SECONDS (or 60 s for a pass) of its start line, the
# last ends with DURATION (KILLS x SECONDS + 20 s of soaking) or is killed 3 minutes after it; exit 0 when every check
# holds, 1 otherwise, 2 on bad arguments.
# KILL_RESUME_DIR: where the reports, logs and MinIO's data go (default target/kill-resume/<UTC time>).
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-10}"
seconds="${2:-8}"
[[ "$kills" =~ ^[1-9][0-9]*$ ]] || { echo "$0: KILLS must be a positive whole number, not '$kills'" >&2; exit 2; }
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "$0: SECONDS must be a positive whole number, not '$seconds'" >&2; exit 2; }
./vaultload --version >/dev/null # builds vaultload.jar now if stale, so that the countdowns are the runs', not a build's
export JAVA_HOME="$(scripts/jdk21-home)"
jar=workload-cli/target/vaultload.jar
SERVER_SCRIPT=kill-resume
source scripts/lib/local-server.sh
source scripts/lib/recover-check.sh
work="$(realpath -m "${KILL_RESUME_DIR:-target/kill-resume/$(date -u +%Y%m%d-%H%M%S)}")"
reports="$work/reports"
mkdir -p "$reports"

free_port() { # a port of 127.0.0.1 that nothing listens on, away from the servers' defaults
  local port
  while port=$((20000 + RANDOM % 30000)); port_in_use "$port"; do :; done
  echo "$port"
}
minio_dir="$work/minio"
minio_binary="${MINIO_BINARY:-$(scripts/start-minio.sh binary)}"
stop_minio() { MINIO_BASE_DIR="$minio_dir" scripts/start-minio.sh stop >/dev/null 2>&1 || true; }
trap stop_minio EXIT
# only the export lines reach this shell: MINIO_URL, the keys and AWS_BUCKET, which every life reads from its environment
eval "$(MINIO_BINARY="$minio_binary" MINIO_BASE_DIR="$minio_dir" MINIO_PORT="$(free_port)" \
  MINIO_CONSOLE_PORT="$(free_port)" AWS_BUCKET=kill-resume BUCKETS=0 scripts/start-minio.sh start)"

run_id="kill-resume-$(date -u +%H%M%S)"
duration_s=$((kills * seconds + 20))
start_life() { # start_life N: a life of the soak in the background; its pid in $pid (the launcher execs java)
  ./vaultload run --storage-providers MINIO --threads 2 --file-sizes 100 --kdf-iterations 1000 --error-mode CONTINUE \
    --duration "${duration_s}s" --period 1s --warmup 0s --run-id "$run_id" --report-dir "$reports" \
    >"$work/life-$1.log" 2>&1 &
  pid=$!
}
journal_file() { ls "$reports"/*.journal.jsonl.gz 2>/dev/null | head -1; }
events() { # the journal's whole lines as JSON (a line a kill cut off is left out)
  { zcat -f "$(journal_file)" 2>/dev/null || true; } | jq -cR 'fromjson? // empty'
}
# await_journal PID WHAT FILTER: until the journal is PID's and FILTER (jq over the events, slurped) is true
await_journal() {
  local life_pid=$1 what=$2 filter=$3
  for _ in $(seq 600); do
    kill -0 "$life_pid" 2>/dev/null || { echo "$0: the life ended before $what; see its log in $work" >&2; return 1; }
    [[ -n "$(journal_file)" ]] && events | jq -se --argjson pid "$life_pid" \
      "(.[0].pid == \$pid) and ($filter)" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "$0: $what did not come within 60 s" >&2
  return 1
}
sleep_ms() { sleep "$(($1 / 1000)).$(printf '%03d' $(($1 % 1000)))"; }

# where_it_died: the kill's moment as the journal and the .hlog show it
where_it_died() {
  local moment until_ms hlog
  moment="$(events | jq -rs '
    (map(select(.event == "replay")) | length > 0) as $replayed
    | (.[0].resumed != null) as $resumed
    | last as $last
    | if ($replayed | not) then (if $resumed then "taking over: validating the dead life'"'"'s last pass or clearing its unfinished one" else "creating users" end)
      elif $last.event == "pass" and $last.pass >= 1 then "validating pass \($last.pass - 1) again and deleting it (clean-up)"
      else "replaying or validating pass \(map(select(.event == "pass")) | last | (.pass // -1) + 1)" end')"
  until_ms="$(events | jq -rs 'map(select(.event == "period")) | last | .endEpochMillis // 0')"
  hlog="$(journal_file)"; hlog="${hlog%.journal.jsonl.gz}.hlog"
  if [[ "$until_ms" != 0 && -f "$hlog" ]]; then
    moment="$moment; its last period's operations: $(jq -cn \
      --argjson to "$("$JAVA_HOME/bin/java" -cp "$jar" scripts/HlogCounts.java "$hlog" "$until_ms")" \
      --argjson before "$("$JAVA_HOME/bin/java" -cp "$jar" scripts/HlogCounts.java "$hlog" "$((until_ms - 1000))")" \
      '$to | with_entries(.value -= ($before[.key] // 0)) | with_entries(select(.value > 0))')"
  fi
  echo "$moment"
}

# delete_acknowledged: deletes one object of the last journaled pass that must exist; prints its store key
delete_acknowledged() {
  local key status
  key="$(events | jq -rs 'map(select(.event == "pass")) | last | .ledger // [] | map(select(.storeKey != null and
    (.mayBeAbsent | not))) | first | .storeKey // empty')"
  [[ -n "$key" ]] || { echo "$0: the last journaled pass has no acknowledged object to delete" >&2; return 1; }
  status="$(printf 'user = "%s:%s"\n' "$AWS_ACCESS_KEY" "$AWS_SECRET_KEY" | curl -sS -K - -o /dev/null \
    -w '%{http_code}' --max-time 20 -X DELETE --aws-sigv4 "aws:amz:us-east-1:s3" "$MINIO_URL/$AWS_BUCKET/$key")"
  [[ "$status" == 204 ]] || { echo "$0: deleting $key from MinIO answered HTTP $status" >&2; return 1; }
  echo "$key"
}

deleted_key=""
for ((life = 1; life <= kills; life++)); do
  start_life "$life"
  await_journal "$pid" "its journal's first line" 'true'
  if ((life % 3 == 0)) || { ((life == kills)) && [[ -z "$deleted_key" ]]; }; then
    # a pass of this life, journaled after its replay began: the pass before is validated again and deleted next
    await_journal "$pid" "a pass of life $life" \
      '(map(select(.event == "replay")) | last | .atEpochMillis) as $r | $r != null
       and any(.[]; .event == "pass" and .atEpochMillis >= $r)'
    delay_ms=$((RANDOM % 300))
  else
    delay_ms=$((RANDOM % (seconds * 1000)))
  fi
  sleep_ms "$delay_ms"
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  moment="$(where_it_died)"
  echo "kill $life of $kills, $delay_ms ms after its mark: $moment"
  # once an object was deleted, a life may have reported it LOST before the kill: recover then says FAILED (1)
  recovered="$(recover_and_check "$reports" "$(journal_file)" "$0: kill $life" "6${deleted_key:+|1}")" # a failed check ends it
  json="$(journal_file)"; json="${json%.journal.jsonl.gz}.json"
  jq -e --arg deleted "$deleted_key" '.errors.INTEGRITY == 0 and (.errors.LOST == 0 or $deleted != "")' "$json" \
    >/dev/null || { echo "$0: kill $life: the recovered result counts $(jq -c '.errors' "$json")" >&2; exit 1; }
  echo "  $recovered"
  if [[ -z "$deleted_key" ]] && ((life >= (kills + 1) / 2)) && events | jq -se 'any(.[]; .event == "pass")' >/dev/null; then
    deleted_key="$(delete_acknowledged)"
    echo "  deleted from outside: $deleted_key"
  fi
done

start_life last
for _ in $(seq 1800); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then
  kill -9 "$pid"; echo "$0: the last life did not end within 3 minutes; see $work/life-last.log" >&2; exit 1
fi
set +e; wait "$pid"; status=$?; set -e
journal="$(journal_file)"
json="${journal%.journal.jsonl.gz}.json"
hlog="${journal%.journal.jsonl.gz}.hlog"
[[ $status -eq 1 ]] || { echo "$0: the last life exited $status, not 1 (the deleted object is LOST); see $work/life-last.log" >&2; exit 1; }
"$JAVA_HOME/bin/java" -cp "$jar" scripts/HlogCounts.java "$hlog" 9223372036854775806 >"$work/hlog-counts.json"
gap_lines="$(grep -c '^#gap: ' "$hlog" || true)"
jq -e --slurpfile logged "$work/hlog-counts.json" --arg key "$deleted_key" --argjson kills "$kills" \
  --argjson gap_lines "$gap_lines" '
  ([.operations[] | {(.type): .count}] | add) == $logged[0]
  and (.incomplete == null) and ((.gaps | length) >= 1) and ((.gaps | length) <= $kills)
  and (.gaps | length) == $gap_lines
  and .errors.INTEGRITY == 0
  and .errors.LOST >= 1 and ([.failures[] | select(.errorClass == "LOST")] | length >= 1
    and all(.storeObject // "" | contains($key)))' "$json" >/dev/null \
  || { echo "$0: the resumed result does not hold: $(jq -c '{counts: ([.operations[] | {(.type): .count}] | add),
         gaps: (.gaps | length), gapLines: '"$gap_lines"', LOST: .errors.LOST, INTEGRITY: .errors.INTEGRITY,
         lost: [.failures[] | select(.errorClass == "LOST") | .storeObject]}' "$json"), the .hlog's counts
         $(cat "$work/hlog-counts.json"); see $json" >&2; exit 1; }
echo "resumed $kills times: $(jq -c '{passes, gaps: (.gaps | length), counts: ([.operations[] | {(.type): .count}] | add),
  LOST: .errors.LOST, INTEGRITY: .errors.INTEGRITY}' "$json"); counts equal the .hlog's; LOST only $deleted_key"
