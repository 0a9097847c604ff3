#include "friction/abbott_seed.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "friction/errors.h"
#include "friction/parameters.h"
#include "system/work_budget.h"

namespace friction {
namespace {

// Labels and units as the seed app shows them (its slider captions), so that the page mirrors it;
// τ and D act in ms and mm (see the header), which their help says. Va and Vb, unitless in the seed,
// carry their units.
constexpr std::array<ParamField<AbbottSeedParams>, 11> kFields = {{
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

// What simulateAbbottSeed computes, one line per step of the loop (the seed's units: N is the Load,
// mass and normal force at once; Δt = 1 ms; τ and D act per step).
constexpr Equation kEquations[] = {
    {R"t(\theta \leftarrow \min\left(1,\ \max\left(0,\ \theta + \frac{1 - \theta}{\tau} - \frac{v}{D}\right)\right))t",
     "The contact state θ, updated once per 1 ms step with no Δt factor (so τ counts steps and D acts in "
     "mm), with the velocity of the previous step, then clamped to [0, 1]."},
    {R"t(F_k(v) = \max\left(0,\ \mu_k N \left(1 + a\,|v| + b\,(v - v_0)^2\right)\right))t",
     "The kinetic friction: μk·N with a linear term in |v| and a quadratic one about the drive velocity, "
     "floored at 0; v is the velocity before this step's update."},
    {R"t(F = F_k(v) + \left(\mu_s N - F_k(v)\right)\theta)t",
     "The seed's friction: the kinetic value blended with the static one μs·N by the contact state."},
    {R"t(v \leftarrow v + \frac{c\,v_0 t + \eta\,v_0 - F - \eta\,v - c\,x}{N}\,\Delta t, \qquad x \leftarrow x + v\,\Delta t)t",
     "Semi-implicit Euler: the velocity first (the Load N as the mass), then the position with the new, "
     "still unclamped velocity."},
    {R"t(v \leftarrow \max(0, v), \qquad t \leftarrow t + \Delta t, \quad \Delta t = 0.001\ \text{s}, \quad t \le t_{\max})t",
     "The seed's only stick rule, a clamp after the position update (so a held block creeps backwards), and "
     "time accumulated step by step."},
    {R"t(F_{\text{shown}} = \begin{cases} c\,(v_0 t - x) + \eta\,(v_0 - v) & \text{if the step starts and ends at } v = 0 \\ F & \text{otherwise} \end{cases})t",
     "The friction column: on a step the clamp held, the friction on the block is the drive force it "
     "balances, not the formula value F (the seed plots neither)."},
    {R"t(F_{\max} = F_k(0) + \left(\mu_s N - F_k(0)\right)\theta)t",
     "The static limit column: the seed's friction formula at v = 0 with the current θ, the most the contact "
     "holds at rest."},
    {R"t(\omega = \sqrt{c/N}, \qquad f = \frac{\omega}{2\pi})t",
     "The seed's Resonance, with the Load as the mass, printed in Hz and rad/s."},
};

constexpr std::string_view kQuirks[] = {
    "One explicit step of 1 ms: the velocity is updated first and the position with the new velocity "
    "(semi-implicit Euler).",
    "θ is updated without a dt factor, so τ counts 1 ms steps and D acts in millimetres although the seed "
    "labels them s and m; below τ = 1 the update overshoots.",
    "θ is clamped to [0, 1] and the kinetic friction floored at 0.",
    "The Load N is both the mass and the normal force (no g).",
    "v < 0 → v = 0 is the only stick logic, applied after x was advanced with the negative v: a \"stuck\" "
    "block creeps backwards by |v|·dt every step.",
    "The kinetic friction of a step uses the velocity before the update, while the plotted v/v0 is the "
    "velocity after it.",
    "Time is accumulated as t += 0.001 with its rounding, and a point is plotted whenever t reaches the next "
    "plot time, which advances by max(dt, tmax/200).",
    "Resonance is √(c/N), with the Load as the mass.",
    "Nothing guards the explicit step; a run that goes non-finite is refused here instead of plotting NaN.",
};

// The seed's loop in its own order (CalcIt), as pseudo-code in our notation.
constexpr std::string_view kUpdateLoop =
    "x = 0, v = 0, θ = 1, next plot time = 0\nfor t = 0; t ≤ tmax; t += 0.001:\n  θ ← θ + (1 − θ)/τ − v/D\n  "
    "θ ← min(1, max(θ, 0))\n  Fk ← max(0, μk·N·(1 + a·|v| + b·(v − v0)²))\n  F ← Fk + (μs·N − Fk)·θ\n  "
    "acceleration ← (c·v0·t + η·v0 − F − η·v − c·x) / N\n  v ← v + acceleration·0.001\n  x ← x + v·0.001\n  "
    "if v < 0: v ← 0\n  if t ≥ next plot time: plot (t, v/v0), (t, θ), (t, Fk/(μk·N)); next plot time += "
    "max(0.001, tmax/200)";

}  // namespace

EntryDocs abbottSeedDocs() { return {listOf(kEquations), listOf(kQuirks), kUpdateLoop}; }

const ModelSpec& abbottSeedModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "abbott-seed", "Seed app (Abbott, exact)",
        "The algorithm of Steven Abbott's \"Friction\" app, step for step: F = Fk + (Fs − Fk)θ with "
        "a velocity-dependent Fk, one explicit 1 ms step, θ updated without a dt factor, v clamped "
        "at 0. Use it to reproduce the app's plots exactly; use state-variable for physics in SI.",
        "S. Abbott, \"Friction\" app (Practical Mechanical apps), after V. L. Popov, Contact "
        "Mechanics and Friction, Ch. 12.",
        specsOf(kFields)};
    setTexSymbols(model, {{"mus", R"t(\mu_s)t"},
                          {"muk", R"t(\mu_k)t"},
                          {"N", "N"},
                          {"tmax", R"t(t_{\max})t"},
                          {"c", "c"},
                          {"eta", R"t(\eta)t"},
                          {"tau", R"t(\tau)t"},
                          {"D", "D"},
                          {"v0", "v_0"},
                          {"va", "a"},
                          {"vb", "b"}});
    return model;
  }();
  return spec;
}

AbbottSeedParams abbottSeedParams(const ResolvedParams& resolved) { return bindParams(kFields, resolved); }

namespace {

// The seed's state: position, velocity and the contact's θ, which starts fully aged.
struct SeedState {
  double x = 0, v = 0, theta = 1;
};

// The friction of one step: Fk(v) and F = Fk + (Fs − Fk) θ.
struct SeedForces {
  double kinetic, friction;
};

// The seed's constants, in its order: Fk0 = μk·N, Fs = μs·N, and Fk at v = 0 in the seed's arithmetic
// (as in seedStep), for the static limit Fk(0) + (Fs − Fk(0))θ.
struct SeedConstants {
  double Fk, Fs, kineticAtRest;

  explicit SeedConstants(const AbbottSeedParams& p) : Fk(p.N * p.muk), Fs(p.N * p.mus) {
    const double atRest = 0 - p.v0;
    kineticAtRest = std::max(0.0, Fk * (1 + p.va * std::fabs(0.0) + p.vb * (atRest * atRest)));
  }
};

// One 1 ms step of the seed's loop at time t, in its order; returns the friction the step used.
inline SeedForces seedStep(const AbbottSeedParams& p, const SeedConstants& k, double t, SeedState& s) {
  // θ relaxes towards 1 and is consumed by slip; no dt factor (see header).
  s.theta += (1 - s.theta) / p.tau - s.v / p.D;
  s.theta = std::min(1.0, std::max(s.theta, 0.0));

  // Fk(v) = Fk0 (1 + a|v| + b (v − v0)²), floored at 0. (v − v0)² as a product: the seed's
  // Math.pow(·, 2) is exactly that product in every JS engine (fdlibm's y = 2 case).
  const double dv = s.v - p.v0;
  const double kinetic = std::max(0.0, k.Fk * (1 + p.va * std::fabs(s.v) + p.vb * (dv * dv)));
  // F = Fk + (Fs − Fk) θ
  const double frictionForce = kinetic + (k.Fs - kinetic) * s.theta;

  // N dv/dt = c v0 t + η v0 − F − η v − c x, with the seed's association order.
  const double accel = (p.c * p.v0 * t + p.eta * p.v0 - frictionForce - p.eta * s.v - p.c * s.x) / p.N;
  s.v += accel * kSeedTimeStep;
  s.x += s.v * kSeedTimeStep;  // with the unclamped v: the seed's backward creep while stuck
  if (s.v < 0) s.v = 0;
  return {kinetic, frictionForce};
}

// The plotted row at time t: the state after the step, the friction it used, and the drive force that
// acted during it (from the state before the update).
void plotRow(Trace& trace, const AbbottSeedParams& p, const SeedConstants& k, double t,
             const SeedState& before, const SeedState& after, const SeedForces& forces) {
  const double drive = p.c * (p.v0 * t - before.x) + p.eta * (p.v0 - before.v);
  trace.t.push_back(t);
  trace.x.push_back(after.x);
  trace.v.push_back(after.v);
  trace.theta.push_back(after.theta);
  // A step the clamp held (v = 0 before and after) left the block at rest: the friction on it is
  // the drive force it balances, not the formula value (which is the static limit then).
  trace.friction.push_back(before.v == 0 && after.v == 0 ? drive : forces.friction);
  trace.fk.push_back(forces.kinetic);
  trace.spring.push_back(drive);
  trace.vOverV0.push_back(after.v / p.v0);
  trace.fkOverFk0.push_back(forces.kinetic / k.Fk);
  // F(0, θ) = Fk(0) + (Fs − Fk(0)) θ: the formula at rest with this step's θ.
  trace.staticLimit.push_back(k.kineticAtRest + (k.Fs - k.kineticAtRest) * after.theta);
  trace.drivePosition.push_back(p.v0 * t);
}

// The one work budget (system/work_budget.h), told of the steps every kBudgetStride of them: the seed's
// tmax of at most 100 s (100 001 steps) costs a few thousandths of it, and a longer run would stop.
constexpr long long kBudgetStride = 4096;
void spendBudget(WorkBudget& budget, const Trace& trace, double t) {
  budget.spend(kBudgetStride * stepCost::kSeedScheme);
  if (budget.due() && budget.mustStop(t, 1))
    throw RunStopped(trace, t,
                     budgetMessage(budget.overrun(t), "The seed's scheme steps 1 ms at a time.",
                                   "choose the state-variable model, whose steps follow the motion."));
}
// The runs of steps at rest, as [first, last] step times; a run of one step has no length and is left
// out (as the page's shading of rows at rest leaves it out).
class RestRuns {
 public:
  void note(double t, bool resting) {
    if (resting && std::isnan(start_)) start_ = t;
    if (resting) last_ = t;
    if (!resting) close();
  }
  std::vector<Interval> finish() {
    close();
    return std::move(runs_);
  }

 private:
  void close() {
    if (last_ > start_) runs_.push_back({start_, last_});
    start_ = NAN;
    last_ = NAN;
  }
  double start_ = NAN, last_ = NAN;
  std::vector<Interval> runs_;
};

}  // namespace

SimulationResult simulateAbbottSeed(const AbbottSeedParams& p, const AbbottSeedOptions& options) {
  SimulationResult result;
  Trace& trace = result.trace;
  const SeedConstants constants(p);
  SeedState s;
  double plotTime = 0;
  const double dt = kSeedTimeStep;
  const double plotStep = options.plotStep > 0 ? options.plotStep : std::max(dt, p.tmax / 200);
  long long steps = 0;
  double peakVelocity = 0;
  WorkBudget budget(p.tmax);
  // Steps spent clamped at v = 0 (the seed's only "stick") in the last quarter, for the regime.
  const double windowStart = 0.75 * p.tmax;
  double stuckTimeInWindow = 0;
  // Its stuck intervals, from its own 1 ms steps (not the plotted rows): each run of steps that end at
  // v = 0, from the first such step's time to the last's.
  RestRuns rest;

  // The loop variable is accumulated, not computed as n·dt, because the seed's is; the samples'
  // times (and how many there are) depend on that rounding.
  for (double t = 0; t <= p.tmax; t += dt) {
    const SeedState before = s;
    const SeedForces forces = seedStep(p, constants, t, s);
    ++steps;
    if (s.v == 0 && t >= windowStart) stuckTimeInWindow += dt;
    if ((steps & (kBudgetStride - 1)) == 0) {
      spendBudget(budget, trace, t);
      if (options.progress) options.progress(t / p.tmax);
    }
    rest.note(t, s.v == 0);
    if (!(std::isfinite(s.v) && std::isfinite(s.x) && std::isfinite(s.theta)))
      throw RunStopped(trace, t,
                       "The seed algorithm produced a non-finite state at t = " + formatNumber(t) +
                           " s; reduce η/Load or the velocity coefficients Va, Vb.");
    peakVelocity = std::max(peakVelocity, s.v);
    if (t >= plotTime) {
      plotRow(trace, p, constants, t, before, s, forces);
      plotTime += plotStep;
    }
  }

  Summary& summary = result.summary;
  summary.model = "abbott-seed";
  summary.integrator = Integrator::SeedEuler;
  summary.steps = steps;
  summary.dt = dt;
  summary.duration = p.tmax;
  summary.peakVelocity = peakVelocity;
  summary.stickIntervals = rest.finish();
  // The seed's "Resonance": √(c/N), with its Load as the mass.
  setResonanceAndRegime(summary, std::sqrt(p.c / p.N), trace, p.v0, stuckTimeInWindow);
  return result;
}

}  // namespace friction
