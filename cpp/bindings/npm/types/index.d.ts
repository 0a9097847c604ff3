// Friction Lab's engine: the JavaScript API of engine.mjs (docs/reference/js-api.md). Node ≥ 20, a page
// or a module Web Worker; the wasm files lie beside the module (a bundler's output needs them copied
// beside it, README.md says how).

import type { Scenario, SimulationResult, Sweep } from './scenario.js';
import type { Studies } from './studies.js';

export type * from './scenario.js';
export type * from './studies.js';

/** A parameter of a model, a law, the spring-block system or the presliding experiment. */
export interface ParamSpec {
  key: string;
  symbol: string;
  label: string;
  unit: string;
  /** The default; a list parameter's is a list. */
  default: number | number[];
  /** What the engine accepts (±Infinity where unbounded; minExclusive: min itself refused). */
  min: number;
  max: number;
  minExclusive: boolean;
  /** The friendly span a slider offers. */
  sliderMin: number;
  sliderMax: number;
  step: number;
  scale: 'linear' | 'log';
  kind: 'number' | 'integer' | 'list';
  help: string;
  /** A default that follows another parameter (Fn = m·g), or null. */
  defaultFrom: { key: string; factor: number; formula: string } | null;
  /** The symbol as the equations write it in TeX ('\\mu_s'). */
  texSymbol: string;
  /** The common coefficient it is, if any ('static-coefficient', …). */
  role?: string;
}

/** One line of what the engine computes, in the LaTeX subset KaTeX renders. */
export interface Equation {
  tex: string;
  note: string;
}

/** A seed model, the spring-block system or the presliding experiment in the catalog. */
export interface ModelSpec {
  id: string;
  name: string;
  description: string;
  citation: string;
  params: ParamSpec[];
  /** The docs (EntryDocs): present once the studies' module is loaded (loadEngine() loads it unless
   * given `studies: false`; `await engine.studies()` loads it later). */
  equations?: Equation[];
  quirks?: string[];
  /** The seed's per-step update as pseudo-code ('' where not stepped as its origin steps it). */
  updateLoop?: string;
}

/** How a catalog entry is computed: its equations, its origin's quirks and the seed's update loop. */
export interface EntryDocs {
  equations: Equation[];
  quirks: string[];
  updateLoop: string;
}

/** The catalog's docs, from the studies' module (studies.docs()). */
export interface CatalogDocs {
  models: Record<string, EntryDocs>;
  laws: Record<string, EntryDocs>;
  system: EntryDocs;
  presliding: EntryDocs;
}

/** A friction law in the catalog. */
export interface LawSpec extends ModelSpec {
  origin: string;
  /** What the common coefficients cannot map. */
  unmapped: string;
  can: { coefficient: boolean; force: boolean; stateful: boolean; dynamic: boolean; holdsAtRest: boolean };
  state: { key: string; symbol: string; label: string; unit: string; initial: string; help: string; texSymbol: string }[];
  /** The inputs it reads ('v', 'N', 'p', …). */
  inputs: string[];
}

export interface IntegratorSpec {
  id: string;
  name: string;
  description: string;
  /** Its steps follow its error control, not the output rows. */
  adaptive: boolean;
}

export interface ColumnSpec {
  key: string;
  symbol: string;
  label: string;
  unit: string;
}

/** A named scenario. */
export interface Preset {
  id: string;
  name: string;
  /** One line: what to look at. */
  look: string;
  view: 'spring' | 'presliding';
  /** What it runs, as the engine writes a scenario. */
  scenario: Scenario;
  /** The presliding experiment's values (a presliding preset), or null. */
  presliding: Record<string, number> | null;
  /** Closed-form figures to compare with, by summary key ('period', 'restTime', …). */
  expected: Record<string, number>;
}

/** A refusal or a run that stopped: thrown as an Error with these properties. */
export interface EngineError extends Error {
  /** The path of the refused value in the request ('params.mu_s', 'system.v0[2]', 'x.count'). */
  parameter?: string;
  /** A run that stopped early: when [s], and its columns up to there. */
  stoppedAt?: number;
  partial?: Record<string, Float64Array>;
}

/** A law run's request may carry a progress callback, called with the fraction done. */
export type SimulateRequest = Scenario & { onProgress?: (fraction: number) => void };

/** The start-up module's calls. */
export interface EngineCore {
  readonly version: string;
  models(): ModelSpec[];
  columns(): ColumnSpec[];
  /** Runs a seed model or a law on the spring-block. Throws EngineError. */
  simulate(request: SimulateRequest): SimulationResult;
  laws(): LawSpec[];
  /** The spring-block's parameters (m, Fn, c, eta, v0, x0, duration), equations and quirks. */
  system(): ModelSpec;
  integrators(): IntegratorSpec[];
  /** The presliding experiment's parameters. */
  presliding(): ModelSpec;
  presets(): Preset[];
  /** The on-demand module's calls (studies-engine.mjs), loaded the first time this is awaited. */
  studies(): Promise<Studies>;
  /** The module's wasm memory [bytes]: it grows, never shrinks (tests watch it for leaks). */
  memoryBytes(): number;
}

/** loadEngine()'s engine: the start-up calls and, unless `studies: false`, the studies' calls too. */
export type Engine = EngineCore & Partial<Studies>;
export type EngineWithStudies = EngineCore & Studies;

/**
 * Loads the engine. `studies: false` leaves the on-demand module (a law alone, its curves, presliding,
 * the maps, steady sliding) out until `await engine.studies()`.
 */
export function loadEngine(options?: { studies?: true }): Promise<Readonly<EngineWithStudies>>;
export function loadEngine(options: { studies: false }): Promise<Readonly<EngineCore>>;
export function loadEngine(options?: { studies?: boolean }): Promise<Readonly<Engine>>;

/** The Emscripten module's options for a wasm file beside the loader (shared with the other loaders). */
export function moduleOptions(
  wasmFile: string,
  inlined?: Uint8Array,
): Promise<{ wasmBinary: Uint8Array } | { locateFile: (file: string) => string }>;

/** The module's { error, parameter } reply as a thrown EngineError; any other reply as it is. */
export function unwrap<T>(reply: T): T;

export type { Sweep };
