# A one-node Slurm on this machine, for build-scripts/slurm-test.sh; sourced, not run.
#
# slurm_start FOLDER starts MUNGE's munged, Slurm's controller (slurmctld -D) and its node daemon
# (slurmd -D) in the foreground of background jobs of this shell, with everything of theirs in
# FOLDER: a fresh MUNGE key, its socket, slurm.conf (one node, "localhost", CPUs=2, ports that were
# free a moment before), the controller's state, the node's spool and the logs. It exports
# SLURM_CONF, so that sbatch, squeue, scancel and scontrol talk to this Slurm and no other, and
# returns once the node takes jobs. slurm_stop cancels what is still queued and stops the daemons
# it started, by their process ids, whatever state they are in. Run as root: slurmd starts each job
# as its user, and the controller and the node daemon run as SlurmUser = SlurmdUser = root here.
#
# Nothing outside FOLDER is written: the Debian packages' /etc/munge and /etc/slurm are not read.

SLURM_DAEMON_PIDS=()

# A TCP port of 127.0.0.1 that nothing listens on (the kernel's choice of a free one).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to $2 seconds for the command $3… to succeed; false (and says what) on timeout.
wait_for() {
  local what="$1" seconds="$2"
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "slurm: gave up after ${seconds} s waiting for $what" >&2
      return 1
    fi
    sleep 0.2
  done
}

# The MUNGE daemon with its own key and socket. munged wants its socket's folder open to all
# (execute permission) and its key readable by its user only.
start_munge() {
  local folder="$1"
  mkdir -p "$folder/munge" "$folder/munge-key"
  chmod 755 "$folder" "$folder/munge"
  chmod 700 "$folder/munge-key"
  head -c 1024 /dev/urandom >"$folder/munge-key/munge.key"
  chmod 400 "$folder/munge-key/munge.key"
  munged --foreground --socket="$folder/munge/socket" --key-file="$folder/munge-key/munge.key" \
    --pid-file="$folder/munge/munged.pid" --seed-file="$folder/munge/munged.seed" \
    --log-file="$folder/munge/munged.log" >"$folder/munge/munged.out" 2>&1 &
  SLURM_DAEMON_PIDS+=($!)
  wait_for "munged's socket" 10 test -S "$folder/munge/socket"
}

# The node's memory as slurm.conf's RealMemory [MB]: 90 % of the machine's, below what slurmd finds
# (a job's --mem is checked against it).
node_memory_mb() {
  awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo
}

# slurm.conf: one node, localhost, two CPUs, its own ports; no accounting, no cgroups (which a
# container may not have), jobs kept in the controller for an hour (scontrol show job reads them).
# The scheduler starts jobs as soon as it can (batch_sched_delay=0, sched_min_interval=0): with
# Slurm's defaults it starts a pair of array tasks every 3 s here, with these every 1 s.
write_slurm_conf() {
  local folder="$1"
  mkdir -p "$folder/state" "$folder/spool" "$folder/log"
  cat >"$folder/slurm.conf" <<CONF
ClusterName=friction-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$folder/munge/socket
StateSaveLocation=$folder/state
SlurmdSpoolDir=$folder/spool
SlurmctldPidFile=$folder/slurmctld.pid
SlurmdPidFile=$folder/slurmd.pid
SlurmctldLogFile=$folder/log/slurmctld.log
SlurmdLogFile=$folder/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MinJobAge=3600
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=$(node_memory_mb) State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
}

node_idle() {
  [ "$(timeout 5 sinfo --noheader --format=%T 2>/dev/null)" = "idle" ]
}

slurm_start() {
  local folder="$1"
  if [ "$(id -u)" -ne 0 ]; then
    echo "slurm: the one-node Slurm runs as root (slurmd starts each job as its user)" >&2
    return 1
  fi
  start_munge "$folder"
  write_slurm_conf "$folder"
  export SLURM_CONF="$folder/slurm.conf"
  slurmctld -D >"$folder/log/slurmctld.out" 2>&1 &
  SLURM_DAEMON_PIDS+=($!)
  slurmd -D -N localhost >"$folder/log/slurmd.out" 2>&1 &
  SLURM_DAEMON_PIDS+=($!)
  wait_for "the node to take jobs" 30 node_idle
}

# Stops process $1 (SIGTERM, then SIGKILL after 10 s) and reaps it.
stop_pid() {
  local pid="$1" tries=0
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 50 ]; do
    sleep 0.2
    tries=$((tries + 1))
  done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# Cancels every job of this Slurm (it has no others), waits for them to leave the node, then stops
# the node daemon, the controller and munged, in that order.
slurm_stop() {
  if [ -n "${SLURM_CONF:-}" ] && [ ${#SLURM_DAEMON_PIDS[@]} -ge 3 ]; then
    local jobs
    jobs="$(timeout 5 squeue --noheader --format=%A 2>/dev/null || true)"
    if [ -n "$jobs" ]; then
      # shellcheck disable=SC2086 # one job id a word
      timeout 5 scancel $jobs 2>/dev/null || true
      wait_for "the cancelled jobs to end" 15 no_jobs_running || true
    fi
  fi
  local k
  for ((k = ${#SLURM_DAEMON_PIDS[@]} - 1; k >= 0; k--)); do stop_pid "${SLURM_DAEMON_PIDS[k]}"; done
  SLURM_DAEMON_PIDS=()
}

no_jobs_running() {
  [ -z "$(timeout 5 squeue --noheader --states=RUNNING,COMPLETING --format=%A 2>/dev/null)" ]
}
