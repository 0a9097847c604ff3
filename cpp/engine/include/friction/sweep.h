#pragma once
// Stability maps: a scenario swept over a 2-D grid of two of its parameters, each cell a full
// simulation classified by its regime (steady, decaying, growing, stick-slip…) with a value: the
// growth rate of an oscillation [1/s], or the velocity amplitude of stick-slip [m/s]. And the
// closed-form boundaries the maps are drawn and tested against.

#include <cmath>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "friction/parameters.h"
#include "friction/scenario.h"
#include "friction/simulate.h"
#include "friction/spring_block.h"
#include "friction/value.h"

namespace friction {

/// The most cells an axis of a map may have (the page draws up to 256; the CLI runs the rest).
inline constexpr int kMaxAxisCells = 100000;

/// One axis of a map: which value it moves ("params" or "system" then the key) over what range.
struct SweepAxis {
  std::string target = "params";  ///< "params" (the model's or law's) or "system"
  std::string key;
  double min = 0, max = 1;
  int count = 16;
  bool logarithmic = false;
  /// The value at index i of count (the ends included).
  double at(int i) const;
};

struct SweepCell {
  double x = 0, y = 0;
  Regime regime = Regime::Stuck;
  /// Growing, decaying or oscillating: the growth rate of v's peaks [1/s]; stick-slip: half the
  /// peak-to-peak velocity over the last quarter [m/s]; NaN where none was measured.
  double value = NAN;
  std::string error;  ///< why the cell could not run or end (then regime and value mean nothing)
  /// Its run stopped before its end (RunStopped: its work budget, a blow-up), at stoppedAt [s]; the
  /// other cells of the map run on.
  bool stopped = false;
  double stoppedAt = NAN;
};

/// Runs cell (i, j) of the map (x index i, y index j). Throws InputError for a bad scenario or axis;
/// a cell whose run cannot complete is marked (error, stopped). `progress` as run()'s.
SweepCell sweepCell(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y, int i, int j,
                    const std::function<void(double)>& progress = {});

/// A cell as the bindings give it: {x, y, regime, value, error?, stopped?, stoppedAt?}, regime and
/// value null where the cell has none (a refused or stopped run, a regime without a value).
Value sweepCellValue(const SweepCell& cell);

/// A cell's regime column in a map's CSV: the regime's name, "stopped" for a run that stopped before
/// its end, "error" for one refused.
std::string_view sweepCellRegime(const SweepCell& cell);

/// Checks a map's request: the scenario's subject, its fixed values, integrator, samples, tolerance
/// and kick (a map's drive has one velocity), the axes' targets, keys, ranges and sizes (2 to
/// kMaxAxisCells cells each). Throws InputError naming the field by its path in the map's request:
/// "scenario.law", "scenario.params.mu_s", "scenario.system.c", "x.key", "x.count", "x.min", "y.key"...
void checkSweep(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y);

/// A map's request: {"scenario": SCENARIO, "x": AXIS, "y": AXIS}, with SCENARIO as friction/scenario.h
/// reads it (no velocity steps) and AXIS = {"target": "params" | "system", "key", "min", "max",
/// "count", "log"} (target "params" unless given; count 2 to kMaxAxisCells; log true or false).
struct Sweep {
  Scenario scenario;
  SweepAxis x, y;
};

/// Reads a map's request and checks it (checkSweep). Throws InputError naming the field by its path;
/// an unknown key is refused at every level.
Sweep readSweep(const Value& value);

/// Cells of a map to run: the map's request with "cells": [i0, j0, i1, j1, ...] (x index, y index).
struct SweepCellsRequest {
  Sweep sweep;
  std::vector<std::pair<int, int>> cells;
};
SweepCellsRequest readSweepCells(const Value& value);

/// A map's closed-form boundary: the map's request with "resolution" (2 to 512 points a side, 64 if
/// not given).
struct SweepBoundaryRequest {
  Sweep sweep;
  int resolution = 64;
};
SweepBoundaryRequest readSweepBoundary(const Value& value);

/// Closed-form boundaries (docs/validation.md, "Stability maps"):
/// the critical dashpot of a static velocity-weakening law at drive speed v0: η_c = −dF/dv(v0) [N·s/m]
/// (steady sliding is unstable below it); by central differences of the law's force.
double criticalDashpot(const std::string& law, const ParamList& params, double Fn, double v0);

/// The θ model's critical effective damping E_c [N·s/m], the positive root of
/// τE² + (m + cτ² − ΔFτ²/D)E − ΔFτm/D = 0 (seed renewal law, no velocity terms).
double stateVariableCriticalDamping(double m, double c, double deltaF, double tau, double D);

/// The Coulomb stick-slip period of the block driven from rest without a dashpot (case C1's cycle) [s]:
/// T = 2ΔF/(c v0) + (π + 2 atan(v0 √(cm)/ΔF))/ω, ΔF = Fs − Fk, ω = √(c/m).
double coulombStickSlipPeriod(double m, double c, double v0, double Fs, double Fk);

/// Rate-and-state's critical stiffness with inertia [N/m]: N(b − a)/Dc · [1 + m V²/(N a Dc)].
double rateStateCriticalStiffness(double m, double N, double a, double b, double Dc, double V);

/// Coulomb friction with a dashpot, driven from rest: after the first break-away
/// the block re-sticks, and stick-slip persists, iff r = v0√(cm)/ΔF < r*(ζ), ζ = η/(2√(cm)). r* has no
/// closed form: it is found by bisection on whether the closed-form slip's first minimum reaches
/// v = 0. Infinite for ζ = 0 (an undamped slip always re-sticks), 0 for ζ ≥ 1 (no overshoot).
double coulombDashpotCriticalRatio(double zeta);

/// A scenario's closed-form stability boundary, as a signed margin: positive where the criterion
/// predicts steady sliding, negative where it predicts growing oscillation or stick-slip, zero on the
/// boundary. `known` is false where no closed form applies (the margin is then NaN).
struct StabilityMargin {
  bool known = false;
  double value = 0;
  std::string criterion;  ///< which closed form, in words (empty when unknown)
  std::string unit;       ///< the margin's unit
};

/// The closed form that applies to a scenario, where one does (docs/validation.md, "Stability maps"):
/// - a static law (not stateful, not dynamic) with a steady start: η + dF/dv(v0) [N·s/m];
/// - Coulomb with a dashpot from rest: ln(r / r*(ζ));
/// - the seed model and the SI θ model: E − E_c [N·s/m], E = η + ∂F/∂v at fixed θ, or for the θ
///   model's variant E[1 + c/(λ(mλ + E))] − ΔFθ0/(Dλ);
/// - rate-and-state with a steady start: E[1 + c/(λ(mλ + E))] − N b/V, λ = V/Dc, E = η + N a/V.
/// Throws InputError for a bad scenario, as a run would.
StabilityMargin stabilityMargin(const Scenario& scenario);

/// The margin over a grid of the map's axes, `resolution` samples a side (the ends included), for
/// drawing the boundary as the margin's zero contour: values[j * resolution + i] at (x.at'(i), y.at'(j))
/// where at' spaces `resolution` points over each axis's range as the axis does. A point where the
/// scenario breaks a rule across parameters has NaN; with no closed form anywhere, the grid is empty.
struct MarginGrid {
  StabilityMargin first;  ///< the criterion (known false: no closed form for this scenario)
  int resolution = 0;
  std::vector<double> xs, ys, values;
};
MarginGrid stabilityMarginGrid(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y,
                               int resolution);

/// One change of one parameter that brings a scenario to steady sliding (steadySliding).
struct SlidingChange {
  std::string target;  ///< "params" (the model's or law's) or "system"
  std::string key;     ///< the parameter
  double current = 0;  ///< its value in the scenario
  /// The nearest value, on the boundary's far side, whose run slides steadily (regime steady, decaying or
  /// settling), rounded outwards to two significant digits where that still does.
  double value = 0;
  /// Where the closed form's margin turns positive (the map's boundary), nearest the current value (the
  /// value itself where the margin is 0 there, neutral); NaN where the closed form already predicts steady
  /// sliding and only the run does not.
  double boundary = NAN;
  std::string reason;  ///< what it does, in words ("damping above the critical value")
};

/// What removes stick-slip or a growing oscillation from a scenario, from its closed-form boundary (the
/// margin of stabilityMargin, which the stability map draws) and its runs.
struct SteadySliding {
  bool known = false;   ///< a closed form applies (not with the drive at rest: nothing slides steadily then)
  bool steady = false;  ///< the margin is positive: the closed form predicts steady sliding as it is
  bool slides = false;  ///< the scenario's own run slides steadily (then there is nothing to change)
  double margin = NAN;
  std::string criterion;
  /// For each parameter the closed form reads (the dashpot, the drive speed, a velocity-strengthening
  /// slope, the stiffness for rate-and-state), the nearest value within its accepted range past the
  /// boundary whose run slides steadily; a parameter that never gets there is left out. Nearest first
  /// (relative change); empty when the run slides or no closed form applies.
  std::vector<SlidingChange> changes;
};

/// The steady-sliding changes of a scenario (SteadySliding): the boundary located by bisection of the
/// margin along each parameter to 1e-12 of its slider's span, then the runs from there on (a linear
/// criterion does not see a block started from rest fall back into stick-slip). Throws InputError for a
/// bad scenario.
SteadySliding steadySliding(const Scenario& scenario);

}  // namespace friction
