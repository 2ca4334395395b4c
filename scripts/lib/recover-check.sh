# Sourced by kill-recover.sh and kill-resume.sh (from the repository root, with JAVA_HOME and jar set): what a
# recovery must give.
# recover_and_check DIR JOURNAL LABEL [STATUSES]: `./vaultload recover DIR` must exit 6 (incomplete; STATUSES, a
# pattern such as 6|1, when the run may already have failed) and write JOURNAL's JSON, marked incomplete, whose
# per-operation counts equal those of the .hlog's periods up to where it says the process ended (read by
# HdrHistogram's own reader, scripts/HlogCounts.java). Prints the recovered counts; returns 1 (with the reason on
# stderr) when a check fails.
recover_and_check() {
  local dir="$1" journal="$2" label="$3" statuses="${4:-6}" status json hlog ended until_ms
  set +e
  ./vaultload recover "$dir" >"$dir/recover.log" 2>&1
  status=$?
  set -e
  [[ "$status" =~ ^($statuses)$ ]] \
    || { cat "$dir/recover.log" >&2; echo "$label: recover exited $status, not $statuses" >&2; return 1; }
  json="${journal%.journal.jsonl.gz}.json"
  hlog="${journal%.journal.jsonl.gz}.hlog"
  [[ -f "$json" && -f "$dir/report.html" ]] || { echo "$label: no $json or report.html" >&2; return 1; }
  ended="$(jq -er '.incomplete | capture("^the process ended at (?<t>\\S+) without final validation$").t' "$json")" \
    || { echo "$label: $json is not marked incomplete" >&2; return 1; }
  until_ms="$(jq -rn --arg t "$ended" '$t | sub("\\.[0-9]+Z$"; "Z") | fromdate * 1000')"
  until_ms=$((until_ms + 10#$(sed -n 's/.*\.\([0-9]\{3\}\)Z$/\1/p' <<<"$ended" | sed 's/^$/0/')))
  "$JAVA_HOME/bin/java" -cp "$jar" scripts/HlogCounts.java "$hlog" "$until_ms" >"$dir/hlog-counts.json"
  jq -e --slurpfile logged "$dir/hlog-counts.json" \
    '([.operations[] | {(.type): .count}] | add // {}) as $recovered | $recovered == $logged[0]' "$json" >/dev/null \
    || { echo "$label: recovered counts $(jq -c '[.operations[] | {(.type): .count}] | add' "$json") differ from the .hlog's $(cat "$dir/hlog-counts.json")" >&2; return 1; }
  echo "recovered, incomplete at $ended, counts equal the .hlog's: $(cat "$dir/hlog-counts.json")"
}
