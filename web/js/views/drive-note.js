// The spring-block view's note on the drive (a research preset's velocity steps, holds, table, log
// grid), in words; loaded on demand, once a drive is set.

/** The drive in words: its velocity steps, its holds, its grid. */
export function describeDrive({ system = {}, protocol = {}, grid }) {
  const parts = [];
  if (Array.isArray(system.v0)) parts.push(`velocity steps ${system.v0.map(([t, v]) => `${v} m/s from ${t} s`).join(', ')}`);
  if (protocol.holds) parts.push(`slides of ${protocol.slide} s at v0 and holds of ${protocol.holds.join(', ')} s`);
  if (protocol.table) parts.push('a load-point displacement table');
  if (protocol.normalForce) parts.push('normal-force steps');
  if (grid === 'log') parts.push('rows logarithmic in time');
  return `Drive: ${parts.join('; ')}.`;
}
