// The manual's links and paths (build-scripts/docs-check.mjs): every relative link of README.md and
// docs/**/*.md resolves to a file of the repository (an #anchor to one of its headings, as GitHub
// makes anchors), no passage names a path outside the repository, and the repository paths the
// manual names exist. First, that the checker catches each kind of problem at all.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { repoRoot } from './support.mjs';
import {
  anchorsOf,
  checkManual,
  checkPage,
  githubSlug,
  manualPages,
  repositoryEntries,
} from '../../build-scripts/docs-check.mjs';

// A page made up for the check, as if it were docs/guide/example.md; each line holds one problem
// (or none, where the line says "fine").
const madeUp = [
  '# Example',
  '## Rate-and-state as labs fit it: `rsf`',
  'A missing page: [x](no-such-page.md).',
  'A missing anchor: [x](../reference/models.md#no-such-heading).',
  'A link out of the repository: [x](../../../shared/notes.md).',
  'A path out of the repository in code: `../shared/reference/toolchain.md`.',
  'An absolute path: see /work/main/README.md.',
  'A home folder: ~/friction/notes.txt.',
  'A document the repository does not hold: friction-laws.md §5.',
  'A repository path that is not there: `cpp/engine/src/nowhere.cpp`.',
  'Fine: [models](../reference/models.md#the-seed-apps-system), [here](#rate-and-state-as-labs-fit-it-rsf).',
  'Fine: `cpp/cli/scenario_json`, `tests/native/*.cpp`, https://example.org/work/x, /FRICTION/1, N/m.',
  '```sh',
  '#!/bin/bash',
  '```',
].join('\n');

test('the checker finds each kind of problem in a page made up for it, and nothing else', async () => {
  const entries = await repositoryEntries(repoRoot);
  const problems = await checkPage(repoRoot, 'docs/guide/example.md', madeUp, entries);
  const lines = problems.map((problem) => problem.line);
  assert.deepEqual(lines, [3, 4, 5, 6, 7, 8, 9, 10], JSON.stringify(problems, null, 1));
});

test('anchors are GitHub slugs of the headings, repeated ones numbered', () => {
  assert.equal(githubSlug('The quasi-static slider (m = 0)'), 'the-quasi-static-slider-m--0');
  assert.equal(githubSlug("The seed app's own code"), 'the-seed-apps-own-code');
  const anchors = anchorsOf('# A\n## `system`\n```\n# not a heading\n```\n## A\n');
  assert.deepEqual([...anchors], ['a', 'system', 'a-1']);
});

test('the manual is README.md and the pages of docs/, each reachable from the README', async () => {
  const pages = await manualPages(repoRoot);
  assert.ok(
    pages.includes('README.md') && pages.includes('docs/reference/catalog.md'),
    String(pages),
  );
  const index = await readFile(path.join(repoRoot, 'docs', 'README.md'), 'utf8');
  const readme = await readFile(path.join(repoRoot, 'README.md'), 'utf8');
  assert.ok(readme.includes('](docs/README.md)'), 'the README links the manual index');
  for (const page of pages.filter((page) => page.startsWith('docs/') && page !== 'docs/README.md'))
    assert.ok(index.includes(`](${page.slice('docs/'.length)})`), `docs/README.md links ${page}`);
});

test('every link of README.md and docs/ resolves, and no passage names a path outside the repository', async () => {
  const problems = await checkManual(repoRoot);
  const report = problems.map(({ file, line, message }) => `${file}:${line}: ${message}`);
  assert.deepEqual(report, [], 'run: node build-scripts/docs-check.mjs');
});
