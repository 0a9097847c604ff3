#include "friction/state_variable.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "friction/errors.h"
#include "friction/parameters.h"
#include "numerics/rk4.h"
#include "system/system_params.h"

namespace friction {
namespace {

using P = StateVariableParams;

const std::array<ParamField<P>, 13> kFields = {{
    {&P::m, kMassSpec},
    {&P::Fn, kNormalForceSpec},
    {&P::mus,
     {"mus", "μs", "Static friction coefficient", "", 0.6, 0.0, 2.0, 0.01, Scale::Linear,
      "Fs = μs·Fn is the friction of a fully aged contact (θ = 1), and the static limit at rest."}},
    {&P::muk,
     {"muk", "μk", "Kinetic friction coefficient", "", 0.4, 0.0, 2.0, 0.01, Scale::Linear,
      "Fk0 = μk·Fn is the kinetic friction of a fully renewed contact (θ = 0), before velocity terms."}},
    {&P::tau,
     {"tau", "τ", "Ageing time", "s", 0.2, 1e-4, 100.0, 0.001, Scale::Log,
      "Relaxation time of θ towards 1 at rest: how fast a contact strengthens while it sticks."}},
    {&P::D,
     {"D", "D", "Memory length", "m", 1e-3, 1e-7, 1.0, 1e-5, Scale::Log,
      "Slip distance that renews a contact: θ falls at the rate |v|/D while sliding. Steady "
      "sliding keeps some static part (θ > 0) only below v = D/τ."}},
    {&P::renewal,
     {"renewal", "law", "Renewal law", "", 0, 0, 1, 1, Scale::Linear,
      "0: dθ/dt = (1 − θ)/τ − |v|/D, the seed's; 1: (1 − θ)/τ − θ|v|/D, the Dieterich-like variant, whose "
      "steady state θ = 1/(1 + τ|v|/D) never reaches 0.", {}, ParamKind::Integer}},
    {&P::a,
     {"a", "a", "Linear velocity coefficient", "s/m", 0.0, -10.0, 10.0, 0.05, Scale::Linear,
      "Fk(v) = μk·Fn·(1 + a|v| + b(v − v0)²), floored at 0. Negative a: velocity weakening."}},
    {&P::b,
     {"b", "b", "Quadratic velocity coefficient", "s²/m²", 0.0, -100.0, 100.0, 0.5, Scale::Linear,
      "Curvature of Fk(v) about the drive velocity v0; it has no slope at v0."}},
    {&P::c, kSpringSpec},
    {&P::eta, kDashpotSpec},
    {&P::v0, kDriveVelocitySpec},
    {&P::duration, kDurationSpec},
}};

// State components.
enum : std::size_t { kX = 0, kV = 1, kTheta = 2 };
using State = Vec<3>;

// dθ/dt = (1 − θ)/τ − speed/D (or − θ·speed/D for the variant), held at 0 when θ sits on its floor
// and would fall further.
double thetaRate(const P& p, double speed, double theta) {
  const double renewal = p.renewal == 1 ? theta * speed / p.D : speed / p.D;
  const double rate = (1 - theta) / p.tau - renewal;
  return theta <= 0 && rate < 0 ? 0.0 : rate;
}

// Drive force Fd = c (v0 t − x) + η (v0 − v).
double driveForce(const P& p, double t, double x, double v) {
  return p.c * (p.v0 * t - x) + p.eta * (p.v0 - v);
}

// F(v, θ) with the speed |v| passed separately: Fk0 (1 + a·speed + b (v − v0)²) blended with Fs.
double blendedFriction(const P& p, double v, double speed, double theta) {
  const double dv = v - p.v0;
  const double kinetic = std::max(0.0, p.muk * p.Fn * (1 + p.a * speed + p.b * (dv * dv)));
  return kinetic + (p.mus * p.Fn - kinetic) * theta;
}

// Slip in one direction (+1 forward, −1 backward): x' = v, m v' = Fd − direction·F, θ' as above,
// with speed = direction·v. The friction direction belongs to the slip phase, not to the sign of
// the current v: RK4's stages may overshoot past v = 0, and a right-hand side that flipped there
// would push them back and hide the crossing that ends the phase. Extended smoothly past v = 0,
// the crossing shows up as a sign change of v at the end of the step and is located exactly.
State slipRate(const P& p, double direction, double t, const State& s) {
  const double v = s[kV], speed = direction * v;
  const double friction = direction * blendedFriction(p, v, speed, s[kTheta]);
  return {v, (driveForce(p, t, s[kX], v) - friction) / p.m, thetaRate(p, speed, s[kTheta])};
}

// A velocity scale for the run: the drive plus the largest overshoot a stick-slip cycle can
// produce, v0 + √(v0² + ΔF²/(cm)) ≤ 2 v0 + ΔF/√(cm) (physics-checks §1), with ΔF bounded by Fs.
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
  return {std::sqrt(p.c / p.m), ageing, slope / p.m, std::sqrt(largestThetaCoupling(p, vScale) / (p.m * p.D))};
}

// The largest step at which RK4 stays stable on every rate (its stability boundary is ≈ 2.78 on
// the negative real axis and ≈ 2.83 on the imaginary axis; 2.5 leaves a margin).
double stableStep(const P& p) {
  const Rates r = fastestRates(p);
  const double fastest = std::max({r.omega, r.ageing, r.viscous, r.feedback});
  return fastest > 0 ? 2.5 / fastest : std::numeric_limits<double>::infinity();
}

// What simulateStateVariable computes (SI; the header's equations).
const std::vector<Equation> kEquations = {
    {R"t(F_k(v) = \max\left(0,\ \mu_k F_n \left(1 + a\,|v| + b\,(v - v_0)^2\right)\right))t",
     "The velocity-dependent kinetic friction, as in the seed app but with the normal force Fn apart from the mass."},
    {R"t(F(v, \theta) = F_k(v) + \left(\mu_s F_n - F_k(v)\right)\theta)t",
     "The friction magnitude: the kinetic value blended with the static one μs·Fn by the contact state θ."},
    {R"t(\frac{d\theta}{dt} = \begin{cases} \dfrac{1 - \theta}{\tau} - \dfrac{|v|}{D} & \text{law} = 0 \\ \dfrac{1 - \theta}{\tau} - \dfrac{\theta\,|v|}{D} & \text{law} = 1 \end{cases} \qquad 0 \le \theta \le 1)t",
     "Ageing at rest and renewal by slip, in seconds and metres (the seed's per-step update with τ·1 ms and D·1 mm); "
     "θ is held at 0 rather than falling below it."},
    {R"t(m\,\frac{dv}{dt} = F_d - F(v, \theta)\operatorname{sgn} v, \quad F_d = c\,(v_0 t - x) + \eta\,(v_0 - v), \quad 0 \le t \le t_{\max})t",
     "Newton's law during slip, integrated by classical RK4 at a fixed step; the friction's direction belongs to the "
     "slip phase."},
    {R"t(v = 0,\ \ F = F_d \quad \text{while } |F_d| \le F(0, \theta), \qquad \theta(t) = 1 - (1 - \theta_0)\,e^{-(t - t_0)/\tau})t",
     "The true stick phase: the block rests while the drive force stays within the static limit, and θ ages in "
     "closed form; break-away and re-stick are located inside the step."},
    {R"t(F_{\max} = F(0, \theta))t",
     "The static limit column: the friction at rest with the current θ."},
};

}  // namespace

const ModelSpec& stateVariableModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "state-variable",
        "State variable θ (SI, RK4 with true stick)",
        "The seed's physics in SI: F = Fk(v) + (Fs − Fk(v))θ with dθ/dt = (1 − θ)/τ − |v|/D, mass "
        "and normal force apart, integrated in real time by RK4, with an exact stick phase (the "
        "block stays at rest while the drive force is within the static limit) whose start and end "
        "are located inside the step.",
        "V. L. Popov, Contact Mechanics and Friction, Ch. 12 (state-variable friction), as used in "
        "S. Abbott's \"Friction\" app.",
        specsOf(kFields),
        kEquations,
        {"The only public description of Popov's model used here is the seed app's: whether Popov's own evolution "
         "law is additive (−|v|/D) or multiplicative (−θ|v|/D) is not verified, so both are offered (renewal law).",
         "The seed app's τ and D act per 1 ms step and in mm; here they are seconds and metres, and the seed's "
         "Load is split into the mass m and the normal force Fn."}};
    setTexSymbols(model, {{"m", "m"}, {"Fn", "F_n"}, {"mus", R"t(\mu_s)t"}, {"muk", R"t(\mu_k)t"}, {"tau", R"t(\tau)t"},
                          {"D", "D"}, {"renewal", R"t(\text{law})t"}, {"a", "a"}, {"b", "b"}, {"c", "c"},
                          {"eta", R"t(\eta)t"}, {"v0", "v_0"}, {"duration", R"t(t_{\max})t"}});
    return model;
  }();
  return spec;
}

StateVariableParams stateVariableParams(const ResolvedParams& resolved) { return bindParams(kFields, resolved); }

double kineticFactor(const P& p, double v) {
  const double dv = v - p.v0;
  return std::max(0.0, 1 + p.a * std::fabs(v) + p.b * (dv * dv));
}

double kineticFriction(const P& p, double v) { return blendedFriction(p, v, std::fabs(v), 0.0); }

double frictionMagnitude(const P& p, double v, double theta) {
  return blendedFriction(p, v, std::fabs(v), theta);
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

namespace {

// The RK4 step of a run: the chosen step, or failing the step budget the coarsest step that stays
// stable; it divides the output step exactly. Throws InputError when even that is beyond the budget.
double runStep(const P& p, const StateVariableOptions& options, double outputStep) {
  double target = options.step > 0 ? options.step : chooseStep(p);
  if (p.duration / target > static_cast<double>(kMaxSteps)) {
    // Too fine for the budget: accept a coarser step as long as RK4 stays stable with it.
    target = p.duration / static_cast<double>(kMaxSteps);
    const double stable = stableStep(p);
    if (target > stable)
      throw InputError("duration",
                       "Duration (duration) must be at most " + formatNumber(stable * static_cast<double>(kMaxSteps)) +
                           " s for these parameters (" + formatNumber(static_cast<double>(kMaxSteps)) +
                           " RK4 steps of the largest stable step, " + formatNumber(stable) + " s); got " +
                           formatNumber(p.duration) + " s. Shorten the duration or soften the fastest time "
                           "scale (larger m, τ or D, smaller c or η).");
  }
  const double substeps = std::max(1.0, std::ceil(outputStep / target));
  return outputStep / substeps;
}

// The θ model's stick-slip loop: RK4 at a fixed step through slip, the stick phases in closed form,
// break-away and re-stick located inside the step.
class ThetaLoop {
 public:
  ThetaLoop(const P& p, const StateVariableOptions& options)
      : p_(p), samples_(std::max(options.samples, 2)), outputStep_(p.duration / (samples_ - 1)),
        h_(runStep(p, options, outputStep_)), eventTolerance_(1e-12 * std::max(1.0, p.duration)),
        s_{options.start.x, options.start.v, std::clamp(options.start.theta, 0.0, 1.0)} {
    stuck_ = s_[kV] == 0;
    direction_ = s_[kV] < 0 ? -1.0 : 1.0;
    peakVelocity_ = std::fabs(s_[kV]);
    record(t_, s_, stuck_);
  }

  SimulationResult run() {
    for (int i = 1; i < samples_; ++i) {
      const double tEnd = i == samples_ - 1 ? p_.duration : i * outputStep_;
      while (t_ < tEnd) {
        if (steps_ > 2 * kMaxSteps)
          throw RunStopped(result_.trace, t_, "The run exceeded its budget of " + formatNumber(2.0 * kMaxSteps) +
                                                  " RK4 steps at t = " + formatNumber(t_) +
                                                  " s: the block keeps switching between stick and slip. Shorten the duration.");
        // Land exactly on the grid point rather than leave a sliver step to rounding.
        const bool lastStep = tEnd - t_ <= h_ * (1 + 1e-9);
        const double step = lastStep ? tEnd - t_ : h_;
        const double stepEnd = lastStep ? tEnd : t_ + step;
        ++steps_;
        if (stuck_) stickStep(stepEnd);
        else slipStep(step, stepEnd);
      }
      record(t_, s_, stuck_);
    }
    Summary& summary = result_.summary;
    summary.model = "state-variable";
    summary.integrator = "rk4-stick-slip";
    summary.steps = steps_;
    summary.dt = h_;
    summary.duration = p_.duration;
    summary.peakVelocity = peakVelocity_;
    setResonanceAndRegime(summary, std::sqrt(p_.c / p_.m), result_.trace, p_.v0, stuckTimeInWindow_);
    return std::move(result_);
  }

 private:
  // At rest x and v are fixed and θ relaxes in closed form, θ(t') = 1 − (1 − θ) e^{−(t'−t)/τ}; the
  // block breaks away when |Fd| exceeds the static limit F(0, θ).
  void stickStep(double stepEnd) {
    const double x = s_[kX], theta0 = s_[kTheta], t0 = t_;
    auto thetaAt = [&](double time) { return 1 - (1 - theta0) * std::exp(-(time - t0) / p_.tau); };
    auto excess = [&](double time) {
      return std::fabs(driveForce(p_, time, x, 0)) - frictionMagnitude(p_, 0, thetaAt(time));
    };
    const double excessStart = excess(t0);
    if (excessStart > 0) {  // the drive already exceeds the limit: slip now
      stuck_ = false;
      direction_ = driveForce(p_, t0, x, 0) > 0 ? 1.0 : -1.0;
      return;
    }
    const double excessEnd = excess(stepEnd);
    const double windowStart = 0.75 * p_.duration;  // time stuck in the last quarter, for the regime
    if (excessEnd > 0) {
      const double breakAway = findCrossing(excess, t0, excessStart, stepEnd, excessEnd, eventTolerance_);
      s_[kTheta] = thetaAt(breakAway);
      t_ = breakAway;
      stuck_ = false;
      direction_ = driveForce(p_, t_, x, 0) > 0 ? 1.0 : -1.0;
      stuckTimeInWindow_ += std::max(0.0, breakAway - std::max(t0, windowStart));
      recordEvent(t_, s_, /*stuck=*/false);
    } else {
      s_[kTheta] = thetaAt(stepEnd);
      stuckTimeInWindow_ += std::max(0.0, stepEnd - std::max(t0, windowStart));
      t_ = stepEnd;
    }
  }

  // One RK4 step of slip; where v reaches 0 inside it, the loop stops there instead.
  void slipStep(double step, double stepEnd) {
    auto rate = [&](double time, const State& y) { return slipRate(p_, direction_, time, y); };
    State next = rk4Step(rate, t_, s_, step);
    next[kTheta] = std::clamp(next[kTheta], 0.0, 1.0);
    if (!(std::isfinite(next[kX]) && std::isfinite(next[kV]) && std::isfinite(next[kTheta])))
      throw RunStopped(result_.trace, t_, "The state became non-finite at t = " + formatNumber(t_) +
                                              " s; the parameters drive the block beyond what can be integrated.");
    if (direction_ * next[kV] < 0) {
      if (s_[kV] != 0) return stop(rate, step, next);
      if (!leaveRest(next)) return;
    }
    s_ = next;
    t_ = stepEnd;
    peakVelocity_ = std::max(peakVelocity_, std::fabs(s_[kV]));
  }

  // Starting from rest, the step would carry the block backwards: it cannot move this way. False
  // when the step is to be retried (stuck, or the other way); else the wrong sign is rounding noise of
  // order h², and the step is taken with v = 0 (the next starts from rest, not past it).
  bool leaveRest(State& next) {
    const double drive = driveForce(p_, t_, s_[kX], 0);
    if (std::fabs(drive) <= frictionMagnitude(p_, 0, s_[kTheta])) {
      stuck_ = true;
      return false;
    }
    const double pulled = drive > 0 ? 1.0 : -1.0;
    if (pulled != direction_) {
      direction_ = pulled;
      return false;
    }
    next[kV] = 0;
    return true;
  }

  // v reaches 0 inside the step: locate the instant, stop there, and decide stick or reversal.
  template <class Rate>
  void stop(const Rate& rate, double step, const State& next) {
    auto velocityAfter = [&](double dh) {
      ++steps_;  // each trial is a full RK4 step: it counts against the budget
      return rk4Step(rate, t_, s_, dh)[kV];
    };
    const double hit = findCrossing(velocityAfter, 0.0, s_[kV], step, next[kV], eventTolerance_);
    s_ = rk4Step(rate, t_, s_, hit);
    s_[kV] = 0;
    s_[kTheta] = std::clamp(s_[kTheta], 0.0, 1.0);
    t_ += hit;
    const double drive = driveForce(p_, t_, s_[kX], 0);
    stuck_ = std::fabs(drive) <= frictionMagnitude(p_, 0, s_[kTheta]);
    if (!stuck_) direction_ = drive > 0 ? 1.0 : -1.0;
    recordEvent(t_, s_, stuck_);
  }

  void record(double t, const State& s, bool stuck) {
    Trace& trace = result_.trace;
    const double v = s[kV];
    const double drive = driveForce(p_, t, s[kX], v);
    trace.t.push_back(t);
    trace.x.push_back(s[kX]);
    trace.v.push_back(v);
    trace.theta.push_back(s[kTheta]);
    // Stuck: friction balances the drive. Sliding: it opposes the motion.
    const double sign = v > 0 ? 1.0 : (v < 0 ? -1.0 : direction_);
    trace.friction.push_back(stuck ? drive : sign * frictionMagnitude(p_, v, s[kTheta]));
    trace.fk.push_back(kineticFriction(p_, v));
    trace.spring.push_back(drive);
    trace.vOverV0.push_back(v / p_.v0);
    trace.fkOverFk0.push_back(kineticFactor(p_, v));
    trace.staticLimit.push_back(frictionMagnitude(p_, 0, s[kTheta]));  // F(0, θ)
    trace.drivePosition.push_back(p_.v0 * t);
  }

  // Switch points go into the output too, but at most as many as there are grid points: a block
  // that chatters between stick and slip must not flood the result (or the page).
  void recordEvent(double t, const State& s, bool stuck) {
    if (eventRows_++ < samples_) record(t, s, stuck);
  }

  const P& p_;
  const int samples_;
  const double outputStep_, h_, eventTolerance_;  // events are located to eventTolerance_ [s]
  SimulationResult result_;
  State s_;
  bool stuck_ = false;
  double direction_ = 1, t_ = 0, peakVelocity_ = 0, stuckTimeInWindow_ = 0;
  long long steps_ = 0;  // RK4 steps, including those the event location takes
  int eventRows_ = 0;
};

}  // namespace

SimulationResult simulateStateVariable(const P& p, const StateVariableOptions& options) {
  return ThetaLoop(p, options).run();
}

}  // namespace friction
