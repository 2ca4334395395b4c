# Sourced by the scripts/start-*.sh and the scripts that start servers of their own: what starting a local server
# takes.
# The sourcing script sets SERVER_SCRIPT (its name, for messages) first; a server run as one process also sets
# pid_file, env_file and base_dir for running_pid, stop_process and process_status, and port and url for bring_up.

say() { echo "$SERVER_SCRIPT: $*" >&2; }
die() { say "$*"; exit 1; }

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# detached LOG COMMAND...: run it in the background (`detached LOG COMMAND... &`): the background shell closes
# every descriptor but stdin, stdout and stderr, which go to /dev/null and LOG, and becomes COMMAND (so $! is
# COMMAND's pid). A server outliving this script then holds no lock file, pipe or socket of whoever started it
# (a CI runner waiting for its output to end, a build lock).
detached() {
  local log="$1" fd
  shift
  for fd in /proc/self/fd/*; do
    fd="${fd##*/}"
    [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
  done
  exec "$@" </dev/null >>"$log" 2>&1
}

# create_buckets ENDPOINT ACCESS_KEY SECRET_KEY BUCKET: BUCKET, and BUCKET-0 .. BUCKET-(BUCKETS-1) for the
# multi-bucket suite (BUCKETS, default 3), since providers never create buckets on a server they did not
# start. curl signs the requests itself (SigV4); RGW also wants the payload hash header (of the empty
# body). 409: the bucket is already there. CURL_CACERT: the CA to trust for an https ENDPOINT.
create_buckets() {
  local endpoint="$1" access_key="$2" secret_key="$3" bucket="$4" status name
  local empty_body_sha256=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
  for name in "$bucket" $(seq -f "$bucket-%g" 0 $((${BUCKETS:-3} - 1))); do
    status="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 20 -X PUT ${CURL_CACERT:+--cacert "$CURL_CACERT"} \
      -H "x-amz-content-sha256: $empty_body_sha256" \
      --aws-sigv4 "aws:amz:us-east-1:s3" --user "$access_key:$secret_key" "$endpoint/$name")"
    case "$status" in
      200|409) ;;
      *) die "creating bucket $name at $endpoint failed with HTTP $status" ;;
    esac
  done
}

# await DESCRIPTION COMMAND...: retry COMMAND until it succeeds or timeout_seconds pass (the sourcing script sets
# timeout_seconds and base_dir, whose log/ the failure names).
await() {
  local what="$1"; shift
  local deadline=$((SECONDS + timeout_seconds))
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || die "$what not up within ${timeout_seconds}s; logs in $base_dir/log"
    sleep 0.2
  done
}

# apt_install_missing "COMMAND..." WHAT PACKAGE...: installs the Debian PACKAGEs (WHAT, for the message) unless every
# COMMAND is on PATH already.
apt_install_missing() {
  local commands="$1" what="$2" command missing="" sudo=""
  shift 2
  for command in $commands; do command -v "$command" >/dev/null 2>&1 || missing=yes; done
  [ -n "$missing" ] || return 0
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "installing $what from Debian's packages"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >&2
}

# running_pid: the pid in pid_file if that process runs (exit 1 otherwise).
running_pid() {
  [ -f "$pid_file" ] || return 1
  local pid; pid="$(cat "$pid_file")"
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

# end_process GRACE_SECONDS: SIGTERM, SIGKILL after the grace; the base dir stays (a restart's data, config, keys).
end_process() {
  local grace_seconds="$1" pid
  if ! pid="$(running_pid)"; then
    say "not running"; return
  fi
  kill "$pid"
  for _ in $(seq 1 $((grace_seconds * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then say "pid $pid ignored SIGTERM for $grace_seconds s: SIGKILL"; kill -9 "$pid"; fi
  say "stopped pid $pid"
}

# bring_up WHAT STATE_FILE PORT_VARIABLE LAUNCH: the `up` of a server that a `down` (end_process) stopped: unless it
# runs, LAUNCH (a function that starts it in the background on base_dir's data, writes pid_file and waits until it
# answers) starts it again on $port and the data it kept. STATE_FILE, which only a `start` leaves, shows there is one
# to bring up; PORT_VARIABLE names the setting to change when the port is taken.
bring_up() {
  local what="$1" state_file="$2" port_variable="$3" launch="$4" pid
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; return
  fi
  [ -f "$state_file" ] || die "no $what brought down in $base_dir: use start"
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set $port_variable"
  "$launch"
  say "$what up again, pid $(cat "$pid_file"), $url"
}

# stop_process GRACE_SECONDS: end_process, then the base dir goes (data, log, pid, env).
stop_process() {
  end_process "$1"
  rm -rf "$base_dir"
}

# process_status WHERE: "running" and the export lines (exit 0), or "not running" (exit 1).
process_status() {
  local pid
  if pid="$(running_pid)"; then
    say "running, pid $pid, $1"; cat "$env_file"
  else
    say "not running"; return 1
  fi
}

# built_once DIR BINARY BUILD...: prints DIR/BINARY, running BUILD (a command that makes it there, its output on
# stderr) only when it is missing. One build at a time: a second caller waits for the lock and then finds the binary.
built_once() {
  local dir="$1" cached="$1/$2"
  shift 2
  [ -x "$cached" ] && { echo "$cached"; return; }
  command -v go >/dev/null 2>&1 || die "no ${cached##*/} binary at $cached and no Go toolchain to build one"
  mkdir -p "$dir"
  exec 9>"$dir/.build.lock"
  flock 9
  # set -e does not hold inside an || list: the build says itself where it failed, and the binary must be there
  [ -x "$cached" ] || "$@" >&2
  flock -u 9
  [ -x "$cached" ] || die "building ${cached##*/} failed: no binary at $cached (the build's output is above)"
  echo "$cached"
}

# go_install_pinned PACKAGE@VERSION DIR BINARY HOW_LONG: prints DIR/BINARY, built once by `go install` into DIR, a
# directory named after the pinned version.
go_install_pinned() {
  built_once "$2" "$3" go_install_into "$1" "$2" "$4"
}

go_install_into() {
  say "building: go install $1 ($3)"
  GOBIN="$2" go install "$1"
}

# go_build_module MODULE@VERSION DIR BINARY PACKAGE DESCRIPTION [PATCH]: prints DIR/BINARY, built once from a copy of
# the module's source as the Go module proxy serves it (`go install` is refused for modules with replace directives or
# an unlisted version): go mod download, copy (the module cache is read-only), run PATCH in the copy if given (a
# function, e.g. one binding a server to 127.0.0.1), go build PACKAGE.
go_build_module() {
  built_once "$2" "$3" go_build_copy "$@"
}

go_build_copy() {
  local module="$1" dir="$2" cached="$2/$3" package="$4" description="$5" patch="${6:-}" module_dir source
  say "building $description"
  module_dir="$(cd / && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$module" \
    | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
  [ -d "$module_dir" ] || die "go mod download $module gave no module directory"
  source="$dir/source"
  rm -rf "$source"
  cp -R "$module_dir/." "$source"
  chmod -R u+w "$source"
  [ -z "$patch" ] || "$patch" "$source" || die "patching the source of $module in $source failed"
  (cd "$source" && GOWORK=off go build -trimpath -o "$cached.partial" "$package") \
    || die "go build of $module failed (above); its patched source stays in $source"
  mv "$cached.partial" "$cached"
  rm -rf "$source"
}

# await_ready PID NAME PROBE...: waits until PROBE (a command, its output discarded) succeeds; fails with the tail of
# $log_file when the server PID exits first or $start_timeout_seconds pass.
await_ready() {
  local pid="$1" name="$2" deadline=$((SECONDS + start_timeout_seconds))
  shift 2
  until "$@" >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$log_file" >&2; die "$name exited while starting (log above)"; }
    [ "$SECONDS" -lt "$deadline" ] || { tail -n 20 "$log_file" >&2; die "$name not ready within ${start_timeout_seconds}s"; }
    sleep 0.2
  done
}
