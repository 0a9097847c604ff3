// The event-driven spring-block loop (slip_stick_loop.h).

#include "system/slip_stick_loop.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "friction/constants.h"
#include "friction/errors.h"
#include "numerics/adaptive_driver.h"
#include "system/auto_method.h"
#include "system/recorder.h"
#include "system/slip_equations.h"
#include "system/static_limit.h"
#include "system/work_budget.h"

namespace friction {
namespace {

// An adaptive step below this has collapsed [s] (see SlipStickLoop::reject).
constexpr double kCollapsedStep = 1e-300;
// Radau's Newton iteration may fail this often in a row before it is given up (see reject).
constexpr int kNewtonFailureLimit = 40;
// Every this many steps the run must have advanced by kLeastAdvance of its duration (checkAdvance).
constexpr long long kAdvanceCheckEvery = 100'000;
constexpr double kLeastAdvance = 1e-12;
// A reversal counts once v is this many absolute tolerances of v past 0 (noteSignChange).
constexpr double kReversalNoise = 100;

using Attempt = StepAttempt<kStateSize>;
using Driver = AdaptiveDriver<kDynamic, kStateSize>;

StepMethod stepMethodOf(Integrator integrator) {
  switch (integrator) {
    case Integrator::Rosenbrock:
      return StepMethod::Rosenbrock;
    case Integrator::Radau:
      return StepMethod::Radau;
    case Integrator::Rk4:
      return StepMethod::Rk4;
    case Integrator::SemiImplicitEuler:
      return StepMethod::SemiImplicitEuler;
    default:
      return StepMethod::DormandPrince;
  }
}

// What a step of the method costs the work budget (system/work_budget.h).
double stepCostOf(StepMethod method) {
  switch (method) {
    case StepMethod::Rosenbrock:
      return stepCost::kRosenbrock;
    case StepMethod::Radau:
      return stepCost::kRadau;
    case StepMethod::Rk4:
      return stepCost::kRk4;
    case StepMethod::SemiImplicitEuler:
      return stepCost::kSemiImplicitEuler;
    default:
      return stepCost::kDormandPrince;
  }
}

// Magnitudes below which the implicit methods' Jacobians perturb x, v and the state as if they were
// that size (jacobianScale). Absolute tolerances: the caller's, except on v for a law that creeps at
// rest far below it (regularized rate-and-state, ~1e-32 m/s): there v is held to a thousandth of the
// creep speed, or the error control could not see the creep accelerate into slip.
StepControl<kDynamic> stepControl(const LawEvaluator& law, const SpringBlockSystem& sys,
                                  const RunSettings& options) {
  StepControl<kDynamic> control;
  control.relative = options.relativeTolerance;
  control.absolute.fill(options.absoluteTolerance);
  if (law.creepSpeed() > 0)
    control.absolute[kV] = std::min(options.absoluteTolerance, 1e-3 * law.creepSpeed());
  control.jacobianScale = jacobianScale(law, sys);
  control.position = kX;
  control.velocity = kV;
  return control;
}

// A fixed step: the caller's, or 1/200 of the spring's period (never longer than the run): it
// depends on the system alone, not on the output rows, which the steps' Hermite interpolants fill.
double fixedStepOf(const SpringBlockSystem& sys, const RunSettings& options) {
  if (options.step > 0) return options.step;
  const double omega = std::sqrt(sys.c / sys.m);
  return std::min(sys.duration, omega > 0 ? 2 * kPi / omega / 200 : sys.duration);
}

// The first adaptive step: a small fraction of the fastest natural time, grown by the error control.
double firstStepOf(const SpringBlockSystem& sys) {
  const double omega = std::sqrt(sys.c / sys.m);
  return std::min(sys.duration, omega > 0 ? 1e-3 / omega : 1e-3 * sys.duration);
}

class SlipStickLoop {
 public:
  SlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                const Drive& drive, Integrator integrator, bool automatic, double stiffnessRate);

  LoopRun run() {
    while (t_ < sys_.duration) {
      if (budget_.due()) checkBudget();
      if (work_ >= nextCheck_) checkAdvance();
      if (stuck_)
        stickPhase(stepLimit());
      else
        slipAttempt(stepLimit());
    }
    return finish();
  }

 private:
  // Set-up
  void startState();
  void startRecording();
  // Phases and steps
  double stepLimit() const { return std::min(sys_.duration, drive_.nextChange()); }
  std::uint64_t context() const { return 2 * drive_.index() + (dir_ > 0 ? 1 : 0); }
  void stickPhase(double limit);
  void slipAttempt(double limit);
  void reject(const Attempt& trial, bool cutShort);
  template <class Rate>
  double locateExtrema(const Rate& rate, const Attempt& trial, double upTo);
  template <class Rate>
  void stop(const Rate& rate, const Attempt& trial);
  template <class Rate>
  bool stopAtBound(const Rate& rate, const Attempt& trial);
  template <class Rate>
  void accept(const Rate& rate, const Attempt& trial, double limit, bool cutShort);
  template <class Rate>
  State stepFromHere(const Rate& rate, double dh);
  void changeMethod(double step);
  void noteSignChange();
  void settleReversal(double end, double peak);
  void arrive(double time, const State& y, const Attempt& trial, double extremum);
  // The static limit and the state at rest
  double staticLimit(const State& y) const {
    return law_.holdsAtRest() ? law_.staticLimit(sys_.Fn, {y[kS0], y[kS1]}) : fixedLimit_;
  }
  State restingAt(const State& from, double dt) const;
  // A dynamic law's state kept within the range its exact flow holds (StateVariableSpec::lower/upper).
  State projected(State y) const {
    for (std::size_t i = 0; i < law_.stateSize(); ++i)
      y[kS0 + i] = std::clamp(y[kS0 + i], lower_[i], upper_[i]);
    return y;
  }
  double breakAwayTime(double limit) const;
  // Recording
  TraceRow rowOf(double t, const State& unprojected) const;
  void event(EventKind kind) { summary_.events.push_back({t_, kind, block_.driveForce(t_, y_[kX], y_[kV])}); }
  void noteDrive(double t, double Fd) { summary_.noteDriveForce(t, Fd, 0.75 * sys_.duration); }
  LoopRun finish();
  void checkAdvance();
  // The work budget: a step of the running method, an event located, a stick phase.
  void spendStep() {
    ++work_;
    budget_.spend(stepCostOf(driver_.method()));
  }
  void spendOn(double units) {
    ++work_;
    budget_.spend(units);
  }
  void checkBudget();
  [[noreturn]] void stopForBudget() const;
  std::string costCause() const;
  const Trace& trace() const { return recorder_->trace(); }

  const LawEvaluator& law_;
  const SpringBlockSystem& sys_;
  const RunSettings& options_;
  const bool automatic_, adaptive_;
  const Drive& driveModel_;
  DriveCursor drive_;
  Block block_;
  // A true stick state exists where the law holds a force at rest: a stateless law's
  // max(F(0), F(0+)) > 0 (Coulomb's μs·N; Ratel's null-velocity rule holds up to F_C = F(0+)), or a
  // dynamic law's F(0, state) (the θ model), which changes as the state ages at rest. Regularized laws
  // have none, and neither do the other dynamic laws, whose state carries the stick (presliding).
  const double fixedLimit_;  // a stateless law's limit (0 for a dynamic law)
  const bool trueStick_;
  // NOLINTNEXTLINE(bugprone-narrowing-conversions): -INFINITY, a float, widens to double exactly
  double lower_[2] = {-INFINITY, -INFINITY}, upper_[2] = {INFINITY, INFINITY};
  Summary summary_;
  std::optional<Recorder> recorder_;
  MotionWatch watch_;
  State y_{}, y0_{};
  double t_ = 0, dir_ = 1, stickStart_ = 0, slipStart_ = 0;
  bool stuck_ = false;
  AutoMethod method_;
  Driver driver_;
  WorkBudget budget_;
  long long watchEvaluations_ = 0;  // the watch's evaluations the budget has been told of
  long long work_ = 0;              // attempts, located events and stick phases: the advance check's clock
  // The last check of the run's advance (checkAdvance): at this much work, from this time.
  long long nextCheck_ = kAdvanceCheckEvery;
  double checkedAt_ = 0;
  // A law without a true stick state: the direction of the last reversal until v gets reversalNoise_
  // past 0 on either side (0: none pending).
  double pendingReversal_ = 0;
  double reversalNoise_;
  int newtonFailures_ = 0;  // Radau's in a row, and the step they started from
  double stepBeforeFailures_ = 0;
};

SlipStickLoop::SlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys,
                             const RunSettings& options, const Drive& drive, Integrator integrator,
                             bool automatic, double stiffnessRate)
    : law_(law),
      sys_(sys),
      options_(options),
      automatic_(automatic),
      adaptive_(isAdaptive(stepMethodOf(integrator))),
      driveModel_(drive),
      drive_(driveModel_),
      block_{sys, law, &drive_},
      fixedLimit_(law.dynamic() ? 0.0 : std::max(law.forceMagnitude(0, sys.Fn), block_.slipFriction(1, 0))),
      trueStick_(fixedLimit_ > 0 || law.holdsAtRest()),
      watch_(driveModel_, !trueStick_),
      method_(automatic && adaptive_, integrator, stiffMethod(law), stiffnessRate),
      driver_(stepMethodOf(integrator), stepControl(law, sys, options),
              adaptive_ ? firstStepOf(sys) : fixedStepOf(sys, options)),
      budget_(sys.duration, options.workBudget),
      reversalNoise_(kReversalNoise * driver_.control().absolute[kV]) {
  block_.signFollowsVelocity = !trueStick_;
  for (std::size_t i = 0; i < law.stateSize(); ++i) {
    lower_[i] = law.spec().state[i].lower;
    upper_[i] = law.spec().state[i].upper;
  }
  summary_.integrator = integrator;
  startState();
  setStaticLimit(summary_, law, sys, trueStick_ ? staticLimit(y_) : 0.0);
  stepBeforeFailures_ = driver_.step();
  if (!adaptive_) warnIfUnstable(summary_, law, sys, integrator, driver_.step());
  startRecording();
}

// From rest (x0, v0Block, the law's initial state), or in steady sliding at the first drive velocity:
// v = v_d, the state at its steady value, and the spring stretched so that c (X_d − x) balances the
// steady friction (the dashpot carries nothing).
void SlipStickLoop::startState() {
  const LawStateVector initial = law_.initialState();
  const LawStateVector first = options_.initialState ? *options_.initialState : initial;
  y_ = {options_.x0, options_.v0Block, first[0], first[1], 0, 0, 0};
  if (sys_.start == SpringBlockStart::Steady) {
    const double vd = drive_.velocity();
    const LawStateVector steady = law_.dynamic() ? law_.steadyState(vd, sys_.Fn) : LawStateVector{};
    y_[kV] = vd;
    y_[kS0] = steady[0];
    y_[kS1] = steady[1];
    y_[kX] = -block_.friction(1, y_).force / sys_.c;
  }
  y0_ = y_;
  dir_ = y_[kV] < 0 ? -1.0 : 1.0;
  stuck_ = y_[kV] == 0 && trueStick_ && staticLimit(y_) > 0;
  summary_.driveForceMin = summary_.driveForceMax = block_.driveForce(0, y_[kX], y_[kV]);
  summary_.peakVelocity = std::fabs(y_[kV]);
  watch_.startAt(y_[kV]);
}

// The rows: the output grid, with a static-limit column where the run has a static limit.
void SlipStickLoop::startRecording() {
  std::vector<double> changes;
  for (const DriveSegment& segment : driveModel_.segments()) changes.push_back(segment.start);
  recorder_.emplace(outputGrid(options_.samples, sys_.duration, options_.logGrid, changes), law_.stateSize(),
                    !std::isnan(summary_.staticLimit), sys_.speedScale(), options_.progress,
                    options_.modelColumns);
  recorder_->writeUpTo(0, [&](double time) { return rowOf(time, y_); });
}

// The state after resting dt from `from`: x and v fixed, a law's state aged in closed form.
State SlipStickLoop::restingAt(const State& from, double dt) const {
  if (!law_.holdsAtRest() || dt == 0) return from;
  State aged = from;
  const LawStateVector s = law_.restState({from[kS0], from[kS1]}, dt);
  aged[kS0] = s[0];
  aged[kS1] = s[1];
  return aged;
}

// When the stick phase from t_ ends, if before `limit` (else INFINITY). At rest Fd(t) = c (X_d(t) − x)
// + η v_d rises linearly at c·v_d. A fixed limit F_s is reached at tb = t + (F_s − Fd(t))/(c v_d),
// exactly; a limit that grows as the state ages at rest, F(0, s(t)), where |Fd(t)| − F(0, s(t))
// changes sign, located to kEventTolerance.
double SlipStickLoop::breakAwayTime(double limit) const {
  const double Fd = block_.driveForce(t_, y_[kX], 0), slope = sys_.c * drive_.velocity();
  if (std::fabs(Fd) > staticLimit(y_)) return t_;
  if (!law_.holdsAtRest()) return slope > 0 ? t_ + (fixedLimit_ - Fd) / slope : INFINITY;
  auto excess = [&](double time) {
    return std::fabs(block_.driveForce(time, y_[kX], 0)) - staticLimit(restingAt(y_, time - t_));
  };
  const double atStart = excess(t_), atLimit = excess(limit);
  if (!(atLimit > 0)) return INFINITY;
  return t_ + findCrossing([&](double dh) { return excess(t_ + dh); }, 0.0, atStart, limit - t_, atLimit,
                           kEventTolerance);
}

// A stick phase up to `limit` or the break-away. Stick integrals are exact (Fd linear):
//   W += v_d (Fd(t) + Fd(t'))/2 (t' − t),   E_d += η v_d² (t' − t)
void SlipStickLoop::stickPhase(double limit) {
  const double vd = drive_.velocity();
  const double Fd = block_.driveForce(t_, y_[kX], 0);
  const double breakAt = breakAwayTime(limit);
  const double until = std::min(breakAt, limit);
  const double FdUntil = block_.driveForce(until, y_[kX], 0);
  const State from = y_;
  const double t0 = t_;
  y_ = restingAt(from, until - t0);
  y_[kWork] += vd * 0.5 * (Fd + FdUntil) * (until - t0);
  y_[kDashpotLoss] += sys_.eta * vd * vd * (until - t0);
  // The cycle's window opens inside this stick phase: Fd, linear here, is noted where it opens.
  const double cycleFrom = 0.75 * sys_.duration;
  if (t0 < cycleFrom && cycleFrom < until) noteDrive(cycleFrom, block_.driveForce(cycleFrom, y_[kX], 0));
  noteDrive(until, FdUntil);
  t_ = until;
  watch_.rest(t0, t_, y_[kX]);
  recorder_->writeUpTo(t_, [&](double time) { return rowOf(time, restingAt(from, time - t0)); });
  if (breakAt <= limit) {
    stuck_ = false;
    dir_ = block_.driveForce(t_, y_[kX], 0) >= 0 ? 1.0 : -1.0;
    summary_.stickIntervals.push_back({stickStart_, t_});
    slipStart_ = t_;
    event(EventKind::BreakAway);
  }
  drive_.passChangesUpTo(t_);
  spendOn(stepCost::kStick);
}

// One attempted slip step: rejected (with a smaller step), or accepted after the extrema inside it
// are located; where v reaches 0 or a state its bound inside it, the loop stops there instead.
void SlipStickLoop::slipAttempt(double limit) {
  auto rate = [this](double time, const State& s) { return block_.rate(dir_, time, s); };
  const bool cutShort = limit - t_ <= driver_.step();
  const double step = cutShort ? limit - t_ : driver_.step();
  const Attempt trial = driver_.attempt(rate, t_, y_, step, context());
  spendStep();
  // A fixed step has no error control to shrink it: a blow-up ends the run, with the reason.
  if (!adaptive_ &&
      !(std::isfinite(trial.y[kX]) && std::isfinite(trial.y[kV]) && std::isfinite(trial.y[kS0])))
    throw RunStopped(trace(), t_,
                     "The state became non-finite at t = " + formatNumber(t_) + " s: the fixed step of " +
                         approx(step) + " s is unstable for this law" +
                         (summary_.warnings.empty() ? "." : " (" + summary_.warnings.front() + ")"));
  if (!trial.acceptable()) return reject(trial, cutShort);
  // Radau's failures end only where time moves on: a step too small to advance t (v decaying
  // towards a creep of 1e-295 m/s at ~1e-20 s steps) is one more sign that it cannot follow.
  if (t_ + step > t_) newtonFailures_ = 0;
  ++summary_.steps;
  if (stopAtBound(rate, trial)) return;
  // v reaches 0: for a true stick state, against the slip's direction; else a change of sign.
  const bool stops = trueStick_ ? dir_ * trial.y[kV] < 0 && y_[kV] != 0
                                : y_[kV] != 0 && trial.y[kV] != 0 && (trial.y[kV] > 0) != (y_[kV] > 0);
  if (stops) return stop(rate, trial);
  accept(rate, trial, limit, cutShort);
}

// A step that has shrunk to nothing (below 1e-300 s) cannot recover: the error cannot be met here (a
// singularity, or a blow-up), and the run stops rather than spin until the step budget runs out.
// (Steps far below what can move t on do recover at some kinks, as the state changes even where t
// cannot: only a vanished step is final.) Radau's Newton iteration failing kNewtonFailureLimit times
// in a row hands the run to Rosenbrock under `auto`, and stops it when Radau was asked for by name.
void SlipStickLoop::reject(const Attempt& trial, bool cutShort) {
  const double step = trial.h();
  if (!(step >= kCollapsedStep))
    throw RunStopped(trace(), t_,
                     "The step size collapsed to " + approx(step) + " s at t = " + formatNumber(t_) +
                         " s: the state cannot be followed to the tolerance here" +
                         (std::isfinite(trial.y[kV]) ? "." : " (it becomes non-finite)."));
  ++summary_.rejectedSteps;
  driver_.reject(trial);
  if (trial.newtonFailed && ++newtonFailures_ == kNewtonFailureLimit) {
    if (!automatic_)
      throw RunStopped(trace(), t_,
                       "Radau's Newton iteration failed " + std::to_string(kNewtonFailureLimit) +
                           " times in a row at t = " + formatNumber(t_) + " s, down to a step of " +
                           approx(step) +
                           " s: the state changes too abruptly for it here. Choose "
                           "'rosenbrock' or 'auto'.");
    method_.abandonRadau(t_, summary_.integratorSwitches);
    driver_.switchTo(StepMethod::Rosenbrock);
    driver_.setStep(stepBeforeFailures_);
    newtonFailures_ = 0;
  }
  if (newtonFailures_ == 1) stepBeforeFailures_ = step;
  if (!cutShort) changeMethod(step);
}

// The state dh into the step from (t_, y_), by a step of that size taken afresh with the running
// method: the stop and the bound are located on the method's own solution, not on an interpolant.
template <class Rate>
State SlipStickLoop::stepFromHere(const Rate& rate, double dh) {
  spendStep();
  return driver_.plainStep(rate, t_, y_, dh, context());
}

// Extrema inside [t_, t_ + upTo] of the step, on its dense output: |v| peaks where a = 0, Fd peaks
// where dFd/dt = c(v_d − v) − η a = 0. Returns where v peaks (a = 0), or NaN if it does not. The
// accelerations at the step's ends are its slopes where the method evaluated them.
template <class Rate>
double SlipStickLoop::locateExtrema(const Rate& rate, const Attempt& trial, double upTo) {
  const DenseStep<kStateSize>& dense = trial.dense;
  auto acceleration = [&](double time, const State& s) { return rate(time, s)[kV]; };
  auto driveRate = [&](double a, const State& s) {
    return sys_.c * (drive_.velocity() - s[kV]) - sys_.eta * a;
  };
  const State end = upTo == trial.h() ? trial.y : dense.at(t_ + upTo);
  const double a0 = trial.hasStartSlope ? trial.startSlope[kV] : acceleration(t_, y_);
  const double a1 =
      upTo == trial.h() && trial.hasStartSlope ? dense.interpolant.next[kV] : acceleration(t_ + upTo, end);
  double peak = NAN;
  for (int which = 0; which < 2; ++which) {
    auto g = [&](double dh) {
      budget_.spend(stepCost::kLocateEvaluation);
      const State s = dense.at(t_ + dh);
      const double a = acceleration(t_ + dh, s);
      return which == 0 ? a : driveRate(a, s);
    };
    const double g0 = which == 0 ? a0 : driveRate(a0, y_);
    const double g1 = which == 0 ? a1 : driveRate(a1, end);
    if (g0 == 0 || (g0 > 0) == (g1 > 0)) continue;
    const double at = findCrossing(g, 0.0, g0, upTo, g1, kEventTolerance);
    const State s = dense.at(t_ + at);
    ++work_;
    summary_.peakVelocity = std::max(summary_.peakVelocity, std::fabs(s[kV]));
    noteDrive(t_ + at, block_.driveForce(t_ + at, s[kX], s[kV]));
    if (which == 0) {
      peak = at;
      watch_.extremum(t_ + at, s[kV], g0 > 0);
    }
  }
  return peak;
}

// The solution up to `time` inside the step (its dense output), arriving at state `y` there: the
// watch's stretches on either side of v's peak, the rows, then the new state.
void SlipStickLoop::arrive(double time, const State& y, const Attempt& trial, double extremum) {
  const DenseStep<kStateSize>& dense = trial.dense;
  auto velocityAt = [&](double at) { return dense.at(at)[kV]; };
  auto positionAt = [&](double at) { return dense.at(at)[kX]; };
  auto forceAt = [&](double at) {
    const State s = dense.at(at);
    return block_.driveForce(at, s[kX], s[kV]);
  };
  if (std::isnan(extremum)) {
    watch_.stretch(t_, y_[kV], time, y[kV], velocityAt, positionAt, forceAt);
  } else {
    const double peakTime = t_ + extremum, peak = velocityAt(peakTime);
    watch_.stretch(t_, y_[kV], peakTime, peak, velocityAt, positionAt, forceAt);
    watch_.stretch(peakTime, peak, time, y[kV], velocityAt, positionAt, forceAt);
  }
  const long long located = watch_.evaluations();
  budget_.spend(static_cast<double>(located - watchEvaluations_) * stepCost::kDenseEvaluation);
  watchEvaluations_ = located;
  if (pendingReversal_ != 0) settleReversal(y[kV], std::isnan(extremum) ? NAN : velocityAt(t_ + extremum));
  const double from = t_;
  const State start = y_;
  t_ = time;
  y_ = y;
  recorder_->writeUpTo(t_, [&](double at) {
    if (!(at < t_ && at > from)) return rowOf(at, y_);
    const TraceRow row = rowOf(at, dense.at(at));
    if (std::isfinite(row.friction)) return row;
    // A state relaxing far faster than the step (rate-and-state's θ at v/Dc ~ 1e10 1/s) is not followed
    // between the step's ends by its polynomial, which can leave the law's domain (θ < 0: the friction
    // NaN). Such a row takes the state on the straight line between the ends, both accepted steps'.
    State s = dense.at(at);
    const double w = (at - from) / (t_ - from);
    for (std::size_t i = 0; i < law_.stateSize(); ++i)
      s[kS0 + i] = start[kS0 + i] + w * (y_[kS0 + i] - start[kS0 + i]);
    return rowOf(at, s);
  });
  drive_.passChangesUpTo(t_);
}

// v reaches 0 inside the step: locate it by re-stepping (on Radau's polynomial, its dense output), take
// a true step there, then stick if the drive is within the static limit, else reverse. Where the state
// changes course the solution continues from a step as accurate as the others, not from the
// interpolant.
template <class Rate>
void SlipStickLoop::stop(const Rate& rate, const Attempt& trial) {
  const bool onPolynomial = driver_.method() == StepMethod::Radau;
  auto velocity = [&](double dh) {
    if (onPolynomial) return trial.dense.at(t_ + dh)[kV];
    return stepFromHere(rate, dh)[kV];
  };
  const double hit = findCrossing(velocity, 0.0, y_[kV], trial.h(), trial.y[kV], kEventTolerance);
  State landed = onPolynomial ? trial.dense.at(t_ + hit) : stepFromHere(rate, hit);
  if (onPolynomial) {  // a true Radau step to the stop, where its Newton iteration converges
    driver_.restart();
    spendStep();
    const Attempt exact = driver_.attempt(rate, t_, y_, hit, context());
    if (!exact.newtonFailed) landed = exact.y;
  }
  driver_.restart();
  landed[kV] = 0;
  const double extremum = locateExtrema(rate, trial, hit);
  arrive(t_ + hit, projected(landed), trial, extremum);
  const double Fd = block_.driveForce(t_, y_[kX], 0);
  noteDrive(t_, Fd);
  const double hold = trueStick_ ? staticLimit(y_) : 0.0;
  if (std::fabs(Fd) <= hold && hold > 0) {
    stuck_ = true;
    summary_.slipIntervals.push_back({slipStart_, t_});
    stickStart_ = t_;
    event(EventKind::Stick);
    return;
  }
  // On from rest the way the net force pushes: for a true stick state the drive beyond the limit;
  // else the acceleration at v = 0 (LuGre's bristles may push against the drive).
  const double push = trueStick_ ? Fd : rate(t_, y_)[kV];
  const double before = dir_;
  dir_ = push > 0 ? 1.0 : push < 0 ? -1.0 : -dir_;
  if (trueStick_) return event(EventKind::Reversal);
  if (dir_ != before) noteSignChange();  // else v touched 0 and goes on the way it went
}

// A law without a true stick state reverses where v changes sign, but a change of sign within the
// solution's error of v is none: at a loose tolerance Dormand–Prince's v, creeping at 1e-5 m/s on
// Drake's stiction slope with an absolute tolerance of 1e-6 m/s, dipped across 0 and back. A
// reversal counts once v reaches kReversalNoise absolute tolerances on its new side (settleReversal);
// v crossing back first takes it back, and the crossing back is none either.
void SlipStickLoop::noteSignChange() {
  if (pendingReversal_ != 0) {
    if (dir_ != pendingReversal_) {
      summary_.events.pop_back();
      pendingReversal_ = 0;
    }
    return;
  }
  event(EventKind::Reversal);
  pendingReversal_ = dir_;
}

// A pending reversal after the stretch that reached `end` (and `peak`, NaN if none): confirmed once v
// is past the noise on its new side, taken back once v is past it on the old side.
void SlipStickLoop::settleReversal(double end, double peak) {
  const double ahead =
      std::isnan(peak) ? pendingReversal_ * end : std::max(pendingReversal_ * end, pendingReversal_ * peak);
  const double back = std::isnan(peak) ? -pendingReversal_ * end
                                       : std::max(-pendingReversal_ * end, -pendingReversal_ * peak);
  if (ahead >= reversalNoise_) {
    pendingReversal_ = 0;
  } else if (back >= reversalNoise_) {
    summary_.events.pop_back();
    pendingReversal_ = 0;
  }
}

// A state variable reaches the bound its exact flow holds, where its rate jumps (the θ model's θ = 0,
// below which renewal stops): the step ends there, so that no step integrates across the jump, which
// would cost the tolerance's accuracy (the switch times of a θ run then converge only to ~1e-6). The
// instant is located on fresh steps from t_, not on an interpolant that straddles the jump. Unless v
// changes sign first (then stop() ends the step).
template <class Rate>
bool SlipStickLoop::stopAtBound(const Rate& rate, const Attempt& trial) {
  for (std::size_t i = 0; i < law_.stateSize(); ++i) {
    const std::size_t k = kS0 + i;
    const double bound = y_[k] > lower_[i] && trial.y[k] < lower_[i]   ? lower_[i]
                         : y_[k] < upper_[i] && trial.y[k] > upper_[i] ? upper_[i]
                                                                       : NAN;
    if (std::isnan(bound)) continue;
    auto beyond = [&](double dh) { return stepFromHere(rate, dh)[k] - bound; };
    const double hit =
        findCrossing(beyond, 0.0, y_[k] - bound, trial.h(), trial.y[k] - bound, kEventTolerance);
    spendStep();
    driver_.restart();
    const Attempt landed = driver_.attempt(rate, t_, y_, hit, context());
    if (dir_ * landed.y[kV] <= 0) return false;  // the slip ended first
    const double extremum = locateExtrema(rate, landed, hit);
    State y = landed.y;
    y[k] = bound;
    arrive(t_ + hit, projected(y), landed, extremum);
    noteDrive(t_, block_.driveForce(t_, y_[kX], y_[kV]));
    driver_.restart();
    return true;
  }
  return false;
}

template <class Rate>
void SlipStickLoop::accept(const Rate& rate, const Attempt& trial, double limit, bool cutShort) {
  const double extremum = locateExtrema(rate, trial, trial.h());
  State y = projected(trial.y);
  if (trueStick_ && dir_ * y[kV] < 0) y[kV] = 0;  // a start from rest that wobbled by rounding
  if (!trueStick_ && y[kV] != 0) dir_ = y[kV] > 0 ? 1.0 : -1.0;
  const double time = cutShort ? limit : t_ + trial.h();
  summary_.peakVelocity = std::max(summary_.peakVelocity, std::fabs(y[kV]));
  noteDrive(time, block_.driveForce(time, y[kX], y[kV]));
  arrive(time, y, trial, extremum);
  noteDrive(t_, block_.driveForce(t_, y_[kX], y_[kV]));  // after a change of v_d the dashpot's force jumps
  driver_.accept(trial, cutShort);
  if (!cutShort) changeMethod(trial.h());
}

// After an attempted step: let `auto` judge the costs; a change of method resumes the new one at its
// own last step size.
void SlipStickLoop::changeMethod(double step) {
  if (!method_.note(step, t_, summary_.integratorSwitches)) return;
  driver_.switchTo(stepMethodOf(method_.running()));
}

TraceRow SlipStickLoop::rowOf(double t, const State& unprojected) const {
  const State y = projected(unprojected);
  TraceRow row;
  const double F = block_.friction(dir_, y).force;
  row.t = t;
  row.x = y[kX];
  row.v = y[kV];
  row.spring = block_.driveForce(t, y[kX], y[kV]);
  row.friction = stuck_ ? row.spring : F;
  row.kinetic = std::fabs(F);
  row.staticLimit = law_.holdsAtRest() ? staticLimit(y) : summary_.staticLimit;
  row.drivePosition = block_.drivePosition(t);
  row.state[0] = y[kS0];
  row.state[1] = y[kS1];
  return row;
}

// Every kAdvanceCheckEvery steps: the progress hook hears where the run is (rows may be far apart when
// steps are tiny, and a caller's time budget or Cancel needs to be asked), and a run whose steps no
// longer move time on stops with the reason instead of spending its step budget standing still. Seen:
// rate-and-state's classic form re-sticking (F → −∞ as v → 0) on a 1 g block, where Radau's Newton
// iteration gives up and Rosenbrock then took 20 million steps (38 s) without moving time on.
void SlipStickLoop::checkAdvance() {
  if (options_.progress) options_.progress(t_ / sys_.duration);
  if (t_ - checkedAt_ < kLeastAdvance * sys_.duration)
    throw RunStopped(trace(), t_,
                     "The run stalled at t = " + formatNumber(t_) +
                         " s: " + formatNumber(double(kAdvanceCheckEvery)) + " steps moved it on by " +
                         approx(t_ - checkedAt_) +
                         " s; the state changes too abruptly to be "
                         "followed here (the law's force may diverge as v reaches 0).");
  checkedAt_ = t_;
  nextCheck_ = work_ + kAdvanceCheckEvery;
}

// At each of the budget's checkpoints (every 1/256 of it): the progress hook hears where the run is
// (a caller's clock or Cancel is asked however far apart the rows), then the budget judges the pace.
void SlipStickLoop::checkBudget() {
  if (options_.progress) options_.progress(t_ / sys_.duration);
  if (budget_.mustStop(t_)) stopForBudget();
}

// A run its work budget stopped, with the trace so far and what made it costly.
void SlipStickLoop::stopForBudget() const {
  const bool stiffMethodRunning =
      driver_.method() == StepMethod::Radau || driver_.method() == StepMethod::Rosenbrock;
  const std::string change =
      !adaptive_ ? "give the fixed step a larger size (or choose 'auto')."
      : automatic_ || stiffMethodRunning
          ? "loosen the tolerance."
          : "loosen the tolerance, or choose 'auto' (which changes to an implicit method "
            "where the slip is stiff).";
  throw RunStopped(trace(), t_, budgetMessage(budget_.overrun(t_), costCause(), change));
}

// What made the run costly: its steps against the slip's fastest rate, a dynamic law's state rate at
// the run's peak speed (for rate-and-state v/Dc), and how often it met an event.
std::string SlipStickLoop::costCause() const {
  const double steps = std::max(1.0, static_cast<double>(summary_.steps));
  std::string text =
      "Its " + std::to_string(summary_.steps) + " steps so far average " + approx(t_ / steps) + " s";
  const Stiffness stiffness = slipStiffness(law_, sys_);
  if (stiffness.rate > 0)
    text += "; the slip's fastest rate is " + approx(stiffness.rate) + " 1/s, set by " + stiffness.cause;
  const double stateRate = stateRelaxationRate(law_, summary_.peakVelocity, sys_.Fn);
  if (stateRate > 0)
    text += "; at its peak speed, " + approx(summary_.peakVelocity) + " m/s, the law's state relaxes at " +
            approx(stateRate) + " 1/s (for rate-and-state v/Dc)";
  const std::size_t events = summary_.events.size();
  if (events > 0)
    text += "; it met " + std::to_string(events) + " stick, break-away and reversal events, one every " +
            approx(t_ / static_cast<double>(events)) + " s";
  return text + ".";
}

// The last interval, the energy books (W = ΔKE + ΔPE + friction and dashpot dissipation, whose
// residual measures the integration error, relative to W, or with the drive at rest (W = 0) to the energy
// the block started with) and the facts for the analysis.
LoopRun SlipStickLoop::finish() {
  if (pendingReversal_ != 0) summary_.events.pop_back();  // v never left the noise on its new side
  (stuck_ ? summary_.stickIntervals : summary_.slipIntervals)
      .push_back({stuck_ ? stickStart_ : slipStart_, t_});
  const double e0 = -y0_[kX], e1 = drive_.position(t_) - y_[kX];
  const double kinetic = 0.5 * sys_.m * (y_[kV] * y_[kV] - y0_[kV] * y0_[kV]);
  const double spring = 0.5 * sys_.c * (e1 * e1 - e0 * e0);
  summary_.driveWork = y_[kWork];
  summary_.dissipated = y_[kFrictionLoss];
  summary_.dashpotDissipated = y_[kDashpotLoss];
  const double imbalance = y_[kWork] - kinetic - spring - y_[kFrictionLoss] - y_[kDashpotLoss];
  const double started = 0.5 * sys_.m * y0_[kV] * y0_[kV] + 0.5 * sys_.c * e0 * e0;
  summary_.energyResidual = std::fabs(imbalance) / energyScale(y_[kWork], started);
  LoopRun out;
  out.facts = watch_.finish(y_[kX], y_[kV], summary_.stickIntervals, summary_.slipIntervals, summary_.events);
  if (!trueStick_) summary_.nearRestThreshold = out.facts.nearRestThreshold;
  out.result.summary = std::move(summary_);
  out.result.trace = recorder_->take();
  return out;
}

}  // namespace

Integrator stiffMethod(const LawEvaluator& law) {
  return law.holdsAtRest() ? Integrator::Rosenbrock : Integrator::Radau;
}

LoopRun runSlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                         const Drive& drive, Integrator integrator, bool automatic, double stiffnessRate) {
  return SlipStickLoop(law, sys, options, drive, integrator, automatic, stiffnessRate).run();
}

}  // namespace friction
