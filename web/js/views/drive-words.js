// A drive in words, and its speeds in the unit they were typed in (µm/s stays µm/s): the line beside
// the spring-block's system, the drive editor's fields and the Fit view's note on what a record runs
// on. Loaded on demand, with the editor.

import { SPEED_UNITS } from '../state/defaults.js';
import { describeConstantDrive, formatQuantity } from '../ui/format.js';

/** A speed [m/s] in `unit` (exact to 12 digits: 1e-5 m/s is 10 µm/s, not 10.000000000000002). */
export const fromSI = (speed, unit) => Number((speed * 10 ** SPEED_UNITS[unit]).toPrecision(12));

/** A speed typed in `unit`, in m/s (a division by a power of ten, correctly rounded). */
export const toSI = (value, unit) => value / 10 ** SPEED_UNITS[unit];

/** The load point's speeds of a law scenario: its velocity steps', or v0 (`v0Default` where unset). */
export function speedsOf(scenario, v0Default) {
  const v0 = scenario.system?.v0 ?? v0Default;
  return Array.isArray(v0) ? v0.map(([, speed]) => speed) : [v0];
}

/**
 * The unit `unit` (the one the user typed in), or where none was chosen the one the speeds read best
 * in: m/s down to 1 mm/s (the settings' unit), below it the largest in which the slowest is at least 1.
 */
export function unitFor(speeds, unit) {
  if (unit !== undefined) return unit;
  const slowest = Math.min(...speeds.map(Math.abs).filter((speed) => speed > 0));
  if (!(slowest < 1e-3)) return 'm/s';
  return Object.keys(SPEED_UNITS).find((name) => fromSI(slowest, name) >= 1) ?? 'nm/s';
}

/**
 * The drive in words: its velocity steps, holds (at the drive's own speed), table, normal-force steps
 * and grid, each speed in `unit` (see unitFor).
 * @param {object} scenario a law's scenario
 * @param {string | undefined} unit the user's speed unit (settings.spring.speedUnit)
 * @param {number} v0Default the catalog's drive velocity [m/s], where the scenario sets none
 */
export function describeDrive(scenario, unit, v0Default) {
  const { system = {}, protocol = {}, grid } = scenario;
  const shown = unitFor(speedsOf(scenario, v0Default), unit);
  const speed = (value) => formatQuantity(fromSI(value, shown), shown);
  const parts = [];
  const list = (pairs, format) =>
    pairs.map(([t, value]) => `${format(value)} from ${formatQuantity(t, 's')}`).join(', ');
  if (Array.isArray(system.v0)) parts.push(`velocity steps ${list(system.v0, speed)}`);
  if (protocol.holds)
    parts.push(
      `slides of ${formatQuantity(protocol.slide, 's')} at ${speed(system.v0 ?? v0Default)} ` +
        `and holds of ${protocol.holds.join(', ')} s`,
    );
  if (protocol.table)
    parts.push(`a load-point displacement table of ${protocol.table.t.length} points`);
  if (protocol.normalForce)
    parts.push(`normal force ${list(protocol.normalForce, (fn) => formatQuantity(fn, 'N'))}`);
  if (system.start === 'steady') parts.push('starting in steady sliding');
  if (grid === 'log') parts.push('rows logarithmic in time');
  return parts.length > 0 ? `Drive: ${parts.join('; ')}.` : describeConstantDrive(scenario);
}
