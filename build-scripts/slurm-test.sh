#!/usr/bin/env bash
# The docs' Slurm recipe, run on a real Slurm: a one-node Slurm started here (munged, slurmctld,
# slurmd; build-scripts/slurm-local.sh), and the commands of docs/guide/lab-protocols.md ("On a
# cluster: a Slurm job array") as they are written there, read from the page itself (the blocks
# after <!-- slurm-test: submit --> and <!-- slurm-test: resubmit -->), with N = 8 parts for the
# docs' 64 so that the two CPUs get through them in seconds:
#   1. build-scripts/slurm-job.py writes the array and the merge job, sbatch submits them, the merge
#      waits on the array (afterok); the merged map is byte for byte the unsharded `friction sweep`,
#      and Slurm holds the array to the time limit the job file gives;
#   2. the same with part 3 failing once (a lost node): the merge does not run (it stays pending, its
#      dependency never satisfied) and no map is written; the docs' resubmission of the parts without
#      a file, and of the merge, then completes the map, the very same bytes.
# Every daemon it started is stopped by its process id on the way out, whatever happened, and its
# folder is removed. Needs root (slurmd starts jobs as their user), build/native/cpp/friction, and
# Debian's slurm-wlm and munge (build-scripts/install-deps.sh installs them). ~20 s on 2 cores.
#
# Usage: bash build-scripts/slurm-test.sh   (after build-scripts/build.sh; KEEP=1 keeps the folder)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$ROOT/build-scripts/slurm-local.sh"

CLI="$ROOT/build/native/cpp/friction"
DOCS="$ROOT/docs/guide/lab-protocols.md"
PARTS=8 # for the docs' N=64: 8 tasks take ~4 s on the test's two CPUs, 64 would take ~30 s
WAIT_S=60

fail() {
  echo "slurm-test: FAIL: $*" >&2
  exit 1
}

# The shell block that follows the marker <!-- slurm-test: $1 --> in the docs.
docs_block() {
  awk -v marker="<!-- slurm-test: $1 -->" '
    $0 == marker { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }
  ' "$DOCS"
}

# A 16 × 16 map of Drake's Stribeck law over the spring and the dashpot, from steady sliding in its
# falling branch: steady, decaying, oscillating and growing cells, 256 cells in about a second.
write_map() {
  cat >"$1" <<'JSON'
{"scenario": {"law": "drake-stribeck", "params": {"stiction_tolerance": 0.05},
              "system": {"v0": 0.1, "duration": 10, "start": "steady"}, "kick": 0.05},
 "x": {"target": "system", "key": "c", "min": 10, "max": 1000, "count": 16, "log": true},
 "y": {"target": "system", "key": "eta", "min": 0, "max": 80, "count": 16}}
JSON
}

# A run's folder: the map, build-scripts as the docs' commands name it (they run from the
# repository's root), and `friction` on PATH: the program itself, or (with a shard, "3/8") a stand-in
# that fails that part once, after writing half of it, as a task on a node that is lost would.
make_run() {
  local run="$1" failing="${2:-}"
  mkdir -p "$run/bin"
  write_map "$run/map.json"
  ln -s "$ROOT/build-scripts" "$run/build-scripts"
  if [ -z "$failing" ]; then
    ln -s "$CLI" "$run/bin/friction"
    return
  fi
  touch "$run/fail-once"
  cat >"$run/bin/friction" <<WRAPPER
#!/bin/bash
if [ -e "$run/fail-once" ] && [[ " \$* " == *" --shard $failing "* ]]; then
  rm -f "$run/fail-once"
  csv="\${@: -1}"
  head -c 300 "$folder/reference.csv" >"\$csv"
  echo "friction (slurm-test): the node was lost in part $failing" >&2
  exit 1
fi
exec "$CLI" "\$@"
WRAPPER
  chmod +x "$run/bin/friction"
}

# Runs a docs block in the folder $1, in this shell (its variables, array and merge, stay set).
run_block() {
  local run="$1" block="$2"
  local path="$PATH"
  pushd "$run" >/dev/null
  PATH="$run/bin:$PATH"
  eval "$block"
  PATH="$path"
  popd >/dev/null
}

job_field() { # job_field JOB FIELD: a field of `scontrol show job`, one line per task
  timeout 5 scontrol --oneliner show job "$1" | grep -o "$2=[^ ]*" | cut -d= -f2-
}
job_gone() { [ -z "$(timeout 5 squeue --noheader --jobs="$1" --format=%A 2>/dev/null)" ]; }
# The array has left the queue, and the merge is either held for good or (wrongly) gone too.
array_done_merge_held_or_gone() {
  job_gone "$array" && { job_gone "$merge" ||
    [ "$(timeout 5 squeue --noheader --jobs="$merge" --format=%r)" = "DependencyNeverSatisfied" ]; }
}

# 1. The docs' submission: the array, then the merge after it; the map is the unsharded one.
submitted_map() {
  local run="$folder/complete"
  make_run "$run"
  run_block "$run" "$submit"
  wait_for "the merge job $merge" "$WAIT_S" job_gone "$merge" || fail "the merge did not finish"
  [ "$(job_field "$merge" JobState)" = COMPLETED ] || fail "merge job: $(job_field "$merge" JobState)"
  cmp "$run/map.csv" "$folder/reference.csv" || fail "the merged map differs from the unsharded one"
  local limit
  limit="$(sed -n 's/^#SBATCH --time=//p' "$run/map.sbatch")"
  [ "$(job_field "$array" TimeLimit | sort -u)" = "$limit" ] ||
    fail "the array's tasks run with time limit $(job_field "$array" TimeLimit | sort -u), not $limit"
  echo "slurm-test: ok: $PARTS tasks and their merge (afterok) give the unsharded map byte for byte"
}

# 2. A part fails: no merge, no map; the docs' resubmission completes it.
failed_part_resubmitted() {
  local run="$folder/failing" first_merge
  make_run "$run" "3/$PARTS"
  run_block "$run" "$submit"
  wait_for "the array to end" "$WAIT_S" array_done_merge_held_or_gone || fail "the array did not end"
  [ "$(job_field "$merge" JobState)" = PENDING ] && [ "$(job_field "$merge" Reason)" = DependencyNeverSatisfied ] ||
    fail "the merge job is $(job_field "$merge" JobState) ($(job_field "$merge" Reason)), not held"
  [ "$(job_field "${array}_3" JobState)" = FAILED ] || fail "task 3 is $(job_field "${array}_3" JobState)"
  [ ! -e "$run/map.csv" ] || fail "a map was written although a part failed"
  [ ! -e "$run/map-parts/part-3.csv" ] || fail "the failed part left a part file"
  first_merge="$merge"
  run_block "$run" "$resubmit"
  wait_for "the merge job $merge" "$WAIT_S" job_gone "$merge" || fail "the merge did not finish"
  [ "$(job_field "$merge" JobState)" = COMPLETED ] || fail "merge job: $(job_field "$merge" JobState)"
  [ "$(job_field "$first_merge" JobState)" = CANCELLED ] || fail "the first merge job was not cancelled"
  cmp "$run/map.csv" "$folder/reference.csv" || fail "the completed map differs from the unsharded one"
  echo "slurm-test: ok: a failed part holds the merge back (afterok); resubmitted, the map is complete"
}

cleanup() {
  local status=$?
  slurm_stop
  if [ "$status" -ne 0 ] && [ -d "${folder:-}/slurm" ]; then
    tail -n 20 "$folder"/slurm/munge/munged.out "$folder"/slurm/log/*.log >&2 || true
  fi
  if [ -n "${KEEP:-}" ]; then echo "slurm-test: kept $folder"; else rm -rf "${folder:-/nonexistent}"; fi
  exit "$status"
}

main() {
  if [ "$(id -u)" -ne 0 ] && [ "${CI:-}" != true ]; then
    echo "slurm-test: SKIPPED: the one-node Slurm needs root (CI runs it as root)" >&2
    return 0
  fi
  [ -x "$CLI" ] || fail "no $CLI: run build-scripts/build.sh first"
  submit="$(docs_block submit)"
  resubmit="$(docs_block resubmit)"
  [ "$(grep -c '^N=64$' <<<"$submit")" = 1 ] || fail "the docs' submit block has no line N=64"
  [ -n "$resubmit" ] || fail "the docs have no block after <!-- slurm-test: resubmit -->"
  submit="${submit/N=64/N=$PARTS}"
  folder="$(mktemp -d "${TMPDIR:-/tmp}/friction-slurm.XXXXXX")"
  chmod 755 "$folder" # munged wants every folder above its socket open to all
  trap cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  local started=$SECONDS
  slurm_start "$folder/slurm"
  echo "slurm-test: a one-node Slurm is up in $((SECONDS - started)) s"
  write_map "$folder/map.json"
  "$CLI" sweep "$folder/map.json" --csv "$folder/reference.csv"
  submitted_map
  failed_part_resubmitted
  echo "slurm-test: passed in $((SECONDS - started)) s"
}

main "$@"
