#!/usr/bin/env bash
# A single-node Slurm (munged, slurmctld, slurmd) on 127.0.0.1 for sharded runs as job arrays, from Debian's
# packages (installed with apt-get if slurmctld is missing: Slurm 22.05, munge 0.5). Plain processes, no systemd, no
# cgroups; everything (munge key and socket, slurm.conf, state, spool, logs, pids) lives under one base directory.
# Facts behind every step: docs/notes/slurm-single-node.md.
#
#   eval "$(scripts/start-slurm.sh start)"   # starts it (idempotent), waits for the node to be idle, prints export lines
#   scripts/start-slurm.sh status            # exit 0 and the export lines if running, 1 otherwise
#   scripts/start-slurm.sh stop              # cancels every job, waits for them, stops the daemons by pid, deletes the base dir
#
# Environment:
#   SLURM_BASE_DIR        everything (default ${TMPDIR:-/tmp}/vaultload-slurm)
#   SLURMCTLD_PORT        the controller's port (default 6817); SLURMD_PORT the node daemon's (default 6818).
#                         Both daemons listen on every interface (Slurm has no bind option): pick free ports.
#   SLURM_CPUS            CPUs the node offers (default 4; may exceed the real cores, so 3 one-CPU tasks run at once on 2)
#   SLURM_START_TIMEOUT_SECONDS  limit for the node to become idle (default 30)
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

base_dir="${SLURM_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-slurm}"
ctld_port="${SLURMCTLD_PORT:-6817}"
slurmd_port="${SLURMD_PORT:-6818}"
cpus="${SLURM_CPUS:-4}"
timeout_seconds="${SLURM_START_TIMEOUT_SECONDS:-30}"
conf="$base_dir/slurm.conf"
env_file="$base_dir/env"
export SLURM_CONF="$conf"

SERVER_SCRIPT=start-slurm
source "$(dirname "$0")/lib/local-server.sh"

pid_of() {  # pid_of munged|slurmctld|slurmd: its pid if it runs
  local file="$base_dir/run/$1.pid"
  [ -f "$file" ] || return 1
  local pid; pid="$(cat "$file")"
  kill -0 "$pid" 2>/dev/null && echo "$pid"
}

write_conf() {
  cat >"$conf" <<CONF
ClusterName=vaultload
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$base_dir/munge/munge.socket
SlurmUser=root
SlurmdUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobContainerType=job_container/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$base_dir/log/jobcomp.txt
MailProg=/bin/true
MinJobAge=3600
ReturnToService=2
StateSaveLocation=$base_dir/state
SlurmdSpoolDir=$base_dir/spool
SlurmctldPidFile=$base_dir/run/slurmctld.pid
SlurmdPidFile=$base_dir/run/slurmd.pid
SlurmctldLogFile=$base_dir/log/slurmctld.log
SlurmdLogFile=$base_dir/log/slurmd.log
SlurmdParameters=config_overrides
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
}

node_idle() { [ "$(sinfo -h -n localhost -o %T 2>/dev/null)" = idle ]; }

start() {
  if pid_of slurmctld >/dev/null && pid_of slurmd >/dev/null && pid_of munged >/dev/null; then
    say "already running"; cat "$env_file"; return
  fi
  port_in_use "$ctld_port" && die "port $ctld_port is in use: set SLURMCTLD_PORT"
  port_in_use "$slurmd_port" && die "port $slurmd_port is in use: set SLURMD_PORT"
  apt_install_missing "slurmctld slurmd sbatch munged" "Slurm and munge" slurmctld slurmd slurm-client munge
  mkdir -p "$base_dir"/{munge,state,spool,run,log}
  # munged refuses a socket under a directory that others cannot enter (mktemp makes 0700)
  chmod 755 "$base_dir" "$base_dir/munge" "$base_dir/spool"
  local dir="$base_dir"
  while [ "$dir" != / ]; do dir="$(dirname "$dir")"; [ -x "$dir" ] || die "$dir must be world-executable for munged"; done
  [ -f "$base_dir/munge/munge.key" ] || mungekey --create --keyfile="$base_dir/munge/munge.key" >&2
  chmod 600 "$base_dir/munge/munge.key"
  munged --force --socket="$base_dir/munge/munge.socket" --key-file="$base_dir/munge/munge.key" \
    --log-file="$base_dir/log/munged.log" --pid-file="$base_dir/run/munged.pid" --seed-file="$base_dir/munge/munge.seed"
  await "munged" test -S "$base_dir/munge/munge.socket"
  write_conf
  slurmctld -c -f "$conf"
  await "slurmctld (port $ctld_port)" port_in_use "$ctld_port"
  slurmd -N localhost -f "$conf"
  await "the node" node_idle
  echo "export SLURM_CONF=$conf" >"$env_file"
  say "running: controller on port $ctld_port, node localhost with $cpus CPUs, base $base_dir"
  cat "$env_file"
}

stop() {
  if [ -f "$conf" ] && pid_of slurmctld >/dev/null; then
    # slurmstepd outlives slurmd and ignores TERM while it retries to report: end the jobs first
    scancel --partition=local >/dev/null 2>&1 || true
    for _ in $(seq 1 100); do
      [ -z "$(squeue -h -t running,pending,completing -o %i 2>/dev/null)" ] && break
      sleep 0.2
    done
    # a safety net: whatever the node still runs for a job (listpids fails when there is none)
    local pids; pids="$( (scontrol listpids 2>/dev/null || true) | awk 'NR > 1 && $1 ~ /^[0-9]+$/ {print $1}')"
    [ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
  fi
  local daemon pid
  for daemon in slurmd slurmctld munged; do
    if pid="$(pid_of "$daemon")"; then
      kill "$pid"
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -0 "$pid" 2>/dev/null && { say "$daemon (pid $pid) ignored SIGTERM: SIGKILL"; kill -9 "$pid"; }
      say "stopped $daemon (pid $pid)"
    fi
  done
  rm -rf "$base_dir"
}

status() {
  if pid_of slurmctld >/dev/null && pid_of slurmd >/dev/null && pid_of munged >/dev/null; then
    say "running, base $base_dir"; cat "$env_file"
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
