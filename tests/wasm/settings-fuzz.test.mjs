// Hostile saved settings and links, by machine (issue 8): thousands of mutated settings objects
// (wrong types at every field, huge and non-finite numbers, unknown ids and keys, prototype keys,
// deep nesting, long strings) and malformed link texts go through the page's own loader
// (web/js/state/settings.js) with the engine's real catalog, in the settings' current form and in
// the first form (migrated by web/js/state/migrate.js). The loader must never throw, must return
// settings whose every field has its documented shape, and must keep a good field beside a bad one.
// The explorer's and the map's slices are checked when those views are first shown: their checks
// (state/explorer-slice.js, state/map-slice.js) run here on what the loader returns.

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
const { loadExplorer } = await import(
  new URL('web/js/state/explorer-slice.js', `file://${repoRoot}`).href
);
const { loadMap } = await import(new URL('web/js/state/map-slice.js', `file://${repoRoot}`).href);

const load = () =>
  loadSettings(catalog.models, catalog.laws, {
    system: catalog.system,
    integrators: catalog.integrators,
    presliding: catalog.presliding,
  });
/** The map's slice as the map view checks it when first shown. */
const mapOf = (settings) =>
  loadMap(settings.map, { ...catalog, drivingLaws: catalog.laws }).settings;

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

const ids = new Set([...catalog.models, ...catalog.laws].map((entry) => entry.id));

/** A scenario as the page reads it: a known model or law, finite values, a law's options of their kind. */
function assertScenario(scenario) {
  assert.ok(ids.has(scenario.model ?? scenario.law));
  for (const value of Object.values(scenario.params))
    assert.ok(Number.isFinite(value) || (Array.isArray(value) && value.every(Number.isFinite)));
  if (scenario.law === undefined) return;
  const { start, v0, ...system } = scenario.system;
  for (const value of Object.values(system)) assert.ok(Number.isFinite(value));
  assert.ok(v0 === undefined || Number.isFinite(v0) || Array.isArray(v0));
  assert.ok(start === undefined || start === 'steady');
  assert.ok(catalog.integrators.some((integrator) => integrator.id === scenario.integrator));
  assert.ok(scenario.kick === undefined || Number.isFinite(scenario.kick));
  assert.ok(scenario.protocol === undefined || typeof scenario.protocol === 'object');
}

function assertShape(settings) {
  assert.equal(settings.version, 2);
  assert.ok(['spring', 'explorer', 'presliding', 'map'].includes(settings.view));
  const { spring } = settings;
  assertScenario(spring.scenario);
  for (const [id, kept] of Object.entries(spring.kept)) {
    assertScenario(kept);
    assert.equal(kept.model ?? kept.law, id);
  }
  assert.ok(Array.isArray(spring.compare) && spring.compare.length <= 4);
  for (const pinned of spring.compare) assertScenario(pinned);
  assert.equal(typeof spring.charts.position, 'boolean');
  const map = mapOf(settings);
  assertScenario(map.scenario);
  for (const axis of [map.x, map.y]) {
    if (axis === null) continue;
    assert.ok(
      Number.isFinite(axis.min) && Number.isFinite(axis.max) && Number.isInteger(axis.count),
    );
  }
  const explorer = loadExplorer(settings.explorer, catalog.laws).settings;
  assert.ok(Array.isArray(explorer.laws) && explorer.laws.every((id) => ids.has(id)));
  assert.equal({}.polluted, undefined);
}

/** Settings of the first form (before issue 26), as the page saved them then. */
const FIRST_FORM = {
  model: 'coulomb',
  overrides: { 'abbott-seed': { c: 5 } },
  system: { c: 12 },
  lawOverrides: { coulomb: { mu_k: 0.3 }, 'drake-stribeck': { mu_s: 0.7 } },
  integrators: { coulomb: 'rk4' },
  charts: { position: true, phaseX: 'x' },
  start: { mode: 'steady', kick: 0.01 },
  drive: {
    system: {
      v0: [
        [0, 0.1],
        [5, 0.2],
      ],
    },
  },
  compare: [{ law: 'coulomb', params: {}, system: { start: 'steady', c: 20 }, kick: 0.02 }],
  map: { subject: 'abbott-seed', overrides: { 'abbott-seed': { c: 5 } }, x: null, y: null },
  presliding: { law: 'lugre', overrides: { lugre: { sigma0: 1e5 } }, protocol: {} },
  view: 'spring',
};

test('thousands of mutated saved settings and links load without throwing, into well-formed settings', async () => {
  globalThis.location.hash = '';
  storage.clear();
  const good = (await load()).settings;
  good.spring.scenario = {
    law: 'coulomb',
    params: { mu_k: 0.3 },
    system: {
      c: 12,
      start: 'steady',
      v0: [
        [0, 0.1],
        [5, 0.2],
      ],
    },
    integrator: 'auto',
    kick: 0.01,
    protocol: { normalForce: [[0, 10]] },
  };
  good.spring.kept = { 'abbott-seed': { model: 'abbott-seed', params: { c: 5 } } };
  good.spring.charts = { position: true, phaseX: 'x' };
  good.spring.compare = [
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
    // Half the rounds mutate the settings of the first form: the migration meets them too.
    const hostile = mutate(round % 2 === 0 ? good : FIRST_FORM, rand);
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
    const { settings, notice } = await load();
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
    '{"version": 2, "spring": {"kept": {"__proto__": {"polluted": 1}}, "scenario": {"law": "coulomb", "protocol": {"__proto__": 1}}}}',
    '{"version": 2, "map": {"kept": {"__proto__": {"model": "abbott-seed"}}, "scenario": {"__proto__": {"c": 1}}}}',
  ]) {
    storage.set('friction-lab/settings/v1', text);
    assertShape((await load()).settings);
    assert.equal({}.polluted, undefined, text);
    assert.equal(Object.prototype.c, undefined, text);
  }
});

test("a bad field falls back alone: the user's other settings survive, with a notice", async () => {
  storage.clear();
  globalThis.location.hash = '';
  const firstForm = {
    model: 'coulomb',
    system: { c: 12, eta: 'lots' },
    charts: { position: true, phaseX: 'sideways' },
    map: {
      subject: 'abbott-seed',
      overrides: { 'abbott-seed': { c: 5 } },
      x: { target: 'params', key: 'c', min: 1, max: 2, count: 1e9, log: false },
    },
  };
  const currentForm = {
    version: 2,
    spring: {
      scenario: { law: 'coulomb', params: {}, system: { c: 12, eta: 'lots' } },
      charts: { position: true, phaseX: 'sideways' },
    },
    map: {
      scenario: { model: 'abbott-seed', params: { c: 5 } },
      x: { target: 'params', key: 'c', min: 1, max: 2, count: 1e9, log: false },
    },
  };
  for (const saved of [firstForm, currentForm]) {
    storage.set('friction-lab/settings/v1', JSON.stringify(saved));
    const { settings, notice } = await load();
    assert.match(notice, /no longer apply/);
    assert.equal(settings.spring.scenario.law, 'coulomb');
    assert.deepEqual(settings.spring.scenario.system, { c: 12 });
    assert.equal(settings.spring.charts.position, true);
    assert.equal(settings.spring.charts.phaseX, 'spring');
    const map = loadMap(settings.map, { ...catalog, drivingLaws: catalog.laws });
    assert.ok(map.dropped, 'the map view reports its bad axis when first shown');
    assert.deepEqual(map.settings.scenario, { model: 'abbott-seed', params: { c: 5 } });
    assert.equal(map.settings.x, null); // the bad axis: the map's default axes instead
  }
});

test('settings as the page writes them load back as they were, without a notice', async () => {
  globalThis.location.hash = '';
  storage.clear();
  const written = (await load()).settings;
  const scenarios = [
    { model: 'state-variable', params: { eta: 12 } },
    { law: 'coulomb', params: {}, system: {}, integrator: 'auto' },
    {
      law: 'coulomb',
      params: { mu_k: 0.3 },
      system: { c: 20, start: 'steady' },
      integrator: 'rk4',
      kick: 0.01,
    },
    {
      law: 'rsf',
      params: { a: 0.01, b1: 0.015, Dc1: 1e-5, Vstar: 1e-6, form: 0 },
      system: { m: 0, Fn: 1, c: 1e4, v0: 1e-5, duration: 1361, start: 'steady' },
      integrator: 'auto',
      protocol: { holds: [1, 10, 100, 1000], slide: 50 },
      grid: 'log',
      samples: 4001,
    },
  ];
  for (const scenario of scenarios) {
    written.spring.scenario = scenario;
    written.spring.compare = [scenario];
    storage.set('friction-lab/settings/v1', JSON.stringify(written));
    const { settings, notice } = await load();
    assert.equal(notice, null, JSON.stringify(scenario));
    assert.deepEqual(settings.spring.scenario, scenario);
    assert.deepEqual(settings.spring.compare, [scenario]);
  }
});
