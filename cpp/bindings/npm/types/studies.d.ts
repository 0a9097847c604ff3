// The on-demand module's calls (studies-engine.mjs): a law alone, its curves, presliding, the stability
// maps and what brings a run to steady sliding (docs/reference/js-api.md).

import type { CatalogDocs } from './index.js';
import type { Breakpoint, Regime, Scenario, Sweep } from './scenario.js';

/** The inputs of a law's coefficient, force or step (every key optional). */
export interface LawInputs {
  v?: number;
  N?: number;
  p?: number;
  theta?: number;
  vt?: [number, number, number];
  n?: [number, number, number];
  Fn?: number;
  Fe?: [number, number, number];
  dt?: number;
}

export interface LawCurve {
  v: Float64Array;
  mu: Float64Array;
  force: Float64Array;
}

/** A stateful law: its state kept between steps. */
export interface StatefulLaw {
  step(inputs: LawInputs): {
    force: [number, number, number];
    magnitude: number;
    mu: number;
    slope: number;
    segment: number;
  };
  reset(): void;
}

/** A dynamic law run alone. */
export interface LawAloneRun {
  columns: {
    t: Float64Array;
    x: Float64Array;
    v: Float64Array;
    applied: Float64Array;
    friction: Float64Array;
    state: Record<string, Float64Array>;
  };
  summary: { law: string; steps: number; params: Record<string, number | number[]>; protocol?: Record<string, number> };
}

export interface SweepCell {
  i: number;
  j: number;
  x: number;
  y: number;
  regime: Regime;
  /** The growth rate [1/s] or the stick-slip amplitude [m/s]. */
  value: number;
  error?: string;
}

export interface SweepBoundary {
  known: boolean;
  criterion: string;
  unit: string;
  xs: Float64Array;
  ys: Float64Array;
  /** values[j·resolution + i] > 0: steady sliding predicted at (xs[i], ys[j]). */
  values: Float64Array;
}

/** One change of one parameter that brings a run to steady sliding. */
export interface SlidingChange {
  target: 'params' | 'system';
  key: string;
  current: number;
  /** The nearest value whose run slides steadily. */
  value: number;
  /** The closed form's boundary nearest the current value (NaN where it already predicts steady sliding). */
  boundary: number;
  reason: string;
}

export interface SteadySliding {
  known: boolean;
  steady: boolean;
  slides: boolean;
  margin: number;
  criterion: string;
  changes: SlidingChange[];
}

export interface Studies {
  /** How the catalog is computed: every model's, law's, the system's and presliding's docs. */
  docs(): CatalogDocs;
  frictionCoefficient(id: string, params: Record<string, number | number[]>, inputs: LawInputs): number;
  frictionForce(id: string, params: Record<string, number | number[]>, inputs: LawInputs): [number, number, number];
  createLaw(id: string, params?: Record<string, number | number[]>): StatefulLaw;
  lawCurve(
    id: string,
    params: Record<string, number | number[]>,
    options: { vMin?: number; vMax?: number; count?: number; scale?: 'linear' | 'log'; N?: number; p?: number; theta?: number },
  ): LawCurve;
  imposeVelocity(request: {
    law: string;
    params?: Record<string, number | number[]>;
    N?: number;
    velocity: Breakpoint[];
    duration?: number;
    samples?: number;
    tolerance?: number;
    start?: 'steady' | 'initial';
  }): LawAloneRun;
  applyForce(request: {
    law: string;
    params?: Record<string, number | number[]>;
    m?: number;
    N?: number;
    force: Breakpoint[];
    duration?: number;
    samples?: number;
    tolerance?: number;
  }): LawAloneRun;
  preslidingProtocol(request?: { amplitude?: number; rate?: number; hold?: number }): Breakpoint[];
  runPresliding(request: {
    law: string;
    params?: Record<string, number | number[]>;
    protocol?: Record<string, number>;
    samples?: number;
  }): LawAloneRun;
  sweepCells(request: Sweep & { cells: number[] }): SweepCell[];
  sweepBoundary(request: Sweep & { resolution?: number }): SweepBoundary;
  /** What brings a run to steady sliding, from the closed-form boundary the map draws and the runs past it. */
  steadySliding(scenario: Scenario): SteadySliding;
}

/** Loads the studies' module on its own. */
export function loadStudiesEngine(): Promise<Readonly<Studies>>;
