#include "friction/state_variable.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/spring_block_run.h"
#include "friction/errors.h"
#include "friction/parameters.h"
#include "friction/spring_block.h"
#include "laws/theta_contact.h"
#include "system/system_params.h"

namespace friction {
namespace {

using P = StateVariableParams;

// The contact's parameters are the `state-variable` law's (theta_contact.h), declared once; the
// system's are the spring-block's.
constexpr std::array<ParamField<P>, 13> kFields = {{
    {&P::m, kMassSpec},
    {&P::Fn, kNormalForceSpec},
    {&P::mus, kThetaMusSpec},
    {&P::muk, kThetaMukSpec},
    {&P::tau, kThetaTauSpec},
    {&P::D, kThetaMemorySpec},
    {&P::renewal, kThetaRenewalSpec},
    {&P::a, kThetaLinearSpec},
    {&P::b, kThetaQuadraticSpec},
    {&P::c, kSpringSpec},
    {&P::eta, kDashpotSpec},
    {&P::v0, kDriveVelocitySpec},
    {&P::duration, kDurationSpec},
}};

// The contact of a model run: its quadratic term centred on the drive velocity, as in the seed.
ThetaContact contactOf(const P& p) { return {p.mus, p.muk, p.tau, p.D, p.renewal, p.a, p.b, p.v0}; }

// A velocity scale for the run: the drive plus the largest overshoot a stick-slip cycle can
// produce, the Coulomb cycle's peak velocity v0 + √(v0² + ΔF²/(cm)) ≤ 2 v0 + ΔF/√(cm) (docs/validation.md,
// "Closed forms: the spring-block"), with ΔF bounded by Fs.
double velocityScale(const P& p) {
  const double Fs = p.mus * p.Fn;
  return 2 * p.v0 + (p.c > 0 ? Fs / std::sqrt(p.c * p.m) : 0.0);
}

// The largest |∂F/∂θ| = |Fs − Fk(v)| over the speeds the run can reach: the strength of the θ–v
// feedback. Fk(v) is piecewise quadratic, so 65 samples of [−V, V] bound it closely enough.
double largestThetaCoupling(const P& p, double vScale) {
  double largest = 0;
  for (int i = 0; i <= 64; ++i) {
    const double v = vScale * (i / 32.0 - 1);
    largest = std::max(largest, std::fabs(p.mus * p.Fn - kineticFriction(p, v)));
  }
  return largest;
}

// The fastest rates [1/s] of the linearised slip dynamics, each a limit on an explicit step:
// spring ω, θ relaxation 1/τ, viscous (η + |∂Fk/∂v|)/m, and the θ–v feedback √(|∂F/∂θ|/(m D)).
struct Rates {
  double omega, ageing, viscous, feedback;
};
Rates fastestRates(const P& p) {
  const double vScale = velocityScale(p);
  // |∂Fk/∂v| = μk Fn |a sgn v + 2b(v − v0)| ≤ μk Fn (|a| + 2|b| (V + v0)) over |v| ≤ V.
  const double slope = p.eta + p.muk * p.Fn * (std::fabs(p.a) + 2 * std::fabs(p.b) * (vScale + p.v0));
  // The variant relaxes θ at 1/τ + |v|/D while sliding.
  const double ageing = 1 / p.tau + (p.renewal == 1 ? vScale / p.D : 0.0);
  return {std::sqrt(p.c / p.m), ageing, slope / p.m,
          std::sqrt(largestThetaCoupling(p, vScale) / (p.m * p.D))};
}

// What simulateStateVariable computes (SI; the header's equations).
constexpr Equation kEquations[] = {
    {R"t(F_k(v) = \max\left(0,\ \mu_k F_n \left(1 + a\,|v| + b\,(v - v_0)^2\right)\right))t",
     "The velocity-dependent kinetic friction, as in the seed app but with the normal force Fn apart from "
     "the mass."},
    {R"t(F(v, \theta) = F_k(v) + \left(\mu_s F_n - F_k(v)\right)\theta)t",
     "The friction magnitude: the kinetic value blended with the static one μs·Fn by the contact state θ."},
    {R"t(\frac{d\theta}{dt} = \begin{cases} \dfrac{1 - \theta}{\tau} - \dfrac{|v|}{D} & \text{law} = 0 \\ \dfrac{1 - \theta}{\tau} - \dfrac{\theta\,|v|}{D} & \text{law} = 1 \end{cases} \qquad 0 \le \theta \le 1)t",
     "Ageing at rest and renewal by slip, in seconds and metres (the seed's per-step update with τ·1 ms and "
     "D·1 mm); θ is held at 0 rather than falling below it."},
    {R"t(m\,\frac{dv}{dt} = F_d - F(v, \theta)\operatorname{sgn} v, \quad F_d = c\,(v_0 t - x) + \eta\,(v_0 - v), \quad 0 \le t \le t_{\max})t",
     "Newton's law during slip, integrated by the spring-block's event-driven loop (auto: Dormand–Prince, or "
     "Rosenbrock where stiff, to the tolerance; θ reaching 0 is an event); the friction's direction belongs "
     "to the slip phase."},
    {R"t(v = 0,\ \ F = F_d \quad \text{while } |F_d| \le F(0, \theta), \qquad \theta(t) = 1 - (1 - \theta_0)\,e^{-(t - t_0)/\tau})t",
     "The true stick phase: the block rests while the drive force stays within the static limit, and θ ages "
     "in closed form; break-away and re-stick are located inside the step."},
    {R"t(F_{\max} = F(0, \theta))t", "The static limit column: the friction at rest with the current θ."},
};

constexpr std::string_view kQuirks[] = {
    "The only public description of Popov's model used here is the seed app's: whether Popov's own "
    "evolution law is additive (−|v|/D) or multiplicative (−θ|v|/D) is not verified, so both are "
    "offered (renewal law).",
    "The seed app's τ and D act per 1 ms step and in mm; here they are seconds and metres, and the seed's "
    "Load is split into the mass m and the normal force Fn."};

}  // namespace

EntryDocs stateVariableDocs() { return {listOf(kEquations), listOf(kQuirks)}; }

const ModelSpec& stateVariableModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "state-variable", "State variable θ (SI, exact stick)",
        "The seed's physics in SI: F = Fk(v) + (Fs − Fk(v))θ with dθ/dt = (1 − θ)/τ − |v|/D, mass "
        "and normal force apart: the state-variable law on the spring-block's one event-driven "
        "loop, with an exact stick phase (the block stays at rest while the drive force is within the "
        "static limit F(0, θ), θ ageing in closed form) whose start and end are located inside the step.",
        "V. L. Popov, Contact Mechanics and Friction, Ch. 12 (state-variable friction), as used in "
        "S. Abbott's \"Friction\" app.",
        specsOf(kFields)};
    setTexSymbols(model, {{"m", "m"},
                          {"Fn", "F_n"},
                          {"mus", R"t(\mu_s)t"},
                          {"muk", R"t(\mu_k)t"},
                          {"tau", R"t(\tau)t"},
                          {"D", "D"},
                          {"renewal", R"t(\text{law})t"},
                          {"a", "a"},
                          {"b", "b"},
                          {"c", "c"},
                          {"eta", R"t(\eta)t"},
                          {"v0", "v_0"},
                          {"duration", R"t(t_{\max})t"}});
    return model;
  }();
  return spec;
}

StateVariableParams stateVariableParams(const ResolvedParams& resolved) {
  return bindParams(kFields, resolved);
}

double kineticFactor(const P& p, double v) { return thetaKineticFactor(contactOf(p), v); }

double kineticFriction(const P& p, double v) { return thetaFriction(contactOf(p), p.Fn, v, 0.0); }

double frictionMagnitude(const P& p, double v, double theta) {
  return thetaFriction(contactOf(p), p.Fn, v, theta);
}

double chooseStep(const P& p) {
  // Accuracy targets: 100 steps per spring period, 10 per ageing time, and a quarter of the
  // viscous and θ–v feedback times (the feedback time √(mD/|∂F/∂θ|) is also how long θ takes to
  // collapse at a break-away, so it resolves that too).
  const Rates r = fastestRates(p);
  double step = std::numeric_limits<double>::infinity();
  if (r.omega > 0) step = std::min(step, 2 * kPi / r.omega / 100);
  step = std::min(step, 0.1 / r.ageing);
  if (r.viscous > 0) step = std::min(step, 0.25 / r.viscous);
  if (r.feedback > 0) step = std::min(step, 0.25 / r.feedback);
  return step;
}

// The model runs the `state-variable` law (its contact centred on the drive velocity) on the
// spring-block: Newton's law and dθ/dt through slip, the stick phases exact with θ ageing in closed
// form, and the same analysis as every law's run.
SimulationResult simulateStateVariable(const P& p, const StateVariableOptions& options) {
  const ParamList contact = {{"mus", p.mus},         {"muk", p.muk}, {"tau", p.tau}, {"D", p.D},
                             {"renewal", p.renewal}, {"a", p.a},     {"b", p.b},     {"v0", p.v0}};
  const LawEvaluator law("state-variable", contact);
  const SpringBlockSystem system{p.m, p.c, p.eta, p.v0, p.Fn, p.duration};
  RunSettings run = defaultSettings(law);
  run.samples = std::max(options.samples, 2);
  run.x0 = options.start.x;
  run.v0Block = options.start.v;
  run.initialState = LawStateVector{std::clamp(options.start.theta, 0.0, 1.0), 0};
  run.progress = options.progress;
  // θ (the law's state), Fk(v) and Fk/Fk0 as the seed plots them; F(0, θ) is the static limit column.
  run.modelColumns = ModelColumns{[p](double v) { return kineticFriction(p, v); },
                                  [p](double v) { return kineticFactor(p, v); }};
  if (options.step > 0) {
    run.integrator = Integrator::Rk4;
    run.step = options.step;
  }
  if (options.tolerance > 0) {
    run.relativeTolerance = options.tolerance;
    run.absoluteTolerance = 1e-3 * options.tolerance;
  }
  SimulationResult result = runSpringBlock(law, system, run);
  // The model's own summary: its law's run, as the model (its parameters are the model's, set by the
  // caller that resolved them).
  result.summary.law.clear();
  result.summary.model = "state-variable";
  if (options.step > 0) result.summary.dt = options.step;
  return result;
}

}  // namespace friction
