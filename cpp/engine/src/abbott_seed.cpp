#include "friction/abbott_seed.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "friction/errors.h"
#include "friction/parameters.h"

namespace friction {
namespace {

// Labels and units as the seed app shows them (its slider captions), so that the page mirrors it;
// τ and D act in ms and mm (see the header), which their help says. Va and Vb, unitless in the seed,
// carry their units.
const std::array<ParamField<AbbottSeedParams>, 11> kFields = {{
    {&AbbottSeedParams::mus,
     {"mus", "μs", "μStatic", "", 0.6, 0.0, 2.0, 0.01, Scale::Linear,
      "Static friction coefficient: Fs = μs·N is the friction when θ = 1 (fully aged contact)."}},
    {&AbbottSeedParams::muk,
     {"muk", "μk", "μKinetic", "", 0.4, 0.01, 2.0, 0.01, Scale::Linear,
      "Kinetic friction coefficient: Fk0 = μk·N is the kinetic friction before its velocity terms."}},
    {&AbbottSeedParams::N,
     {"N", "N", "Load", "kg", 1.0, 0.1, 10.0, 0.1, Scale::Linear,
      "The seed uses this one number both as the mass and as the normal force (no g)."}},
    {&AbbottSeedParams::tmax,
     {"tmax", "t", "t", "s", 10.0, 0.1, 100.0, 0.1, Scale::Linear,
      "Simulated time. The seed steps 1 ms at a time and plots about 200 points."}},
    {&AbbottSeedParams::c,
     {"c", "c", "c", "kg/s²", 10.0, 0.0, 200.0, 0.5, Scale::Linear,
      "Spring constant of the coupling between the drive and the block. Resonance = √(c/N)."}},
    {&AbbottSeedParams::eta,
     {"eta", "η", "η", "kg/s", 0.0, 0.0, 10.0, 0.05, Scale::Linear,
      "Dashpot of the coupling, in parallel with the spring."}},
    {&AbbottSeedParams::tau,
     {"tau", "τ", "τ", "s", 200.0, 1.0, 10000.0, 1.0, Scale::Log,
      "θ relaxation time, labelled s as in the seed; but the seed updates θ once per 1 ms step without "
      "a dt factor, so τ counts steps: it acts in milliseconds (200 means 0.2 s). Below 1 the update "
      "would overshoot."}},
    {&AbbottSeedParams::D,
     {"D", "D", "D", "m", 1.0, 1e-6, 100.0, 0.01, Scale::Log,
      "θ relaxation length, labelled m as in the seed: the slip that renews a contact. Without a dt "
      "factor in the seed's update it acts in millimetres (1 means 1 mm)."}},
    {&AbbottSeedParams::v0,
     {"v0", "V0", "V0", "m/s", 0.1, 0.01, 2.0, 0.01, Scale::Linear,
      "Drive velocity of the far end of the spring, and the velocity the plot divides by."}},
    {&AbbottSeedParams::va,
     {"va", "a", "Va", "s/m", 0.0, -5.0, 5.0, 0.05, Scale::Linear,
      "Linear velocity term of the kinetic friction: Fk = Fk0(1 + a|v| + b(v − v0)²), floored at 0."}},
    {&AbbottSeedParams::vb,
     {"vb", "b", "Vb", "s²/m²", 0.0, -50.0, 50.0, 0.5, Scale::Linear,
      "Quadratic velocity term of the kinetic friction about the drive velocity v0."}},
}};

}  // namespace

const ModelSpec& abbottSeedModel() {
  static const ModelSpec spec{
      "abbott-seed",
      "Seed app (Abbott, exact)",
      "The algorithm of Steven Abbott's \"Friction\" app, step for step: F = Fk + (Fs − Fk)θ with "
      "a velocity-dependent Fk, one explicit 1 ms step, θ updated without a dt factor, v clamped "
      "at 0. Use it to reproduce the app's plots exactly; use state-variable for physics in SI.",
      "S. Abbott, \"Friction\" app (Practical Mechanical apps), after V. L. Popov, Contact "
      "Mechanics and Friction, Ch. 12.",
      specsOf(kFields)};
  return spec;
}

AbbottSeedParams abbottSeedParams(const ResolvedParams& resolved) { return bindParams(kFields, resolved); }

SimulationResult simulateAbbottSeed(const AbbottSeedParams& p, const AbbottSeedOptions& options) {
  SimulationResult result;
  Trace& trace = result.trace;

  // The seed's state and constants, in the seed's order.
  double x = 0, v = 0, theta = 1;
  double plotTime = 0;
  const double Fk = p.N * p.muk;
  const double Fs = p.N * p.mus;
  const double dt = kSeedTimeStep;
  const double plotStep = options.plotStep > 0 ? options.plotStep : std::max(dt, p.tmax / 200);
  long long steps = 0;
  double peakVelocity = 0;
  // Steps spent clamped at v = 0 (the seed's only "stick") in the last quarter, for the regime.
  const double windowStart = 0.75 * p.tmax;
  double stuckTimeInWindow = 0;

  // The loop variable is accumulated, not computed as n·dt, because the seed's is; the samples'
  // times (and how many there are) depend on that rounding.
  for (double t = 0; t <= p.tmax; t += dt) {
    const double xBefore = x, vBefore = v;

    // θ relaxes towards 1 and is consumed by slip; no dt factor (see header).
    theta += (1 - theta) / p.tau - v / p.D;
    theta = std::min(1.0, std::max(theta, 0.0));

    // Fk(v) = Fk0 (1 + a|v| + b (v − v0)²), floored at 0. (v − v0)² as a product: the seed's
    // Math.pow(·, 2) is exactly that product in every JS engine (fdlibm's y = 2 case).
    const double dv = v - p.v0;
    const double kinetic = std::max(0.0, Fk * (1 + p.va * std::fabs(v) + p.vb * (dv * dv)));
    // F = Fk + (Fs − Fk) θ
    const double frictionForce = kinetic + (Fs - kinetic) * theta;

    // N dv/dt = c v0 t + η v0 − F − η v − c x, with the seed's association order.
    const double accel = (p.c * p.v0 * t + p.eta * p.v0 - frictionForce - p.eta * v - p.c * x) / p.N;
    v += accel * dt;
    x += v * dt;  // with the unclamped v: the seed's backward creep while stuck
    if (v < 0) v = 0;
    ++steps;
    if (v == 0 && t >= windowStart) stuckTimeInWindow += dt;

    if (!(std::isfinite(v) && std::isfinite(x) && std::isfinite(theta)))
      throw RunStopped(trace, t, "The seed algorithm produced a non-finite state at t = " + formatNumber(t) +
                            " s; reduce η/Load or the velocity coefficients Va, Vb.");
    peakVelocity = std::max(peakVelocity, v);

    if (t >= plotTime) {
      trace.t.push_back(t);
      trace.x.push_back(x);
      trace.v.push_back(v);
      trace.theta.push_back(theta);
      trace.friction.push_back(frictionForce);
      trace.fk.push_back(kinetic);
      // The drive force that acted during this step (from the state before the update).
      trace.spring.push_back(p.c * (p.v0 * t - xBefore) + p.eta * (p.v0 - vBefore));
      trace.vOverV0.push_back(v / p.v0);
      trace.fkOverFk0.push_back(kinetic / Fk);
      plotTime += plotStep;
    }
  }

  Summary& summary = result.summary;
  summary.model = "abbott-seed";
  summary.integrator = "seed-euler";
  summary.steps = steps;
  summary.dt = dt;
  summary.duration = p.tmax;
  summary.peakVelocity = peakVelocity;
  // The seed's "Resonance": √(c/N), with its Load as the mass.
  setResonanceAndRegime(summary, std::sqrt(p.c / p.N), trace, p.v0, stuckTimeInWindow);
  return result;
}

}  // namespace friction
