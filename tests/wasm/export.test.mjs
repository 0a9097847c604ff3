// Node test of exportLaw (issue 16) in the on-demand export module (dist/fit-engine.mjs): the text reads
// back by the target's grammar (OpenSees Tcl's frictionModel line, Abaqus's keyword and data line), an
// approximate mapping's deviation is the one measured here from the target's equation, and bad input
// throws an Error naming the field.
// Run: node --test --test-reporter=spec tests/wasm/export.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import test from 'node:test';

import { loadBuiltEngine, repoRoot } from './support.mjs';

async function loadExporter() {
  const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist'));
  const { loadFitEngine } = await import(path.join(dist, 'fit-engine.mjs'));
  return loadFitEngine();
}

const codeLines = (text, marker) =>
  text.split('\n').filter((line) => line && !line.startsWith(marker));

test('exportLaw: OpenSees Tcl round-trips VelDependent to the same parameters', async () => {
  const exporter = await loadExporter();
  const params = { muSlow: 0.31, muFast: 0.07, transRate: 13.7 };
  const result = exporter.exportLaw({ law: 'opensees-veldependent', params, to: 'opensees-tcl' });
  assert.equal(result.exact, true);
  assert.equal(result.deviation, null);
  const [line, ...rest] = codeLines(result.text, '#');
  assert.equal(rest.length, 0);
  const [command, type, tag, ...args] = line.split(/\s+/);
  assert.deepEqual([command, type, tag], ['frictionModel', 'VelDependent', '1']);
  assert.deepEqual(args.map(Number), [params.muSlow, params.muFast, params.transRate]);
});

test('exportLaw: an approximate Abaqus export states the deviation measured from μk + (μs − μk)e^(−dc·v)', async () => {
  const exporter = await loadExporter();
  const engine = await loadBuiltEngine();
  const params = { static_friction: 0.6, dynamic_friction: 0.4, stiction_tolerance: 1e-3 };
  const N = 10;
  const result = exporter.exportLaw({
    law: 'drake-stribeck',
    params,
    to: 'abaqus',
    N,
    vMin: 1e-4,
    vMax: 1,
  });
  assert.equal(result.exact, false);
  const lines = codeLines(result.text, '**');
  assert.equal(lines[0], '*FRICTION, EXPONENTIAL DECAY');
  const [mus, muk, dc] = lines[1].split(',').map(Number);
  // The fit's grid (export.h): 200 speeds log-spaced over [vMin, vMax]; the law's force there from the engine.
  const curve = engine.lawCurve('drake-stribeck', params, {
    vMin: 1e-4,
    vMax: 1,
    count: 200,
    scale: 'log',
    N,
  });
  assert.equal(curve.v.length, 200);
  let largest = 0;
  curve.v.forEach((speed, i) => {
    largest = Math.max(
      largest,
      Math.abs(N * (muk + (mus - muk) * Math.exp(-dc * speed)) - curve.force[i]),
    );
  });
  assert.ok(
    Math.abs(result.deviation.force - largest) <= 1e-9 * Math.max(largest, 1e-12),
    `${result.deviation.force} vs ${largest}`,
  );
  assert.equal(result.deviation.points, 200);
});

test('exportLaw refuses bad input with the field', async () => {
  const exporter = await loadExporter();
  assert.throws(
    () => exporter.exportLaw({ law: 'opensees-veldependent', to: 'nastran' }),
    (e) => e.parameter === 'to' && /ls-dyna/.test(e.message),
  );
  assert.throws(
    () =>
      exporter.exportLaw({ law: 'opensees-veldependent', params: { transRate: -1 }, to: 'abaqus' }),
    (e) => e.parameter === 'params.transRate',
  );
  assert.throws(
    () => exporter.exportLaw({ law: 'drake-stribeck', to: 'drake-py', units: 'mm-N-s' }),
    (e) => e.parameter === 'units',
  );
});

test('friction export (the CLI) prints the same text as exportLaw and refuses by field', async () => {
  const exporter = await loadExporter();
  const cli = path.resolve('build/native/cpp/friction');
  const run = (...args) => spawnSync(cli, ['export', ...args], { encoding: 'utf8' });
  const printed = run(
    '--law',
    'opensees-veldependent',
    '--param',
    'muSlow=0.3',
    '--param',
    'muFast=0.1',
    '--to',
    'ls-dyna',
    '--units',
    'mm-N-s',
  );
  assert.equal(printed.status, 0, printed.stderr);
  const api = exporter.exportLaw({
    law: 'opensees-veldependent',
    params: { muSlow: 0.3, muFast: 0.1 },
    to: 'ls-dyna',
    units: 'mm-N-s',
  });
  assert.equal(printed.stdout, api.text);
  // LS-DYNA's card: FS FD DC VC in 10-character fields; dc = 0.77 s/m → 0.00077 s/mm.
  const card = codeLines(printed.stdout, '$');
  assert.equal(card.length, 1);
  const fields = card[0].match(/.{10}/g).map(Number);
  assert.deepEqual(fields.slice(0, 2), [0.3, 0.1]);
  assert.ok(Math.abs(fields[2] - 0.77e-3) < 1e-15);
  for (const [args, message] of [
    [['--law', 'opensees-veldependent', '--to', 'nastran'], /to: to must be one of opensees-tcl/],
    [
      ['--law', 'drake-stribeck', '--to', 'abaqus', '--normal-force', '-1'],
      /N: N \(normal force\) must be a finite number above 0 N; got -1 N/,
    ],
    [
      ['--law', 'drake-stribeck', '--to', 'abaqus', '--speed-range', '1'],
      /--speed-range wants LO:HI/,
    ],
    [
      ['--law', 'opensees-veldependent', '--param', 'transRate=-2', '--to', 'abaqus'],
      /params\.transRate: .*-2/,
    ],
  ]) {
    const result = run(...args);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, message);
  }
});

test('every law to every target: the CLI and exportLaw write the same text, or refuse alike', async () => {
  const exporter = await loadExporter();
  const engine = await loadBuiltEngine();
  const cli = path.resolve('build/native/cpp/friction');
  // Every law with its defaults, and the requests of issue 27 (a normal force and a speed range that
  // made a conversion's chosen start depend on last-bit differences between the builds).
  const requests = [];
  for (const { id } of engine.laws())
    for (const to of exporter.exportTargets()) requests.push({ law: id, to });
  requests.push(
    { law: 'rsf', to: 'modelica' },
    { law: 'lugre', to: 'opensees-tcl', N: 3, vMin: 0.01, vMax: 0.5 },
    { law: 'opensees-veldependent', to: 'drake-py' },
    { law: 'radioss-coulomb', params: { Fric: 0.1 }, to: 'opensees-tcl' },
  );
  const args = ({ law, to, params = {}, N, vMin, vMax }) => [
    'export',
    '--law',
    law,
    '--to',
    to,
    ...Object.entries(params).flatMap(([key, value]) => ['--param', `${key}=${value}`]),
    ...(N === undefined ? [] : ['--normal-force', String(N)]),
    ...(vMin === undefined ? [] : ['--speed-range', `${vMin}:${vMax}`]),
  ];
  const differ = [];
  for (const request of requests) {
    const printed = spawnSync(cli, args(request), { encoding: 'utf8' });
    let text;
    try {
      text = exporter.exportLaw(request).text;
    } catch (error) {
      assert.equal(printed.status, 2, `${request.law} → ${request.to}: refused by JS only`);
      assert.ok(printed.stderr.includes(`${error.parameter}: `), printed.stderr);
      continue;
    }
    assert.equal(printed.status, 0, `${request.law} → ${request.to}: ${printed.stderr}`);
    if (printed.stdout !== text) differ.push(`${request.law} → ${request.to}`);
  }
  assert.deepEqual(differ, [], 'the same text from both');
  assert.ok(requests.length > 200);
});
