#!/usr/bin/env bash
# The spring-block benchmark, natively and as wasm under node, in one run. The builds take turns: each
# pass runs the native benchmark, the wasm one and the page's calls (bench-calls.mjs) for one round
# each, so that a change in the machine's load between them (ours is shared) falls on both sides
# alike; the side-by-side table takes each row's median over the passes. Each process's own tables
# (time ratios measured within it) are printed from the last pass; every pass's output is kept in
# build/bench/. Not a test; nothing here passes or fails on time.
# Usage: bash build-scripts/bench.sh [passes] [quasi-static|auto]   (default 5 passes;
# `quasi-static` runs that group alone, natively and in node, with its targets and the side-by-side table;
# `auto` runs issue 14's table (every law under auto, 40 s, on six systems) and the time-to-accuracy rows)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
PASSES="${1:-5}"
GROUP="${2:-}"
if [[ -n "$GROUP" && "$GROUP" != quasi-static && "$GROUP" != auto ]]; then
  echo "bench.sh: the groups that run alone are 'quasi-static' and 'auto'; got '$GROUP'" >&2
  exit 2
fi
bash build-scripts/install-deps.sh
bash build-scripts/build.sh >/dev/null

out=build/bench
rm -rf "$out"
mkdir -p "$out"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for pass in $(seq 1 "$PASSES"); do
  ./build/native/cpp/friction_bench 1 $GROUP >"$out/pass-$pass-native.txt"
  node build/wasm/cpp/friction_bench.cjs 1 $GROUP >"$out/pass-$pass-wasm.txt"
  # The page's own calls (dist/engine.mjs) and the seed app's CalcIt, in node.
  node build-scripts/bench-calls.mjs 1 >"$out/pass-$pass-calls.txt"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for side in native wasm calls; do
  grep -v '^BENCH_JSON \|^CALLS_JSON ' "$out/pass-$PASSES-$side.txt"
  echo
done

# Each row's median over the passes, side by side, and issue 29's ratios.
node build-scripts/bench-side-by-side.mjs "$out" "$PASSES"
