// The README's parameter tables are generated from the catalog; they must be current.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { loadBuiltEngine, repoRoot } from './support.mjs';
import { catalogMarkdown, replaceCatalogSection } from '../../build-scripts/catalog-docs.mjs';

test('README.md carries the catalog tables as the engine declares them', async () => {
  const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
  const current = replaceCatalogSection(readme, catalogMarkdown((await loadBuiltEngine()).models()));
  assert.equal(readme, current, 'run: node build-scripts/catalog-docs.mjs --write');
});
