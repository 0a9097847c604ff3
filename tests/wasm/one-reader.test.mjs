// One scenario, one reader (issue 14): the wasm module's simulate() and sweepCells() and the native
// command-line program (`friction run`, `friction sweep`) read requests with the engine's one reader,
// so each bad request below is refused by both with the same field path and the same message.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { loadBuiltEngine } from './support.mjs';

const cli = path.resolve('build/native/cpp/friction');
let engine, folder;
before(async () => {
  engine = await loadBuiltEngine();
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-one-reader-'));
});

/** [what, scenario, the field path both must name] */
const BAD_SCENARIOS = [
  ['unknown top-level key', { law: 'coulomb', sytem: { c: 20 } }, 'sytem'],
  ['unknown system key', { law: 'coulomb', system: { mass: 1 } }, 'system.mass'],
  ['unknown law parameter', { law: 'coulomb', params: { mu: 0.5 } }, 'params.mu'],
  ['out-of-range system.v0', { law: 'abbott-theta', system: { v0: 500 } }, 'system.v0'],
  [
    "out-of-range law parameter (the θ law's own v0)",
    { law: 'abbott-theta', params: { v0: 50 } },
    'params.v0',
  ],
  ['out-of-range model parameter', { model: 'state-variable', params: { m: 0 } }, 'params.m'],
  ['a law parameter of the wrong type', { law: 'coulomb', params: { mu_s: '0.5' } }, 'params.mu_s'],
  ['a system value of the wrong type', { law: 'coulomb', system: { c: 'stiff' } }, 'system.c'],
  ['params that are not an object', { law: 'coulomb', params: [0.5] }, 'params'],
  [
    'an empty parameter name (fuzz)',
    { model: 'state-variable', params: { m: 0, Fn: 10, '': 'mus', duration: 30 } },
    'params',
  ],
  ['an empty top-level key', { law: 'coulomb', '': 1 }, 'scenario'],
  ['an empty system key', { law: 'coulomb', system: { '': 1 } }, 'system'],
  [
    'a cross-parameter rule of the law',
    { law: 'coulomb', params: { mu_s: 0.3, mu_k: 0.5 } },
    'params.mu_k',
  ],
  ['an unknown integrator', { law: 'coulomb', integrator: 'leapfrog' }, 'integrator'],
  ['an integrator that is not a string', { law: 'coulomb', integrator: 4 }, 'integrator'],
  ['samples out of range', { law: 'coulomb', samples: 1 }, 'samples'],
  ['samples not a whole number', { law: 'coulomb', samples: 2.5 }, 'samples'],
  ['tolerance out of range', { law: 'coulomb', tolerance: 0.1 }, 'tolerance'],
  [
    'a drive step that is not a [t, v] pair',
    {
      law: 'coulomb',
      system: {
        v0: [
          [0, 0.1],
          [1, 'fast'],
        ],
      },
    },
    'system.v0[1]',
  ],
  [
    'drive steps out of order',
    {
      law: 'coulomb',
      system: {
        v0: [
          [0, 0.1],
          [2, 0.2],
          [1, 0.3],
        ],
      },
    },
    'system.v0[2]',
  ],
  [
    'a first drive step after t = 0',
    { law: 'coulomb', system: { v0: [[1, 0.1]] } },
    'system.v0[0]',
  ],
  ['a kick without a steady start', { law: 'coulomb', kick: 0.01 }, 'kick'],
  ['an unknown start', { law: 'coulomb', system: { start: 'moving' } }, 'system.start'],
  [
    "a steady start the stepped loop cannot take (the run's own check)",
    { law: 'radioss-coulomb', params: { Iform: 2 }, system: { start: 'steady', duration: 0.1 } },
    'system.start',
  ],
  [
    "a law's option given to a seed model",
    { model: 'abbott-seed', integrator: 'rk4' },
    'integrator',
  ],
  ['a model and a law at once', { model: 'abbott-seed', law: 'coulomb' }, 'law'],
  ['an unknown law', { law: 'nope' }, 'law'],
  ['neither a model nor a law', { params: {} }, 'model'],
];

const X = { key: 'mu_s', min: 0.5, max: 1, count: 2 };
const Y = { target: 'system', key: 'eta', min: 0, max: 1, count: 2 };
/** [what, map request { scenario, x, y }, the field path both must name] */
const BAD_MAPS = [
  [
    'an axis with too many cells',
    { scenario: { law: 'coulomb' }, x: { ...X, count: 100001 }, y: Y },
    'x.count',
  ],
  [
    "an axis outside its parameter's range",
    { scenario: { law: 'coulomb' }, x: { ...X, min: -1 }, y: Y },
    'x.min',
  ],
  [
    'an axis with an unknown key',
    { scenario: { law: 'coulomb' }, x: { ...X, logarithmic: true }, y: Y },
    'x.logarithmic',
  ],
  [
    'an axis without its parameter',
    { scenario: { law: 'coulomb' }, x: X, y: { target: 'system', min: 0, max: 1, count: 2 } },
    'y.key',
  ],
  ['two axes on one parameter', { scenario: { law: 'coulomb' }, x: X, y: X }, 'y.key'],
  [
    "a map's scenario with a bad parameter",
    { scenario: { law: 'coulomb', params: { mu_k: 5 } }, x: X, y: Y },
    'scenario.params.mu_k',
  ],
  [
    "a map's scenario with drive steps",
    { scenario: { law: 'coulomb', system: { v0: [[0, 0.1]] } }, x: X, y: Y },
    'scenario.system.v0',
  ],
  ['a map without its y axis', { scenario: { law: 'coulomb' }, x: X }, 'y'],
];

/** Writes `json` to a file and runs `friction COMMAND FILE`: { status, field, message } of its refusal. */
async function cliRefusal(command, name, json) {
  const file = path.join(folder, `${name}.json`);
  await writeFile(file, JSON.stringify(json));
  const result = spawnSync(cli, [command, file], { encoding: 'utf8' });
  const match = result.stderr.match(/^friction: ([^:\s]+): (.*)$/m);
  return { status: result.status, field: match?.[1], message: match?.[2], stderr: result.stderr };
}

/** Calls `run`; { field, message } of the Error it throws. */
function jsRefusal(run) {
  try {
    run();
  } catch (error) {
    return { field: error.parameter, message: error.message };
  }
  return { field: undefined, message: 'not refused' };
}

test('the lists hold the cases the issue names, at least a dozen', () => {
  assert.ok(BAD_SCENARIOS.length + BAD_MAPS.length >= 12);
});

test('simulate() and `friction run` refuse each bad scenario with the same field path and message', async () => {
  for (const [index, [what, scenario, field]] of BAD_SCENARIOS.entries()) {
    const js = jsRefusal(() => engine.simulate(scenario));
    const native = await cliRefusal('run', `scenario-${index}`, scenario);
    assert.equal(js.field, field, `${what}: simulate() named ${js.field}: ${js.message}`);
    assert.equal(
      native.status,
      2,
      `${what}: friction run exited ${native.status}: ${native.stderr}`,
    );
    assert.equal(
      native.field,
      field,
      `${what}: friction run named ${native.field}: ${native.stderr}`,
    );
    assert.equal(native.message, js.message, what);
  }
});

test('sweepCells() and `friction sweep` refuse each bad map with the same field path and message', async () => {
  for (const [index, [what, map, field]] of BAD_MAPS.entries()) {
    const js = jsRefusal(() => engine.sweepCells({ ...map, cells: [0, 0] }));
    const native = await cliRefusal('sweep', `map-${index}`, map);
    assert.equal(js.field, field, `${what}: sweepCells() named ${js.field}: ${js.message}`);
    assert.equal(
      native.status,
      2,
      `${what}: friction sweep exited ${native.status}: ${native.stderr}`,
    );
    assert.equal(
      native.field,
      field,
      `${what}: friction sweep named ${native.field}: ${native.stderr}`,
    );
    assert.equal(native.message, js.message, what);
  }
});

test('simulate({ model, params: { "": "mus" } }) says a parameter name must not be empty and names params (fuzz finding)', () => {
  const js = jsRefusal(() => engine.simulate({ model: 'state-variable', params: { '': 'mus' } }));
  assert.equal(js.field, 'params');
  assert.match(js.message, /A parameter name must not be empty/);
});
