// The fits and the export to solvers (fit-engine.mjs), loaded on demand (docs/reference/js-api.md,
// "Fits and export"; their requests' keys in docs/reference/scenario.md).

import type { LawScenario } from './scenario.js';

export interface FitRequest {
  law: string;
  params?: Record<string, number | number[]>;
  /** The keys fitted; a record's system as "system.KEY". */
  free: string[];
  data: {
    kind?: 'curve' | 'record' | 'presliding';
    compare?: 'mu' | 'force' | 'friction' | 'velocity' | 'position';
    text: string;
    file?: string;
    x?: string;
    y?: string;
    units?: Record<string, string>;
    N?: number;
  };
  /** A record's scenario without its law and parameters (the fit's). */
  scenario?: Omit<LawScenario, 'law' | 'params'>;
  presliding?: Record<string, number>;
  options?: { starts?: number; maxEvaluations?: number; tolerance?: number; seed?: number };
}

export interface FitResult {
  converged: boolean;
  free: string[];
  values: Record<string, number>;
  standardErrors: Record<string, number>;
  correlation: Float64Array;
  rms: number;
  rSquared: number;
  evaluations: number;
  warnings: string[];
  params: Record<string, number | number[]>;
  system?: Record<string, number>;
  x: Float64Array;
  y: Float64Array;
  fitted: Float64Array;
  residuals: Float64Array;
}

export interface ConversionRequest {
  from: string;
  to: string;
  fromParams?: Record<string, number | number[]>;
  toParams?: Record<string, number | number[]>;
  free?: string[];
  vMin?: number;
  vMax?: number;
  N?: number;
  count?: number;
  options?: FitRequest['options'];
}

export interface ConversionResult extends FitResult {
  maxAbsoluteDeviation: number;
  atVelocityAbsolute: number;
  maxRelativeDeviation: number;
  atVelocityRelative: number;
  v: Float64Array;
  fromForce: Float64Array;
}

export type ExportTarget =
  | 'opensees-tcl'
  | 'opensees-py'
  | 'drake-cpp'
  | 'drake-py'
  | 'radioss'
  | 'ratel'
  | 'abaqus'
  | 'ls-dyna'
  | 'ansys'
  | 'simscape'
  | 'modelica';

export interface ExportResult {
  text: string;
  exact: boolean;
  targetLaw: string;
  deviation: { force: number; atVelocity: number; relative: number; points: number } | null;
}

export interface FitProgress {
  start: number;
  starts: number;
  evaluations: number;
  bestSumOfSquares: number;
}

export interface FitEngine {
  /** onProgress after each start; returning false stops the fit at its best point so far. */
  fit(request: FitRequest, onProgress?: (progress: FitProgress) => boolean | void): FitResult;
  fitOptions(): {
    kinds: { id: string; x: { column: string; quantity: string; units: string[] }; compares: { id: string; quantity: string; units: string[] }[] }[];
  };
  exportTargets(): ExportTarget[];
  convertLaw(request: ConversionRequest): ConversionResult;
  exportLaw(request: {
    law: string;
    params?: Record<string, number | number[]>;
    to: ExportTarget;
    N?: number;
    vMin?: number;
    vMax?: number;
    units?: 'SI' | 'mm-N-s';
  }): ExportResult;
}

export function loadFitEngine(): Promise<Readonly<FitEngine>>;
