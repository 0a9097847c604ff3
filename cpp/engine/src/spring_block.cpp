#include "friction/spring_block.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "dormand_prince.h"
#include "friction/law_runs.h"
#include "friction/errors.h"
#include "rk4.h"
#include "rosenbrock.h"
#include "system_params.h"

namespace friction {
namespace {

// Integrated state: position, velocity, a dynamic law's state variables (zero for the others), and
// the three energy integrals of the balance. The first kDynamic components feed back into the rates.
enum : std::size_t { kX = 0, kV = 1, kS0 = 2, kS1 = 3, kWork = 4, kFrictionLoss = 5, kDashpotLoss = 6 };
constexpr std::size_t kDynamic = 4;
constexpr std::size_t kStateSize = 7;
using State = Vec<kStateSize>;

// A bound on the work of one run (accepted, rejected and event-locating steps together).
constexpr long long kMaxWork = 20'000'000;
// An adaptive step below this has collapsed [s] (see the slip loop).
constexpr double kCollapsedStep = 1e-300;

// The far end of the spring: its velocity piecewise constant (one step, v0, unless the system gives
// velocity steps), its position X_d(t) the integral. `segment` is the interval the current step lies
// in: steps end at every change, and every stage of a step reads that interval's velocity (Rosenbrock's
// stages reach past the step's end).
struct Drive {
  std::vector<Breakpoint> steps;  ///< from steps[k].t on, the drive moves at steps[k].value
  std::vector<double> start;      ///< X_d at each steps[k].t
  std::size_t segment = 0;

  explicit Drive(const SpringBlockSystem& sys)
      : steps(sys.driveSteps.empty() ? std::vector<Breakpoint>{{0, sys.v0}} : sys.driveSteps) {
    start.push_back(0);
    for (std::size_t k = 1; k < steps.size(); ++k)
      start.push_back(start.back() + steps[k - 1].value * (steps[k].t - steps[k - 1].t));
  }
  double velocity() const { return steps[segment].value; }
  double position(double t) const { return start[segment] + steps[segment].value * (t - steps[segment].t); }
  double nextChange() const { return segment + 1 < steps.size() ? steps[segment + 1].t : INFINITY; }
};

struct Block {
  const SpringBlockSystem& sys;
  const LawEvaluator& law;
  const Drive* drive = nullptr;  // the main loop's; nullptr means the constant v0

  double driveVelocity() const { return drive ? drive->velocity() : sys.v0; }
  double drivePosition(double t) const { return drive ? drive->position(t) : sys.v0 * t; }

  // Fd = c (X_d(t) − x) + η (v_d − v)
  double driveForce(double t, double x, double v) const {
    return sys.c * (drivePosition(t) - x) + sys.eta * (driveVelocity() - v);
  }

  // The friction of a slip phase in direction `dir` at velocity v: the law's force, taken at v = 0
  // as its limit from the moving side (Coulomb's μk·N there, not its static μs·N). 1e-150 m/s stands
  // for "just moving": small enough to be the limit, large enough that v² does not underflow in the
  // vector-form laws' norms.
  double slipFriction(double dir, double v) const { return law.forceMagnitude(v != 0 ? v : dir * 1e-150, sys.Fn); }

  // The friction resisting the slip, signed like the slip, and the rates of a dynamic law's state.
  LawDynamics friction(double dir, const State& y) const {
    if (law.dynamic()) return law.dynamics(y[kV], sys.Fn, {y[kS0], y[kS1]});
    return {dir * slipFriction(dir, y[kV]), {0, 0}};
  }

  // x' = v, m v' = Fd − F, s' = the law's state rates, W' = Fd v_d, E_f' = F·v, E_d' = η (v_d − v)²
  State rate(double dir, double t, const State& y) const {
    const double v = y[kV], vd = driveVelocity(), Fd = driveForce(t, y[kX], v);
    const LawDynamics f = friction(dir, y);
    return {v, (Fd - f.force) / sys.m, f.rate[0], f.rate[1], Fd * vd, f.force * v, sys.eta * (vd - v) * (vd - v)};
  }
};

// One slip step of the chosen scheme, with the local error estimate (zero for fixed-step schemes,
// whose steps are always accepted). `scale` gives the Rosenbrock Jacobian's x and v magnitudes.
template <class Rate>
EmbeddedStep<kStateSize> slipStep(Integrator integrator, const Rate& rate, double t, const State& y, double h,
                         const Vec<kDynamic>& scale) {
  if (integrator == Integrator::DormandPrince) return dormandPrinceStep(rate, t, y, h);
  if (integrator == Integrator::Rosenbrock) return rosenbrockStep<kDynamic>(rate, t, y, h, scale);
  if (integrator == Integrator::Rk4) return {rk4Step(rate, t, y, h), {}};
  // Semi-implicit Euler: v₁ = v + h a(t, y), then x₁ = x + h v₁ (the other components explicitly).
  const State k = rate(t, y);
  State next = axpy(y, h, k);
  next[kX] = y[kX] + h * next[kV];
  return {next, {}};
}

// The steepest rise of the law's friction with speed: max dF/dv [N·s/m] over speeds from 0+ to
// 100·v0, by differences on a logarithmic grid of ten points per decade starting at 1e-12·v0, and the
// speed where it occurs. It sets the slip's fastest time scale m/(η + dF/dv), which makes a law stiff
// for explicit methods.
struct Slope {
  double value = 0, speed = 0;
};
Slope steepestSlope(const LawEvaluator& law, double Fn, double vReference) {
  Slope steepest;
  double vPrevious = 0, fPrevious = law.forceMagnitude(1e-150, Fn);
  for (int k = 0; k <= 140; ++k) {
    const double v = vReference * std::pow(10.0, -12 + 0.1 * k);
    const double f = law.forceMagnitude(v, Fn);
    const double slope = (f - fPrevious) / (v - vPrevious);
    if (slope > steepest.value) steepest = {slope, v};
    vPrevious = v, fPrevious = f;
  }
  return steepest;
}

// Estimates in messages: four significant digits.
std::string approx(double value) { return formatSignificant(value, 4); }

// The magnitudes below which finite-difference Jacobians perturb x, v and a dynamic law's state as if
// they were that size. v: a thousandth of v0, so that near v = 0 the increment spans both sides of a
// law's kink there (LuGre's |v|: a one-sided slope makes Rosenbrock's stages, which cross v = 0 in
// presliding, disagree with its Jacobian, and its step collapses). A law that creeps at rest on a
// far smaller scale (regularized rate-and-state: linear only for |v| < 2V*·e^(−μ0/a), ~1e-32 m/s)
// gets a thousandth of that scale instead, or the difference would give a secant, not its tangent.
// The state: a thousandth of its steady value at the drive velocity or of its initial value.
Vec<kDynamic> jacobianScale(const LawEvaluator& law, const SpringBlockSystem& sys) {
  const double omega = std::sqrt(sys.c / sys.m);
  const double speed = law.creepSpeed() > 0 ? 1e-3 * law.creepSpeed() : 1e-3 * sys.v0;
  Vec<kDynamic> scale{1e-3 * sys.v0 / std::max(omega, 1 / sys.duration), speed, 1e-12, 1e-12};
  if (!law.dynamic()) return scale;
  const LawStateVector steady = law.steadyState(sys.v0, sys.Fn), initial = law.initialState();
  for (std::size_t i = 0; i < law.stateSize(); ++i)
    scale[kS0 + i] = std::max({1e-3 * std::fabs(steady[i]), 1e-3 * std::fabs(initial[i]), 1e-300});
  return scale;
}

// The fastest rate [1/s] of the slip equations, and what sets it, in words.
struct Stiffness {
  double rate = 0;
  std::string cause;
};

// Stateless law: λ = (η + max dF/dv)/m. Dynamic law: the spectral radius of the Jacobian of
// (x, v, state) by power iteration, at rest in the initial state and in steady sliding at 1e-3, 0.1,
// 1 and 2 × v0 (the rates of a bristle or state variable depend on the speed).
Stiffness slipStiffness(const LawEvaluator& law, const SpringBlockSystem& sys) {
  if (!law.dynamic()) {
    const Slope slope = steepestSlope(law, sys.Fn, sys.v0);
    return {(sys.eta + slope.value) / sys.m, "the law's slope dF/dv = " + approx(slope.value) + " N·s/m (at |v| ≈ " +
                                                 approx(slope.speed) + " m/s) with η and m"};
  }
  const Block block{sys, law};
  const Vec<kDynamic> scale = jacobianScale(law, sys);
  Stiffness fastest;
  for (double speed : {0.0, 1e-3 * sys.v0, 0.1 * sys.v0, sys.v0, 2 * sys.v0}) {
    State y{};
    y[kV] = speed;
    const LawStateVector s = speed == 0 ? law.initialState() : law.steadyState(speed, sys.Fn);
    y[kS0] = s[0], y[kS1] = s[1];
    const State f0 = block.rate(1, 0, y);
    double J[kDynamic][kDynamic];
    for (std::size_t j = 0; j < kDynamic; ++j) {
      State shifted = y;
      shifted[j] += 1.5e-8 * std::max(std::fabs(y[j]), scale[j]);
      const State f1 = block.rate(1, 0, shifted);
      for (std::size_t i = 0; i < kDynamic; ++i) J[i][j] = (f1[i] - f0[i]) / (shifted[j] - y[j]);
    }
    auto apply = [&](const Vec<kDynamic>& u) {
      Vec<kDynamic> out{};
      for (std::size_t i = 0; i < kDynamic; ++i)
        for (std::size_t j = 0; j < kDynamic; ++j) out[i] += J[i][j] * u[j];
      return out;
    };
    // Scaled by the largest component: ‖J² u‖ reaches λ², and its square would overflow for λ above
    // ~1e77 (rate-and-state creeping at 1e-80 m/s), which made the stiffest law look non-stiff.
    auto norm = [](const Vec<kDynamic>& u) {
      double largest = 0, sum = 0;
      for (double c : u) largest = std::max(largest, std::fabs(c));
      if (!(largest > 0) || !std::isfinite(largest)) return largest;
      for (double c : u) sum += (c / largest) * (c / largest);
      return largest * std::sqrt(sum);
    };
    // ‖J² u‖/‖u‖ → |λ|² for a dominant real eigenvalue or complex pair alike.
    Vec<kDynamic> u{1, 1, 1, 1};
    for (int k = 0; k < 60; ++k) {
      const Vec<kDynamic> next = apply(u);
      const double length = norm(next);
      if (!(length > 0)) break;
      for (std::size_t i = 0; i < kDynamic; ++i) u[i] = next[i] / length;
    }
    const double rate = std::sqrt(norm(apply(apply(u))) / norm(u));
    // An infinite rate (λ² beyond the double range even so) is the stiffest of all; NaN is skipped.
    if (rate > fastest.rate)
      fastest = {rate, "the law's state dynamics (the largest eigenvalue of the slip equations, at |v| ≈ " +
                           approx(speed) + " m/s)"};
  }
  return fastest;
}

// A fixed step h of an explicit scheme is stable on the slip equations' fastest rate λ only if h·λ
// stays inside the scheme's stability interval on the negative real axis: 2 for (semi-implicit)
// Euler, 2.785 for RK4. Beyond it the run oscillates or blows up where the law is that steep.
void warnIfUnstable(SpringBlockSummary& summary, const LawEvaluator& law, const SpringBlockSystem& sys,
                    Integrator integrator, double step) {
  const double bound = integrator == Integrator::Rk4 ? 2.785 : 2.0;
  const Stiffness stiffness = slipStiffness(law, sys);
  if (!(step * stiffness.rate > bound)) return;
  summary.warnings.push_back("The fixed step of " + approx(step) + " s is beyond the explicit stability limit of " +
                             approx(bound / stiffness.rate) + " s that " + stiffness.cause +
                             " sets: wherever the block moves in that regime the result is not trustworthy. Use "
                             "'rosenbrock' or 'auto'.");
}

// `auto`: the stepped scheme for a law that remembers forces between steps; else Rosenbrock when the
// slip is stiff, Dormand–Prince otherwise. Stiff means the fastest rate λ of the slip equations
// (for a stateless law (η + max dF/dv)/m) exceeds 10⁴ times the system's own rate max(ω, 2π/duration).
// The threshold weighs costs: held to its stability bound h ≲ 3.3/λ, Dormand–Prince needs about
// λ/3.3 steps per second, while Rosenbrock's steps follow accuracy, a few hundred per period at the
// default tolerance, and cost about three Dormand–Prince steps each. (Measured: Drake's Stribeck at
// λ/ω ≈ 1.6e4 runs 4× faster with Rosenbrock; Threlfall at 3e3 and LuGre at 2e3–6e3 run faster
// with Dormand–Prince, and LuGre's |v| kink makes Rosenbrock crawl while the block sticks.)
Integrator chooseIntegrator(const LawEvaluator& law, const SpringBlockSystem& sys, double stiffnessRate) {
  if (law.stateful()) return Integrator::SemiImplicitEuler;
  const double ownRate = std::max(std::sqrt(sys.c / sys.m), 2 * kPi / sys.duration);
  return stiffnessRate > 1e4 * ownRate ? Integrator::Rosenbrock : Integrator::DormandPrince;
}

// `auto` also changes method inside a run when the one running is far costlier than the other would
// be. Neither cost can be known in advance: Rosenbrock's steps follow accuracy but crawl wherever the
// law's Jacobian has a kink (LuGre's and the elasto-plastic law's |v| at v = 0 make every
// linearization across it wrong: LuGre with Canudas de Wit's Table I on c = 3 N/m took 7·10⁶ steps
// and 10 s of wall time, where Dormand–Prince needs 0.1 s), while Dormand–Prince is held to its
// stability bound 3.3/λ where the friction is steep. So the costs are measured: every kProbeEvery
// windows of kWindow attempted steps, the other method runs one window, and whichever did the less
// work per simulated second, (steps' work)/(mean attempted step), is kept. A Rosenbrock step costs
// about three Dormand–Prince steps (one Jacobian and four stages against six stages). Dormand–Prince
// is probed only where Rosenbrock is far costlier, ten times the work Dormand–Prince would do at
// its stability bound h_DP = 3.3/λ (λ: the slip equations' fastest rate): short of that the probe
// could win little, and Dormand–Prince's steps at the edge of its stability region keep the energy
// balance worse than Rosenbrock's (Drake's Stribeck law: 5e-8 of the drive work against 1e-11).
class AutoMethod {
 public:
  static constexpr int kWindow = 400;
  static constexpr int kProbeEvery = 8;
  static constexpr double kFarCostlier = 10;

  AutoMethod(bool enabled, Integrator first, double stiffnessRate)
      : enabled_(enabled), kept_(first), running_(first), leastExplicitWork_(stiffnessRate / 3.3) {}
  Integrator running() const { return running_; }

  /// Notes an attempted step of size h at time t (not a short step to the output grid); returns
  /// true when the method running changes, and records each method adopted in `switches`.
  bool note(double h, double t, std::vector<IntegratorSwitch>& switches) {
    if (!enabled_) return false;
    stepSum_ += h;
    if (++attempts_ < kWindow) return false;
    const Integrator before = running_;
    endWindow(stepSum_ / attempts_, t, switches);
    stepSum_ = 0, attempts_ = 0;
    return running_ != before;
  }

 private:
  static double work(Integrator method, double meanStep) { return (method == Integrator::Rosenbrock ? 3.0 : 1.0) / meanStep; }
  static Integrator other(Integrator method) {
    return method == Integrator::Rosenbrock ? Integrator::DormandPrince : Integrator::Rosenbrock;
  }

  void endWindow(double meanStep, double t, std::vector<IntegratorSwitch>& switches) {
    if (running_ == kept_) {
      keptMean_ = meanStep;
      if (++windows_ < kProbeEvery) return;
      windows_ = 0;
      if (kept_ == Integrator::Rosenbrock && work(kept_, meanStep) <= kFarCostlier * leastExplicitWork_) return;
      probeStart_ = t, running_ = other(kept_);  // probe the other method
      return;
    }
    // A probe window ended: adopt the probed method if it did less work, else go back.
    if (work(running_, meanStep) < work(kept_, keptMean_)) {
      kept_ = running_;
      if (switches.size() < kMaxSwitches) switches.push_back({probeStart_, kept_});
    }
    running_ = kept_;
  }

  static constexpr std::size_t kMaxSwitches = 1000;
  bool enabled_;
  Integrator kept_, running_;
  double leastExplicitWork_;  // 1/h_DP: Dormand–Prince's work per simulated second at its stability bound
  double keptMean_ = 0, stepSum_ = 0, probeStart_ = 0;
  int attempts_ = 0, windows_ = 0;
};

// Amplitude of v about its mean over [from, to] of the trace.
double amplitude(const Trace& trace, double from, double to) {
  double lo = INFINITY, hi = -INFINITY;
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (trace.t[i] >= from && trace.t[i] <= to) lo = std::min(lo, trace.v[i]), hi = std::max(hi, trace.v[i]);
  return hi > lo ? 0.5 * (hi - lo) : 0.0;
}

// Times where v rises through v0, interpolated between rows: one per oscillation cycle.
std::vector<double> upwardCrossings(const Trace& trace, double v0) {
  std::vector<double> times;
  for (std::size_t i = 1; i < trace.size(); ++i) {
    const double a = trace.v[i - 1] - v0, b = trace.v[i] - v0;
    if (a < 0 && b >= 0 && trace.t[i] > trace.t[i - 1]) times.push_back(trace.t[i - 1] + (trace.t[i] - trace.t[i - 1]) * a / (a - b));
  }
  return times;
}

// The spacing of the last of `times` if the last two spacings agree to 0.1 %, else 0.
double settledSpacing(const std::vector<double>& times) {
  if (times.size() < 3) return 0;
  const std::size_t n = times.size();
  const double last = times[n - 1] - times[n - 2], before = times[n - 2] - times[n - 3];
  return std::fabs(last - before) <= 1e-3 * last ? last : 0;
}

// A law without a true stick state (regularized or dynamic) never rests exactly: its "stick" is
// creep or presliding. Its stick intervals are the spans of output rows with |v| ≤ 1 % of v0. Each
// entry into such a span (after the first row: a run from rest starts there) is a stick event and each
// exit (before the last row) a break-away, at the rows' times, so that the events count the intervals.
void nearRestIntervals(SpringBlockResult& result, const SpringBlockSystem& sys) {
  const Trace& trace = result.trace;
  SpringBlockSummary& summary = result.summary;
  summary.stickIntervals.clear(), summary.slipIntervals.clear();
  const double threshold = 1e-2 * sys.v0;
  summary.nearRestThreshold = threshold;
  std::size_t start = 0;
  for (std::size_t i = 1; i <= trace.size(); ++i) {
    const bool resting = std::fabs(trace.v[start]) <= threshold;
    if (i < trace.size() && (std::fabs(trace.v[i]) <= threshold) == resting) continue;
    const double end = i < trace.size() ? trace.t[i] : trace.t.back();
    (resting ? summary.stickIntervals : summary.slipIntervals).push_back({trace.t[start], end});
    start = i;
  }
  for (const Interval& stick : summary.stickIntervals) {
    if (stick.start > trace.t.front()) summary.events.push_back({stick.start, EventKind::Stick});
    if (stick.end < trace.t.back()) summary.events.push_back({stick.end, EventKind::BreakAway});
  }
  std::stable_sort(summary.events.begin(), summary.events.end(),
                   [](const SpringBlockEvent& a, const SpringBlockEvent& b) { return a.t < b.t; });
}

// The break-away peak of a law without a true stick state: the first local maximum of its steady
// friction F_ss(v) (forceMagnitude, a dynamic law's steady state) as the speed rises from rest, the
// most a block leaving rest must pass before the friction falls towards its kinetic value: Drake's
// μs·N at vs, LuGre's ≈ Fs at v ≈ σ2·vs²/(2(Fs − Fc)). Sampled on steepestSlope's grid (1e-12·v0 to
// 100·v0, ten points per decade): the largest sample before the friction has fallen below it by more
// than 1e-9 (rounding on a plateau is no fall), refined by golden-section search in ln v between its
// neighbours. A maximum at the grid's low end is the limit at rest only if the curve has levelled off
// there (a Gaussian Stribeck drop without viscous term); velocity-weakening rate-and-state grows
// without bound as v → 0 and has none. NaN if there is no peak.
double breakAwayPeak(const LawEvaluator& law, double Fn, double vReference) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v, F;
  for (int k = 0; k <= 140; ++k) {
    v.push_back(vReference * std::pow(10.0, -12 + 0.1 * k));
    F.push_back(law.forceMagnitude(v.back(), Fn));
    if (!std::isfinite(F.back())) return nan;
  }
  std::size_t top = 0, fall = 0;
  for (std::size_t k = 1; k < F.size() && fall == 0; ++k) {
    if (F[k] > F[top]) top = k;
    else if (F[k] < F[top] * (1 - 1e-9)) fall = k;
  }
  if (fall == 0 || !(F[top] > 0)) return nan;
  if (top == 0) return std::fabs(F[1] - F[0]) <= 1e-6 * F[0] ? F[0] : nan;
  auto at = [&](double lnv) { return law.forceMagnitude(std::exp(lnv), Fn); };
  const double r = 0.5 * (std::sqrt(5.0) - 1);
  double a = std::log(v[top - 1]), b = std::log(v[top + 1]);
  double c = b - r * (b - a), d = a + r * (b - a), fc = at(c), fd = at(d);
  for (int i = 0; i < 80; ++i) {
    if (fc >= fd) b = d, d = c, fd = fc, c = b - r * (b - a), fc = at(c);
    else a = c, c = d, fc = fd, d = a + r * (b - a), fd = at(d);
  }
  return std::max({F[top], fc, fd});
}

// What a law's static limit is on this system (SpringBlockSummary::staticLimit): the force `hold` it
// holds at rest if that is positive (a true stick state), else its break-away peak, else none (NaN).
void setStaticLimit(SpringBlockSummary& summary, const LawEvaluator& law, const SpringBlockSystem& sys, double hold) {
  const double peak = hold > 0 ? hold : breakAwayPeak(law, sys.Fn, sys.v0);
  summary.staticLimitKind = hold > 0 ? StaticLimitKind::Stick
                            : std::isfinite(peak) ? StaticLimitKind::Peak : StaticLimitKind::None;
  summary.staticLimit = peak;
}

// Regime and period: the analysis every scheme shares.
void finishAnalysis(SpringBlockResult& result, const SpringBlockSystem& sys) {
  SpringBlockSummary& summary = result.summary;
  const Trace& trace = result.trace;

  // Regime over the last quarter: stick-slip if it spends time at rest; else steady, growing or
  // decaying by the velocity amplitude of the last quarter against the quarter before.
  double stuckTime = 0;
  for (const Interval& stick : summary.stickIntervals)
    stuckTime += std::max(0.0, stick.end - std::max(stick.start, 0.75 * sys.duration));
  const bool moved = !summary.slipIntervals.empty();
  if (!moved) summary.regime = Regime::Stuck;
  else if (stuckTime > 0) summary.regime = Regime::StickSlip;
  else {
    const double late = amplitude(trace, 0.75 * sys.duration, sys.duration);
    const double earlier = amplitude(trace, 0.5 * sys.duration, 0.75 * sys.duration);
    if (late <= 1e-6 * sys.v0) summary.regime = Regime::Steady;
    else if (late > earlier * (1 + 1e-3)) summary.regime = Regime::Growing;
    else if (late < earlier * (1 - 1e-3)) summary.regime = Regime::Decaying;
    else summary.regime = Regime::Oscillation;
  }

  // The limit-cycle period: the spacing of the last break-aways, if the last two spacings agree to
  // 0.1 % (an adaptive run agrees to ~1e-9; a first-order fixed-step run only to its own error).
  // Without located break-aways (no true stick state), the spacing of the upward crossings of v0 in
  // a settled stick-slip or oscillation.
  std::vector<double> breaks;
  for (const SpringBlockEvent& e : summary.events)  // near-rest break-aways are only as fine as the rows
    if (e.kind == EventKind::BreakAway && summary.nearRestThreshold == 0) breaks.push_back(e.t);
  summary.period = settledSpacing(breaks);
  if (breaks.size() < 3 && (summary.regime == Regime::StickSlip || summary.regime == Regime::Oscillation))
    summary.period = settledSpacing(upwardCrossings(trace, sys.v0));
}

// Where a fixed-step run (the seed's scheme, the stepped loop) ends, and what its books hold.
struct FixedStepEnd {
  double x, v, work, frictionLoss, dashpotLoss;
};

// Closes a first-order fixed-step run: its energy books, whose residual
// |W − ΔE_kin − ΔE_spring − losses| / |W| measures the scheme's error, then the shared analysis.
void closeFixedStepRun(SpringBlockResult& result, const SpringBlockSystem& sys, const SpringBlockOptions& options,
                       const FixedStepEnd& end) {
  SpringBlockSummary& summary = result.summary;
  const double e0 = -options.x0, e1 = sys.v0 * sys.duration - end.x;
  const double imbalance = end.work - 0.5 * sys.m * (end.v * end.v - options.v0Block * options.v0Block) -
                           0.5 * sys.c * (e1 * e1 - e0 * e0) - end.frictionLoss - end.dashpotLoss;
  summary.driveWork = end.work, summary.dissipated = end.frictionLoss, summary.dashpotDissipated = end.dashpotLoss;
  summary.energyResidual = std::fabs(imbalance) / std::max(std::fabs(end.work), 1e-300);
  finishAnalysis(result, sys);
}

// Velocity steps: from t = 0, times increasing and inside the run, each velocity in v0's range.
void checkDriveSteps(const SpringBlockSystem& sys) {
  const auto& steps = sys.driveSteps;
  const ParamSpec& spec = kDriveVelocitySpec;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const std::string which = "Drive velocity step " + std::to_string(k) + " ";
    if (k == 0 && steps[k].t != 0) throw InputError("v0", which + "must start at t = 0 s; got " + formatNumber(steps[k].t) + " s.");
    if (k > 0 && !(steps[k].t > steps[k - 1].t && steps[k].t < sys.duration))
      throw InputError("v0", which + "must come after the previous one and before the end (" + formatNumber(sys.duration) +
                                 " s); got t = " + formatNumber(steps[k].t) + " s.");
    if (!(steps[k].value >= spec.min && steps[k].value <= spec.max))
      throw InputError("v0", which + "must be between " + formatNumber(spec.min) + " m/s and " + formatNumber(spec.max) +
                                 " m/s; got " + formatNumber(steps[k].value) + " m/s.");
  }
}

// The seed app's scheme for any law, for comparison (defined below).
SpringBlockResult simulateSeedScheme(const LawEvaluator& law, const SpringBlockSystem& sys,
                                     const SpringBlockOptions& options);
// A law that remembers its force between time steps, stepped as its origin's explicit loop does.
SpringBlockResult simulateSteppedLaw(const LawEvaluator& law, const SpringBlockSystem& sys,
                                     const SpringBlockOptions& options);

}  // namespace

SpringBlockResult simulateSpringBlock(std::string_view lawId, const ParamList& lawParams, const SpringBlockSystem& given,
                                      const SpringBlockOptions& options) {
  const LawEvaluator law(lawId, lawParams);
  // The system's ranges are the catalog's (one declaration for the page, JS and C++ callers).
  resolveParams(springBlockSystemModel(), {{"m", given.m}, {"Fn", given.Fn}, {"c", given.c}, {"eta", given.eta},
                                           {"v0", given.v0}, {"duration", given.duration}});
  checkDriveSteps(given);
  // With velocity steps, the analysis (regime thresholds, time scales) refers to the last drive velocity.
  SpringBlockSystem sys = given;
  if (!sys.driveSteps.empty()) sys.v0 = sys.driveSteps.back().value;
  if (!(options.samples >= 2 && options.samples <= 1'000'000))
    throw InputError("samples", "samples must be between 2 and 1000000; got " + std::to_string(options.samples) + ".");

  const bool automatic = options.integrator == Integrator::Auto;
  const double stiffnessRate = automatic && !law.stateful() ? slipStiffness(law, sys).rate : 0;
  const Integrator integrator = automatic ? chooseIntegrator(law, sys, stiffnessRate) : options.integrator;
  if ((!sys.driveSteps.empty() || sys.start == SpringBlockStart::Steady) &&
      (law.stateful() || integrator == Integrator::SeedEuler))
    throw InputError(sys.driveSteps.empty() ? "start" : "v0",
                     "Velocity steps and a steady start run with the adaptive and fixed-step integrators; not with the "
                     "seed's scheme or the stepped loop of a law that carries its force between steps.");
  if (law.stateful()) {
    if (integrator != Integrator::SemiImplicitEuler)
      throw InputError("integrator",
                       "Law '" + std::string(lawId) + "' with these parameters carries its force from one time step to "
                       "the next, as its origin's explicit solver does, so it runs only with the stepped scheme: "
                       "choose 'semi-implicit-euler' or 'auto'; got '" + std::string(integratorId(integrator)) + "'.");
    return simulateSteppedLaw(law, sys, options);
  }
  if (law.dynamic() && integrator == Integrator::SeedEuler)
    throw InputError("integrator", "The seed's scheme runs laws without internal state only; law '" +
                                       std::string(lawId) + "' has state variables: choose another integrator.");
  SpringBlockOptions chosen = options;
  chosen.integrator = integrator;
  if (integrator == Integrator::SeedEuler) return simulateSeedScheme(law, sys, chosen);
  Drive drive(sys);
  const Block block{sys, law, &drive};
  // A true stick state exists where the law holds a force at rest: max(F(0), F(0+)) > 0 (Coulomb's
  // μs·N; Ratel's null-velocity rule holds up to F_C = F(0+)). Regularized laws have 0, and so do
  // dynamic laws, whose state carries the stick (presliding).
  const double staticLimit = law.dynamic() ? 0.0 : std::max(law.forceMagnitude(0, sys.Fn), block.slipFriction(1, 0));

  SpringBlockResult result;
  Trace& trace = result.trace;
  SpringBlockSummary& summary = result.summary;
  setStaticLimit(summary, law, sys, staticLimit);
  summary.integrator = integrator;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  trace.state.resize(law.stateSize());
  auto record = [&](double t, const State& y, bool stuck, double dir) {
    const double v = y[kV], Fd = block.driveForce(t, y[kX], v), F = block.friction(dir, y).force;
    trace.t.push_back(t);
    trace.x.push_back(y[kX]);
    trace.v.push_back(v);
    trace.theta.push_back(nan);
    trace.friction.push_back(stuck ? Fd : F);
    trace.fk.push_back(std::fabs(F));
    for (std::size_t i = 0; i < trace.state.size(); ++i) trace.state[i].push_back(y[kS0 + i]);
    trace.spring.push_back(Fd);
    trace.vOverV0.push_back(v / sys.v0);
    trace.fkOverFk0.push_back(nan);
    trace.staticLimit.push_back(summary.staticLimit);
    trace.drivePosition.push_back(block.drivePosition(t));
  };
  int eventRows = 0;
  auto event = [&](double t, const State& y, bool stuck, double dir, EventKind kind) {
    summary.events.push_back({t, kind});
    if (eventRows++ < options.samples) record(t, y, stuck, dir);
  };
  auto noteDrive = [&](double Fd) {
    summary.driveForceMin = std::min(summary.driveForceMin, Fd);
    summary.driveForceMax = std::max(summary.driveForceMax, Fd);
  };

  const double outputStep = sys.duration / (options.samples - 1);
  const double eventTolerance = 1e-12;  // [s]
  const LawStateVector initial = law.initialState();
  State y{options.x0, options.v0Block, initial[0], initial[1], 0, 0, 0};
  if (sys.start == SpringBlockStart::Steady) {
    // Steady sliding at the first drive velocity: v = v_d, the state at its steady value, and the
    // spring stretched so that c (X_d − x) balances the steady friction (the dashpot carries nothing).
    const double vd = drive.velocity();
    const LawStateVector steady = law.dynamic() ? law.steadyState(vd, sys.Fn) : LawStateVector{};
    y[kV] = vd, y[kS0] = steady[0], y[kS1] = steady[1];
    y[kX] = -block.friction(1, y).force / sys.c;
  }
  const State y0 = y;
  double t = 0, dir = y[kV] < 0 ? -1.0 : 1.0;
  bool stuck = y[kV] == 0 && staticLimit > 0;
  double stickStart = 0, slipStart = 0;
  summary.driveForceMin = summary.driveForceMax = block.driveForce(0, y[kX], y[kV]);
  summary.peakVelocity = std::fabs(y[kV]);
  // First step: a small fraction of the fastest natural time, grown by the error control.
  const double omega = std::sqrt(sys.c / sys.m);
  const bool adaptive = integrator == Integrator::DormandPrince || integrator == Integrator::Rosenbrock;
  AutoMethod method(automatic && adaptive, integrator, stiffnessRate);  // `auto` may change the method during the run
  auto orderOf = [](Integrator m) { return m == Integrator::Rosenbrock ? 4 : 5; };  // of the local error estimate
  int order = orderOf(integrator);
  double stepOf[2] = {0, 0};  // the last step size of Dormand–Prince [0] and Rosenbrock [1], kept across changes
  // Magnitudes below which the Rosenbrock Jacobian perturbs x, v and the state as if they were that size.
  const Vec<kDynamic> scale = jacobianScale(law, sys);
  // Absolute tolerances: the caller's, except on v for a law that creeps at rest far below it
  // (regularized rate-and-state, ~1e-32 m/s): there v is held to a thousandth of the creep speed, or
  // the error control could not see the creep accelerate into slip.
  Vec<kDynamic> tolerances;
  tolerances.fill(options.absoluteTolerance);
  if (law.creepSpeed() > 0) tolerances[kV] = std::min(options.absoluteTolerance, 1e-3 * law.creepSpeed());
  const double fixedStep = options.step > 0 ? options.step
                                            : std::min(outputStep, omega > 0 ? 2 * kPi / omega / 200 : outputStep);
  double h = adaptive ? std::min(outputStep, omega > 0 ? 1e-3 / omega : 1e-3 * sys.duration) : fixedStep;
  long long work = 0;
  if (!adaptive) warnIfUnstable(summary, law, sys, integrator, fixedStep);
  // After an attempted step of `running`: let `auto` judge the costs; a change of method resumes the
  // new one at its own last step size and order.
  auto changeMethod = [&](Integrator running, double step) {
    if (!method.note(step, t, summary.integratorSwitches)) return;
    stepOf[running == Integrator::Rosenbrock] = h;
    const Integrator next = method.running();
    if (stepOf[next == Integrator::Rosenbrock] > 0) h = stepOf[next == Integrator::Rosenbrock];
    order = orderOf(next);
  };
  record(t, y, stuck, dir);

  for (int i = 1; i < options.samples; ++i) {
    const double tEnd = i == options.samples - 1 ? sys.duration : i * outputStep;
    while (t < tEnd) {
      if (work > kMaxWork)
        throw RunStopped(trace, t, "The run exceeded its budget of " + formatNumber(double(kMaxWork)) + " steps at t = " +
                              formatNumber(t) + " s; shorten the duration or loosen the tolerance.");
      // Steps end at the grid point or at the next change of the drive velocity, whichever is first.
      const double limit = std::min(tEnd, drive.nextChange());
      auto passDriveChanges = [&] {
        while (drive.segment + 1 < drive.steps.size() && t >= drive.steps[drive.segment + 1].t) ++drive.segment;
      };
      if (stuck) {
        // At rest Fd(t) = c (X_d(t) − x) + η v_d rises linearly at c·v_d; it reaches the static limit at
        // tb = t + (F(0) − Fd(t))/(c v_d), found exactly. Stick integrals are exact too (Fd linear).
        const double vd = drive.velocity();
        const double Fd = block.driveForce(t, y[kX], 0), slope = sys.c * vd;
        double breakAt = INFINITY;
        if (std::fabs(Fd) > staticLimit) breakAt = t;
        else if (slope > 0) breakAt = t + (staticLimit - Fd) / slope;
        const double until = std::min(breakAt, limit);
        const double FdUntil = block.driveForce(until, y[kX], 0);
        y[kWork] += vd * 0.5 * (Fd + FdUntil) * (until - t);
        y[kDashpotLoss] += sys.eta * vd * vd * (until - t);
        noteDrive(FdUntil);
        t = until;
        if (breakAt <= limit) {
          stuck = false;
          dir = block.driveForce(t, y[kX], 0) >= 0 ? 1.0 : -1.0;
          summary.stickIntervals.push_back({stickStart, t});
          slipStart = t;
          event(t, y, false, dir, EventKind::BreakAway);
        }
        passDriveChanges();
        ++work;
        continue;
      }

      auto rate = [&](double time, const State& s) { return block.rate(dir, time, s); };
      const bool toGrid = limit - t <= h;
      const double step = toGrid ? limit - t : h;
      const Integrator running = method.running();
      const EmbeddedStep<kStateSize> trial = slipStep(running, rate, t, y, step, scale);
      ++work;
      const double err = adaptive ? errorNorm<kDynamic>(y, trial, options.relativeTolerance, tolerances) : 0.0;
      // A fixed step has no error control to shrink it: a blow-up ends the run, with the reason.
      if (!adaptive && !(std::isfinite(trial.y[kX]) && std::isfinite(trial.y[kV]) && std::isfinite(trial.y[kS0])))
        throw RunStopped(trace, t, "The state became non-finite at t = " + formatNumber(t) + " s: the fixed step of " +
                              approx(step) + " s is unstable for this law" +
                              (summary.warnings.empty() ? "." : " (" + summary.warnings.front() + ")"));
      if (!(err <= 1)) {
        // A step that has shrunk to nothing (below 1e-300 s) cannot recover: the error cannot be met
        // here (a singularity, or a blow-up), and the run stops rather than spin until the step
        // budget runs out. (Steps far below what can move t on do recover at some kinks, as the
        // state changes even where t cannot: only a vanished step is final.)
        if (!(step >= kCollapsedStep))
          throw RunStopped(trace, t, "The step size collapsed to " + approx(step) + " s at t = " + formatNumber(t) +
                                         " s: the state cannot be followed to the tolerance here" +
                                         (std::isfinite(trial.y[kV]) ? "." : " (it becomes non-finite)."));
        ++summary.rejectedSteps;
        h = nextStepSize(step, std::isfinite(err) ? err : 1e10, order);
        if (!toGrid) changeMethod(running, step);
        continue;
      }
      ++summary.steps;
      auto after = [&](double dh) {
        ++work;
        return slipStep(running, rate, t, y, dh, scale).y;
      };

      // Extrema inside the step: |v| peaks where a = 0, Fd peaks where dFd/dt = c(v0 − v) − η a = 0.
      auto acceleration = [&](double time, const State& s) { return rate(time, s)[kV]; };
      auto driveRate = [&](double time, const State& s) {
        return sys.c * (drive.velocity() - s[kV]) - sys.eta * acceleration(time, s);
      };
      for (int which = 0; which < 2; ++which) {
        auto g = [&](double dh) {
          const State s = dh == 0 ? y : after(dh);
          return which == 0 ? acceleration(t + dh, s) : driveRate(t + dh, s);
        };
        const double g0 = g(0), g1 = which == 0 ? acceleration(t + step, trial.y) : driveRate(t + step, trial.y);
        if (g0 != 0 && (g0 > 0) != (g1 > 0)) {
          const double at = findCrossing(g, 0.0, g0, step, g1, eventTolerance);
          const State s = after(at);
          summary.peakVelocity = std::max(summary.peakVelocity, std::fabs(s[kV]));
          noteDrive(block.driveForce(t + at, s[kX], s[kV]));
        }
      }

      if (dir * trial.y[kV] < 0 && y[kV] != 0) {
        // v reaches 0 inside the step: locate it, then stick or reverse.
        auto velocity = [&](double dh) { return after(dh)[kV]; };
        const double hit = findCrossing(velocity, 0.0, y[kV], step, trial.y[kV], eventTolerance);
        y = after(hit);
        y[kV] = 0;
        t += hit;
        const double Fd = block.driveForce(t, y[kX], 0);
        noteDrive(Fd);
        if (std::fabs(Fd) <= staticLimit && staticLimit > 0) {
          stuck = true;
          summary.slipIntervals.push_back({slipStart, t});
          stickStart = t;
          event(t, y, true, dir, EventKind::Stick);
        } else {
          dir = Fd >= 0 ? 1.0 : -1.0;
          event(t, y, false, dir, EventKind::Reversal);
        }
        continue;
      }
      y = trial.y;
      if (dir * y[kV] < 0) y[kV] = 0;  // a start from rest that wobbled by rounding
      t = toGrid ? limit : t + step;
      summary.peakVelocity = std::max(summary.peakVelocity, std::fabs(y[kV]));
      noteDrive(block.driveForce(t, y[kX], y[kV]));
      passDriveChanges();
      noteDrive(block.driveForce(t, y[kX], y[kV]));  // after a change of v_d the dashpot's force jumps
      if (adaptive) {
        h = nextStepSize(step, err, order);
        if (toGrid) h = std::max(h, step);  // a short step to the grid point says nothing about the next
        else changeMethod(running, step);
      }
    }
    record(t, y, stuck, dir);
    if (options.progress) options.progress(t / sys.duration);
  }
  (stuck ? summary.stickIntervals : summary.slipIntervals).push_back({stuck ? stickStart : slipStart, t});

  // Energy balance: W = ΔKE + ΔPE + friction and dashpot dissipation.
  const double e0 = -y0[kX], e1 = drive.position(t) - y[kX];
  const double kinetic = 0.5 * sys.m * (y[kV] * y[kV] - y0[kV] * y0[kV]);
  const double spring = 0.5 * sys.c * (e1 * e1 - e0 * e0);
  summary.driveWork = y[kWork];
  summary.dissipated = y[kFrictionLoss];
  summary.dashpotDissipated = y[kDashpotLoss];
  const double imbalance = y[kWork] - kinetic - spring - y[kFrictionLoss] - y[kDashpotLoss];
  summary.energyResidual = std::fabs(imbalance) / std::max(std::fabs(y[kWork]), 1e-300);

  if (staticLimit == 0) nearRestIntervals(result, sys);
  finishAnalysis(result, sys);
  return result;
}

namespace {

// The seed app's scheme for any law: a fixed 1 ms step, v += a·dt then x += v·dt, friction F(v) with
// the law's static value at v = 0, and v clamped at 0 after the position update (the seed's only
// stick logic: the block creeps backwards while "stuck", and never moves back).
SpringBlockResult simulateSeedScheme(const LawEvaluator& law, const SpringBlockSystem& sys,
                                     const SpringBlockOptions& options) {
  constexpr double dt = 0.001;  // [s] the seed's step
  SpringBlockResult result;
  Trace& trace = result.trace;
  SpringBlockSummary& summary = result.summary;
  setStaticLimit(summary, law, sys, law.forceMagnitude(0, sys.Fn));  // the clamp holds up to F(0)
  summary.integrator = Integrator::SeedEuler;
  warnIfUnstable(summary, law, sys, Integrator::SeedEuler, dt);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double x = options.x0, v = std::max(0.0, options.v0Block), work = 0, frictionLoss = 0, dashpotLoss = 0;
  const double outputStep = sys.duration / (options.samples - 1);
  double nextSample = 0, stickStart = 0, slipStart = 0;
  bool stuck = v == 0;
  summary.driveForceMin = INFINITY, summary.driveForceMax = -INFINITY;
  const long long steps = static_cast<long long>(std::ceil(sys.duration / dt));
  for (long long n = 0; n <= steps; ++n) {
    const double t = static_cast<double>(n) * dt;
    const double Fd = sys.c * (sys.v0 * t - x) + sys.eta * (sys.v0 - v);
    const double F = law.forceMagnitude(v, sys.Fn);
    if (t >= nextSample - 1e-12) {
      // At rest with the step below clamping v back to 0 (v + (Fd − F)/m·dt ≤ 0, the update's own
      // arithmetic) the block is held: the friction on it is the drive force, not F(0).
      const bool held = v == 0 && v + (Fd - F) / sys.m * dt <= 0;
      trace.t.push_back(t), trace.x.push_back(x), trace.v.push_back(v), trace.theta.push_back(nan);
      trace.friction.push_back(held ? Fd : F), trace.fk.push_back(F), trace.spring.push_back(Fd);
      trace.vOverV0.push_back(v / sys.v0), trace.fkOverFk0.push_back(nan);
      trace.staticLimit.push_back(summary.staticLimit), trace.drivePosition.push_back(sys.v0 * t);
      nextSample += outputStep;
    }
    summary.driveForceMin = std::min(summary.driveForceMin, Fd);
    summary.driveForceMax = std::max(summary.driveForceMax, Fd);
    if (n == steps) break;
    work += Fd * sys.v0 * dt;
    frictionLoss += F * v * dt;
    dashpotLoss += sys.eta * (sys.v0 - v) * (sys.v0 - v) * dt;
    v += (Fd - F) / sys.m * dt;
    x += v * dt;
    if (v < 0) v = 0;
    summary.peakVelocity = std::max(summary.peakVelocity, v);
    ++summary.steps;
    const double tNext = t + dt;
    if (stuck && v > 0) {
      stuck = false;
      summary.stickIntervals.push_back({stickStart, t});
      summary.events.push_back({t, EventKind::BreakAway});
      slipStart = t;
    } else if (!stuck && v == 0) {
      stuck = true;
      summary.slipIntervals.push_back({slipStart, tNext});
      summary.events.push_back({tNext, EventKind::Stick});
      stickStart = tNext;
    }
  }
  (stuck ? summary.stickIntervals : summary.slipIntervals).push_back({stuck ? stickStart : slipStart, sys.duration});
  closeFixedStepRun(result, sys, options, {x, v, work, frictionLoss, dashpotLoss});
  return result;
}


// A law that carries its force from step to step (Radioss's Iform 2 increments, friction filtering)
// is defined only together with a time step: Radioss updates Ft once per cycle of its explicit
// central-difference loop, from the velocities of that cycle. This is that loop for the block, i.e.
// semi-implicit Euler with the law stepped once per step at dt = h:
//   F = law.step(state, v, dt = h),   v ← v + h (Fd + F)/m,   x ← x + h v
// (F on the body). The block holds while the force stays inside the friction cone, |F| < μ|Fn|
// (Iform 2's penalty spring, Iform 1's viscous branch), and slips on the cone; those are its stick
// and slip intervals, resolved to the step. The step resolves the system's spring and the law's
// penalty spring K (1/200 of the period of √((c + K)/m)) and its damping (h ≤ 0.2 m/(η + dF/dv)),
// and divides the output step exactly.
SpringBlockResult simulateSteppedLaw(const LawEvaluator& law, const SpringBlockSystem& sys,
                                     const SpringBlockOptions& options) {
  const double outputStep = sys.duration / (options.samples - 1);
  const double omega = std::sqrt((sys.c + law.contactStiffness()) / sys.m);
  const double relaxation = (sys.eta + steepestSlope(law, sys.Fn, sys.v0).value) / sys.m;
  double hMax = options.step > 0 ? options.step : 2 * kPi / omega / 200;
  if (options.step <= 0 && relaxation > 0) hMax = std::min(hMax, 0.2 / relaxation);
  const double perSample = std::ceil(outputStep / hMax);
  const double totalSteps = perSample * (options.samples - 1);
  if (totalSteps > double(kMaxWork))
    throw InputError("duration", "This law needs time steps of " + formatNumber(outputStep / perSample) +
                                     " s to resolve its contact stiffness, so " + formatNumber(sys.duration) +
                                     " s would take " + formatNumber(totalSteps) + " steps; the budget is " +
                                     formatNumber(double(kMaxWork)) + ". Shorten the duration to at most " +
                                     formatNumber(sys.duration * double(kMaxWork) / totalSteps) + " s.");
  const long long stepsPerSample = static_cast<long long>(perSample);
  const double h = outputStep / perSample;

  SpringBlockResult result;
  Trace& trace = result.trace;
  SpringBlockSummary& summary = result.summary;
  // The contact holds inside the friction cone: at rest its radius is μ(0)·|Fn|.
  LawInputs atRest;
  atRest.N = atRest.Fn = sys.Fn;
  summary.staticLimit = law.coefficient(atRest) * std::fabs(sys.Fn);
  summary.staticLimitKind = StaticLimitKind::Stick;
  summary.integrator = Integrator::SemiImplicitEuler;
  warnIfUnstable(summary, law, sys, Integrator::SemiImplicitEuler, h);
  if (h * omega > 2)
    summary.warnings.push_back("The fixed step of " + approx(h) + " s is beyond the stability limit " +
                               approx(2 / omega) + " s of the spring and the law's penalty stiffness together.");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  double x = options.x0, v = options.v0Block, resisting = 0, work = 0, frictionLoss = 0, dashpotLoss = 0;
  auto drive = [&](double time) { return sys.c * (sys.v0 * time - x) + sys.eta * (sys.v0 - v); };
  auto record = [&](double time) {
    trace.t.push_back(time), trace.x.push_back(x), trace.v.push_back(v), trace.theta.push_back(nan);
    trace.friction.push_back(resisting), trace.fk.push_back(std::fabs(resisting)), trace.spring.push_back(drive(time));
    trace.vOverV0.push_back(v / sys.v0), trace.fkOverFk0.push_back(nan);
    trace.staticLimit.push_back(summary.staticLimit), trace.drivePosition.push_back(sys.v0 * time);
  };
  summary.driveForceMin = summary.driveForceMax = drive(0);
  summary.peakVelocity = std::fabs(v);
  record(0);
  LawState state;
  bool holding = true;
  double phaseStart = 0;
  for (int i = 1; i < options.samples; ++i) {
    for (long long k = 0; k < stepsPerSample; ++k) {
      const double t = (static_cast<double>(i - 1) * perSample + static_cast<double>(k)) * h;
      const double Fd = drive(t);
      LawInputs in;
      in.v = v, in.vt = {v, 0, 0}, in.N = in.Fn = sys.Fn, in.dt = h;
      const LawStep step = law.step(state, in);
      state = step.state;
      const double F = step.force[0];  // on the body
      resisting = -F;
      work += Fd * sys.v0 * h;
      frictionLoss += -F * v * h;
      dashpotLoss += sys.eta * (sys.v0 - v) * (sys.v0 - v) * h;
      const double vNext = v + h * (Fd + F) / sys.m;
      x += h * vNext;
      if (!std::isfinite(x) || !std::isfinite(vNext))
        throw RunStopped(trace, t, "The state became non-finite at t = " + formatNumber(t) + " s: the law's force " +
                              "outgrew the step of " + formatNumber(h) + " s.");
      if (v != 0 && (vNext > 0) != (v > 0)) summary.events.push_back({t + h * v / (v - vNext), EventKind::Reversal});
      v = vNext;
      ++summary.steps;
      // Inside the cone (with a relative margin for the cap's rounding) the contact holds.
      const bool holdsNow = step.magnitude < step.mu * std::fabs(sys.Fn) * (1 - 1e-12);
      if (holdsNow != holding) {
        (holding ? summary.stickIntervals : summary.slipIntervals).push_back({phaseStart, t + h});
        summary.events.push_back({t + h, holding ? EventKind::BreakAway : EventKind::Stick});
        holding = holdsNow, phaseStart = t + h;
      }
      summary.peakVelocity = std::max(summary.peakVelocity, std::fabs(v));
      summary.driveForceMin = std::min(summary.driveForceMin, drive(t + h));
      summary.driveForceMax = std::max(summary.driveForceMax, drive(t + h));
    }
    record(i * outputStep);
  }
  (holding ? summary.stickIntervals : summary.slipIntervals).push_back({phaseStart, sys.duration});
  closeFixedStepRun(result, sys, options, {x, v, work, frictionLoss, dashpotLoss});
  return result;
}
}  // namespace

const std::vector<IntegratorSpec>& integratorCatalog() {
  static const std::vector<IntegratorSpec> catalog = {
      {Integrator::Auto, "auto", "Automatic",
       "Picks per law: Dormand–Prince, or Rosenbrock when the friction makes slip stiff (its fastest rate above "
       "10⁴× the spring's), or the stepped scheme for a law that remembers its force between steps; and changes "
       "from Rosenbrock to Dormand–Prince inside a run where Rosenbrock's steps shrink below a third of "
       "Dormand–Prince's stability bound (a kink such as LuGre's |v|), which makes it the costlier."},
      {Integrator::DormandPrince, "dormand-prince", "Dormand–Prince 5(4), adaptive",
       "Fifth order with an embedded error estimate; the step follows the tolerance. Switches located to 1e-12 s."},
      {Integrator::Rosenbrock, "rosenbrock", "Rosenbrock 4(3), adaptive, stiff",
       "Linearly implicit fourth order (Shampine 1982) for steep regularized laws: its step follows the tolerance, "
       "not the friction slope. Switches located to 1e-12 s."},
      {Integrator::Rk4, "rk4", "RK4, fixed step",
       "Classical fourth-order Runge–Kutta at 1/200 of the spring period; switches located inside the step."},
      {Integrator::SemiImplicitEuler, "semi-implicit-euler", "Semi-implicit Euler, fixed step",
       "First order: v then x, at 1/200 of the spring period; switches located inside the step. Laws that carry "
       "their force between steps (Radioss Iform 2, filtering) run in this loop, as in Radioss's explicit solver."},
      {Integrator::SeedEuler, "seed-euler", "The seed app's scheme",
       "Semi-implicit Euler at 1 ms with the seed's stick rule: v clamped at 0 after the position update."},
  };
  return catalog;
}

Integrator findIntegrator(std::string_view id) {
  std::string known;
  for (const IntegratorSpec& spec : integratorCatalog()) {
    if (spec.id == id) return spec.kind;
    known += (known.empty() ? "" : ", ") + std::string(spec.id);
  }
  throw InputError("integrator", "Unknown integrator '" + std::string(id) + "'; the integrators are: " + known + ".");
}

std::string_view integratorId(Integrator integrator) {
  for (const IntegratorSpec& spec : integratorCatalog())
    if (spec.kind == integrator) return spec.id;
  return "auto";
}

namespace {
// What simulateSpringBlock solves for any law (physics-checks.md, conventions and §1).
const std::vector<Equation> kSystemEquations = {
    {R"t(m\,\frac{dv}{dt} = F_d - F, \qquad \frac{dx}{dt} = v, \qquad 0 \le t \le t_{\max})t",
     "Newton's law for the block: the drive force minus the friction on it."},
    {R"t(F_d = c\,(X_d - x) + \eta\,(v_d - v), \qquad X_d(t) = \int_0^t v_d\,dt' = v_0\,t)t",
     "The drive force of the spring and the dashpot in parallel; the far end X_d moves at v_0 (or through the "
     "drive's velocity steps)."},
    {R"t(F = F_{\text{law}}(v, N = F_n)\,\operatorname{sgn} v \quad \text{while sliding})t",
     "While the block slides, the law's friction with the normal force Fn opposes the slip (a dynamic law's "
     "state evolves with it)."},
    {R"t(v = 0,\ \ F = F_d \quad \text{while } |F_d| \le F_{\text{law}}(0))t",
     "A law with a positive force at rest has a true stick state: the block rests, the friction balancing the "
     "drive, until the drive exceeds that static limit; break-away and re-stick are located to 1e-12 s."},
    {R"t(\int F_d\,v_d\,dt = \Delta\left(\tfrac{1}{2} m v^2 + \tfrac{1}{2} c\,(X_d - x)^2\right) + \int F\,v\,dt + \int \eta\,(v_d - v)^2\,dt)t",
     "The energy balance: the drive's work goes into kinetic and spring energy, friction and dashpot "
     "dissipation; its residual measures the integration error."},
    {R"t(\omega = \sqrt{c/m}, \qquad f = \frac{\omega}{2\pi})t",
     "The resonance of the block on its spring."},
};
}  // namespace

const ModelSpec& springBlockSystemModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "spring-block", "Driven spring-block",
        "A block of mass m pulled through a spring c and a dashpot η whose far end moves at v0, pressed by Fn.",
        "The system of S. Abbott's \"Friction\" app (after Popov, Contact Mechanics and Friction, Ch. 12).",
        {kMassSpec, kNormalForceSpec, kSpringSpec, kDashpotSpec, kDriveVelocitySpec, kDurationSpec},
        kSystemEquations,
        {"The seed app's Load is mass and normal force at once (no g); here m and Fn are apart, and Fn "
         "defaults to m·g.",
         "A law without a true stick state (zero force at rest, or a dynamic law) never rests exactly: its stick "
         "intervals are where |v| ≤ 1 % of v0, with events at the output rows."}};
    setTexSymbols(model, {{"m", "m"}, {"Fn", "F_n"}, {"c", "c"}, {"eta", R"t(\eta)t"}, {"v0", "v_0"},
                          {"duration", R"t(t_{\max})t"}});
    return model;
  }();
  return spec;
}

SpringBlockOptions defaultOptions(const LawEvaluator& law) {
  SpringBlockOptions options;
  if (law.creepSpeed() > 0) options.relativeTolerance = 1e-7, options.absoluteTolerance = 1e-10;
  return options;
}

void checkKick(double kick, SpringBlockStart start, bool hasDriveSteps) {
  if (!(std::isfinite(kick) && std::fabs(kick) <= 0.5))
    throw InputError("kick", "The kick (a relative speed-up of the drive) must be within −0.5 … 0.5; got " +
                                 formatNumber(kick) + ".");
  if (kick != 0 && (start != SpringBlockStart::Steady || hasDriveSteps))
    throw InputError("kick", "A kick perturbs steady sliding at v0: it needs a steady start and one drive velocity; got a kick of " +
                                 formatNumber(kick) + (start != SpringBlockStart::Steady ? " from rest." : " with velocity steps."));
}

LawSimulationResult simulateLaw(const LawSimulationRequest& request) {
  const Integrator integrator = findIntegrator(request.integrator);
  ResolvedParams system = resolveParams(springBlockSystemModel(), request.system);
  const LawEvaluator law(request.law, request.params);
  if (request.tolerance != 0 && !(request.tolerance >= 1e-14 && request.tolerance <= 1e-3))
    throw InputError("tolerance", "The relative tolerance must be between 1e-14 and 0.001 (or 0 for the law's default); "
                                  "got " + formatNumber(request.tolerance) + ".");
  SpringBlockOptions options = defaultOptions(law);
  options.samples = request.samples;
  options.progress = request.progress;
  options.integrator = integrator;
  if (request.tolerance > 0) {
    options.relativeTolerance = request.tolerance;
    options.absoluteTolerance = 1e-3 * request.tolerance;
  }
  checkKick(request.kick, request.start, !request.driveSteps.empty());
  std::vector<Breakpoint> driveSteps = request.driveSteps;
  if (request.kick != 0) {
    const double v0 = system.get("v0");
    driveSteps = {{0, v0}, {1e-3 * system.get("duration"), v0 * (1 + request.kick)}};
  }
  const SpringBlockSystem sys{system.get("m"), system.get("c"),  system.get("eta"),  system.get("v0"),
                              system.get("Fn"), system.get("duration"), driveSteps, request.start};
  SpringBlockResult run = simulateSpringBlock(request.law, request.params, sys, options);
  const std::string_view ran = integratorId(run.summary.integrator);
  return {std::move(run), std::move(system), law.resolved(), std::string(ran), options.relativeTolerance};
}

}  // namespace friction
