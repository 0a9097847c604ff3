// The manual's parameter tables are generated from the engine's catalog (build-scripts/catalog-docs.mjs):
// the committed pages must hold exactly what the built engine declares.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { loadBuiltEngine, repoRoot } from './support.mjs';
import { generatedSections, replaceSection } from '../../build-scripts/catalog-docs.mjs';

test('docs/reference/catalog.md and scenario.md carry the tables as the engine declares them', async () => {
  const engine = await loadBuiltEngine();
  for (const { page, name, markdown } of generatedSections(engine)) {
    const text = await readFile(path.join(repoRoot, page), 'utf8');
    assert.equal(
      text,
      replaceSection(text, name, markdown),
      `${page} is not current: run node build-scripts/catalog-docs.mjs --write`,
    );
  }
});
