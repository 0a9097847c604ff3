// Hostile saved settings and links, by machine (issue 8): thousands of mutated settings objects
// (wrong types at every field, huge and non-finite numbers, unknown ids and keys, prototype keys,
// deep nesting, long strings) and malformed link texts go through the page's own loader
// (web/js/state/settings.js) with the engine's real catalog. The loader must never throw, must return
// settings whose every field has its documented shape, and must keep a good field beside a bad one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadBuiltEngine, repoRoot } from './support.mjs';

const engine = await loadBuiltEngine();
const catalog = {
  models: engine.models(),
  laws: engine.laws(),
  system: engine.system(),
  integrators: engine.integrators(),
  presliding: engine.presliding(),
};

// The loader reads localStorage and location.hash: give it both, as a page would.
const storage = new Map();
globalThis.localStorage = {
  getItem: (key) => storage.get(key) ?? null,
  setItem: (key, value) => storage.set(key, value),
};
globalThis.location = { hash: '' };
const { loadSettings } = await import(
  new URL('web/js/state/settings.js', `file://${repoRoot}`).href
);
const { linkHash } = await import(new URL('web/js/state/link.js', `file://${repoRoot}`).href);

const load = () =>
  loadSettings(catalog.models, catalog.laws, {
    system: catalog.system,
    integrators: catalog.integrators,
    presliding: catalog.presliding,
  });

// A small deterministic generator (xorshift), so a failure can be replayed.
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 2 ** 32;
  };
}
const HOSTILE = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  'x'.repeat(10_000),
  '',
  [],
  {},
  [[[[[]]]]],
  { __proto__: { polluted: 1 } },
  'abbott-seed',
  'coulomb',
  'steady',
  'rest',
  'params',
  'system',
  2.5,
  257,
  1e-320,
];

function mutate(value, rand, depth = 0) {
  if (rand() < 0.25 || depth > 4) return HOSTILE[Math.floor(rand() * HOSTILE.length)];
  if (Array.isArray(value)) return value.map((item) => mutate(item, rand, depth + 1));
  if (value && typeof value === 'object') {
    const out = {};
    for (const [key, item] of Object.entries(value))
      if (rand() > 0.1) out[key] = rand() < 0.6 ? item : mutate(item, rand, depth + 1);
    if (rand() < 0.2)
      out[['__proto__', 'constructor', 'unknownKey', 'toString'][Math.floor(rand() * 4)]] = mutate(
        {},
        rand,
        depth + 1,
      );
    return out;
  }
  return rand() < 0.5 ? value : HOSTILE[Math.floor(rand() * HOSTILE.length)];
}

function assertShape(settings) {
  const ids = new Set([...catalog.models, ...catalog.laws].map((entry) => entry.id));
  assert.ok(ids.has(settings.model));
  assert.ok(['spring', 'explorer', 'presliding', 'map'].includes(settings.view));
  for (const field of ['overrides', 'system', 'lawOverrides', 'integrators'])
    assert.equal(typeof settings[field], 'object');
  for (const values of Object.values(settings.overrides))
    for (const value of Object.values(values)) assert.ok(Number.isFinite(value));
  for (const value of Object.values(settings.system)) assert.ok(Number.isFinite(value));
  assert.ok(settings.start.mode === 'rest' || settings.start.mode === 'steady');
  assert.ok(Number.isFinite(settings.start.kick));
  assert.ok(ids.has(settings.map.subject));
  for (const axis of [settings.map.x, settings.map.y]) {
    if (axis === null) continue;
    assert.ok(
      Number.isFinite(axis.min) && Number.isFinite(axis.max) && Number.isInteger(axis.count),
    );
  }
  assert.ok(Array.isArray(settings.compare) && settings.compare.length <= 4);
  assert.ok(
    Array.isArray(settings.explorer.laws) && settings.explorer.laws.every((id) => ids.has(id)),
  );
  assert.equal({}.polluted, undefined);
}

test('thousands of mutated saved settings and links load without throwing, into well-formed settings', () => {
  globalThis.location.hash = '';
  storage.clear();
  const good = load().settings;
  good.model = 'coulomb';
  good.system = { c: 12 };
  good.charts = { position: true, phaseX: 'x' };
  good.start = { mode: 'steady', kick: 0.01 };
  good.compare = [
    {
      law: 'coulomb',
      params: {},
      system: { start: 'steady', c: 20 },
      kick: 0.02,
      integrator: 'auto',
    },
  ];
  const rand = random(20261122);
  let notices = 0;
  for (let round = 0; round < 3000; round++) {
    const hostile = mutate(good, rand);
    const text =
      rand() < 0.9
        ? JSON.stringify(hostile)
        : JSON.stringify(hostile).slice(0, Math.floor(rand() * 200));
    const viaLink = rand() < 0.5;
    storage.clear();
    if (viaLink)
      globalThis.location.hash =
        rand() < 0.1
          ? `#state=%E0%A4%A${round}`
          : linkHash(hostile).replace(/^#state=.*/, () => `#state=${encodeURIComponent(text)}`);
    else storage.set('friction-lab/settings/v1', text);
    const { settings, notice } = load();
    globalThis.location.hash = '';
    assertShape(settings);
    if (notice) notices += 1;
  }
  assert.ok(notices > 1000, `${notices} notices`);
  // Prototype keys as JSON text carries them (an object literal's __proto__ would never reach the text).
  for (const text of [
    '{"__proto__": {"polluted": 1}, "model": "coulomb"}',
    '{"overrides": {"__proto__": {"polluted": 1}}}',
    '{"map": {"overrides": {"__proto__": {"c": 1}}, "constructor": {"prototype": {"polluted": 1}}}}',
    '{"compare": [{"law": "coulomb", "system": {"__proto__": {"polluted": 1}}}]}',
  ]) {
    storage.set('friction-lab/settings/v1', text);
    assertShape(load().settings);
    assert.equal({}.polluted, undefined, text);
    assert.equal(Object.prototype.c, undefined, text);
  }
});

test("a bad field falls back alone: the user's other settings survive, with a notice", () => {
  storage.clear();
  globalThis.location.hash = '';
  const saved = {
    model: 'coulomb',
    system: { c: 12, eta: 'lots' },
    charts: { position: true, phaseX: 'sideways' },
    map: {
      subject: 'abbott-seed',
      overrides: { 'abbott-seed': { c: 5 } },
      x: { target: 'params', key: 'c', min: 1, max: 2, count: 1e9, log: false },
    },
  };
  storage.set('friction-lab/settings/v1', JSON.stringify(saved));
  const { settings, notice } = load();
  assert.match(notice, /no longer apply/);
  assert.equal(settings.model, 'coulomb');
  assert.deepEqual(settings.system, { c: 12 });
  assert.equal(settings.charts.position, true);
  assert.equal(settings.charts.phaseX, 'spring');
  assert.deepEqual(settings.map.overrides, { 'abbott-seed': { c: 5 } });
  assert.equal(settings.map.x, null); // the bad axis: the map's default axes instead
});
