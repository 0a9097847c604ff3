// Seeded random numbers for test and benchmark data, so a failing case can be reproduced: mulberry32's
// uniforms (Tommy Ettinger, public domain) and, through the Box–Muller transform, normal variates.

/** A function returning the next uniform variate in [0, 1) of the sequence `seed` starts. */
export function uniforms(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A function returning the next standard normal variate of the sequence `seed` starts. */
export function normals(seed) {
  const uniform = uniforms(seed);
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}
