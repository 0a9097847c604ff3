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

# Each row's median over the passes, for each side.
PASSES="$PASSES" OUT="$out" node --input-type=module -e '
import { readFileSync } from "node:fs";
const passes = Number(process.env.PASSES);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const merged = (side, prefix) => {
  const byLabel = new Map();
  for (let pass = 1; pass <= passes; pass++) {
    const text = readFileSync(`${process.env.OUT}/pass-${pass}-${side}.txt`, "utf8");
    const line = text.split("\n").find((l) => l.startsWith(prefix));
    for (const row of JSON.parse(line.slice(prefix.length)).rows) {
      const key = `${row.group ?? ""} | ${row.label}`;
      if (!byLabel.has(key)) byLabel.set(key, { ...row, times: [] });
      byLabel.get(key).times.push(row.seconds);
    }
  }
  const rows = [...byLabel.values()].map(({ times, ...row }) => ({ ...row, seconds: median(times) }));
  return JSON.stringify({ passes, rows });
};
console.log(`NATIVE_JSON=${merged("native", "BENCH_JSON ")}`);
console.log(`WASM_JSON=${merged("wasm", "BENCH_JSON ")}`);
console.log(`CALLS_JSON=${merged("calls", "CALLS_JSON ")}`);
' >"$out/medians.txt"
NATIVE_JSON="$(grep '^NATIVE_JSON=' "$out/medians.txt" | cut -c13-)" \
WASM_JSON="$(grep '^WASM_JSON=' "$out/medians.txt" | cut -c11-)" \
CALLS_JSON="$(grep '^CALLS_JSON=' "$out/medians.txt" | cut -c12-)" \
node --input-type=module -e '
const native = JSON.parse(process.env.NATIVE_JSON).rows;
const wasm = JSON.parse(process.env.WASM_JSON).rows;
const key = (row) => `${row.group} | ${row.label}`;
const wasmByKey = new Map(wasm.map((row) => [key(row), row]));
const ms = (s) => (s < 0 ? "refused" : (1e3 * s).toFixed(3));
console.log(`\nNative and wasm side by side (median ms over ${JSON.parse(process.env.NATIVE_JSON).passes} passes, the builds taking turns; same steps and errors expected)`);
// The key column as wide as the longest key (up to 90 characters), so that the methods stay readable.
const width = Math.min(90, Math.max(14, ...native.map((row) => key(row).length)));
console.log(`${"case | method".padEnd(width)} ${"native".padStart(10)} ${"wasm".padStart(10)} ${"wasm÷native".padStart(12)}`);
const ratios = [];
for (const row of native) {
  const other = wasmByKey.get(key(row));
  if (!other) continue;
  const ratio = row.seconds > 0 && other.seconds > 0 ? other.seconds / row.seconds : NaN;
  if (Number.isFinite(ratio)) ratios.push(ratio);
  const same = row.steps === other.steps ? "" : `  (steps differ: ${row.steps} vs ${other.steps})`;
  console.log(`${key(row).slice(0, width).padEnd(width)} ${ms(row.seconds).padStart(10)} ${ms(other.seconds).padStart(10)} ${
    Number.isFinite(ratio) ? ratio.toFixed(2).padStart(12) : "".padStart(12)}${same}`);
}
ratios.sort((a, b) => a - b);
console.log(`\nwasm ÷ native over ${ratios.length} rows: median ${ratios[ratios.length >> 1].toFixed(2)}, ` +
  `range ${ratios[0].toFixed(2)} to ${ratios[ratios.length - 1].toFixed(2)}`);

// Issue 29: a call of the page at most twice native, and the seed-euler loop at most the seed app CalcIt.
const calls = JSON.parse(process.env.CALLS_JSON || "{\"rows\":[]}").rows;
const call = (prefix) => calls.find((row) => row.label.startsWith(prefix))?.seconds;
const bench = (rows, group, prefix) => rows.find((row) => row.group === group && row.label.startsWith(prefix))?.seconds;
const us = (s) => (s === undefined ? "-" : (1e6 * s).toFixed(2));
console.log("\nA 2-row C1 run per call (us): native (C++), wasm (C++ under node), the page (simulate() through engine.mjs)");
for (const [label, duration] of [["C1, 2 rows, 20 s", "20 s"], ["C1, 2 rows, 0.1 s (the call)", "0.1 s"]]) {
  const n = bench(native, "Per call", `C1, 2 rows, ${duration}`) / 1000;
  const w = bench(wasm, "Per call", `C1, 2 rows, ${duration}`) / 1000;
  const page = call(`simulate(): C1, 2 rows, ${duration === "20 s" ? "20 s" : "0.1 s"}`);
  console.log(`  ${label.padEnd(32)} ${us(n).padStart(10)} ${us(w).padStart(10)} ${us(page).padStart(10)}   page ÷ native ${(page / n).toFixed(2)} (goal ≤ 2)`);
}
const calcIt = call("the seed");
console.log("\nThe seed default case, 100 000 steps of 1 ms (ms): the seed-euler loop natively, in wasm (C++ under node) and through simulate(); the seed app\u0027s CalcIt in node");
const seedNative = bench(native, "Seed default case", "seed-euler");
const seedWasm = bench(wasm, "Seed default case", "seed-euler");
const seedPage = call("simulate(): seed-euler");
const msOf = (s) => (s === undefined ? "-" : (1e3 * s).toFixed(3));
console.log(`  seed-euler loop: native ${msOf(seedNative)}, wasm ${msOf(seedWasm)}, simulate() ${msOf(seedPage)}; CalcIt ${msOf(calcIt)}; replica through simulate() ${msOf(call("simulate(): abbott-seed"))}`);
console.log(`  ÷ CalcIt (goal ≤ 1): native ${(seedNative / calcIt).toFixed(2)}, wasm ${(seedWasm / calcIt).toFixed(2)}, simulate() ${(seedPage / calcIt).toFixed(2)}`);
'
