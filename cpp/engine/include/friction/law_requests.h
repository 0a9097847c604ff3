#pragma once
// The readers of the law API's requests: a law evaluated alone (coefficient, force, a step, a curve)
// and a dynamic law run alone (imposed velocity, applied force, the presliding experiment). They
// read a friction::Value as friction/scenario.h reads a scenario: types checked, unknown and empty
// keys refused, defaults filled in here and nowhere else.
//
// Paths: a request object's fields are named from its root ("duration", "velocity[2]",
// "params.mu_s", "protocol.amplitude"). The calls that take their parts as separate arguments
// (frictionCoefficient(id, params, inputs), lawCurve(id, params, options), stepLaw, the presliding
// protocol) name a field from the root of its own argument: a law parameter by its key ("mu_s"), an
// input or option by its name ("v", "vMin"); an error about such an argument as a whole names it
// ("params", "inputs", "options", "state").

#include <string>
#include <vector>

#include "friction/law_runs.h"
#include "friction/laws.h"
#include "friction/parameters.h"
#include "friction/value.h"

namespace friction {

/// A law's id: a string (InputError "law" otherwise; the catalog refuses an unknown one).
std::string readLawId(const Value& value);

/// A law's parameters given as an argument of their own: { key: number | [numbers] } or null.
ParamList readLawParams(const Value& value);

/// { v, N, p, theta, Fn, dt: number, vt, n, Fe: [x, y, z] }, any subset, or null for the defaults.
LawInputs readLawInputs(const Value& value);

/// { force: [x, y, z], segment } as a previous step returned it, or null for a fresh law.
LawState readLawState(const Value& value);

/// { vMin, vMax, count, scale: 'linear' | 'log', N, p, theta }, any subset, or null for the defaults.
CurveRequest readCurveRequest(const Value& value);

/// { law, params, N, velocity: [[t, v], ...], duration, samples, tolerance, start: 'steady' | 'initial' }
struct ImposedVelocityRun {
  std::string law;
  ParamList params;
  double N = 1;  ///< [N]
  std::vector<Breakpoint> velocity;
  double duration = 1;  ///< [s]
  int samples = kLawRunSamples;
  double tolerance = kLawRunTolerance;
  LawStart start = LawStart::Steady;
};
/// Reads the request and checks the law's parameters ("params.KEY"); imposeVelocity checks the rest.
ImposedVelocityRun readImposedVelocityRun(const Value& value);

/// { law, params, m, N, force: [[t, F], ...], duration, samples, tolerance }; m and N default as the
/// presliding experiment declares them (preslidingModel()).
struct AppliedForceRun {
  std::string law;
  ParamList params;
  double m = 0, N = 0;  ///< [kg], [N]
  std::vector<Breakpoint> force;
  double duration = 1;  ///< [s]
  int samples = kLawRunSamples;
  double tolerance = kLawRunTolerance;
};
/// Reads the request and checks the law's parameters ("params.KEY"); applyForce checks the rest.
AppliedForceRun readAppliedForceRun(const Value& value);

/// { law, params, protocol: { m, N, amplitude, rate, hold }, samples }
struct PreslidingRun {
  std::string law;
  ParamList params, protocol;
  int samples = kLawRunSamples;
};
PreslidingRun readPreslidingRun(const Value& value);
/// simulatePresliding for the request, its errors named by path ("params.KEY", "protocol.KEY").
LawRun runPresliding(const PreslidingRun& run);

/// { amplitude, rate, hold } (preslidingModel()'s values, any subset) -> the presliding protocol.
std::vector<Breakpoint> readPreslidingProtocol(const Value& value);

}  // namespace friction
