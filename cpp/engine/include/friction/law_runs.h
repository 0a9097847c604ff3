#pragma once
// A dynamic law on its own, without the spring-block: under an imposed slip velocity (the
// velocity-step experiments of rate-and-state, the constant-velocity bristle transient of LuGre,
// Dahl's virgin and reversal curves) or driving a free mass with an applied force (presliding:
// the force is ramped up and down while the body barely moves, and force against displacement
// shows the hysteresis loop). Both integrate the law's state with the adaptive Rosenbrock 4(3).

#include <functional>
#include <string_view>
#include <vector>

#include "friction/catalog.h"
#include "friction/parameters.h"

namespace friction {

/// One breakpoint of an input: from time t on (imposed velocity: piecewise constant), or at time t
/// (applied force: piecewise linear between breakpoints).
struct Breakpoint {
  double t;      ///< [s]
  double value;  ///< [m/s] or [N]
};

/// The value of piecewise-constant steps at time t: the last step at or before t, else `fallback`.
double stepValueAt(const std::vector<Breakpoint>& steps, double t, double fallback);

/// What a run of a law alone returns, on a uniform grid.
struct LawRun {
  std::vector<double> t;                   ///< time [s]
  std::vector<double> x;                   ///< displacement [m]
  std::vector<double> v;                   ///< slip velocity [m/s]
  std::vector<double> applied;             ///< the imposed velocity [m/s] or the applied force [N]
  std::vector<double> friction;            ///< friction force resisting the slip, signed like it [N]
  std::vector<std::vector<double>> state;  ///< the law's state variables, one column each
  long long steps = 0;
};

/// The default output grid and relative tolerance of a run of a law alone.
inline constexpr int kLawRunSamples = 2001;
inline constexpr double kLawRunTolerance = 1e-10;

/// How a law's state starts.
enum class LawStart {
  Steady,   ///< steady sliding at the first imposed velocity (the initial state if that is 0)
  Initial,  ///< the law's initial state (LawSpec::state[i].initial), e.g. LuGre's unloaded z = 0
};

/// The law under an imposed slip velocity, piecewise constant through `velocity` (the first breakpoint
/// at t = 0), with normal force N. Throws InputError for a law without state or bad input.
LawRun imposeVelocity(std::string_view law, const ParamList& params, double N,
                      const std::vector<Breakpoint>& velocity, double duration, int samples = kLawRunSamples,
                      double tolerance = kLawRunTolerance, LawStart start = LawStart::Steady);

/// A free mass m (within preslidingModel()'s range for m) pushed by an applied force, piecewise linear
/// through `force` (from t = 0; constant after the last breakpoint), against the law with normal force N:  m
/// dv/dt = F(t) − F_friction. It starts at rest in the law's initial state. `progress`, if set, is told the
/// fraction of the run done at every output row; an exception thrown from it ends the run (a caller's time
/// budget).
LawRun applyForce(std::string_view law, const ParamList& params, double m, double N,
                  const std::vector<Breakpoint>& force, double duration, int samples = kLawRunSamples,
                  double tolerance = kLawRunTolerance, const std::function<void(double)>& progress = {});

/// The presliding protocol of Canudas de Wit et al. (1995, Fig. 2) scaled to `amplitude` [N] and
/// `rate` [N/s]: ramp from 0 to +A, hold for `hold` s, ramp to −A, hold, ramp back to +A.
std::vector<Breakpoint> preslidingProtocol(double amplitude, double rate, double hold);

/// The presliding experiment's own parameters (m, N, amplitude, rate, hold), declared once.
const ModelSpec& preslidingModel();
/// How the presliding experiment is computed: its equations and quirks.
EntryDocs preslidingDocs();

/// The presliding experiment: `law` pushed through preslidingProtocol by the parameters of
/// preslidingModel() (any subset; defaults are the paper's Fig. 2 set-up). Throws InputError.
/// `progress` as applyForce's.
LawRun simulatePresliding(std::string_view law, const ParamList& lawParams, const ParamList& protocol,
                          int samples = kLawRunSamples, const std::function<void(double)>& progress = {});

}  // namespace friction
