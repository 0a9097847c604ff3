#pragma once
// The spring-block as a run takes it, once its scenario is read (scenario/run_spec.cpp resolves it): the
// system with its drive, and how the run is integrated and recorded. Plain data; nothing here reads a
// request or fills a default.

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <vector>

#include "friction/law_runs.h"
#include "friction/laws.h"
#include "friction/spring_block.h"
#include "system/recorder.h"
#include "system/work_budget.h"

namespace friction {

/// The resolved system.
struct SpringBlockSystem {
  double m;         ///< mass [kg]; 0: the quasi-static slider
  double c;         ///< spring constant [N/m]
  double eta;       ///< dashpot [N·s/m]
  double v0;        ///< the drive velocity the analysis refers to (the last step's) [m/s]
  double Fn;        ///< normal force [N]
  double duration;  ///< simulated time [s]
  /// Velocity steps of the drive: from driveSteps[k].t on it moves at driveSteps[k].value (first at
  /// t = 0). Empty: v0 throughout.
  std::vector<Breakpoint> driveSteps = {};
  SpringBlockStart start = SpringBlockStart::Rest;
  /// Steps of the normal force (the quasi-static slider); empty: Fn throughout.
  std::vector<Breakpoint> normalSteps = {};
  /// The block's displacement at the start [m] (the scenario's system.x0; a run starts from
  /// RunSettings::x0, which RunSpec sets to it): with the drive at rest it sets the speed scale.
  double x0 = 0;

  /// The speed the run's scales refer to [m/s] (the v/v0 column, the Jacobians' increments, the law's
  /// steepest slope): v0, or with the drive at rest (a free vibration) the release's |x0|·ω, the speed
  /// of an undamped swing from x0.
  double speedScale() const { return v0 > 0 ? v0 : std::fabs(x0) * std::sqrt(c / m); }
};

/// How a run is integrated and recorded.
struct RunSettings {
  int samples = 2000;    ///< output rows
  bool logGrid = false;  ///< rows logarithmic in the time since each change (the quasi-static slider)
  Integrator integrator = Integrator::Auto;
  double step = 0;  ///< fixed-step schemes: the step [s]; 0 = 1/200 of the spring period
  double relativeTolerance = 1e-10;
  double absoluteTolerance = 1e-13;
  double x0 = 0, v0Block = 0;  ///< initial position [m] and velocity [m/s] (default: at rest, unstretched)
  /// A dynamic law's state at the start, instead of its initial state (a run from rest only).
  std::optional<LawStateVector> initialState;
  /// Called as the run advances, with the fraction of the duration done (at each output row, and every
  /// 100 000 steps); an exception thrown from it ends the run (a caller's time budget). Empty: not called.
  std::function<void(double)> progress;
  /// The work the run may do, in work units (system/work_budget.h); tests set less to reach the stop.
  double workBudget = WorkBudget::kDefaultUnits;
  /// A model's own columns (the θ model's), written by the recorder beside the law's.
  std::optional<ModelColumns> modelColumns;
};

/// What a run's energy residual is relative to [J]: the drive's work W, or where the drive does none (at
/// rest: a free vibration) the energy the block started with; never 0.
inline double energyScale(double driveWork, double startEnergy) {
  return std::max(std::fabs(driveWork) > 0 ? std::fabs(driveWork) : std::fabs(startEnergy), 1e-300);
}

/// The settings a run of `law` gets by default: relative tolerance 1e-10 (absolute 1e-13), or 1e-7
/// (1e-10) for a law that creeps at rest far below any other speed (regularized rate-and-state),
/// whose creep costs steps in proportion to about tolerance^(−0.45).
RunSettings defaultSettings(const LawEvaluator& law);

}  // namespace friction
