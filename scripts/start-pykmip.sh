#!/usr/bin/env bash
# A PyKMIP server (a KMIP key server in Python) on 127.0.0.1 for Ceph RGW's `kmip` SSE-KMS backend
# (CEPH_KMS=KMIP in start-ceph.sh). Nothing in Java speaks KMIP here: no maintained Java KMIP client is on Maven Central.
#
#   eval "$(scripts/start-pykmip.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-pykmip.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-pykmip.sh stop              # stops it and its forked children, deletes its keys, certificates and log
#   scripts/start-pykmip.sh operations        # how many requests of each KMIP operation its log holds (Locate, Get, ...)
#
# Environment:
#   PYKMIP_BASE_DIR     keys (SQLite), certificates, config, log and pid (default ${TMPDIR:-/tmp}/vaultload-pykmip)
#   PYKMIP_PORT         the KMIP port, TLS 1.2 (default 5696)
#   PYKMIP_KEY_NAMES    comma-separated names of the AES-256 keys created at start (default vaultload-key, the
#                       SSE_KMS engine's SSE_KMS_KEY_ID)
#   PYKMIP_CACHE_DIR    where the venv is made once (default ${XDG_CACHE_HOME:-~/.cache}/vaultload/pykmip)
#   PYKMIP_PYTHON       the Python that makes the venv (default python3; 3.11 checked, PyKMIP 0.11 needs < 3.12)
#   PYKMIP_START_TIMEOUT_SECONDS  how long to wait for the server to listen (default 30)
# Pinned from PyPI: pykmip 0.11.0, cryptography 50.0.2, SQLAlchemy 2.1.9 (the versions checked together).
# A private CA made here signs the server's certificate (IP SAN 127.0.0.1) and one client certificate (clientAuth),
# which RGW presents: PyKMIP lets only the identity (CN) that created a key read it, so the keys are created here with
# that same certificate. The server forks two children; it runs in a process group of its own, which stop ends whole.
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

base_dir="${PYKMIP_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-pykmip}"
port="${PYKMIP_PORT:-5696}"
key_names="${PYKMIP_KEY_NAMES:-vaultload-key}"
cache_dir="${PYKMIP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vaultload/pykmip}"
python="${PYKMIP_PYTHON:-python3}"
start_timeout_seconds="${PYKMIP_START_TIMEOUT_SECONDS:-30}"
requirements=(pykmip==0.11.0 cryptography==50.0.2 SQLAlchemy==2.1.9)
venv="$cache_dir/pykmip-0.11.0"
certs_dir="$base_dir/certs"
pid_file="$base_dir/pykmip.pid"
env_file="$base_dir/env"
log_file="$base_dir/pykmip.log"

SERVER_SCRIPT=start-pykmip
source "$(dirname "$0")/lib/local-server.sh"
source "$(dirname "$0")/lib/private-ca.sh"

# The venv with the pinned packages, made once (about 20 s); one maker at a time.
make_venv() {
  [ -x "$venv/bin/pykmip-server" ] && return
  mkdir -p "$cache_dir"
  exec 8>"$cache_dir/.venv.lock"
  flock 8
  if [ ! -x "$venv/bin/pykmip-server" ]; then
    say "making a venv with ${requirements[*]} in $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv" || die "$python could not make a venv in $venv (Debian: apt-get install python3-venv)"
    "$venv/bin/pip" install -q --disable-pip-version-check "${requirements[@]}" >&2 \
      || { rm -rf "$venv"; die "pip could not install ${requirements[*]} into $venv"; }
  fi
  flock -u 8
}

write_config() {
  mkdir -p "$base_dir/policies"
  cat >"$base_dir/server.conf" <<EOF
[server]
hostname=127.0.0.1
port=$port
certificate_path=$certs_dir/server.crt
key_path=$certs_dir/server.key
ca_path=$certs_dir/ca.crt
auth_suite=TLS1.2
policy_path=$base_dir/policies
enable_tls_client_auth=True
logging_level=INFO
database_path=$base_dir/keys.sqlite
EOF
}

# create_keys: an active AES-256 key per name, owned by the client certificate's identity (RGW's).
create_keys() {
  PYKMIP_KEY_NAMES="$key_names" "$venv/bin/python" - "$port" "$certs_dir" <<'EOF' >&2
import os, ssl, sys
from kmip.pie.client import ProxyKmipClient
from kmip.core import enums
port, certs = int(sys.argv[1]), sys.argv[2]
client = ProxyKmipClient(hostname="127.0.0.1", port=port, cert=certs + "/client.crt", key=certs + "/client.key",
                         ca=certs + "/ca.crt", ssl_version="PROTOCOL_TLSv1_2")
with client:
    for name in os.environ["PYKMIP_KEY_NAMES"].split(","):
        uid = client.create(enums.CryptographicAlgorithm.AES, 256, name=name,
                            cryptographic_usage_mask=[enums.CryptographicUsageMask.ENCRYPT,
                                                      enums.CryptographicUsageMask.DECRYPT])
        client.activate(uid)
        print("start-pykmip: key %s created, id %s" % (name, uid))
EOF
}

start() {
  if pid="$(running_pid)"; then
    say "already running (pid $pid)"; cat "$env_file"; return
  fi
  port_in_use "$port" && die "port 127.0.0.1:$port is in use: set PYKMIP_PORT"
  make_venv
  rm -rf "$base_dir"
  mkdir -p "$certs_dir"
  make_ca vaultload-pykmip-ca
  server_certificate
  sign client vaultload-rgw "extendedKeyUsage=clientAuth"
  write_config
  # setsid: a process group of its own (the shell's background child is no group leader, so setsid does not fork)
  detached "$log_file" setsid "$venv/bin/pykmip-server" -f "$base_dir/server.conf" -l "$log_file" &
  local pid=$!
  echo "$pid" >"$pid_file"
  # its log line, not a probe connection: a connection closed before the TLS handshake leaves a traceback in the log
  await_ready "$pid" pykmip-server grep -q 'Starting connection service' "$log_file"
  create_keys || { stop_group; die "creating keys $key_names at 127.0.0.1:$port failed (above)"; }
  { echo "export PYKMIP_ADDR=127.0.0.1:$port"
    echo "export PYKMIP_CA_PATH=$certs_dir/ca.crt"
    echo "export PYKMIP_CLIENT_CERT=$certs_dir/client.crt"
    echo "export PYKMIP_CLIENT_KEY=$certs_dir/client.key"
    echo "export PYKMIP_KEY_NAMES=$key_names"
    echo "export PYKMIP_LOG=$log_file"; } >"$env_file"
  say "PyKMIP 0.11.0 running, pid $pid, 127.0.0.1:$port, keys $key_names"
  cat "$env_file"
}

# stop_group: SIGTERM to the server's process group (it and its forked children), SIGKILL after 10 s.
stop_group() {
  local pid
  pid="$(running_pid)" || { say "not running"; return 0; }
  kill -- "-$pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 -- "-$pid" 2>/dev/null; then say "process group $pid ignored SIGTERM for 10 s: SIGKILL"; kill -9 -- "-$pid"; fi
  say "stopped process group $pid"
}

# operations: "COUNT OPERATION" per KMIP operation the server processed, from its log.
operations() {
  [ -f "$log_file" ] || die "no PyKMIP log at $log_file"
  sed -n 's/.*Processing operation: \([A-Za-z]*\).*/\1/p' "$log_file" | sort | uniq -c
}

case "${1:-}" in
  start) start ;;
  stop) stop_group; rm -rf "$base_dir" ;;
  status) process_status "127.0.0.1:$port" ;;
  operations) operations ;;
  *) echo "usage: $0 start|stop|status|operations" >&2; exit 2 ;;
esac
