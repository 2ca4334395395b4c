#!/usr/bin/env bash
# Two Prometheus servers side by side on 127.0.0.1, from Debian's package (Debian 12: 2.42.0; installed with apt-get if
# missing), for the live metrics of a Vaultload run (METRICS_PORT): one with native histograms
# (--enable-feature=native-histograms), one without (it keeps the classic buckets). Both load the documented
# configuration for 2.40 to 2.48, deploy/prometheus/prometheus-2.40-to-2.48.yml, with its target and scrape interval
# replaced by the ones below; a configuration that 2.42 refuses fails the start. PrometheusScrapeTest runs a short
# run against both.
#
#   eval "$(scripts/start-prometheus.sh start)"   # starts both (idempotent) and prints export lines
#   scripts/start-prometheus.sh status            # exit 0 and the export lines if both run, 1 otherwise
#   scripts/start-prometheus.sh stop              # stops both by pid and deletes their data
#
# Environment:
#   PROMETHEUS_BASE_DIR        configs, data, logs and pids (default ${TMPDIR:-/tmp}/vaultload-prometheus)
#   PROMETHEUS_PORT            the server with native histograms (default 9090)
#   PROMETHEUS_CLASSIC_PORT    the server without (default 9091)
#   PROMETHEUS_TARGET_PORT     the METRICS_PORT both scrape on 127.0.0.1 (default 9464)
#   PROMETHEUS_SCRAPE_INTERVAL (default 1s)
#   PROMETHEUS_VERSION         the version the binary must report (default 2.42.0, Debian 12's)
#   PROMETHEUS_START_TIMEOUT_SECONDS  how long to wait for /-/ready (default 30)
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

base_dir="${PROMETHEUS_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-prometheus}"
native_port="${PROMETHEUS_PORT:-9090}"
classic_port="${PROMETHEUS_CLASSIC_PORT:-9091}"
target_port="${PROMETHEUS_TARGET_PORT:-9464}"
scrape_interval="${PROMETHEUS_SCRAPE_INTERVAL:-1s}"
expected_version="${PROMETHEUS_VERSION:-2.42.0}"
start_timeout_seconds="${PROMETHEUS_START_TIMEOUT_SECONDS:-30}"
documented_config="$(cd "$(dirname "$0")/.." && pwd)/deploy/prometheus/prometheus-2.40-to-2.48.yml"
env_file="$base_dir/env"

SERVER_SCRIPT=start-prometheus
source "$(dirname "$0")/lib/local-server.sh"

install_if_missing() {
  command -v prometheus >/dev/null 2>&1 && return
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "installing Prometheus from Debian's packages"
  $sudo apt-get update -qq >&2
  # the package's service is not used: policy or no init system may refuse to start it, which is fine
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends prometheus >&2
}

check_version() {
  local version
  version="$(prometheus --version 2>&1 | head -n 1 | awk '{print $3}')"
  [[ "$version" == "$expected_version"* ]] \
    || die "prometheus $version found, $expected_version expected (Debian 12's; set PROMETHEUS_VERSION to run another)"
}

# render_config FILE: the documented configuration, scraping 127.0.0.1:PROMETHEUS_TARGET_PORT every
# PROMETHEUS_SCRAPE_INTERVAL; nothing else is changed
render_config() {
  grep -q "targets: \['localhost:9464'\]" "$documented_config" && grep -q "scrape_interval: 5s" "$documented_config" \
    || die "$documented_config no longer has the target localhost:9464 and scrape_interval 5s to replace"
  sed -e "s/localhost:9464/127.0.0.1:$target_port/" -e "s/scrape_interval: 5s/scrape_interval: $scrape_interval/" \
    "$documented_config" >"$1"
}

# Each server lives in base_dir/NAME; its pid_file is base_dir/NAME/prometheus.pid.
in_server_dir() { # in_server_dir NAME COMMAND...: COMMAND with base_dir and pid_file of server NAME
  local name="$1"; shift
  ( base_dir="$base_dir/$name"; pid_file="$base_dir/prometheus.pid"; "$@" )
}

start_server() { # start_server NAME PORT FLAGS...
  local name="$1" port="$2" dir="$base_dir/$1"; shift 2
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set PROMETHEUS_PORT / PROMETHEUS_CLASSIC_PORT"
  mkdir -p "$dir/data"
  render_config "$dir/prometheus.yml"
  detached "$dir/prometheus.log" prometheus --config.file="$dir/prometheus.yml" --storage.tsdb.path="$dir/data" \
    --web.listen-address="127.0.0.1:$port" "$@" &
  local pid=$! deadline=$((SECONDS + start_timeout_seconds))
  echo "$pid" >"$dir/prometheus.pid"
  until curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/-/ready" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$dir/prometheus.log" >&2; die "prometheus ($name) exited while starting (log above)"; }
    [ "$SECONDS" -lt "$deadline" ] || { tail -n 20 "$dir/prometheus.log" >&2; die "prometheus ($name) not ready within ${start_timeout_seconds}s"; }
    sleep 0.2
  done
  say "Prometheus $expected_version ($name histograms) running, pid $pid, http://127.0.0.1:$port, scraping 127.0.0.1:$target_port every $scrape_interval"
}

both_running() {
  in_server_dir native running_pid >/dev/null && in_server_dir classic running_pid >/dev/null
}

start() {
  if both_running; then
    say "already running"; cat "$env_file"; return
  fi
  if in_server_dir native running_pid >/dev/null || in_server_dir classic running_pid >/dev/null; then
    die "only one of the two servers runs: run $0 stop first"
  fi
  install_if_missing
  check_version
  rm -rf "$base_dir"
  start_server native "$native_port" --enable-feature=native-histograms
  start_server classic "$classic_port"
  { echo "export PROMETHEUS_URL=http://127.0.0.1:$native_port"
    echo "export PROMETHEUS_CLASSIC_URL=http://127.0.0.1:$classic_port"
    echo "export PROMETHEUS_TARGET_PORT=$target_port"; } >"$env_file"
  cat "$env_file"
}

stop() {
  in_server_dir native stop_process 10
  in_server_dir classic stop_process 10
  rm -rf "$base_dir"
}

status() {
  if both_running; then
    say "running: native histograms on $native_port, classic on $classic_port"; cat "$env_file"
  else
    say "not running"; return 1
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
