// The engine's layers (docs/architecture.md): each folder of cpp/engine/src, and each public header of
// cpp/engine/include/friction, belongs to a layer, and no file includes a header of a higher layer:
//   catalog, numerics → laws → system → analysis → models → scenario → studies → fit → export.

import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './support.mjs';

const ORDER = [
  'catalog',
  'numerics',
  'laws',
  'system',
  'analysis',
  'models',
  'scenario',
  'studies',
  'fit',
  'export',
];
// catalog and numerics are both the base: neither includes the other's headers.
const rank = (layer) => (layer === 'numerics' ? 0 : ORDER.indexOf(layer));

/** The layer of each public header (its declarations' layer). */
const PUBLIC_LAYER = {
  'catalog.h': 'catalog',
  'parameters.h': 'catalog',
  'constants.h': 'catalog',
  'errors.h': 'catalog',
  'value.h': 'catalog',
  'laws.h': 'laws',
  'law_runs.h': 'system',
  'simulate.h': 'system',
  'spring_block.h': 'system',
  'abbott_seed.h': 'models',
  'state_variable.h': 'models',
  'scenario.h': 'scenario',
  'law_requests.h': 'scenario',
  'sweep.h': 'studies',
  'presets.h': 'studies',
  'listings.h': 'studies',
  'fit.h': 'fit',
  'export.h': 'export',
};

const engine = path.join(repoRoot, 'cpp/engine');

/** The layer a quoted include names: 'friction/x.h' by PUBLIC_LAYER, 'folder/x.h' by its folder. */
function layerOf(include) {
  const [folder, file] = include.split('/');
  if (folder === 'friction')
    return include === 'friction/friction.h' ? 'umbrella' : PUBLIC_LAYER[file];
  return folder;
}

async function includesOf(file) {
  const text = await readFile(file, 'utf8');
  return [...text.matchAll(/^#include "([^"]+)"/gm)].map((match) => match[1]);
}

/** Every engine file with its own layer: src/<layer>/… and include/friction/<header>. */
async function engineFiles() {
  const files = [];
  for (const layer of await readdir(path.join(engine, 'src')))
    for (const name of await readdir(path.join(engine, 'src', layer)))
      files.push({ file: path.join(engine, 'src', layer, name), layer });
  for (const name of await readdir(path.join(engine, 'include/friction')))
    if (name !== 'friction.h')
      files.push({ file: path.join(engine, 'include/friction', name), layer: PUBLIC_LAYER[name] });
  return files;
}

test('every engine folder and public header is a known layer', async () => {
  for (const layer of await readdir(path.join(engine, 'src')))
    assert.ok(ORDER.includes(layer), layer);
  for (const name of await readdir(path.join(engine, 'include/friction')))
    if (name !== 'friction.h') assert.ok(PUBLIC_LAYER[name], `${name} has no layer`);
});

test('no engine file includes a header of a higher layer, nor the umbrella header', async () => {
  const upward = [];
  for (const { file, layer } of await engineFiles())
    for (const include of await includesOf(file)) {
      const target = layerOf(include);
      if (target === 'umbrella' || rank(target) > rank(layer))
        upward.push(`${path.relative(repoRoot, file)} (${layer}) includes ${include} (${target})`);
    }
  assert.deepEqual(upward, []);
});

test('the check sees an upward include (it can fail)', () => {
  assert.ok(rank(layerOf('analysis/run_analysis.h')) > rank('system'));
  assert.ok(rank(layerOf('friction/scenario.h')) > rank('analysis'));
  assert.equal(rank(layerOf('numerics/radau.h')), rank('catalog'));
});
