// The scenario format: what engine.simulate() takes, what the command line's `friction run` reads, and
// the `scenario` of a map or of a record fit (docs/reference/scenario.md lists every key, unit and range).
// The engine's one reader checks every value; these types say the shape.

/** A number, or for a list parameter (OpenSees's `vel`, `frn`) a list of numbers. */
export type ParamValue = number | number[];

/** A step of a quantity from time `t` on: [t (s), value]. */
export type Breakpoint = [t: number, value: number];

/** The spring-block driven by a law (every key optional; the catalog's defaults fill the rest). */
export interface SystemSettings {
  /** Mass [kg]: 0 is the quasi-static slider; else 1e-9 … 1e6. */
  m?: number;
  /** Normal force [N]; defaults to m·g. */
  Fn?: number;
  /** Spring constant [N/m]. */
  c?: number;
  /** Dashpot [N·s/m], in parallel with the spring. */
  eta?: number;
  /**
   * Drive velocity [m/s], or its velocity steps [[t, v], …]. 0: the drive at rest (a free vibration
   * from x0; the inertial block only).
   */
  v0?: number | Breakpoint[];
  /** The block's start from the spring's unstretched length [m] (a release from rest; m > 0). */
  x0?: number;
  /** Simulated time [s]. */
  duration?: number;
  /** 'rest' (default) or 'steady': steady sliding at the first drive velocity. */
  start?: 'rest' | 'steady';
}

/** The quasi-static slider's drive protocols (system.m = 0). */
export interface DriveProtocol {
  /** Slide-hold-slide: hold durations [s]. */
  holds?: number[];
  /** Slide-hold-slide: the slide at v0 before each hold [s]. */
  slide?: number;
  /** A load-point displacement history x_lp(t), piecewise linear. */
  table?: { t: number[]; x: number[] };
  /** Steps of the normal force [[t, Fn], …] [s, N]. */
  normalForce?: Breakpoint[];
}

/** The integrators (docs/reference/numerics.md). */
export type IntegratorId =
  | 'auto'
  | 'dormand-prince'
  | 'rosenbrock'
  | 'radau'
  | 'rk4'
  | 'semi-implicit-euler'
  | 'seed-euler';

/** A seed model's run: its own parameters hold its system. */
export interface ModelScenario {
  model: string;
  params?: Record<string, ParamValue>;
}

/** A catalog law driving the spring-block. */
export interface LawScenario {
  law: string;
  params?: Record<string, ParamValue>;
  system?: SystemSettings;
  integrator?: IntegratorId;
  /** Output rows, 2 … 1 000 000 (default 2000). */
  samples?: number;
  /** Relative tolerance of the adaptive methods: 0 (the law's default) or 1e-14 … 1e-3. */
  tolerance?: number;
  /** A relative speed-up of the drive at 0.1 % of the run, −0.5 … 0.5 (a steady start). */
  kick?: number;
  /** 'log': rows logarithmic in the time since each change of the drive (m = 0). */
  grid?: 'uniform' | 'log';
  protocol?: DriveProtocol;
}

export type Scenario = ModelScenario | LawScenario;

/** The regimes of a run and of a map's cell (one classifier judges both). */
export type Regime =
  | 'steady'
  | 'oscillation'
  | 'stick-slip'
  | 'stuck'
  | 'decaying'
  | 'growing'
  | 'settling'
  | 'not-settled'
  | 'at-rest';

/** A located event of a run. */
export interface RunEvent {
  t: number;
  kind: 'break-away' | 'stick' | 'reversal';
  /** The drive force there [N]. */
  driveForce: number;
}

/** A hold of a slide-hold-slide drive and its healing. */
export interface HoldHealing {
  start: number;
  duration: number;
  steadyMu: number;
  relaxedMu: number;
  peakMu: number;
  healing: number;
  relaxation: number;
}

/** What a run found (a value it did not measure is null). */
export interface Summary {
  model?: string;
  law?: string;
  params: Record<string, ParamValue>;
  /** A law run's system, its drive as the scenario gave it and its start. */
  system?: SystemSettings & Record<string, unknown>;
  integrator: string;
  integratorSwitches: { t: number; to: string }[];
  tolerance: number | null;
  steps: number;
  rejectedSteps: number;
  dt: number | null;
  duration: number;
  resonanceRadPerS: number | null;
  resonanceHz: number | null;
  regime: Regime;
  growthRate: number | null;
  period: number | null;
  amplitude: number | null;
  peakVelocity: number | null;
  driveForceMin: number | null;
  driveForceMax: number | null;
  cycleDriveForceMin: number | null;
  cycleDriveForceMax: number | null;
  staticLimit: number | null;
  staticLimitKind: 'stick' | 'peak' | 'none';
  nearRestThreshold: number;
  events: RunEvent[];
  stickIntervals: [start: number, end: number][];
  slipIntervals: [start: number, end: number][];
  holds: HoldHealing[];
  driveWork: number | null;
  dissipated: number | null;
  dashpotDissipated: number | null;
  energyResidual: number | null;
  warnings: string[];
}

/** A run's columns: one value per row (Float64Arrays owned by JS). A column a run lacks is absent. */
export interface Columns {
  t: Float64Array;
  x: Float64Array;
  v: Float64Array;
  friction: Float64Array;
  fk: Float64Array;
  spring: Float64Array;
  vOverV0: Float64Array;
  drivePosition: Float64Array;
  theta?: Float64Array;
  fkOverFk0?: Float64Array;
  staticLimit?: Float64Array;
  /** A dynamic law's state variables ({ z }, { theta }). */
  state?: Record<string, Float64Array>;
}

/** What engine.simulate() returns. */
export interface SimulationResult {
  columns: Columns;
  summary: Summary;
  /** The scenario that ran, as the engine writes it: reading it back gives the same run. */
  scenario: Scenario;
}

/** One axis of a stability map. */
export interface SweepAxis {
  target?: 'params' | 'system';
  key: string;
  min: number;
  max: number;
  /** Cells along the axis, 2 … 100 000. */
  count: number;
  log?: boolean;
}

/** A stability map's request. */
export interface Sweep {
  scenario: Scenario;
  x: SweepAxis;
  y: SweepAxis;
}
