// The README's parameter tables are generated from the catalog; they must be current.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { loadBuiltEngine, repoRoot } from './support.mjs';
import { catalogMarkdown, replaceCatalogSection } from '../../build-scripts/catalog-docs.mjs';

test('README.md carries the model and law tables as the engine declares them', async () => {
  const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
  const engine = await loadBuiltEngine();
  const current = replaceCatalogSection(
    readme,
    catalogMarkdown(engine.models(), engine.laws(), [engine.presliding()]),
  );
  assert.equal(readme, current, 'run: node build-scripts/catalog-docs.mjs --write');
});
