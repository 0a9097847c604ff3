// The fits and the export to solvers (fit-engine.mjs), loaded on demand (docs/reference/js-api.md,
// "Fits and export"; their requests' keys in docs/reference/scenario.md).

import type { LawScenario } from './scenario.js';

/** A data file and how to read it (docs/reference/scenario.md, "Fits and conversions"). */
export interface FitData {
  kind?: 'curve' | 'record' | 'presliding';
  compare?: 'mu' | 'force' | 'friction' | 'velocity' | 'position';
  /** The file's text, or its UTF-8 bytes (a File's arrayBuffer()). */
  text: string | Uint8Array;
  file?: string;
  x?: string;
  y?: string;
  /** A column of standard deviations: each point weighed by 1/σ. */
  sigma?: string;
  units?: Record<string, string>;
  N?: number;
  delimiter?: 'auto' | ',' | ';' | 'tab' | 'space' | '|';
  decimal?: 'auto' | '.' | ',';
  /** The header's 1-based line; 0 detects it. */
  headerLine?: number;
  /** A curve's negative speeds: magnitudes (a reciprocating test), signed, or detected. */
  signs?: 'auto' | 'signed' | 'magnitudes';
}

export interface FitRequest {
  law: string;
  params?: Record<string, number | number[]>;
  /** The keys fitted; a record's system as "system.KEY" ("records[i].system.KEY": one record's). */
  free: string[];
  data?: FitData;
  /** Records fitted jointly, in place of data and scenario: the law shared, each its own system. */
  records?: { data: FitData; scenario?: Omit<LawScenario, 'law' | 'params'> }[];
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
  /** Σ((fitted − y)/σ)² where a σ column was given. */
  chiSquare?: number;
  points: number;
  evaluations: number;
  warnings: string[];
  /** What the reader found (the file's format, reciprocating data read as magnitudes). */
  notes: string[];
  params: Record<string, number | number[]>;
  system?: Record<string, number>;
  x: Float64Array;
  y: Float64Array;
  fitted: Float64Array;
  residuals: Float64Array;
  /** A joint fit's records, each with its system and columns. */
  records?: {
    file: string;
    system: Record<string, number>;
    x: Float64Array;
    y: Float64Array;
    fitted: Float64Array;
    residuals: Float64Array;
  }[];
}

/** How a file's text reads (inspectData). */
export interface DataReading {
  delimiter: string;
  decimal: string;
  headerLine: number;
  lineEnds: 'LF' | 'CRLF' | 'CR';
  byteOrderMark: boolean;
  columns: string[];
  rows: number;
  metadata: string[];
  notes: string[];
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
  /** Also the text's first lines (the first one starting WARNING). */
  warnings: string[];
  notes: string[];
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
    kinds: {
      id: string;
      x: { column: string; quantity: string; units: string[]; factors: Float64Array };
      compares: { id: string; quantity: string; units: string[]; factors: Float64Array }[];
    }[];
    /** Each law's default free parameters, per kind of data. */
    free: Record<string, { curve: string[]; record: string[]; presliding: string[] }>;
  };
  inspectData(request: {
    text: string | Uint8Array;
    file?: string;
    delimiter?: FitData['delimiter'];
    decimal?: FitData['decimal'];
    headerLine?: number;
  }): DataReading;
  exportTargets(): ExportTarget[];
  /** The targets as their users name them; units 'SI' for those that take SI only. */
  exportTargetList(): { id: ExportTarget; name: string; units: 'any' | 'SI' }[];
  /** The module's memory (its wasm heap) in bytes. */
  memoryBytes(): number;
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
