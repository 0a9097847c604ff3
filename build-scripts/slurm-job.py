#!/usr/bin/env python3
"""Writes a Slurm job array for a stability map, with its resources measured on a sample of cells.

    python3 build-scripts/slurm-job.py SWEEP.json N [--friction PATH] [--name NAME] [--sample CELLS]
                                       [--margin FACTOR] [--partition P] [--account A]

writes, in the current folder, NAME.sbatch (a job array of N tasks, task K running part K/N of the
sweep: `friction sweep SWEEP.json --shard K/N`) and NAME-merge.sbatch (`friction merge` of the N
parts into NAME.csv, to submit with --dependency=afterok:<the array's job id>), and makes the
folders they write into (NAME-parts, NAME-logs). NAME is the sweep file's name without .json.

The resources come from a timed sample: part 0 of M of the map (M ≈ cells / CELLS, coprime with
the cells across, so that the sample's cells spread over the map's columns as well as its rows), run
with the very `friction` the jobs will run. A task's time limit is
    FACTOR × (the sample's time per cell) × (the cells of the largest part) + 1 min,
rounded up to the minute; its memory FACTOR × the sample's peak memory, at least 64 MB. The merge
holds the parts and the map in memory (about 6 × the map's size) and merges some 100 MB/s here; it
gets FACTOR × that at 20 MB/s + 1 min, at least 5 min. The partition and the account are left as
commented-out lines to fill in, unless given.

A task writes its part as part-K.csv.partial and renames it part-K.csv when friction has written it
all, so that a part file exists only for a task that completed: the parts without a file are the
ones to run again (docs/guide/lab-protocols.md, "On a cluster: a Slurm job array").

Exit status 0, or 2 with a message for bad arguments, an unreadable sweep, or a sample that
friction refuses.
"""

import argparse
import json
import math
import os
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

DEFAULT_SAMPLE = 32
DEFAULT_MARGIN = 3.0
TASK_STARTUP_S = 60  # the job's start and the file system, beyond the cells' time
MERGE_MB_PER_S = 20  # a slow shared file system; friction merge itself reads ~100 MB/s here
MERGE_MEMORY_PER_BYTE = 6  # the parts' text, their rows and the map, held at once
MIN_TASK_MEMORY_MB = 64
MIN_MERGE_S = 300
SLURM_MAX_ARRAY_SIZE = 1001  # Slurm's default MaxArraySize: task ids 0 … 1000


class Refused(Exception):
    """A bad argument or input, with the message to print."""


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="slurm-job.py",
        description="Writes a Slurm job array (and its merge job) for a friction sweep, with the "
        "time and memory a task needs measured on a sample of the map's cells.",
    )
    parser.add_argument("sweep", help="the sweep file, as `friction sweep` reads it")
    parser.add_argument("parts", help="N, the number of parts (array tasks), at least 1")
    parser.add_argument("--friction", help="the friction program the jobs run (default: on PATH)")
    parser.add_argument("--name", help="the files' name (default: the sweep file's, without .json)")
    parser.add_argument("--sample", default=str(DEFAULT_SAMPLE), help="cells to time (default 32)")
    parser.add_argument("--margin", default=str(DEFAULT_MARGIN), help="factor on the estimate (3)")
    parser.add_argument("--partition", help="the partition (default: a line to fill in)")
    parser.add_argument("--account", help="the account (default: a line to fill in)")
    return parser.parse_args(argv)


def whole_number(text, what, least):
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < least:
        raise Refused(f"{what} must be a whole number of at least {least}; got '{text}'.")
    return value


def margin_factor(text):
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value >= 1 and math.isfinite(value)):
        raise Refused(f"--margin must be a number of at least 1 (a factor); got '{text}'.")
    return value


def find_friction(given):
    """The friction program: --friction, else the one on PATH, else this checkout's build."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [given] if given else [shutil.which("friction"), os.path.join(here, "..", "build",
                                                                               "native", "cpp",
                                                                               "friction")]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.abspath(candidate)
    where = f"'{given}'" if given else "on PATH or in build/native/cpp"
    raise Refused(f"no friction program {where}: give its path with --friction PATH.")


def map_size(sweep_path):
    """The cells across (x.count) and up (y.count); the sample run checks the rest."""
    try:
        with open(sweep_path, encoding="utf-8") as file:
            sweep = json.load(file)
    except OSError as error:
        raise Refused(f"cannot read '{sweep_path}': {error.strerror}.") from error
    except ValueError as error:
        raise Refused(f"'{sweep_path}' is not JSON: {error}.") from error
    counts = []
    for axis in ("x", "y"):
        count = sweep.get(axis, {}).get("count") if isinstance(sweep, dict) else None
        if not isinstance(count, (int, float)) or count != int(count) or count < 1:
            raise Refused(f"'{sweep_path}': {axis}.count must be a whole number of cells; "
                          f"got {json.dumps(count)}.")
        counts.append(int(count))
    return counts[0], counts[1]


def sample_shards(cells, across, wanted):
    """M: part 0 of M holds about `wanted` cells, in columns that differ (gcd(M, across) = 1)."""
    if cells <= wanted:
        return 1
    shards = max(1, cells // wanted)
    while math.gcd(shards, across) != 1:
        shards += 1
    return shards


def cells_of(index, shards, cells):
    """The cells part `index` of `shards` holds (as cli::Shard::cellsOf)."""
    return (cells - index + shards - 1) // shards if index < cells else 0


def time_sample(friction, sweep_path, shards, folder):
    """Runs part 0 of `shards`: its seconds, peak memory [MB] and CSV bytes per row."""
    csv = os.path.join(folder, "sample.csv")
    command = [friction, "sweep", sweep_path, "--shard", f"0/{shards}", "--csv", csv]
    start = time.monotonic()
    ran = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - start
    if ran.returncode != 0:
        raise Refused(f"the sample run was refused: {ran.stderr.strip()}")
    # ru_maxrss: kilobytes on Linux; the largest of the children waited for (the one sample).
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    with open(csv, "rb") as file:
        rows = [line for line in file.read().split(b"\n") if line and not line.startswith(b"#")]
    row_bytes = sum(len(row) + 1 for row in rows[1:]) / max(1, len(rows) - 1)
    return seconds, peak_mb, row_bytes


def slurm_time(seconds):
    """A time limit as Slurm reads it: HH:MM:SS, or D-HH:MM:SS from a day, whole minutes up."""
    minutes = max(1, math.ceil(seconds / 60))
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    clock = f"{hours:02d}:{minutes:02d}:00"
    return f"{days}-{clock}" if days else clock


def duration(seconds):
    if seconds < 1:
        return f"{seconds * 1000:.3g} ms"
    if seconds < 120:
        return f"{seconds:.3g} s"
    return f"{seconds / 60:.3g} min" if seconds < 7200 else f"{seconds / 3600:.3g} h"


def estimate(args, across, up, parts, sample_cells, seconds, peak_mb, row_bytes):
    """Every figure the job files carry, computed from the sample."""
    cells = across * up
    per_cell = seconds / sample_cells
    per_task = cells_of(0, parts, cells)
    task_s = args.margin * per_cell * per_task + TASK_STARTUP_S
    map_mb = cells * row_bytes / 1e6
    merge_s = max(MIN_MERGE_S, args.margin * map_mb / MERGE_MB_PER_S + TASK_STARTUP_S)
    return {
        "cells": cells, "across": across, "up": up, "parts": parts, "per_task": per_task,
        "sample_cells": sample_cells, "sample_s": seconds, "per_cell": per_cell,
        "peak_mb": peak_mb, "task_s": task_s, "task_time": slurm_time(task_s),
        "task_mb": max(MIN_TASK_MEMORY_MB, math.ceil(args.margin * peak_mb)),
        "map_mb": map_mb, "merge_time": slurm_time(merge_s),
        "merge_mb": max(MIN_TASK_MEMORY_MB,
                        math.ceil(args.margin * (MERGE_MEMORY_PER_BYTE * map_mb + peak_mb))),
    }


def site_lines(args):
    """The partition and account directives: given, or commented out for the user to fill in."""
    lines = []
    for option, value in (("partition", args.partition), ("account", args.account)):
        if value:
            lines.append(f"#SBATCH --{option}={value}")
        else:
            lines.append(f"# Your cluster's {option}: fill it in and remove one '#' from the next line.")
            lines.append(f"##SBATCH --{option}=")
    return lines


def array_script(args, names, e):
    n = e["parts"]
    return "\n".join([
        "#!/bin/bash",
        f"# Friction Lab: the map {names['sweep']} ({e['across']} × {e['up']} = {e['cells']} cells) as a "
        f"Slurm job array of {n} parts,",
        f"# at most {e['per_task']} cells a part. Written by build-scripts/slurm-job.py. Submit it "
        "with its merge:",
        f"#   array=$(sbatch --parsable {names['array']})",
        f"#   merge=$(sbatch --parsable --dependency=afterok:\"$array\" {names['merge']})",
        f"# Sample: {e['sample_cells']} cells (part 0/{args.shards}) in {e['sample_s']:.6g} s, "
        f"{duration(e['per_cell'])} a cell; peak memory {e['peak_mb']:.1f} MB.",
        f"# Time limit: {args.margin:g} × {duration(e['per_cell'])} × {e['per_task']} cells + "
        f"{TASK_STARTUP_S} s = {duration(e['task_s'])}, in whole minutes.",
        f"# Task K runs part K/{n}: N is written out rather than read from SLURM_ARRAY_TASK_COUNT,",
        "# which is 1 for a part submitted again alone (sbatch --array=K).",
        f"#SBATCH --job-name={names['job']}",
        *site_lines(args),
        f"#SBATCH --array=0-{n - 1}",
        "#SBATCH --cpus-per-task=1",
        f"#SBATCH --mem={e['task_mb']}M",
        f"#SBATCH --time={e['task_time']}",
        f"#SBATCH --chdir={names['folder']}",
        f"#SBATCH --output={names['logs']}/part-%a.out",
        "set -euo pipefail",
        'K="$SLURM_ARRAY_TASK_ID"',
        f"{shlex.quote(names['friction'])} sweep {shlex.quote(names['sweep'])} --shard \"$K/{n}\" "
        f"--csv \"{names['parts']}/part-$K.csv.partial\"",
        f"mv \"{names['parts']}/part-$K.csv.partial\" \"{names['parts']}/part-$K.csv\"",
        "",
    ])


def merge_script(args, names, e):
    return "\n".join([
        "#!/bin/bash",
        f"# Friction Lab: the merge of {names['array']}'s {e['parts']} parts into {names['csv']} "
        f"(about {e['map_mb']:.3g} MB).",
        "# Submit it with --dependency=afterok:<the array's job id>, so that it runs once every part",
        "# has completed (written by build-scripts/slurm-job.py).",
        f"#SBATCH --job-name={names['job']}-merge",
        *site_lines(args),
        "#SBATCH --cpus-per-task=1",
        f"#SBATCH --mem={e['merge_mb']}M",
        f"#SBATCH --time={e['merge_time']}",
        f"#SBATCH --chdir={names['folder']}",
        f"#SBATCH --output={names['logs']}/merge.out",
        "set -euo pipefail",
        f"{shlex.quote(names['friction'])} merge {shlex.quote(names['parts'])}/part-*.csv "
        f"--csv {shlex.quote(names['csv'])}",
        "",
    ])


def file_names(args, friction):
    folder = os.getcwd()
    name = args.name or os.path.splitext(os.path.basename(args.sweep))[0]
    sweep = os.path.abspath(args.sweep)
    inside = os.path.commonpath([folder, sweep]) == folder
    return {
        "folder": folder, "job": f"friction-{name}", "friction": friction,
        "sweep": os.path.relpath(sweep, folder) if inside else sweep,
        "array": f"{name}.sbatch", "merge": f"{name}-merge.sbatch", "csv": f"{name}.csv",
        "parts": f"{name}-parts", "logs": f"{name}-logs",
    }


def write(path, text):
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
    os.chmod(path, 0o755)


def report(names, e):
    print(f"{names['array']}: {e['parts']} parts of at most {e['per_task']} cells, 1 CPU, "
          f"{e['task_mb']} MB and {e['task_time']} each (sample: {e['sample_cells']} cells, "
          f"{duration(e['per_cell'])} a cell)")
    print(f"{names['merge']}: {names['csv']} (about {e['map_mb']:.3g} MB), {e['merge_mb']} MB, "
          f"{e['merge_time']}")
    if e["parts"] > SLURM_MAX_ARRAY_SIZE:
        print(f"Note: Slurm's default MaxArraySize takes task ids 0 … {SLURM_MAX_ARRAY_SIZE - 1}; "
              f"ask your cluster's for {e['parts']} parts.")
    print("Submit:")
    print(f"  array=$(sbatch --parsable {names['array']})")
    print(f"  merge=$(sbatch --parsable --dependency=afterok:\"$array\" {names['merge']})")


def main(argv):
    args = parse_arguments(argv)
    parts = whole_number(args.parts, "N (the number of parts)", 1)
    wanted = whole_number(args.sample, "--sample", 1)
    args.margin = margin_factor(args.margin)
    friction = find_friction(args.friction)
    across, up = map_size(args.sweep)
    args.shards = sample_shards(across * up, across, wanted)
    with tempfile.TemporaryDirectory(prefix="friction-sample-") as folder:
        seconds, peak_mb, row_bytes = time_sample(friction, args.sweep, args.shards, folder)
    sample_cells = cells_of(0, args.shards, across * up)
    e = estimate(args, across, up, parts, sample_cells, seconds, peak_mb, row_bytes)
    names = file_names(args, friction)
    os.makedirs(names["parts"], exist_ok=True)
    os.makedirs(names["logs"], exist_ok=True)
    write(names["array"], array_script(args, names, e))
    write(names["merge"], merge_script(args, names, e))
    report(names, e)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Refused as refusal:
        print(f"slurm-job.py: {refusal}", file=sys.stderr)
        sys.exit(2)
