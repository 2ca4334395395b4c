#!/usr/bin/env bash
# A single-node Ceph (one mon, one mgr, one memstore OSD, one RADOS Gateway) on 127.0.0.1 for Vaultload runs against
# STORAGE_PROVIDERS=CEPH, from Debian's packages (installed with apt-get if radosgw is missing). Everything lives under
# one base directory; the data is in RAM (memstore) and lost at stop, so every start is fresh.
# Facts behind every step: docs/notes/ceph-single-node.md.
#
#   eval "$(scripts/start-ceph.sh start)"   # starts it (idempotent) and prints export lines
#   scripts/start-ceph.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-ceph.sh stop              # stops by pid: radosgw, then osd and mgr, then mon; deletes the base dir
#   scripts/start-ceph.sh kill-rgw          # SIGKILLs radosgw only (a crashed gateway; the cluster and its data stay)
#   scripts/start-ceph.sh start-rgw         # starts radosgw again (idempotent) and waits until it answers
#   scripts/start-ceph.sh second-rgw        # a second radosgw on the same cluster (CEPH_RGW2_PORT), and prints
#                                           # AWS_URL as the list of both: one cluster behind two gateways
#
# Environment:
#   CEPH_BASE_DIR   everything: conf, keyring, data, logs, pids (default ${TMPDIR:-/tmp}/vaultload-ceph)
#   CEPH_RGW_PORT   the S3 port (default 7480); CEPH_RGW2_PORT the second gateway's (default the next one); CEPH_MON_PORT mon msgr2 port, msgr1 is the next one (default 13300)
#   CEPH_WITH_MGR   1 (default) or 0: without mgr S3 works and ~300 MiB are saved, but `ceph -s` shows no PG stats
#   AWS_BUCKET      bucket created at start (default vaultload), with BUCKETS (default 3) more for the
#                   multi-bucket suite: AWS_BUCKET-0, AWS_BUCKET-1, ...
#   CEPH_START_TIMEOUT_SECONDS  limit for each daemon to come up (default 60)
#   CEPH_KMS        RGW's SSE-KMS backend: TESTING (default: a static key in the config, no KMS call, the baseline),
#                   KMIP (PyKMIP: eval "$(scripts/start-pykmip.sh start)" first; key vaultload-key) or VAULT (Vault's
#                   transit engine: eval "$(scripts/start-vault.sh start)" first; start-vault.sh's key is not for RGW:
#                   see docs/kms.md). scripts/ceph-kms.sh runs SSE_KMS through each.
# Progress goes to stderr; only the export lines go to stdout.
# The S3 client must not send trailing checksums (RGW 16.2 rejects them): Vaultload's client uses WHEN_REQUIRED.
set -euo pipefail

base_dir="${CEPH_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-ceph}"
rgw_port="${CEPH_RGW_PORT:-7480}"
rgw2_port="${CEPH_RGW2_PORT:-$((rgw_port + 1))}"
mon_port="${CEPH_MON_PORT:-13300}"
with_mgr="${CEPH_WITH_MGR:-1}"
bucket="${AWS_BUCKET:-vaultload}"
timeout_seconds="${CEPH_START_TIMEOUT_SECONDS:-60}"
ceph_kms="${CEPH_KMS:-TESTING}"
mon_addrs="[v2:127.0.0.1:$mon_port,v1:127.0.0.1:$((mon_port + 1))]"
env_file="$base_dir/env"
export CEPH_CONF="$base_dir/ceph.conf"

SERVER_SCRIPT=start-ceph
source "$(dirname "$0")/lib/local-server.sh"

# a killed daemon stays a zombie until someone reaps it, which a container's pid 1 may never do
alive() { kill -0 "$1" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }

pid_of() {  # pid of a daemon (mon.a, mgr.x, osd.0, client.rgw.a) if it runs
  local file="$base_dir/run/$1.pid"
  [ -f "$file" ] || return 1
  local pid; pid="$(cat "$file")"
  alive "$pid" && echo "$pid"
}

write_conf() {
  cat >"$CEPH_CONF" <<CONF
[global]
fsid = $1
mon host = $mon_addrs
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind ipv6 = false
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
keyring = $base_dir/keyring
run dir = $base_dir/run
admin socket = $base_dir/run/\$name.\$pid.asok
pid file = $base_dir/run/\$name.pid
log file = $base_dir/log/\$name.log
crash dir = $base_dir/crash
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon max pg per osd = 1000
mon warn on pool no redundancy = false
mon warn on insecure global id reclaim allowed = false

[mon]
mon data = $base_dir/mon/\$cluster-\$id
# every pool creation would otherwise wait about 1 s, and radosgw 9 s more to come up
paxos propose interval = 0.05
paxos min wait = 0.01

[mgr]
mgr data = $base_dir/mgr/\$cluster-\$id

[osd]
osd data = $base_dir/osd/\$cluster-\$id
osd objectstore = memstore
memstore device bytes = 4294967296

[client.rgw.a]
rgw data = $base_dir/rgw
# endpoint= binds 127.0.0.1 only (port= would bind 0.0.0.0)
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw gc obj min wait = 60
rgw gc processor period = 60

[client.rgw.b]
rgw data = $base_dir/rgw-b
rgw frontends = beast endpoint=127.0.0.1:$rgw2_port
rgw gc obj min wait = 60
rgw gc processor period = 60

# Both gateways: server-side encryption for the SSE_KMS and SSE_C engines over http; SSE-KMS keys from CEPH_KMS's
# backend, the same for both gateways. RGW 16.2 has no SSE-S3 KMS: it stores "SSE-S3" objects in plain text.
[client]
rgw crypt require ssl = false
$(kms_conf)
CONF
}

# kms_conf: RGW's SSE-KMS backend lines for CEPH_KMS. TESTING keeps the key here in plain text (tests only, no KMS
# call: the baseline); KMIP asks PyKMIP for the key named SSE-KMS's key id (Locate, then Get) with RGW's client
# certificate; VAULT exports the transit key named by the key id (NAME/VERSION) with the token in the token file.
kms_conf() {
  case "$ceph_kms" in
    TESTING)
      echo "rgw crypt s3 kms backend = testing"
      echo "rgw crypt s3 kms encryption keys = vaultload-key=$(head -c 32 /dev/urandom | base64)" ;;
    KMIP)
      echo "rgw crypt s3 kms backend = kmip"
      echo "rgw crypt kmip addr = $PYKMIP_ADDR"
      echo "rgw crypt kmip ca path = $PYKMIP_CA_PATH"
      echo "rgw crypt kmip client cert = $PYKMIP_CLIENT_CERT"
      echo "rgw crypt kmip client key = $PYKMIP_CLIENT_KEY"
      echo "rgw crypt kmip kms key template = \$keyid" ;;
    VAULT)
      echo "rgw crypt s3 kms backend = vault"
      echo "rgw crypt vault auth = token"
      echo "rgw crypt vault token file = $VAULT_TOKEN_FILE"
      echo "rgw crypt vault addr = $VAULT_URL"
      echo "rgw crypt vault secret engine = transit"
      echo "rgw crypt vault prefix = /v1/transit/export/encryption-key"
      echo "rgw crypt vault ssl cacert = $VAULT_CA_PATH" ;;
  esac
}

# check_kms: CEPH_KMS is known and the server it names was started (its export lines are in the environment).
check_kms() {
  local needed variable script
  case "$ceph_kms" in
    TESTING) return ;;
    KMIP) needed="PYKMIP_ADDR PYKMIP_CA_PATH PYKMIP_CLIENT_CERT PYKMIP_CLIENT_KEY"; script=start-pykmip.sh ;;
    VAULT) needed="VAULT_URL VAULT_TOKEN_FILE VAULT_CA_PATH"; script=start-vault.sh ;;
    *) die "CEPH_KMS=$ceph_kms: expected TESTING, KMIP or VAULT" ;;
  esac
  for variable in $needed; do
    [ -n "${!variable:-}" ] || die "CEPH_KMS=$ceph_kms needs $variable: eval \"\$(scripts/$script start)\""
  done
}

create_keyring() {
  local keyring="$base_dir/keyring"
  ceph-authtool --create-keyring "$keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
  ceph-authtool "$keyring" --gen-key -n client.admin \
    --cap mon 'allow *' --cap osd 'allow *' --cap mgr 'allow *' --cap mds 'allow *' >/dev/null
  ceph-authtool "$keyring" --gen-key -n mgr.x --cap mon 'allow profile mgr' --cap osd 'allow *' --cap mds 'allow *' >/dev/null
  ceph-authtool "$keyring" --gen-key -n osd.0 \
    --cap mon 'allow profile osd' --cap mgr 'allow profile osd' --cap osd 'allow *' >/dev/null
  for rgw in client.rgw.a client.rgw.b; do
    ceph-authtool "$keyring" --gen-key -n "$rgw" --cap mon 'allow rw' --cap osd 'allow rwx' --cap mgr 'allow rw' >/dev/null
  done
}

osd_up() { ceph --connect-timeout 5 osd dump | grep -q '^osd.0 up'; }

rgw_answers() { curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:${1:-$rgw_port}/"; }

start_rgw() {
  pid_of client.rgw.a >/dev/null && return
  detached "$base_dir/log/startup.log" radosgw -n client.rgw.a & wait $!
  await "radosgw on 127.0.0.1:$rgw_port" rgw_answers
}

kill_rgw() {
  local pid
  pid="$(pid_of client.rgw.a)" || { say "radosgw is not running"; return; }
  kill -9 "$pid"
  # the pid file stays behind a killed daemon: wait until the process is gone, so that start-rgw sees it down
  local deadline=$((SECONDS + 10))
  while alive "$pid"; do
    [ "$SECONDS" -lt "$deadline" ] || die "radosgw (pid $pid) still there 10 s after SIGKILL"
    sleep 0.05
  done
  say "killed radosgw (pid $pid)"
}

start() {
  if pid_of client.rgw.a >/dev/null && [ -f "$env_file" ]; then
    say "already running"; cat "$env_file"; return
  fi
  pid_of mon.a >/dev/null && die "a partly started cluster runs in $base_dir: run '$0 stop' first"
  check_kms
  for port in "$rgw_port" "$mon_port" "$((mon_port + 1))"; do
    port_in_use "$port" && die "port 127.0.0.1:$port is in use: set CEPH_RGW_PORT / CEPH_MON_PORT"
  done
  apt_install_missing "radosgw ceph-mon ceph-osd ceph-mgr ceph" "Ceph (about 73 MB)" \
    ceph-mon ceph-osd ceph-mgr radosgw ceph-common
  local began=$SECONDS
  rm -rf "$base_dir"
  mkdir -p "$base_dir"/{run,log,crash,rgw,mon/ceph-a,mgr/ceph-x,osd/ceph-0}
  local fsid; fsid="$(uuidgen)"
  write_conf "$fsid"
  create_keyring

  monmaptool --create --fsid "$fsid" --addv a "$mon_addrs" "$base_dir/monmap" >/dev/null
  ceph-mon -i a --mkfs --monmap "$base_dir/monmap" --keyring "$base_dir/keyring"
  detached "$base_dir/log/startup.log" ceph-mon -i a & wait $!
  await "ceph-mon" ceph --connect-timeout 5 mon stat
  say "mon up after $((SECONDS - began)) s"

  if [ "$with_mgr" = 1 ]; then
    detached "$base_dir/log/startup.log" ceph-mgr -i x & wait $!
  fi

  local osd_uuid osd_id; osd_uuid="$(uuidgen)"
  osd_id="$(ceph --connect-timeout 10 osd new "$osd_uuid")"
  [ "$osd_id" = 0 ] || die "expected osd id 0, got '$osd_id'"
  ceph-osd -i 0 --mkfs --osd-uuid "$osd_uuid" 2>>"$base_dir/log/startup.log"
  detached "$base_dir/log/startup.log" ceph-osd -i 0 & wait $!
  await "ceph-osd" osd_up
  say "osd up after $((SECONDS - began)) s"

  start_rgw
  say "radosgw answers after $((SECONDS - began)) s"

  local access_key secret_key
  access_key="VL$(random_hex 9 | tr 'a-f' 'A-F')"
  secret_key="$(random_hex 20)"
  radosgw-admin user create --uid=vaultload --display-name="Vaultload" \
    --access-key="$access_key" --secret-key="$secret_key" >/dev/null
  create_buckets "http://127.0.0.1:$rgw_port" "$access_key" "$secret_key" "$bucket"
  ( umask 077
    { echo "export AWS_URL=http://127.0.0.1:$rgw_port"
      echo "export AWS_ACCESS_KEY=$access_key"
      echo "export AWS_SECRET_KEY=$secret_key"
      echo "export AWS_BUCKET=$bucket"; } >"$env_file" )
  say "Ceph $(ceph --version | awk '{print $3}') RGW at http://127.0.0.1:$rgw_port after $((SECONDS - began)) s; base dir $base_dir"
  cat "$env_file"
}

second_rgw() {  # the same cluster's objects through a second gateway; AWS_URL becomes the list of both
  pid_of client.rgw.a >/dev/null && [ -f "$env_file" ] || die "no cluster runs in $base_dir: run '$0 start'"
  if ! pid_of client.rgw.b >/dev/null; then
    port_in_use "$rgw2_port" && die "port 127.0.0.1:$rgw2_port is in use: set CEPH_RGW2_PORT"
    mkdir -p "$base_dir/rgw-b"
    detached "$base_dir/log/startup.log" radosgw -n client.rgw.b & wait $!
    await "the second radosgw on 127.0.0.1:$rgw2_port" rgw_answers "$rgw2_port"
  fi
  sed "s|^export AWS_URL=.*|export AWS_URL=http://127.0.0.1:$rgw_port,http://127.0.0.1:$rgw2_port|" "$env_file"
}

stop_daemon() {  # SIGTERM, wait up to 30 s, then SIGKILL
  local pid
  pid="$(pid_of "$1")" || return 0
  kill "$pid"
  for _ in $(seq 1 150); do alive "$pid" || return 0; sleep 0.2; done
  say "$1 (pid $pid) ignored SIGTERM for 30 s: SIGKILL"
  kill -9 "$pid" 2>/dev/null || true
}

stop() {
  local began=$SECONDS
  # radosgw first: it hangs for more than 30 s if the OSD goes before it
  stop_daemon client.rgw.a & stop_daemon client.rgw.b & wait
  stop_daemon osd.0 & stop_daemon mgr.x & wait
  stop_daemon mon.a
  rm -rf "$base_dir"
  say "stopped in $((SECONDS - began)) s; removed $base_dir"
}

status() {
  if pid_of client.rgw.a >/dev/null && rgw_answers 2>/dev/null; then
    say "running: mon $(pid_of mon.a || echo down), mgr $(pid_of mgr.x || echo down), osd $(pid_of osd.0 || echo down), rgw $(pid_of client.rgw.a)"
    cat "$env_file"
  else
    say "not running"; return 1
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  kill-rgw) kill_rgw ;;
  start-rgw)
    pid_of mon.a >/dev/null || die "no cluster runs in $base_dir: run '$0 start'"
    start_rgw ;;
  second-rgw) second_rgw ;;
  *) echo "usage: $0 start|stop|status|kill-rgw|start-rgw|second-rgw" >&2; exit 2 ;;
esac
