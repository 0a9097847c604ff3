#pragma once
// One bound on the work of every run: the slip-stick, fixed-step and quasi-static loops, a law run
// alone and the seed's replica each spend from a WorkBudget as they step, so that any run in range
// ends, or stops with the reason, within about a second and a half of computing natively (issue 29
// asks for 2 s natively and 3 s in wasm; docs/benchmarks.md has the measured times).
//
// Work is counted in units, not in seconds, so that a run stops at the same step natively and in
// wasm, on a busy machine and an idle one: a step costs the units its method's step costs on
// average, measured against a Dormand–Prince step of the slip equations (stepCost below; measured
// per method over the catalog's laws, docs/benchmarks.md "The work budget"). A run is stopped
//   - early, when it has spent an eighth of its budget and its pace projects more than four times
//     the budget over its duration: cost(duration) ≈ spent · duration / t;
//   - at the latest, when it has spent its budget.
// The projection is checked at fixed points of the spending (every 1/256 of the budget), so it
// costs nothing per step.

#include <string>

#include "friction/laws.h"

namespace friction {

/// What one step costs in work units: one unit is a Dormand–Prince step of the spring-block's slip
/// equations (0.6–0.9 µs natively over the catalog's laws). Measured per method as the median time
/// of a step over the catalog's laws and systems, each against Dormand–Prince's on the same run.
namespace stepCost {
inline constexpr double kDormandPrince = 1;
inline constexpr double kRosenbrock = 1.6;
inline constexpr double kRadau = 2.5;
inline constexpr double kRk4 = 0.7;
inline constexpr double kSemiImplicitEuler = 0.5;
/// One evaluation of a root search for an event or extremum inside a step: the step's dense output
/// and the rates there (the law), or the dense output alone (the watch's crossings).
inline constexpr double kLocateEvaluation = 0.2, kDenseEvaluation = 0.05;
/// A stick phase: the break-away solved in closed form (or on the aging state).
inline constexpr double kStick = 0.3;
/// The fixed-step loop's steps: the seed's scheme, and a law stepped once a step (its memory).
inline constexpr double kSeedScheme = 0.1;
inline constexpr double kSteppedLaw = 0.15;
/// The quasi-static slider solves the force balance for v at every evaluation: in closed form
/// (rate-and-state without a dashpot), or by Newton's method (with a dashpot, or a law without
/// an inverse), whose iterations cost several of the law's evaluations each.
inline constexpr double kQuasiStaticDormandPrince = 3, kQuasiStaticRadau = 6;
inline constexpr double kQuasiStaticNewton = 4.5;  ///< the factor on those where the balance needs Newton
/// One evaluation of the slider's balance (a located turn's search, a row).
inline constexpr double kQuasiStaticProbe = 0.3;
}  // namespace stepCost

/// Where a run stood when its budget stopped it.
struct WorkOverrun {
  double t = 0, duration = 0;                   ///< simulated time reached, of the run's [s]
  double spent = 0, budget = 0, projected = 0;  ///< work units
  bool exhausted = false;                       ///< the whole budget spent (else: projected early)
  /// The duration the budget would carry at this pace [s].
  double affordableDuration() const;
};

class WorkBudget {
 public:
  /// The work one run may do: about 1.5 s natively at the costliest units measured (the quasi-static
  /// slider's Newton balance), 0.8–1.2 s for the slip-stick loop.
  static constexpr double kDefaultUnits = 1.5e6;
  /// How far beyond the budget an early projection must reach to stop the run.
  static constexpr double kFarBeyond = 4;

  explicit WorkBudget(double duration, double units = kDefaultUnits);

  void spend(double units) { spent_ += units; }
  /// Whether a checkpoint is due: ask mustStop then.
  bool due() const { return spent_ >= nextCheck_; }
  /// At a checkpoint at simulated time t: whether the run must stop (its budget spent, or its pace
  /// projecting more than `beyond` times the budget once kEarly of it is spent). Moves the next
  /// checkpoint on. `beyond`: the projection's factor; 1 where the pace is known exactly (a fixed step).
  bool mustStop(double t, double beyond = kFarBeyond);
  WorkOverrun overrun(double t) const;
  double spent() const { return spent_; }
  double units() const { return units_; }

 private:
  static constexpr double kEarly = 1.0 / 8, kCheckEvery = 1.0 / 256;
  double projected(double t) const;

  double duration_, units_, spent_ = 0, nextCheck_;
};

/// The message of a run its budget stopped: where it stopped, how far beyond its budget its pace
/// would take it, what makes it expensive (`cause`, a sentence) and what to change (`change`, a
/// sentence, after the duration the budget would carry).
std::string budgetMessage(const WorkOverrun& overrun, const std::string& cause, const std::string& change);

/// The rate [1/s] at which a dynamic law's state relaxes towards its steady state at speed v: the
/// largest |∂(dsᵢ/dt)/∂sᵢ| at the steady state (for rate-and-state v/Dc, for LuGre σ0|v|/g(v)); 0 for a
/// law without state or where it cannot be evaluated.
double stateRelaxationRate(const LawEvaluator& law, double v, double N);

}  // namespace friction
