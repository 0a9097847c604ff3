// Shared helpers for the node tests of dist/engine.mjs.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Loads the built engine from dist/ (or $FRICTION_LAB_DIST) exactly as a user of the module would. */
export async function loadBuiltEngine() {
  const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist'));
  const { loadEngine } = await import(path.join(dist, 'engine.mjs'));
  return loadEngine();
}

/**
 * The seed app's own CalcIt function, evaluated from the seed document
 * (../shared/seeds/001_*.txt beside the repository, or $FRICTION_SEEDS_DIR). It is read at test
 * time and never copied into the project: it is the oracle the abbott-seed model must match.
 */
export async function loadSeedCalcIt() {
  const dir = process.env.FRICTION_SEEDS_DIR ?? path.join(repoRoot, '..', 'shared', 'seeds');
  const names = await readdir(dir).catch(() => []);
  const name = names.find((n) => n.startsWith('001_'));
  if (!name)
    throw new Error(`seed 001 not found in ${dir}; set FRICTION_SEEDS_DIR to the seeds folder`);
  const text = await readFile(path.join(dir, name), 'utf8');
  const start = text.indexOf('function CalcIt(');
  if (start < 0) throw new Error(`no CalcIt function in ${name}`);
  // The function ends at the brace that closes its body.
  let depth = 0;
  let end = text.indexOf('{', text.indexOf(')', start));
  for (; end < text.length; end++) {
    if (text[end] === '{') depth++;
    if (text[end] === '}' && --depth === 0) break;
  }
  return new Function(`${text.slice(start, end + 1)}\nreturn CalcIt;`)();
}

/** A small deterministic PRNG (mulberry32), so a failing random case can be reproduced. */
export { uniforms as randomSource } from '../support/seeded-normals.mjs';

/** A value drawn from a catalog parameter's range, honouring its scale. */
export function drawValue(spec, random) {
  const u = random();
  if (spec.scale === 'log')
    return Math.exp(Math.log(spec.min) + u * (Math.log(spec.max) - Math.log(spec.min)));
  return spec.min + u * (spec.max - spec.min);
}

/** |a − b| within rel·|b| or abs. */
export function close(a, b, rel, abs) {
  return Math.abs(a - b) <= Math.max(rel * Math.abs(b), abs);
}
