// Two builds of the benchmark side by side in one run, to check that a change costs no speed: each
// binary runs in turn, `times` times (A, B, A, B, …, so that the machine's load falls on both alike),
// and each row's median time of the one is divided by the other's. Not a test: nothing passes or
// fails on time. The rows' steps and errors are compared too (a change of either is a change of the
// computation, not of its speed).
//
// Usage: node build-scripts/bench-versus.mjs BEFORE AFTER [--rounds N] [--times K] [--group REGEX]
//                                           [--only quasi-static|auto|fit]
//   BEFORE, AFTER: friction_bench executables (native), or friction_bench.cjs (wasm, run by node)
//   --rounds: each run's own interleaved rounds (default 3); --times: runs of each (default 3);
//   --group: only the rows whose group matches (default: every row both builds have)
//   --only: the benchmark's own group argument (friction_bench ROUNDS GROUP): run only those rows

import { execFileSync } from 'node:child_process';

function parseArguments(argv) {
  const options = { rounds: 3, times: 3, group: '.', only: [], builds: [] };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--rounds') options.rounds = Number(argv[(i += 1)]);
    else if (argv[i] === '--times') options.times = Number(argv[(i += 1)]);
    else if (argv[i] === '--group') options.group = argv[(i += 1)];
    else if (argv[i] === '--only') options.only = [argv[(i += 1)]];
    else options.builds.push(argv[i]);
  }
  if (options.builds.length !== 2) {
    console.error(
      'usage: node build-scripts/bench-versus.mjs BEFORE AFTER [--rounds N] [--times K]',
    );
    process.exit(2);
  }
  return options;
}

/** One run of a benchmark build: its BENCH_JSON rows. */
function runOnce(build, rounds, only) {
  const [command, args] = build.endsWith('.cjs')
    ? [process.execPath, [build, String(rounds), ...only]]
    : [build, [String(rounds), ...only]];
  const output = execFileSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const line = output.split('\n').find((text) => text.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`${build} printed no BENCH_JSON line`);
  return JSON.parse(line.slice('BENCH_JSON '.length)).rows;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each row's times over the runs, by "group | label", with its steps and error (from the last run). */
function collect(runs) {
  const byKey = new Map();
  for (const rows of runs)
    for (const row of rows) {
      const key = `${row.group} | ${row.label}`;
      const entry = byKey.get(key) ?? { seconds: [], steps: row.steps, error: row.error };
      entry.seconds.push(row.seconds);
      byKey.set(key, entry);
    }
  return byKey;
}

function report(before, after, pattern) {
  const keys = [...before.keys()].filter(
    (key) => after.has(key) && new RegExp(pattern).test(key.split(' | ')[0]),
  );
  const width = Math.min(90, Math.max(14, ...keys.map((key) => key.length)));
  console.log(
    `${'case | method'.padEnd(width)} ${'before ms'.padStart(10)} ${'after ms'.padStart(10)} ${'after÷before'.padStart(13)}  steps`,
  );
  const ratios = [];
  for (const key of keys) {
    const [a, b] = [before.get(key), after.get(key)];
    const [ta, tb] = [median(a.seconds), median(b.seconds)];
    if (!(ta > 0 && tb > 0)) continue;
    ratios.push(tb / ta);
    const steps = a.steps === b.steps ? 'same' : `${a.steps} → ${b.steps}`;
    console.log(
      `${key.slice(0, width).padEnd(width)} ${(1e3 * ta).toFixed(3).padStart(10)} ${(1e3 * tb).toFixed(3).padStart(10)} ${(tb / ta).toFixed(3).padStart(13)}  ${steps}`,
    );
  }
  console.log(`\n${ratios.length} rows: median after÷before ${median(ratios).toFixed(3)}`);
}

const options = parseArguments(process.argv.slice(2));
const [runsBefore, runsAfter] = [[], []];
for (let time = 0; time < options.times; time += 1) {
  runsBefore.push(runOnce(options.builds[0], options.rounds, options.only));
  runsAfter.push(runOnce(options.builds[1], options.rounds, options.only));
}
console.log(
  `${options.builds[0]} (before) and ${options.builds[1]} (after): ${options.times} runs each, ` +
    `alternating, ${options.rounds} rounds a run; load average ${(await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}\n`,
);
report(collect(runsBefore), collect(runsAfter), options.group);
