// The abbott-seed model against the seed app itself: the seed's CalcIt, evaluated from the seed
// document, is run side by side with dist/engine.mjs on the defaults, on the corners of the
// parameter ranges and on random valid inputs; the plotted points and the Resonance text must match.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import { close, drawValue, loadBuiltEngine, loadSeedCalcIt, randomSource } from './support.mjs';
import { formatResonance } from '../../web/js/ui/format.js';

let engine, calcIt, seedSpec;
before(async () => {
  engine = await loadBuiltEngine();
  calcIt = await loadSeedCalcIt();
  seedSpec = engine.models().find((m) => m.id === 'abbott-seed');
});

// Compares one input set; returns a description of the first mismatch, or null.
function compareWithSeed(params) {
  const seed = calcIt(params);
  const [velocity, theta, kinetic] = seed.plots[0].plotData;
  let ours;
  try {
    ours = engine.simulate({ model: 'abbott-seed', params });
  } catch (error) {
    // The engine refuses only a run that blows up; the seed then plots non-finite values.
    const seedFinite = velocity.every((p) => Number.isFinite(p.y));
    return seedFinite ? `engine threw "${error.message}" where the seed stays finite` : null;
  }
  const { t, vOverV0, theta: th, fkOverFk0 } = ours.columns;
  if (t.length !== velocity.length)
    return `${t.length} samples against the seed's ${velocity.length}`;
  const series = [
    ['v/v0', velocity, vOverV0],
    ['θ', theta, th],
    ['Fk/Fk0', kinetic, fkOverFk0],
  ];
  for (let i = 0; i < t.length; i++) {
    if (!close(t[i], velocity[i].x, 1e-9, 1e-12))
      return `t[${i}] = ${t[i]} against ${velocity[i].x}`;
    for (const [name, seedPoints, column] of series)
      if (!close(column[i], seedPoints[i].y, 1e-9, 1e-12))
        return `${name} at t = ${t[i]}: ${column[i]} against the seed's ${seedPoints[i].y}`;
  }
  if (formatResonance(ours.summary) !== seed.freq)
    return `Resonance "${formatResonance(ours.summary)}" against "${seed.freq}"`;
  return null;
}

const defaults = () => Object.fromEntries(seedSpec.params.map((p) => [p.key, p.default]));

test("the seed defaults give the seed app's points and Resonance", () => {
  assert.equal(compareWithSeed(defaults()), null);
});

test('every corner of the parameter ranges matches the seed (tmax at its minimum, plus a 10 s run)', () => {
  // 2^10 corners of the ten physics inputs would take long at tmax = 100 s; the corners are run at
  // short tmax, which covers the clamps and sampling, and a sample of them at 10 s.
  const keys = seedSpec.params.filter((p) => p.key !== 'tmax');
  const random = randomSource(7);
  for (let mask = 0; mask < 1 << keys.length; mask++) {
    const params = { tmax: mask % 16 === 0 ? 10 : 0.5 };
    keys.forEach((spec, bit) => (params[spec.key] = mask & (1 << bit) ? spec.max : spec.min));
    if (random() < 0.02) params.tmax = 100;
    const mismatch = compareWithSeed(params);
    assert.equal(mismatch, null, `${JSON.stringify(params)}: ${mismatch}`);
  }
});

test('300 random valid inputs match the seed to 1e-9 relative', () => {
  const random = randomSource(2026);
  for (let n = 0; n < 300; n++) {
    const params = Object.fromEntries(
      seedSpec.params.map((spec) => [spec.key, drawValue(spec, random)]),
    );
    const mismatch = compareWithSeed(params);
    assert.equal(mismatch, null, `case ${n} ${JSON.stringify(params)}: ${mismatch}`);
  }
});
