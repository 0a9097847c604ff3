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
#include <optional>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "numerics/adaptive_driver.h"
#include "numerics/golden_section.h"
#include "system/recorder.h"
#include "system/static_limit.h"
#include "system/work_budget.h"

namespace friction {
namespace {

using Y = Vec<3>;
constexpr double kSpeedScale = 1e-200;         // s₀ [m/s]
constexpr double kMaxW = 710;                  // |v| ≤ s₀ sinh(710) ≈ 1e108 m/s
constexpr long long kProgressEvery = 100'000;  // steps between progress reports, as the spring-block loop's
constexpr double kDivergence = 1e4;  // v beyond 1e4× the fastest drive velocity: the slider runs away

// The slider in one segment: the balance solved for v, and the rates.
struct Slider {
  const LawEvaluator& law;
  const SpringBlockSystem& sys;
  DriveSegment seg{};
  bool positiveOnly = false;  // the classic form's v is positive (its F jumps from +∞ to −∞ at 0)
  mutable double w = 0;       // the last solution, the next solve's start

  static LawStateVector states(const Y& y) { return {std::exp(y[1]), std::exp(y[2])}; }
  double driveForce(const Y& y, double v) const { return sys.Fn * y[0] + sys.eta * (seg.velocity - v); }

  // F(v, θ, N) + η v = Fn u + η v_lp, for v. A law that inverts its force in closed form (rate-and-state,
  // rate_state_velocity.h) gives v at once without a dashpot; with one, its inverse at the last solution's
  // dashpot force starts the Newton iteration next to the root. `at` receives the law's dynamics at that v.
  double velocity(const Y& y, const LawStateVector& theta, LawDynamics* at = nullptr) const {
    const double target = sys.Fn * y[0] + sys.eta * seg.velocity;
    double v = NAN;
    if (law.invertsForce()) {
      const double dashpot = sys.eta > 0 ? sys.eta * kSpeedScale * std::sinh(w) : 0.0;
      const double guess = law.velocityForForce(target - dashpot, seg.normalForce, theta);
      // Inside the w range, and on the classic form's branch above the 1e-300 m/s the bracket starts at.
      if (std::fabs(guess) < 1e100 && !(positiveOnly && !(guess >= 1e-300))) {
        if (sys.eta == 0)
          v = guess;
        else
          w = std::asinh(guess / kSpeedScale);
      }
    }
    if (std::isnan(v)) v = newton(target, theta);
    if (at) *at = law.dynamics(v, seg.normalForce, theta);
    return v;
  }

  // v at y without moving the next solve's start: rows and located events read the solution without
  // changing the steps (whose Newton iterations start from the last solution).
  double probe(const Y& y) const {
    const double saved = w;
    const double v = velocity(y, states(y));
    w = saved;
    return v;
  }

  // Newton in w to |Δw| ≤ 1e-8 (v to 1e-8 relatively) from the last solution, inside its bracket, then one
  // Newton step in v, which squares that error to below the rounding of v.
  double newton(double target, const LawStateVector& theta) const {
    const double N = seg.normalForce;
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
    const double springRate = sys.c * (seg.velocity - v), muRate = springRate / seg.normalForce;
    const bool second = law.stateSize() > 1;  // a one-state law's ln θ2 stays 0
    return {springRate / sys.Fn, (d.rate[0] + g[0] * muRate) / theta[0],
            second ? (d.rate[1] + g[1] * muRate) / theta[1] : 0.0};
  }
};

// A quantity of the slider (v, or the drive force) at the ends of the last two steps, to see where it
// turns: a turn at the step boundary is refined on the two steps' dense solutions.
struct Turns {
  double t[3] = {0, 0, 0}, value[3] = {0, 0, 0};
  int count = 0;

  void push(double time, double v) {
    if (count == 3) {
      t[0] = t[1];
      value[0] = value[1];
      t[1] = t[2];
      value[1] = value[2];
      --count;
    }
    t[count] = time;
    value[count] = v;
    ++count;
  }
  // +1: the middle value is a maximum, −1 a minimum, 0 neither.
  int turn() const {
    if (count < 3) return 0;
    if (value[1] > value[0] && value[1] >= value[2]) return 1;
    if (value[1] < value[0] && value[1] <= value[2]) return -1;
    return 0;
  }
  // Whether the turn is larger than `relative` of the value: a smaller one is the integration's noise
  // on a flat stretch (a steady slide, a flat top), where the value at the step is the extremum.
  bool sharp(double relative) const {
    const double noise = relative * std::fabs(value[1]);
    return std::fabs(value[1] - value[0]) > noise || std::fabs(value[1] - value[2]) > noise;
  }
};

// The run: rows read off the steps' dense solutions, the located facts, the run's books, and the stop
// where v runs away.
class QuasiStaticRun {
 public:
  QuasiStaticRun(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                 const Drive& drive)
      : slider_{law, sys},
        options_(options),
        drive_(drive),
        fastest_(drive.fastestSpeed()),
        watch_(drive, true),
        budget_(sys.duration, options.workBudget),
        newtonBalance_(!(law.invertsForce() && sys.eta == 0)) {}

  LoopRun run(Integrator integrator) {
    Y y = start();
    summary_.integrator = integrator;
    SpringBlockSystem reference = slider_.sys;
    reference.v0 = fastest_;  // the break-away peak's reference speed: the drive's, never a hold's 0
    setStaticLimit(summary_, slider_.law, reference, 0);
    startRecording(y);
    for (const DriveSegment& segment : drive_.segments()) {
      if (segment.start > 0 && segment.normalForce != slider_.seg.normalForce)
        y = afterNormalStep(y, slider_.seg.normalForce, segment.normalForce);
      slider_.seg = segment;
      y = runSegment(y, integrator == Integrator::Radau ? StepMethod::Radau : StepMethod::DormandPrince);
      watch_.frictionAtChange(segment.end, driveForceOf(y));
    }
    return finish(y);
  }

 private:
  // Steady sliding at the first drive velocity (θ steady, the spring balancing F), or at rest: the spring
  // unstretched and θ at its start, where the balance gives the creep speed F(v, θ) = η v_lp.
  Y start() {
    const LawEvaluator& law = slider_.law;
    const SpringBlockSystem& sys = slider_.sys;
    slider_.seg = drive_.segments().front();
    try {
      law.dynamics(0, sys.Fn, law.initialState());
    } catch (const SimulationError&) {
      slider_.positiveOnly = true;
    }
    if (sys.start == SpringBlockStart::Steady) {
      const double v = slider_.seg.velocity;
      if (!(v > 0))
        throw InputError(
            "start", "A steady start slides at the first drive velocity, which must be above 0 m/s; got " +
                         formatNumber(v) + " m/s.");
      const LawStateVector theta = law.steadyState(v, slider_.seg.normalForce);
      slider_.w = std::asinh(v / kSpeedScale);
      return {law.dynamics(v, slider_.seg.normalForce, theta).force / sys.Fn, std::log(theta[0]),
              logSecond(theta)};
    }
    const LawStateVector theta = law.initialState();
    slider_.w = std::asinh(std::max(slider_.seg.velocity, 1e-300) / kSpeedScale);
    return {0, std::log(theta[0]), logSecond(theta)};
  }

  // The grid's rows (logarithmic after each change with logGrid), the first at t = 0; the facts' start.
  void startRecording(const Y& y) {
    std::vector<double> changes;
    for (const DriveSegment& segment : drive_.segments()) changes.push_back(segment.start);
    recorder_.emplace(outputGrid(options_.samples, slider_.sys.duration, options_.logGrid, changes),
                      slider_.law.stateSize(), !std::isnan(summary_.staticLimit), slider_.sys.v0,
                      options_.progress);
    recorder_->writeUpTo(0, [&](double t) { return rowOf(t, y); });
    const double v = slider_.probe(y), F = driveForceOf(y);
    summary_.driveForceMin = summary_.driveForceMax = F;
    summary_.peakVelocity = std::fabs(v);
    watch_.startAt(v);
    watch_.frictionAtChange(0, F);
    velocityTurns_.push(0, v);
    forceTurns_.push(0, F);
  }

  // ln θ2, or 0 (θ2 = 1, unread) for a law with one state variable.
  double logSecond(const LawStateVector& theta) const {
    return slider_.law.stateSize() > 1 ? std::log(theta[1]) : 0.0;
  }

  Y afterNormalStep(const Y& y, double before, double after) const {
    const LawStateVector theta = slider_.law.afterNormalStep(before, after, Slider::states(y));
    return {y[0], std::log(theta[0]), logSecond(theta)};
  }

  double driveForceOf(const Y& y) const { return slider_.driveForce(y, slider_.probe(y)); }
  double positionOf(double t, const Y& y) const {
    return slider_.seg.positionAt(t) - slider_.sys.Fn * y[0] / slider_.sys.c;
  }

  TraceRow rowOf(double t, const Y& y) const {
    const LawStateVector theta = Slider::states(y);
    const double v = slider_.probe(y), F = slider_.driveForce(y, v);
    TraceRow row;
    row.t = t;
    row.x = positionOf(t, y);
    row.v = v;
    row.friction = row.spring = row.kinetic = F;
    row.staticLimit = summary_.staticLimit;
    row.drivePosition = slider_.seg.positionAt(t);
    row.state[0] = theta[0];
    row.state[1] = theta[1];
    return row;
  }

  Y runSegment(Y y, StepMethod method);
  void afterStep(double tau, const StepAttempt<3>& step, double tauEnd, double v1);
  template <class Dense>
  void refineTurn(Turns& turns, const Dense& previous, const Dense& current, bool velocity);
  void noteTurn(bool velocity, int kind, double at, double value);
  void checkStep(double tau, double v, double h, bool rejected = false);
  void checkCollapse(double tau, const Y& y, double h) {
    if (!(h > 4 * 2.2e-16 * tau)) checkStep(tau, slider_.probe(y), h, true);
  }
  // The first step: 1 % of the time the fastest rate takes to change a component by its tolerance scale.
  double firstStep(const Y& y, const Y& f) const {
    double fastest = 0;
    for (std::size_t i = 0; i < 3; ++i) fastest = std::max(fastest, std::fabs(f[i]) / (1 + std::fabs(y[i])));
    const double length = slider_.seg.end - slider_.seg.start;
    return std::min(length, fastest > 0 ? 1e-2 * std::sqrt(options_.relativeTolerance) / fastest : length);
  }
  LoopRun finish(const Y& y);
  // The work budget: a step's cost by its method and the balance's solve; the stop with its cause.
  double stepCostOf(StepMethod method) const {
    const double step =
        method == StepMethod::Radau ? stepCost::kQuasiStaticRadau : stepCost::kQuasiStaticDormandPrince;
    return newtonBalance_ ? step * stepCost::kQuasiStaticNewton : step;
  }
  void spendStep(StepMethod method, double t) {
    budget_.spend(stepCostOf(method));
    if (budget_.due() && budget_.mustStop(t)) stopForBudget(t);
  }
  [[noreturn]] void stopForBudget(double t) const;

  Slider slider_;
  const RunSettings& options_;
  const Drive& drive_;
  double fastest_;
  Summary summary_;
  std::optional<Recorder> recorder_;
  MotionWatch watch_;
  Turns velocityTurns_, forceTurns_;
  DenseStep<3> previousStep_;  // the last accepted step's dense solution (its segment's clock)
  bool hasHolds_ = !drive_.holds().empty();
  bool havePrevious_ = false;
  WorkBudget budget_;
  bool newtonBalance_;              // v from the balance by Newton's method (else in closed form)
  long long peaks_ = 0;             // v's located maxima
  long long watchEvaluations_ = 0;  // the watch's evaluations the budget has been told of
};

// One segment of the drive on its own clock τ = t − t0, through the one step driver: a segment resolves
// steps far below the resolution of t itself (the state's healing right after a normal-force step that
// shrinks θ by many orders of magnitude). Dormand–Prince with atol = rtol on every component (u is in
// units of friction, ln θ relative), or Radau from RADAU5's starting step 1e-6 of the segment.
Y QuasiStaticRun::runSegment(Y y, StepMethod method) {
  const auto rate = [this](double, const Y& state) { return slider_.rate(state); };
  const double rtol = options_.relativeTolerance, end = slider_.seg.end - slider_.seg.start;
  StepControl<3> control;
  control.relative = rtol;
  control.absolute = {rtol, rtol, rtol};
  control.jacobianScale = {1e-8, 1e-8, 1e-8};
  const double first = method == StepMethod::Radau ? 1e-6 * end : firstStep(y, rate(0, y));
  AdaptiveDriver<3, 3, methodBit(StepMethod::DormandPrince) | methodBit(StepMethod::Radau)> driver(
      method, control, first);
  havePrevious_ = false;
  double tau = 0;  // the segment's clock
  while (tau < end) {
    const bool last = driver.step() >= end - tau;
    const double h = last ? end - tau : driver.step();
    const StepAttempt<3> step = driver.attempt(rate, tau, y, h);
    spendStep(method, slider_.seg.start + tau);
    if (!step.acceptable()) {
      ++summary_.rejectedSteps;
      driver.reject(step);
      checkCollapse(tau, y, driver.step());
      continue;
    }
    const double tauEnd = last ? end : tau + h;
    // v at the step's end, which starts the next solve (rows and located events only probe).
    const double v = slider_.velocity(step.y, Slider::states(step.y));
    afterStep(tau, step, tauEnd, v);
    tau = tauEnd;
    y = step.y;
    checkStep(tau, v, h);
    driver.accept(step, last);
  }
  return y;
}

// After an accepted step: its rows, the watch's stretch, the drive force's extremes, and where v or the
// drive force turned at the step's start (refined on the two steps around it).
void QuasiStaticRun::afterStep(double tau, const StepAttempt<3>& step, double tauEnd, double v1) {
  const double t0 = slider_.seg.start, t = t0 + tau, tEnd = t0 + tauEnd;
  const DenseStep<3>& dense = step.dense;
  auto stateAt = [&](double at) { return at >= tEnd ? step.y : dense.at(at - t0); };
  recorder_->writeUpTo(tEnd, [&](double at) { return rowOf(at, stateAt(at)); });
  const double v0 = velocityTurns_.value[velocityTurns_.count - 1], F1 = slider_.driveForce(step.y, v1);
  watch_.stretch(
      t, v0, tEnd, v1, [&](double at) { return slider_.probe(stateAt(at)); },
      [&](double at) { return positionOf(at, stateAt(at)); },
      [&](double at) { return driveForceOf(stateAt(at)); });
  // Each of the watch's evaluations solved the balance (a probe).
  budget_.spend(static_cast<double>(watch_.evaluations() - watchEvaluations_) * stepCost::kQuasiStaticProbe);
  watchEvaluations_ = watch_.evaluations();
  summary_.noteDriveForce(tEnd, F1, 0.75 * slider_.sys.duration);
  summary_.peakVelocity = std::max(summary_.peakVelocity, std::fabs(v1));
  velocityTurns_.push(tEnd, v1);
  forceTurns_.push(tEnd, F1);
  if (havePrevious_) {
    refineTurn(velocityTurns_, previousStep_, dense, true);
    refineTurn(forceTurns_, previousStep_, dense, false);
  }
  previousStep_ = dense;
  havePrevious_ = true;
}

// Where the quantity turned at the boundary between the last two steps: the extremum by golden-section
// search in time over both steps' dense solutions, then the watch's extremum
// of v, or the drive force's extreme (and, for a maximum, the friction's peak that a hold's healing
// reads).
template <class Dense>
void QuasiStaticRun::refineTurn(Turns& turns, const Dense& previous, const Dense& current, bool velocity) {
  const int kind = turns.turn();
  if (kind == 0) return;
  if (!turns.sharp(100 * options_.relativeTolerance))
    return noteTurn(velocity, kind, turns.t[1], turns.value[1]);
  const double t0 = slider_.seg.start, boundary = t0 + current.t;
  auto valueAt = [&](double at) {
    budget_.spend(stepCost::kQuasiStaticProbe);  // each probe solves the balance
    const Y y = at < boundary ? previous.at(at - t0) : current.at(at - t0);
    return kind * (velocity ? slider_.probe(y) : driveForceOf(y));
  };
  // To 1e-7 of the span (the extremum's value then errs by ~1e-14 of the quantity's curvature scale),
  // or to what t can resolve there (40 steps).
  const double span = turns.t[2] - turns.t[0];
  const GoldenMaximum top = goldenSectionMaximum(valueAt, turns.t[0], turns.t[2], 40, 1e-7 * span);
  noteTurn(velocity, kind, top.at, kind * std::max(top.value, kind * turns.value[1]));
}

// A located extremum of v (the watch's), or of the drive force: its extremes, and for a maximum the
// friction's peak that a hold's healing reads (where the drive has holds).
void QuasiStaticRun::noteTurn(bool velocity, int kind, double at, double value) {
  if (velocity) {
    if (kind > 0) ++peaks_;
    watch_.extremum(at, value, kind > 0);
    summary_.peakVelocity = std::max(summary_.peakVelocity, std::fabs(value));
    return;
  }
  summary_.noteDriveForce(at, value, 0.75 * slider_.sys.duration);
  if (kind > 0 && hasHolds_) watch_.frictionMaximum(at, value);
}

// After each accepted step (and each rejection, with `rejected`): the runaway bound on v and the step
// size against the resolution of t.
void QuasiStaticRun::checkStep(double tau, double v, double h, bool rejected) {
  const double t = slider_.seg.start + tau;
  const double bound = kDivergence * fastest_;
  const bool runaway = !(std::fabs(v) <= bound), collapsed = !(h > 4 * 2.2e-16 * tau);
  if (runaway || collapsed)
    throw RunStopped(
        recorder_->trace(), t,
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
  if (!rejected && summary_.steps % kProgressEvery == 0 && options_.progress)
    options_.progress(t / slider_.sys.duration);
  if (!rejected) ++summary_.steps;
}

// What made the run costly: its steps, v's peaks (a cycle each) and the law's state rate at the
// fastest of them (for rate-and-state v/Dc, which sets the steps through each slip).
void QuasiStaticRun::stopForBudget(double t) const {
  const double steps = std::max(1.0, static_cast<double>(summary_.steps));
  std::string cause = "Its " + std::to_string(summary_.steps) + " steps so far average " +
                      formatSignificant(t / steps, 3) + " s";
  if (peaks_ > 0)
    cause += "; v peaked " + std::to_string(peaks_) + " times, one slip every " +
             formatSignificant(t / static_cast<double>(peaks_), 3) + " s";
  const double stateRate = stateRelaxationRate(slider_.law, summary_.peakVelocity, slider_.sys.Fn);
  if (stateRate > 0)
    cause += "; at the peak speed, " + formatSignificant(summary_.peakVelocity, 3) +
             " m/s, the law's state relaxes at " + formatSignificant(stateRate, 3) +
             " 1/s (for rate-and-state v/Dc), which the steps through each slip follow";
  if (newtonBalance_)
    cause += "; with a dashpot every evaluation solves the force balance by Newton's method";
  throw RunStopped(
      recorder_->trace(), t,
      budgetMessage(budget_.overrun(t), cause + ".",
                    "slow the slips: a larger characteristic slip of the state (Dc), a stiffer "
                    "spring (above the critical stiffness the slider slides steadily), or a looser "
                    "tolerance."));
}

LoopRun QuasiStaticRun::finish(const Y& y) {
  summary_.energyResidual = NAN;  // no energy books: without inertia there is no kinetic energy to balance
  LoopRun out;
  out.facts = watch_.finish(positionOf(slider_.sys.duration, y), slider_.probe(y), summary_.stickIntervals,
                            summary_.slipIntervals, summary_.events);
  summary_.nearRestThreshold = out.facts.nearRestThreshold;
  out.result.summary = std::move(summary_);
  out.result.trace = recorder_->take();
  return out;
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
double quasiStaticStiffness(const LawEvaluator& law, const SpringBlockSystem& sys, const Drive& drive) {
  const std::vector<DriveSegment>& segments = drive.segments();
  const auto fastest =
      std::max_element(segments.begin(), segments.end(), [](const DriveSegment& a, const DriveSegment& b) {
        return std::fabs(a.velocity) < std::fabs(b.velocity);
      });
  if (!(std::fabs(fastest->velocity) > 0)) return 0;
  try {
    Slider slider{law, sys, *fastest};
    const double v = std::fabs(fastest->velocity);
    const LawStateVector theta = law.steadyState(v, fastest->normalForce);
    slider.w = std::asinh(v / kSpeedScale);
    const Y y = {law.dynamics(v, fastest->normalForce, theta).force / sys.Fn, std::log(theta[0]),
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

LoopRun runQuasiStaticSlider(const LawEvaluator& law, const SpringBlockSystem& sys,
                             const RunSettings& options, const Drive& drive, Integrator integrator) {
  QuasiStaticRun run(law, sys, options, drive);
  return run.run(integrator);
}

}  // namespace friction
