// The page's own calls, timed in node (run by bench.sh beside the C++ benchmark, natively and in wasm):
// simulate() through dist/engine.mjs on a 2-row C1 run (over 20 s, and over its first 0.1 s, where
// the block does not move: the call itself), the seed-euler loop and the seed's replica through
// simulate(), and the seed app's own CalcIt (evaluated from the seed document, as seed-parity.test.mjs
// does) on the same case. Medians of interleaved rounds. Not a test: nothing passes or fails on time.
// Prints its table, then one line "CALLS_JSON {rows: [{label, seconds}]}" (seconds per call).
// Usage: node build-scripts/bench-calls.mjs [rounds]

import { performance } from 'node:perf_hooks';

import { loadEngine } from '../dist/engine.mjs';
import { loadSeedCalcIt } from '../tests/wasm/support.mjs';

const rounds = Math.max(1, Number(process.argv[2] ?? 5));
const engine = await loadEngine({ studies: false });
const calcIt = await loadSeedCalcIt();

const c1 = (duration) => ({
  law: 'coulomb',
  params: { mu_s: 0.6, mu_k: 0.4 },
  system: { m: 1, c: 10, v0: 0.1, Fn: 10, duration },
  samples: 2,
});
// The seed's default case over its longest run (bench group 2): the seed's law at its steady θ on its
// system, the seed-euler loop, 100 000 steps of 1 ms and the seed's 201 rows.
const seedEuler = {
  law: 'abbott-theta',
  params: { mus: 0.6, muk: 0.4, tau: 0.2, D: 0.001 },
  system: { m: 1, c: 10, eta: 0, v0: 0.1, Fn: 1, duration: 100 },
  integrator: 'seed-euler',
  samples: 201,
};
const seedDefaults = Object.fromEntries(
  engine
    .models()
    .find((model) => model.id === 'abbott-seed')
    .params.map((p) => [p.key, p.default]),
);
const seedCase = { ...seedDefaults, tmax: 100 };

const rows = [
  { label: 'simulate(): C1, 2 rows, 20 s', calls: 200, run: () => engine.simulate(c1(20)) },
  {
    label: 'simulate(): C1, 2 rows, 0.1 s (the call)',
    calls: 500,
    run: () => engine.simulate(c1(0.1)),
  },
  {
    label: 'simulate(): seed-euler, abbott-theta',
    calls: 3,
    run: () => engine.simulate(seedEuler),
  },
  {
    label: 'simulate(): abbott-seed (the replica)',
    calls: 3,
    run: () => engine.simulate({ model: 'abbott-seed', params: seedCase }),
  },
  { label: "the seed's own CalcIt (JS)", calls: 3, run: () => calcIt(seedCase) },
];

// Untimed calls first, as the C++ benchmark's measure() has its round −1: V8 compiles the module's
// functions at their first calls and tiers them up in the background, which for a 2-row call took some
// 4000 calls (2026-11-26: 280 µs per call over the first 100, 40 µs after 2000, 30 µs after 4000).
// Each row runs for a second before it is timed.
for (const row of rows) {
  const start = performance.now();
  while (performance.now() - start < 1000) for (let i = 0; i < row.calls; i++) row.run();
}
for (const row of rows) row.times = [];
for (let round = 0; round < rounds; round++)
  for (const row of rows) {
    const start = performance.now();
    for (let i = 0; i < row.calls; i++) row.run();
    row.times.push((performance.now() - start) / 1e3 / row.calls);
  }

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(`\nThe page's calls in node (median of ${rounds} interleaved rounds)`);
for (const row of rows)
  console.log(
    `  ${row.label.padEnd(44)} ${(1e6 * median(row.times)).toFixed(2).padStart(12)} us per call`,
  );
const json = rows.map(({ label, times }) => ({ label, seconds: median(times) }));
console.log(`CALLS_JSON ${JSON.stringify({ rounds, rows: json })}`);
