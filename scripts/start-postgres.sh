#!/usr/bin/env bash
# A PostgreSQL server on 127.0.0.1 for the results history (HISTORY_URL=jdbc:postgresql://...), from Debian's
# packages (postgresql-15, installed with apt-get if missing): a cluster of its own under one base directory, made
# by initdb, started and stopped by pg_ctl; run as the postgres user when started as root (initdb refuses root).
#
#   eval "$(scripts/start-postgres.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-postgres.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-postgres.sh stop              # stops it (pg_ctl, fast) and deletes its data
#
# Environment:
#   POSTGRES_BASE_DIR   data, log, socket and the export lines (default ${TMPDIR:-/tmp}/vaultload-postgres)
#   POSTGRES_PORT       port (default 5432)
#   POSTGRES_VERSION    Debian's major version (default 15, Debian 12's)
# The export lines: HISTORY_POSTGRES_URL (database vaultload), HISTORY_POSTGRES_USER, HISTORY_POSTGRES_PASSWORD,
# which the history's tests read; a run or `vaultload history` takes them as HISTORY_URL, HISTORY_USER and
# HISTORY_PASSWORD. Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

version="${POSTGRES_VERSION:-15}"
base_dir="${POSTGRES_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-postgres}"
port="${POSTGRES_PORT:-5432}"
bin="/usr/lib/postgresql/$version/bin"
data_dir="$base_dir/data"
log_file="$base_dir/postgres.log"
env_file="$base_dir/env"
pid_file="$data_dir/postmaster.pid"

SERVER_SCRIPT=start-postgres
source "$(dirname "$0")/lib/local-server.sh"

# the server's commands run as the postgres user when this script runs as root, else as the caller
as_owner=()
[ "$(id -u)" -eq 0 ] && as_owner=(runuser -u postgres --)

install_postgres() {
  [ -x "$bin/initdb" ] && return
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  say "installing postgresql-$version from Debian's packages"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "postgresql-$version" >&2
}

running() {
  [ -f "$pid_file" ] && "${as_owner[@]}" "$bin/pg_ctl" -D "$data_dir" status >/dev/null 2>&1
}

start() {
  if running; then
    say "already running (pid $(head -n 1 "$pid_file"))"; cat "$env_file"; return
  fi
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set POSTGRES_PORT"
  install_postgres
  rm -rf "$base_dir"
  mkdir -p "$base_dir"
  # the server's user must reach the base directory (a mktemp -d parent is the caller's alone)
  chmod a+x "$(dirname "$base_dir")"
  touch "$log_file"
  [ "$(id -u)" -eq 0 ] && chown postgres "$base_dir" "$log_file"
  local password; password="$(random_hex 20)"
  ( umask 077; echo "$password" >"$base_dir/pwfile" )
  [ "$(id -u)" -eq 0 ] && chown postgres "$base_dir/pwfile"
  "${as_owner[@]}" "$bin/initdb" -D "$data_dir" -U vaultload --pwfile="$base_dir/pwfile" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >>"$log_file" 2>&1 || { tail -n 20 "$log_file" >&2; die "initdb failed (log above)"; }
  rm -f "$base_dir/pwfile"
  ( detached "$log_file" "${as_owner[@]}" "$bin/pg_ctl" -D "$data_dir" -l "$log_file" -w -t 60 \
      -o "-p $port -k $base_dir -c listen_addresses=127.0.0.1" start ) \
    || { tail -n 20 "$log_file" >&2; die "postgres did not start (log above)"; }
  PGPASSWORD="$password" "$bin/createdb" -h 127.0.0.1 -p "$port" -U vaultload vaultload
  ( umask 077
    { echo "export HISTORY_POSTGRES_URL=jdbc:postgresql://127.0.0.1:$port/vaultload"
      echo "export HISTORY_POSTGRES_USER=vaultload"
      echo "export HISTORY_POSTGRES_PASSWORD=$password"; } >"$env_file" )
  say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') running, pid $(head -n 1 "$pid_file"), 127.0.0.1:$port, data in $data_dir"
  cat "$env_file"
}

stop() {
  if running; then
    "${as_owner[@]}" "$bin/pg_ctl" -D "$data_dir" -m fast -w stop >/dev/null
    say "stopped"
  else
    say "not running"
  fi
  rm -rf "$base_dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) if running; then say "running, 127.0.0.1:$port"; cat "$env_file"; else say "not running"; exit 1; fi ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
