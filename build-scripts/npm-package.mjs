// Assembles the engine's npm package (issue 28) in build/npm/ from the built module: the loaders
// (cpp/bindings/*.mjs, readable), the Emscripten glue (build/wasm/cpp) and the wasm the page serves
// (dist/, the start-up module after wasm-opt), with the TypeScript declarations, README and package.json
// of cpp/bindings/npm/ (its version the repository's) and the licence. `npm pack build/npm` then gives
// the tarball (tests/wasm/npm-package.test.mjs installs it in an empty project and uses it from node and
// from an esbuild bundle). Usage, after the build: node build-scripts/npm-package.mjs [out]

import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../', import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(repo, 'build/npm'));
const from = (...parts) => path.join(repo, ...parts);

const MIT = `MIT License

Copyright (c) the Friction Lab authors

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense,
and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so,
subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial
portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT
LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE
SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
`;

const MODULES = ['friction-wasm', 'friction-studies-wasm', 'friction-fit-wasm'];
const LOADERS = ['engine.mjs', 'wire.mjs', 'studies-engine.mjs', 'fit-engine.mjs'];

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
for (const loader of LOADERS) await cp(from('cpp/bindings', loader), path.join(out, loader));
for (const module of MODULES) {
  await cp(from('build/wasm/cpp', `${module}.mjs`), path.join(out, `${module}.mjs`));
  await cp(from('dist', `${module}.wasm`), path.join(out, `${module}.wasm`));
}
await cp(from('cpp/bindings/npm/types'), path.join(out, 'types'), { recursive: true });
await cp(from('cpp/bindings/npm/README.md'), path.join(out, 'README.md'));
const manifest = JSON.parse(await readFile(from('cpp/bindings/npm/package.json'), 'utf8'));
manifest.version = JSON.parse(await readFile(from('package.json'), 'utf8')).version;
await writeFile(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// The repository's licence (package.json: MIT), written out as the MIT License's text.
await writeFile(path.join(out, 'LICENSE'), MIT);
console.log(`npm package: ${path.relative(repo, out)}/ (${manifest.name}@${manifest.version})`);
