// The quasi-static slider (quasi_static_loop.h).
//
// Integrated state y = (u, ln θ1, ln θ2) with u = c δ / Fn the spring's force over the system's normal
// force: in units of friction, so that one tolerance bounds the error of μ, and ln θ so that a state
// that spans decades in a hold keeps its relative accuracy. Rates (Dieterich 1979; Ruina 1983; rsfmodel's
// quasi-static system, where dμ/dt = k (V_lp − V)):
//
//   du/dt = c (v_lp − v) / Fn,   d ln θᵢ/dt = (θᵢ' + gᵢ dμ/dt) / θᵢ,   dμ/dt = c (v_lp − v) / N
//
// with v from the balance F(v, θ, N) + η v = Fn u + η v_lp: in closed form for a law that inverts its force
// (rate-and-state without a dashpot: v = V* e^((μ − Ψ)/a), or s sinh(μ/a) in the regularized form), else by
// Newton's method in w = asinh(v/s₀) (s₀ = 1e-200 m/s), in which rate-and-state's F is nearly linear
// (F ≈ N a w + const for v ≫ s₀), started from that inverse where there is one, safeguarded by bisection
// inside the bracket it keeps, then polished by one Newton step in v itself. gᵢ is Nagata's
// coupling (zero for the other laws). A step of the normal force moves θ as the law says (Linker &
// Dieterich 1992) and the balance then gives the new v.

#include "system/quasi_static_loop.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "friction/errors.h"
#include "numerics/dormand_prince.h"
#include "numerics/radau.h"

namespace friction {
namespace {

using Y = Vec<3>;
constexpr double kSpeedScale = 1e-200;  // s₀ [m/s]
constexpr double kMaxW = 710;           // |v| ≤ s₀ sinh(710) ≈ 1e108 m/s
constexpr long long kMaxSteps = 5'000'000;
constexpr long long kProgressEvery = 100'000;  // steps between progress reports, as the spring-block loop's
constexpr double kDivergence = 1e4;  // v beyond 1e4× the fastest drive velocity: the slider runs away

// One stretch of the protocol: from t0 to t1 the load point moves at vlp from X0, under normal force N.
struct Segment {
  double t0, t1, vlp, N, X0;
};

// The drive's and the normal force's steps merged into segments over [0, duration].
std::vector<Segment> segmentsOf(const SpringBlockSystem& sys) {
  std::vector<double> times = {0};
  for (const Breakpoint& step : sys.driveSteps) times.push_back(step.t);
  for (const Breakpoint& step : sys.normalSteps) times.push_back(step.t);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  std::vector<Segment> segments;
  double X = 0;
  for (std::size_t k = 0; k < times.size() && times[k] < sys.duration; ++k) {
    const double t0 = times[k],
                 t1 = k + 1 < times.size() ? std::min(times[k + 1], sys.duration) : sys.duration;
    const double vlp = stepValueAt(sys.driveSteps, t0, sys.v0), N = stepValueAt(sys.normalSteps, t0, sys.Fn);
    segments.push_back({t0, t1, vlp, N, X});
    X += vlp * (t1 - t0);
  }
  return segments;
}

// The output rows: uniform over [0, duration], or, with logGrid, logarithmic in the time since each
// segment's start (five decades up to its length), a share of the rows per segment.
std::vector<double> outputTimes(const std::vector<Segment>& segments, const SpringBlockSystem& sys,
                                const SpringBlockOptions& options) {
  std::vector<double> rows;
  const int n = options.samples;
  if (!options.logGrid) {
    for (int i = 0; i < n; ++i) rows.push_back(i == n - 1 ? sys.duration : sys.duration * i / (n - 1));
    return rows;
  }
  rows.push_back(0);
  const int each = std::max(2, (n - 1) / static_cast<int>(segments.size()));
  for (const Segment& s : segments) {
    const double length = s.t1 - s.t0;
    for (int j = 0; j < each; ++j)
      rows.push_back(s.t0 + length * std::pow(10.0, -5.0 * (each - 1 - j) / (each - 1)));
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

// The slider in one segment: the balance solved for v, and the rates.
struct Slider {
  const LawEvaluator& law;
  const SpringBlockSystem& sys;
  Segment seg{};
  bool positiveOnly = false;  // the classic form's v is positive (its F jumps from +∞ to −∞ at 0)
  mutable double w = 0;       // the last solution, the next solve's start

  static LawStateVector states(const Y& y) { return {std::exp(y[1]), std::exp(y[2])}; }
  double driveForce(const Y& y, double v) const { return sys.Fn * y[0] + sys.eta * (seg.vlp - v); }

  // F(v, θ, N) + η v = Fn u + η v_lp, for v. A law that inverts its force in closed form (rate-and-state,
  // rate_state_velocity.h) gives v at once without a dashpot; with one, its inverse at the last solution's
  // dashpot force starts the Newton iteration next to the root. `at` receives the law's dynamics at that v.
  double velocity(const Y& y, const LawStateVector& theta, LawDynamics* at = nullptr) const {
    const double target = sys.Fn * y[0] + sys.eta * seg.vlp;
    double v = NAN;
    if (law.invertsForce()) {
      const double dashpot = sys.eta > 0 ? sys.eta * kSpeedScale * std::sinh(w) : 0.0;
      const double guess = law.velocityForForce(target - dashpot, seg.N, theta);
      // Inside the w range, and on the classic form's branch above the 1e-300 m/s the bracket starts at.
      if (std::fabs(guess) < 1e100 && !(positiveOnly && !(guess >= 1e-300))) {
        if (sys.eta == 0)
          v = guess;
        else
          w = std::asinh(guess / kSpeedScale);
      }
    }
    if (std::isnan(v)) v = newton(target, theta);
    if (at) *at = law.dynamics(v, seg.N, theta);
    return v;
  }

  // Newton in w to |Δw| ≤ 1e-8 (v to 1e-8 relatively) from the last solution, inside its bracket, then one
  // Newton step in v, which squares that error to below the rounding of v.
  double newton(double target, const LawStateVector& theta) const {
    const double N = seg.N;
    auto residual = [&](double v) { return law.dynamics(v, N, theta).force + sys.eta * v - target; };
    double lo = positiveOnly ? std::asinh(1e-300 / kSpeedScale) : -kMaxW, hi = kMaxW;
    double x = std::clamp(w, lo, hi);
    for (int iteration = 0; iteration < 200; ++iteration) {
      const double v = kSpeedScale * std::sinh(x), r = residual(v);
      if (r == 0) break;
      (r > 0 ? hi : lo) = x;
      const double slope = (law.forceSlope(v, N, theta) + sys.eta) * kSpeedScale * std::cosh(x);
      double next = x - r / slope;
      if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
      const bool done = std::fabs(next - x) <= 1e-8 || hi - lo <= 4e-16 * std::fabs(x);
      x = next;
      if (done) break;
    }
    w = x;
    const double v = kSpeedScale * std::sinh(x);
    if (v == 0 || !std::isfinite(v)) return v;
    const double polished = v - residual(v) / (law.forceSlope(v, N, theta) + sys.eta);
    return polished * v > 0 ? polished : v;
  }

  Y rate(const Y& y) const {
    const LawStateVector theta = states(y);
    LawDynamics d;
    const double v = velocity(y, theta, &d);
    const LawStateVector g = law.frictionRateCoupling(theta);
    const double springRate = sys.c * (seg.vlp - v), muRate = springRate / seg.N;
    const bool second = law.stateSize() > 1;  // a one-state law's ln θ2 stays 0
    return {springRate / sys.Fn, (d.rate[0] + g[0] * muRate) / theta[0],
            second ? (d.rate[1] + g[1] * muRate) / theta[1] : 0.0};
  }
};

// The run: rows written as the steps pass them, the run's books, and the stop where v runs away.
class QuasiStaticRun {
 public:
  QuasiStaticRun(const LawEvaluator& law, const SpringBlockSystem& sys, const SpringBlockOptions& options)
      : slider_{law, sys},
        options_(options),
        segments_(segmentsOf(sys)),
        rows_(outputTimes(segments_, sys, options)) {
    for (const Segment& s : segments_) fastest_ = std::max(fastest_, std::fabs(s.vlp));
    Trace& trace = result_.trace;
    trace.state.assign(law.stateSize(), {});
    for (std::vector<double>* column :
         {&trace.t, &trace.x, &trace.v, &trace.friction, &trace.spring, &trace.fk, &trace.drivePosition,
          &trace.vOverV0, &trace.theta, &trace.fkOverFk0})
      column->reserve(rows_.size());
    for (std::vector<double>& column : trace.state) column.reserve(rows_.size());
  }

  SpringBlockResult run(Integrator integrator) {
    Y y = start();
    result_.summary.integrator = integrator;
    for (const Segment& segment : segments_) {
      if (segment.t0 > 0 && segment.N != slider_.seg.N) y = afterNormalStep(y, slider_.seg.N, segment.N);
      slider_.seg = segment;
      if (segment.t0 == 0) record(0, y);
      if (integrator == Integrator::Radau)
        y = radauSegment(y);
      else
        y = dormandPrinceSegment(y);
    }
    return finish();
  }

 private:
  // Steady sliding at the first drive velocity (θ steady, the spring balancing F), or at rest: the spring
  // unstretched and θ at its start, where the balance gives the creep speed F(v, θ) = η v_lp.
  Y start() {
    const LawEvaluator& law = slider_.law;
    const SpringBlockSystem& sys = slider_.sys;
    slider_.seg = segments_.front();
    try {
      law.dynamics(0, sys.Fn, law.initialState());
    } catch (const SimulationError&) {
      slider_.positiveOnly = true;
    }
    if (sys.start == SpringBlockStart::Steady) {
      const double v = slider_.seg.vlp;
      if (!(v > 0))
        throw InputError(
            "start", "A steady start slides at the first drive velocity, which must be above 0 m/s; got " +
                         formatNumber(v) + " m/s.");
      const LawStateVector theta = law.steadyState(v, slider_.seg.N);
      slider_.w = std::asinh(v / kSpeedScale);
      return {law.dynamics(v, slider_.seg.N, theta).force / sys.Fn, std::log(theta[0]), logSecond(theta)};
    }
    const LawStateVector theta = law.initialState();
    slider_.w = std::asinh(std::max(slider_.seg.vlp, 1e-300) / kSpeedScale);
    return {0, std::log(theta[0]), logSecond(theta)};
  }

  // ln θ2, or 0 (θ2 = 1, unread) for a law with one state variable.
  double logSecond(const LawStateVector& theta) const {
    return slider_.law.stateSize() > 1 ? std::log(theta[1]) : 0.0;
  }

  Y afterNormalStep(const Y& y, double before, double after) const {
    const LawStateVector theta = slider_.law.afterNormalStep(before, after, Slider::states(y));
    return {y[0], std::log(theta[0]), logSecond(theta)};
  }

  void record(double t, const Y& y) {
    const LawStateVector theta = Slider::states(y);
    const double v = slider_.velocity(y, theta), F = slider_.driveForce(y, v);
    const Segment& s = slider_.seg;
    const double X = s.X0 + s.vlp * (t - s.t0);
    Trace& trace = result_.trace;
    if (trace.t.empty()) result_.summary.driveForceMin = result_.summary.driveForceMax = F;
    trace.t.push_back(t);
    trace.v.push_back(v);
    trace.drivePosition.push_back(X);
    trace.x.push_back(X - slider_.sys.Fn * y[0] / slider_.sys.c);
    trace.friction.push_back(F);
    trace.spring.push_back(F);
    trace.fk.push_back(F);
    trace.vOverV0.push_back(v / slider_.sys.v0);
    trace.theta.push_back(NAN);
    trace.fkOverFk0.push_back(NAN);
    for (std::size_t i = 0; i < trace.state.size(); ++i) trace.state[i].push_back(theta[i]);
    result_.summary.noteDriveForce(t, F, 0.75 * slider_.sys.duration);
    result_.summary.peakVelocity = std::max(result_.summary.peakVelocity, std::fabs(v));
    if (options_.progress) options_.progress(t / slider_.sys.duration);
  }

  // Rows up to `end` (absolute time) from the step's dense output, which runs on the segment's own clock
  // τ = t − t0: a segment resolves steps far below the resolution of t itself (the state's healing right
  // after a normal-force step that shrinks θ by many orders of magnitude).
  template <class Dense>
  void recordRows(double end, const Dense& dense) {
    while (next_ < rows_.size() && rows_[next_] <= end) {
      if (rows_[next_] > 0) record(rows_[next_], dense.at(rows_[next_] - slider_.seg.t0));
      ++next_;
    }
  }

  // After each accepted step (and each rejection, with `rejected`): the runaway bound on v, the step size
  // against the resolution of t, and the step budget.
  void checkStep(double tau, const Y& y, double h, bool rejected = false) {
    const double t = slider_.seg.t0 + tau;
    const double v = slider_.velocity(y, Slider::states(y));
    if (!rejected) result_.summary.peakVelocity = std::max(result_.summary.peakVelocity, std::fabs(v));
    const double bound = kDivergence * fastest_;
    const bool runaway = !(std::fabs(v) <= bound), collapsed = !(h > 4 * 2.2e-16 * tau);
    if (runaway || collapsed)
      throw RunStopped(
          result_.trace, t,
          "At t = " + formatSignificant(t, 6) + " s the quasi-static slider's velocity " +
              (runaway ? "reached " + formatSignificant(v, 3) + " m/s and was still rising, beyond " +
                             formatSignificant(bound, 3) + " m/s (1e4× the fastest drive velocity)"
                       : "was " + formatSignificant(v, 3) + " m/s and changing faster than a step of " +
                             formatSignificant(h, 3) + " s can follow") +
              ": without inertia an unstable slider has no bound on v (the spring, c = " +
              formatNumber(slider_.sys.c) +
              " N/m, is softer than the friction's critical stiffness). "
              "Give the block a mass (system.m), a dashpot η (radiation damping) or a stiffer spring.");
    // Every kProgressEvery steps the progress hook hears where the run is, however far apart its rows
    // (a caller's time budget or Cancel is asked between them).
    if (!rejected && result_.summary.steps % kProgressEvery == 0 && options_.progress)
      options_.progress(t / slider_.sys.duration);
    if (!rejected && ++result_.summary.steps > kMaxSteps)
      throw RunStopped(result_.trace, t,
                       "The quasi-static slider used its budget of " + std::to_string(kMaxSteps) +
                           " steps by t = " + formatSignificant(t, 6) + " s; loosen the tolerance.");
  }

  void checkCollapse(double tau, const Y& y, double h) {
    if (!(h > 4 * 2.2e-16 * tau)) checkStep(tau, y, h, true);
  }

  // The first step: 1 % of the time the fastest rate takes to change a component by its tolerance scale.
  double firstStep(const Y& y, const Y& f) const {
    double fastest = 0;
    for (std::size_t i = 0; i < 3; ++i) fastest = std::max(fastest, std::fabs(f[i]) / (1 + std::fabs(y[i])));
    const double length = slider_.seg.t1 - slider_.seg.t0;
    return std::min(length, fastest > 0 ? 1e-2 * std::sqrt(options_.relativeTolerance) / fastest : length);
  }

  Y dormandPrinceSegment(Y y);
  Y radauSegment(Y y);
  SpringBlockResult finish();

  Slider slider_;
  const SpringBlockOptions& options_;
  std::vector<Segment> segments_;
  std::vector<double> rows_;
  std::size_t next_ = 0;
  double fastest_ = 0;
  SpringBlockResult result_;
};

Y QuasiStaticRun::dormandPrinceSegment(Y y) {
  const auto rate = [this](double, const Y& state) { return slider_.rate(state); };
  const double rtol = options_.relativeTolerance, t0 = slider_.seg.t0, end = slider_.seg.t1 - t0;
  double t = 0;  // the segment's clock
  Y f = rate(t, y);
  double h = firstStep(y, f);
  while (t < end) {
    const bool last = h >= end - t;
    if (last) h = end - t;
    const DenseEmbeddedStep<3> step = dormandPrinceDenseStep(rate, t, y, f, h);
    const double err = errorNorm<3>(y, step.step, rtol, rtol);
    if (!(err <= 1)) {
      ++result_.summary.rejectedSteps;
      h = std::isfinite(err) ? nextStepSize(h, err) : 0.25 * h;
      checkCollapse(t, y, h);
      continue;
    }
    const double tEnd = last ? end : t + h;
    recordRows(last ? slider_.seg.t1 : t0 + tEnd, step);
    t = tEnd;
    y = step.step.y;
    f = step.next;
    checkStep(t, y, h);
    h = nextStepSize(h, err);
  }
  return y;
}

Y QuasiStaticRun::radauSegment(Y y) {
  const auto rate = [this](double, const Y& state) { return slider_.rate(state); };
  const double rtol = options_.relativeTolerance, t0 = slider_.seg.t0, end = slider_.seg.t1 - t0;
  RadauIntegrator<3, 3> radau(rtol, Y{rtol, rtol, rtol});
  double t = 0;           // the segment's clock
  double h = 1e-6 * end;  // RADAU5's starting step; stiffly accurate, it grows at once where it can
  const Y scale = {1e-8, 1e-8, 1e-8};
  while (t < end) {
    const bool last = h >= end - t;
    if (last) h = end - t;
    const RadauStep<3> step = radau.step(rate, t, y, h, scale);
    if (!step.converged || !(step.err < 1)) {
      ++result_.summary.rejectedSteps;
      h = step.nextStep > 0 && std::isfinite(step.nextStep) ? std::min(step.nextStep, 0.9 * h) : 0.25 * h;
      checkCollapse(t, y, h);
      continue;
    }
    const double tEnd = last ? end : t + h;
    recordRows(last ? slider_.seg.t1 : t0 + tEnd, step.dense);
    t = tEnd;
    y = step.y;
    checkStep(t, y, h);
    h = step.nextStep;
  }
  return y;
}

SpringBlockResult QuasiStaticRun::finish() {
  SpringBlockSystem sys = slider_.sys;
  sys.v0 = fastest_;  // the analysis's reference speed: the drive's, never a hold's 0
  SpringBlockSummary& summary = result_.summary;
  setStaticLimit(summary, slider_.law, sys, 0);
  result_.trace.staticLimit.assign(result_.trace.size(), summary.staticLimit);
  nearRestIntervals(result_, sys);
  finishAnalysis(result_, sys);
  summary.energyResidual = NAN;  // no energy books: without inertia there is no kinetic energy to balance
  return std::move(result_);
}

}  // namespace

std::string quasiStaticRefusal(const LawEvaluator& law, const SpringBlockSystem& sys) {
  const std::string name = "Law '" + std::string(law.spec().spec.id) + "'";
  const std::string need =
      " The quasi-static slider (m = 0) solves c(x_lp − x) + η(v_lp − v) = F(v, state) for v, which "
      "needs a friction that rises with v at a fixed state (rate-and-state with a > 0: 'rsf', "
      "'rate-state'); give the block a mass (1e-9 kg or more) to run this law.";
  if (law.stateful())
    return name + " carries its force from one time step to the next, so it has no F(v) to balance." + need;
  if (law.dynamic() && !law.risesWithVelocity())
    return name +
           "'s friction follows its state: at a fixed state it does not rise with v, so the balance has no "
           "unique v." +
           need;
  if (law.dynamic()) {
    if (law.readsFrictionRate() && sys.eta > 0)
      return name +
             " with Nagata's evolution reads dμ/dt, which the slider gives as c(v_lp − v)/N only without a "
             "dashpot; set η = 0.";
    return "";
  }
  const double atRest = law.forceMagnitude(0, sys.Fn);
  if (atRest > 0)
    return name + " holds any force up to F(0) = " + formatSignificant(atRest, 6) +
           " N at rest (a set-valued force at v = 0), "
           "so without inertia a drive force below it leaves v undetermined." +
           need;
  double previous = 0;
  for (int k = 0; k <= 140; ++k) {
    const double v = 1e-12 * std::pow(10.0, 0.1 * k), F = law.forceMagnitude(v, sys.Fn);
    if (F <= previous)
      return name + "'s friction does not rise with v near " + formatSignificant(v, 3) +
             " m/s (a falling or flat branch), "
             "where the balance has several solutions for v, or none." +
             need;
    previous = F;
  }
  return name + " is a law without state; the quasi-static slider runs laws with a state variable." + need;
}

// The slider's fastest rate at steady sliding at its fastest drive velocity, where it is largest (for
// rate-and-state λ ≈ c v/(a Fn) grows with v): ‖J‖∞ of the rates' forward-difference Jacobian, which
// bounds the spectral radius. 0 where the drive never moves, or where steady sliding cannot be solved
// there (the run then reports why).
double quasiStaticStiffness(const LawEvaluator& law, const SpringBlockSystem& sys) {
  const std::vector<Segment> segments = segmentsOf(sys);
  const auto fastest = std::max_element(
      segments.begin(), segments.end(),
      [](const Segment& a, const Segment& b) { return std::fabs(a.vlp) < std::fabs(b.vlp); });
  if (!(std::fabs(fastest->vlp) > 0)) return 0;
  try {
    Slider slider{law, sys, *fastest};
    const double v = std::fabs(fastest->vlp);
    const LawStateVector theta = law.steadyState(v, fastest->N);
    slider.w = std::asinh(v / kSpeedScale);
    const Y y = {law.dynamics(v, fastest->N, theta).force / sys.Fn, std::log(theta[0]),
                 law.stateSize() > 1 ? std::log(theta[1]) : 0.0};
    const auto rate = [&slider](double, const Y& state) { return slider.rate(state); };
    const std::array<Y, 3> J = forwardDifferenceJacobian<3>(rate, 0, y, rate(0, y), Y{1, 1, 1});
    double norm = 0;
    for (const Y& row : J) norm = std::max(norm, std::fabs(row[0]) + std::fabs(row[1]) + std::fabs(row[2]));
    return std::isfinite(norm) ? norm : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

SpringBlockResult runQuasiStaticSlider(const LawEvaluator& law, const SpringBlockSystem& sys,
                                       const SpringBlockOptions& options, Integrator integrator) {
  QuasiStaticRun run(law, sys, options);
  return run.run(integrator);
}

}  // namespace friction
