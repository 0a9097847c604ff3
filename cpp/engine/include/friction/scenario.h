#pragma once
// A scenario, the one reader of it and its run. A scenario is what one simulation needs: a seed
// model with its parameters, or a catalog law driving the spring-block with the system, start,
// drive velocity steps, kick, integrator, tolerance and output samples. Every caller (the wasm
// bindings, the command-line program, the fuzz harness) converts its own form of a request into a
// friction::Value and reads it here, so that all of them accept and refuse the same requests with
// the same messages.
//
// The format (JSON as the command-line program reads it; the same as a JS object):
//   { "model": ID, "params": { KEY: NUMBER, ... } }
//   { "law": ID, "params": { KEY: NUMBER | [NUMBER, ...], ... },
//     "system": { "m", "Fn", "c", "eta", "x0", "duration": NUMBER, "v0": NUMBER | [[T, V], ...],
//                 "start": "rest" | "steady" },
//     "integrator": ID, "samples": WHOLE NUMBER, "tolerance": NUMBER, "kick": NUMBER,
//     "grid": "uniform" | "log",
//     "protocol": { "holds": [SECONDS, ...], "slide": SECONDS,
//                   "table": { "t": [SECONDS, ...], "x": [METRES, ...] },
//                   "normalForce": [[T, FN], ...] } }
// The protocol and the log grid run on the quasi-static slider (system.m = 0): slide-hold-slide (slide
// at v0 for `slide` s, hold the load point for holds[0] s, slide again, …, slide to the end), a load-point
// displacement history x_lp(t) through the table's points (held at its last x after its last t), and
// steps of the normal force.
// Every key is optional but the model or law. An unknown key is refused at every level.
//
// Errors: friction::InputError whose field is the path of the value refused, from the root of the
// request: "law", "params.mu_s", "system.v0", "system.v0[2]", "samples" (and, in a sweep,
// "scenario.params.mu_s", "x.min"; friction/sweep.h). An error about an object as a whole, an empty
// key in it included, names the object ("params", "system"; "scenario" for the whole request). The
// message says what was expected, with the unit and range, and what was given.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "friction/law_runs.h"
#include "friction/parameters.h"
#include "friction/simulate.h"
#include "friction/spring_block.h"
#include "friction/value.h"

namespace friction {

/// The drive protocols of friction labs (issue 15), run on the quasi-static slider.
struct DriveProtocol {
  std::vector<double> holds;           ///< slide-hold-slide: hold durations [s], the load point at rest
  double slide = 0;                    ///< slide-hold-slide: the slide at v0 before each hold [s]
  std::vector<double> tableT, tableX;  ///< load-point displacement x_lp(t) [m] at times [s], piecewise linear
  std::vector<Breakpoint> normalForce;  ///< normal-force steps: from t on, Fn [N]
  bool empty() const { return holds.empty() && tableT.empty() && normalForce.empty(); }
};

/// What one run needs: a seed model ({model, params}) or a law on the spring-block ({law, params,
/// system, integrator, start, driveSteps, kick, tolerance, samples}).
struct Scenario {
  std::string model;  ///< a model id, or empty for a law run
  std::string law;    ///< a law id (when model is empty)
  ParamList params;   ///< the model's or law's values
  ParamList system;  ///< the spring-block system (law runs); v0 is the first step's when driveSteps are given
  std::string integrator = "auto";
  SpringBlockStart start = SpringBlockStart::Rest;
  std::vector<Breakpoint> driveSteps;  ///< the drive's velocity steps (empty: v0 throughout)
  /// With a steady start and one drive velocity: the drive speeds up by this fraction (within ±0.5) at
  /// 0.1 % of the run, so that linear (in)stability shows (unperturbed steady sliding stays as it is).
  double kick = 0;
  /// Relative tolerance of the adaptive methods (absolute: 1e-3 of it), in [1e-14, 1e-3]; 0 picks the
  /// law's default: 1e-10, or 1e-7 for a law that creeps at rest far below any other speed.
  double tolerance = 0;
  int samples = 2000;
  DriveProtocol protocol;  ///< holds, a displacement table, normal-force steps (the quasi-static slider)
  bool logGrid = false;    ///< "grid": "log": rows logarithmic in the time since each change of the drive
};

/// Checks a protocol against a run of `duration` s on a system of mass `m`: each hold positive and ending
/// before the run does, a slide given with holds, the table's times from 0 and increasing, its x finite
/// and its slopes within v0's range, the normal-force steps in Fn's range, one drive only (holds, a table
/// or velocity steps), and m = 0. Throws InputError naming the path ("protocol.holds[2]",
/// "protocol.table.t[17]", "system.m").
void checkProtocol(const DriveProtocol& protocol, double duration, double m, bool hasDriveSteps);

/// The drive's velocity steps a protocol's holds or table make (empty if it has neither): the load point
/// at v0 and 0 in turn, or along the table's slopes.
std::vector<Breakpoint> protocolDriveSteps(const DriveProtocol& protocol, double v0);

/// Reads a scenario (the format above), checked as RunSpec checks it. Throws InputError naming the
/// field by its path.
Scenario readScenario(const Value& value);

/// The scenario as the reader reads it: only what it sets (a key at its default is written only where the
/// scenario gave it), so that readScenario(scenarioValue(s)) == s. The one writer of a scenario: the
/// bindings, the command-line program, the fuzz seeds and the presets use it.
Value scenarioValue(const Scenario& scenario);
/// The same, written into a sink (the bindings' wire).
void writeScenario(ValueSink& out, const Scenario& scenario);

bool operator==(const DriveProtocol& a, const DriveProtocol& b);
bool operator==(const Scenario& a, const Scenario& b);

/// A scenario read once into what its run needs: checked against the catalogs (every check, once), the
/// model's or law's parameters resolved, the system resolved with its drive (velocity steps, holds, a
/// displacement table and a kick all become the drive's velocity steps; normal-force steps), the output
/// grid, and the integrator with its tolerances and plan. Immutable.
class RunSpec {
 public:
  /// Checks the scenario and resolves it. Throws InputError naming the field by its path.
  explicit RunSpec(Scenario scenario);
  /// readScenario, then the same.
  static RunSpec read(const Value& value);

  const Scenario& scenario() const { return scenario_; }
  bool runsModel() const { return !scenario_.model.empty(); }

  struct Resolved;  // what the run needs (scenario/run_spec.h)
  const Resolved& resolved() const { return *resolved_; }

 private:
  Scenario scenario_;
  std::shared_ptr<const Resolved> resolved_;
};

/// Runs the specification: a seed model, or a law on the spring-block. `progress` hears the fraction of
/// the run done as it advances (at each output row and every 100 000 steps); an exception thrown from it
/// ends the run. Throws SimulationError (RunStopped) for a run that cannot complete.
SimulationResult run(const RunSpec& spec, const std::function<void(double)>& progress = {});

/// The summary as a Value: every field of Summary under its name, a quantity not measured as null, the
/// regime, static limit and events by name, the integrators by id; a law run's system with its drive
/// (v0 as the scenario gave it, start). The one writer of a result's summary: the bindings and the
/// command-line program use it.
Value summaryValue(const RunSpec& spec, const Summary& summary);
/// The same, written into a sink (the bindings' wire).
void writeSummary(ValueSink& out, const RunSpec& spec, const Summary& summary);

}  // namespace friction
