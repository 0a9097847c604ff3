// The event-driven spring-block loop (slip_stick_loop.h).

#include "system/slip_stick_loop.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "friction/constants.h"
#include "friction/errors.h"
#include "numerics/dormand_prince.h"
#include "numerics/radau.h"
#include "numerics/rk4.h"
#include "numerics/rosenbrock.h"
#include "system/slip_equations.h"

namespace friction {
namespace {

// An adaptive step below this has collapsed [s] (see SlipStickLoop::reject).
constexpr double kCollapsedStep = 1e-300;
// Events (stops, extrema) are located to this [s].
constexpr double kEventTolerance = 1e-12;
// Radau's Newton iteration may fail this often in a row before it is given up (see reject).
constexpr int kNewtonFailureLimit = 40;
// Every this many steps the run must have advanced by kLeastAdvance of its duration (checkAdvance).
constexpr long long kAdvanceCheckEvery = 100'000;
constexpr double kLeastAdvance = 1e-12;

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

// `auto` also changes method inside a run when the one running is far costlier than the other would
// be. Neither cost can be known in advance: an implicit method's steps follow accuracy but shrink
// wherever the law's Jacobian changes abruptly (before the loop stepped across LuGre's |v| kink as an
// event, Rosenbrock took 7·10⁶ steps and 10 s there, where Dormand–Prince needed 0.1 s), while
// Dormand–Prince is held to its stability bound 3.3/λ where the friction is steep. So the costs are
// measured: every kProbeEvery windows of kWindow attempted steps, the other method runs one window,
// and whichever did the less work per simulated second, (steps' work)/(mean attempted step), is
// kept. A Radau step costs about 2.5 Dormand–Prince steps (a Jacobian, a 12×12 LU and two or three
// Newton sweeps of three evaluations, against six stages; measured 2.2 against 0.8 µs natively).
// Dormand–Prince is probed only where Radau is far costlier, ten times the work Dormand–Prince would
// do at its stability bound h_DP = 3.3/λ (λ: the slip equations' fastest rate): short of that the
// probe could win little, and Dormand–Prince's steps at the edge of its stability region keep the
// energy balance worse than an implicit method's (Drake's Stribeck law: 5e-8 of the drive work
// against 1e-11).
class AutoMethod {
 public:
  static constexpr int kWindow = 400;
  static constexpr int kProbeEvery = 8;
  static constexpr double kFarCostlier = 10;

  AutoMethod(bool enabled, Integrator first, Integrator stiff, double stiffnessRate)
      : enabled_(enabled),
        kept_(first),
        running_(first),
        stiff_(stiff),
        leastExplicitWork_(stiffnessRate / 3.3) {}
  Integrator running() const { return running_; }

  /// Radau's Newton iteration cannot follow the state (a creep that explodes into slip on a scale of
  /// 1e-295 m/s): Rosenbrock, which solves linear systems instead of iterating, becomes the stiff
  /// method for the rest of the run, from t on.
  void abandonRadau(double t, std::vector<IntegratorSwitch>& switches) {
    stiff_ = Integrator::Rosenbrock;
    kept_ = running_ = Integrator::Rosenbrock;
    attempts_ = 0;
    windows_ = 0;
    stepSum_ = 0;
    if (switches.size() < kMaxSwitches) switches.push_back({t, kept_});
  }

  /// Notes an attempted step of size h at time t (not a short step to the output grid); returns
  /// true when the method running changes, and records each method adopted in `switches`.
  bool note(double h, double t, std::vector<IntegratorSwitch>& switches) {
    if (!enabled_) return false;
    stepSum_ += h;
    if (++attempts_ < kWindow) return false;
    const Integrator before = running_;
    endWindow(stepSum_ / attempts_, t, switches);
    stepSum_ = 0;
    attempts_ = 0;
    return running_ != before;
  }

 private:
  static double work(Integrator method, double meanStep) {
    return (method == Integrator::Radau ? 2.5 : method == Integrator::Rosenbrock ? 3.0 : 1.0) / meanStep;
  }
  Integrator other(Integrator method) const { return method == stiff_ ? Integrator::DormandPrince : stiff_; }

  void endWindow(double meanStep, double t, std::vector<IntegratorSwitch>& switches) {
    if (running_ == kept_) {
      keptMean_ = meanStep;
      if (++windows_ < kProbeEvery) return;
      windows_ = 0;
      if (kept_ == stiff_ && work(kept_, meanStep) <= kFarCostlier * leastExplicitWork_) return;
      probeStart_ = t;
      running_ = other(kept_);  // probe the other method
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
  Integrator kept_, running_, stiff_;
  double leastExplicitWork_;  // 1/h_DP: Dormand–Prince's work per simulated second at its stability bound
  double keptMean_ = 0, stepSum_ = 0, probeStart_ = 0;
  int attempts_ = 0, windows_ = 0;
};

// One attempted slip step: the state at its end, its error norm (≤ 1 to accept), the step size
// proposed next, and its dense output: Radau's step with its collocation polynomial (when Radau ran),
// adaptive Dormand–Prince's continuous extension, or adaptive Rosenbrock's cubic Hermite interpolant.
struct Trial {
  State y{}, error{};  // error: an explicit method's estimate y5 − y4
  double err = 0, proposed = 0;
  RadauStep<kStateSize> implicit;
  std::optional<DenseEmbeddedStep<kStateSize>> explicitDense;
};

class SlipStickLoop {
 public:
  SlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys, const SpringBlockOptions& options,
                Integrator integrator, bool automatic, double stiffnessRate);

  SpringBlockResult run() {
    while (t_ < sys_.duration) {
      if (work_ > kMaxWork)
        throw RunStopped(result_.trace, t_,
                         "The run exceeded its budget of " + formatNumber(double(kMaxWork)) +
                             " steps at t = " + formatNumber(t_) +
                             " s; shorten the duration or loosen the tolerance.");
      if (work_ >= nextCheck_) checkAdvance();
      if (stuck_)
        stickPhase(stepLimit());
      else
        slipAttempt(stepLimit());
    }
    finish();
    return std::move(result_);
  }

 private:
  // Set-up
  void startState();
  // Phases and steps
  double stepLimit() const;
  void stickPhase(double limit);
  void slipAttempt(double limit);
  template <class Rate>
  Trial attempt(Integrator running, const Rate& rate, double step);
  template <class Rate>
  Trial explicitTrial(Integrator running, const Rate& rate, double step);
  template <class Rate>
  State rateAtStart(const Rate& rate) const;
  bool hasDenseOutput(Integrator running) const {
    return running == Integrator::Radau ||
           (adaptive_ && (running == Integrator::DormandPrince || running == Integrator::Rosenbrock));
  }
  void reject(const Trial& trial, Integrator running, double step, bool toGrid);
  template <class Rate>
  void locateExtrema(Integrator running, const Rate& rate, const Trial& trial, double step);
  template <class Rate>
  void stop(Integrator running, const Rate& rate, const Trial& trial, double step);
  template <class Rate>
  Trial exactStep(Integrator running, const Rate& rate, double dh);
  template <class Rate>
  bool stopAtBound(Integrator running, const Rate& rate, const Trial& trial, double step);
  void accept(const Trial& trial, Integrator running, double step, double limit, bool toGrid);
  template <class Rate>
  State after(Integrator running, const Rate& rate, const Trial& trial, double dh);
  void changeMethod(Integrator running, double step);
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
  double rowTime(int i) const { return i == options_.samples - 1 ? sys_.duration : i * outputStep_; }
  template <class StateAt>
  void emitRowsAt(double upTo, const StateAt& stateAt);
  void emitRows(double upTo, const Trial& trial, Integrator running);
  void record(double t, const State& y);
  void event(EventKind kind);
  void noteDrive(double t, double Fd) { result_.summary.noteDriveForce(t, Fd, 0.75 * sys_.duration); }
  void finish();
  void checkAdvance();

  static int orderOf(Integrator method) { return method == Integrator::Rosenbrock ? 4 : 5; }

  const LawEvaluator& law_;
  const SpringBlockSystem& sys_;
  const SpringBlockOptions& options_;
  const bool automatic_, adaptive_;
  Drive drive_;
  Block block_;
  // A true stick state exists where the law holds a force at rest: a stateless law's
  // max(F(0), F(0+)) > 0 (Coulomb's μs·N; Ratel's null-velocity rule holds up to F_C = F(0+)), or a
  // dynamic law's F(0, state) (the θ model), which changes as the state ages at rest. Regularized laws
  // have none, and neither do the other dynamic laws, whose state carries the stick (presliding).
  const double fixedLimit_;  // a stateless law's limit (0 for a dynamic law)
  const bool trueStick_;
  // NOLINTNEXTLINE(bugprone-narrowing-conversions): -INFINITY, a float, widens to double exactly
  double lower_[2] = {-INFINITY, -INFINITY}, upper_[2] = {INFINITY, INFINITY};
  const double outputStep_;
  SpringBlockResult result_;
  State y_{}, y0_{};
  double t_ = 0, dir_ = 1, stickStart_ = 0, slipStart_ = 0;
  bool stuck_ = false;
  int nextRow_ = 1, eventRows_ = 0;
  AutoMethod method_;
  double stepOf_[2] = {0, 0};  // the last step size of Dormand–Prince [0] and the implicit method [1]
  Vec<kDynamic> scale_, tolerances_;
  RadauIntegrator<kDynamic, kStateSize> radau_;
  double h_ = 0;
  // First same as last: a dense explicit step ends with the rate there, f(t + h, y₁) (DOPRI5's k₇, the
  // Hermite interpolant's end slope), which is the next step's f(t, y) when that step starts exactly
  // where this one ended, in the same slip direction and drive segment (the rate's other inputs).
  struct EndRate {
    double t = NAN, dir = 0;
    std::size_t segment = 0;
    State y{}, f{};
  } endRate_;
  long long work_ = 0;
  // The last check of the run's advance (checkAdvance): at this much work, from this time.
  long long nextCheck_ = kAdvanceCheckEvery;
  double checkedAt_ = 0;
  int newtonFailures_ = 0;  // Radau's in a row, and the step they started from
  double stepBeforeFailures_ = 0;
};

// Magnitudes below which the implicit methods' Jacobians perturb x, v and the state as if they were
// that size (jacobianScale). Absolute tolerances: the caller's, except on v for a law that creeps at
// rest far below it (regularized rate-and-state, ~1e-32 m/s): there v is held to a thousandth of the
// creep speed, or the error control could not see the creep accelerate into slip.
Vec<kDynamic> absoluteTolerances(const LawEvaluator& law, const SpringBlockOptions& options) {
  Vec<kDynamic> tolerances;
  tolerances.fill(options.absoluteTolerance);
  if (law.creepSpeed() > 0) tolerances[kV] = std::min(options.absoluteTolerance, 1e-3 * law.creepSpeed());
  return tolerances;
}

SlipStickLoop::SlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys,
                             const SpringBlockOptions& options, Integrator integrator, bool automatic,
                             double stiffnessRate)
    : law_(law),
      sys_(sys),
      options_(options),
      automatic_(automatic),
      adaptive_(integrator == Integrator::DormandPrince || integrator == Integrator::Rosenbrock ||
                integrator == Integrator::Radau),
      drive_(sys),
      block_{sys, law, &drive_},
      fixedLimit_(law.dynamic() ? 0.0 : std::max(law.forceMagnitude(0, sys.Fn), block_.slipFriction(1, 0))),
      trueStick_(fixedLimit_ > 0 || law.holdsAtRest()),
      outputStep_(sys.duration / (options.samples - 1)),
      method_(automatic && adaptive_, integrator, stiffMethod(law), stiffnessRate),
      scale_(jacobianScale(law, sys)),
      tolerances_(absoluteTolerances(law, options)),
      radau_(options.relativeTolerance, tolerances_) {
  block_.signFollowsVelocity = !trueStick_;
  for (std::size_t i = 0; i < law.stateSize(); ++i) {
    lower_[i] = law.spec().state[i].lower;
    upper_[i] = law.spec().state[i].upper;
  }
  SpringBlockSummary& summary = result_.summary;
  summary.integrator = integrator;
  result_.trace.state.resize(law.stateSize());
  startState();
  setStaticLimit(summary, law, sys, trueStick_ ? staticLimit(y_) : 0.0);
  // First step: a small fraction of the fastest natural time, grown by the error control; a fixed
  // step: 1/200 of the spring's period, or the caller's.
  const double omega = std::sqrt(sys.c / sys.m);
  const double fixedStep = options.step > 0
                               ? options.step
                               : std::min(outputStep_, omega > 0 ? 2 * kPi / omega / 200 : outputStep_);
  h_ = adaptive_ ? std::min(outputStep_, omega > 0 ? 1e-3 / omega : 1e-3 * sys.duration) : fixedStep;
  stepBeforeFailures_ = h_;
  if (!adaptive_) warnIfUnstable(summary, law, sys, integrator, fixedStep);
  record(0, y_);
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
  result_.summary.driveForceMin = result_.summary.driveForceMax = block_.driveForce(0, y_[kX], y_[kV]);
  result_.summary.peakVelocity = std::fabs(y_[kV]);
}

// Steps end at the next change of the drive velocity (no stage may read across it) and at the end;
// a method without dense output (the fixed-step schemes) also at the next output row. Radau's rows
// come from its collocation polynomial, adaptive Dormand–Prince's from its continuous extension and
// adaptive Rosenbrock's from its Hermite interpolant, so their steps follow accuracy alone (2000 rows
// cost no steps).
double SlipStickLoop::stepLimit() const {
  double limit = std::min(sys_.duration, drive_.nextChange());
  if (!stuck_ && !hasDenseOutput(method_.running()) && nextRow_ < options_.samples)
    limit = std::min(limit, rowTime(nextRow_));
  return limit;
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
  emitRowsAt(t_, [&](double time) { return restingAt(from, time - t0); });
  if (breakAt <= limit) {
    stuck_ = false;
    dir_ = block_.driveForce(t_, y_[kX], 0) >= 0 ? 1.0 : -1.0;
    result_.summary.stickIntervals.push_back({stickStart_, t_});
    slipStart_ = t_;
    event(EventKind::BreakAway);
  }
  drive_.passChangesUpTo(t_);
  ++work_;
}

// One attempted slip step: rejected (with a smaller step), or accepted after the extrema inside it
// are located; where v reaches 0 inside it, the loop stops there instead.
void SlipStickLoop::slipAttempt(double limit) {
  auto rate = [this](double time, const State& s) { return block_.rate(dir_, time, s); };
  const bool toGrid = limit - t_ <= h_;
  const double step = toGrid ? limit - t_ : h_;
  const Integrator running = method_.running();
  const Trial trial = attempt(running, rate, step);
  ++work_;
  // A fixed step has no error control to shrink it: a blow-up ends the run, with the reason.
  if (!adaptive_ &&
      !(std::isfinite(trial.y[kX]) && std::isfinite(trial.y[kV]) && std::isfinite(trial.y[kS0])))
    throw RunStopped(
        result_.trace, t_,
        "The state became non-finite at t = " + formatNumber(t_) + " s: the fixed step of " + approx(step) +
            " s is unstable for this law" +
            (result_.summary.warnings.empty() ? "." : " (" + result_.summary.warnings.front() + ")"));
  if (!(trial.err <= 1)) return reject(trial, running, step, toGrid);
  // Radau's failures end only where time moves on: a step too small to advance t (v decaying
  // towards a creep of 1e-295 m/s at ~1e-20 s steps) is one more sign that it cannot follow.
  if (t_ + step > t_) newtonFailures_ = 0;
  ++result_.summary.steps;
  if (stopAtBound(running, rate, trial, step)) return;
  locateExtrema(running, rate, trial, step);
  // v reaches 0: for a true stick state, against the slip's direction; else a change of sign.
  const bool stops = trueStick_ ? dir_ * trial.y[kV] < 0 && y_[kV] != 0
                                : y_[kV] != 0 && trial.y[kV] != 0 && (trial.y[kV] > 0) != (y_[kV] > 0);
  if (stops) return stop(running, rate, trial, step);
  accept(trial, running, step, limit, toGrid);
}

// Radau carries its own error norm, step proposal and dense output; the others are judged here.
template <class Rate>
Trial SlipStickLoop::attempt(Integrator running, const Rate& rate, double step) {
  Trial trial;
  if (running == Integrator::Radau) {
    trial.implicit = radau_.step(rate, t_, y_, step, scale_);
    trial.y = trial.implicit.y;
    trial.err = trial.implicit.converged ? trial.implicit.err : INFINITY;
    trial.proposed = trial.implicit.nextStep;
    return trial;
  }
  trial = explicitTrial(running, rate, step);
  const EmbeddedStep<kStateSize> explicitStep{trial.y, trial.error};
  trial.err =
      adaptive_ ? errorNorm<kDynamic>(y_, explicitStep, options_.relativeTolerance, tolerances_) : 0.0;
  trial.proposed =
      adaptive_ ? nextStepSize(step, std::isfinite(trial.err) ? trial.err : 1e10, orderOf(running)) : step;
  return trial;
}

// f(t_, y_): the last dense step's end rate where this step starts there (endRate_), else evaluated.
// Bitwise the same either way: the same function of the same inputs.
template <class Rate>
State SlipStickLoop::rateAtStart(const Rate& rate) const {
  const EndRate& end = endRate_;
  // The same bits, not equal values: −0 and +0 differ and a NaN matches itself, as == would not have
  // it; a double has no padding, so its bytes are its value.
  const bool same = end.t == t_ && end.dir == dir_ && end.segment == drive_.segment &&
                    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison): bitwise on purpose (above)
                    std::memcmp(end.y.data(), y_.data(), sizeof(State)) == 0;
  return same ? end.f : rate(t_, y_);
}

// A step from (t_, y_) by a method other than Radau: adaptive Dormand–Prince's with its continuous
// extension (the same seven stages), adaptive Rosenbrock's with its Hermite interpolant, each starting
// from the last one's end rate (first same as last); the others' plain.
template <class Rate>
Trial SlipStickLoop::explicitTrial(Integrator running, const Rate& rate, double step) {
  Trial trial;
  if (adaptive_ && (running == Integrator::DormandPrince || running == Integrator::Rosenbrock)) {
    const State f0 = rateAtStart(rate);
    trial.explicitDense = running == Integrator::DormandPrince
                              ? dormandPrinceDenseStep(rate, t_, y_, f0, step)
                              : rosenbrockDenseStep<kDynamic>(rate, t_, y_, step, scale_, f0);
    trial.y = trial.explicitDense->step.y;
    trial.error = trial.explicitDense->step.error;
    endRate_ = {t_ + step, dir_, drive_.segment, trial.y, trial.explicitDense->next};
    return trial;
  }
  const EmbeddedStep<kStateSize> plain = slipStep(running, rate, t_, y_, step, scale_);
  trial.y = plain.y;
  trial.error = plain.error;
  return trial;
}

// A step that has shrunk to nothing (below 1e-300 s) cannot recover: the error cannot be met here (a
// singularity, or a blow-up), and the run stops rather than spin until the step budget runs out.
// (Steps far below what can move t on do recover at some kinks, as the state changes even where t
// cannot: only a vanished step is final.) Radau's Newton iteration failing kNewtonFailureLimit times
// in a row hands the run to Rosenbrock under `auto`, and stops it when Radau was asked for by name.
void SlipStickLoop::reject(const Trial& trial, Integrator running, double step, bool toGrid) {
  if (!(step >= kCollapsedStep))
    throw RunStopped(result_.trace, t_,
                     "The step size collapsed to " + approx(step) + " s at t = " + formatNumber(t_) +
                         " s: the state cannot be followed to the tolerance here" +
                         (std::isfinite(trial.y[kV]) ? "." : " (it becomes non-finite)."));
  ++result_.summary.rejectedSteps;
  h_ = trial.proposed;
  if (running == Integrator::Radau && !trial.implicit.converged && ++newtonFailures_ == kNewtonFailureLimit) {
    if (!automatic_)
      throw RunStopped(result_.trace, t_,
                       "Radau's Newton iteration failed " + std::to_string(kNewtonFailureLimit) +
                           " times in a row at t = " + formatNumber(t_) + " s, down to a step of " +
                           approx(step) +
                           " s: the state changes too abruptly for it here. Choose "
                           "'rosenbrock' or 'auto'.");
    method_.abandonRadau(t_, result_.summary.integratorSwitches);
    h_ = stepBeforeFailures_;
    newtonFailures_ = 0;
  }
  if (newtonFailures_ == 1) stepBeforeFailures_ = step;
  if (!toGrid) changeMethod(running, step);
}

// The state dh into the step: Radau's collocation polynomial, else a step of that size.
template <class Rate>
State SlipStickLoop::after(Integrator running, const Rate& rate, const Trial& trial, double dh) {
  ++work_;
  return running == Integrator::Radau ? trial.implicit.dense.at(t_ + dh)
                                      : slipStep(running, rate, t_, y_, dh, scale_).y;
}

// Extrema inside the step: |v| peaks where a = 0, Fd peaks where dFd/dt = c(v_d − v) − η a = 0.
template <class Rate>
void SlipStickLoop::locateExtrema(Integrator running, const Rate& rate, const Trial& trial, double step) {
  auto acceleration = [&](double time, const State& s) { return rate(time, s)[kV]; };
  auto driveRate = [&](double time, const State& s) {
    return sys_.c * (drive_.velocity() - s[kV]) - sys_.eta * acceleration(time, s);
  };
  for (int which = 0; which < 2; ++which) {
    auto g = [&](double dh) {
      const State s = dh == 0 ? y_ : after(running, rate, trial, dh);
      return which == 0 ? acceleration(t_ + dh, s) : driveRate(t_ + dh, s);
    };
    const double g0 = g(0),
                 g1 = which == 0 ? acceleration(t_ + step, trial.y) : driveRate(t_ + step, trial.y);
    if (g0 == 0 || (g0 > 0) == (g1 > 0)) continue;
    const double at = findCrossing(g, 0.0, g0, step, g1, kEventTolerance);
    const State s = after(running, rate, trial, at);
    result_.summary.peakVelocity = std::max(result_.summary.peakVelocity, std::fabs(s[kV]));
    noteDrive(t_ + at, block_.driveForce(t_ + at, s[kX], s[kV]));
  }
}

// v reaches 0 inside the step: locate it (on Radau's polynomial, or by re-stepping), take a true step
// there, then stick if the drive is within the static limit, else reverse. Where the state changes
// course the solution continues from a step as accurate as the others, not from the interpolant.
template <class Rate>
void SlipStickLoop::stop(Integrator running, const Rate& rate, const Trial& trial, double step) {
  auto velocity = [&](double dh) { return after(running, rate, trial, dh)[kV]; };
  const double hit = findCrossing(velocity, 0.0, y_[kV], step, trial.y[kV], kEventTolerance);
  State landed = trial.y;
  if (running == Integrator::Radau) {
    radau_.restart();
    const RadauStep<kStateSize> exact = radau_.step(rate, t_, y_, hit, scale_);
    landed = exact.converged ? exact.y : trial.implicit.dense.at(t_ + hit);
  } else {
    landed = after(running, rate, trial, hit);
  }
  radau_.restart();
  landed[kV] = 0;
  t_ += hit;
  y_ = projected(landed);
  emitRows(t_, trial, running);
  drive_.passChangesUpTo(t_);
  const double Fd = block_.driveForce(t_, y_[kX], 0);
  noteDrive(t_, Fd);
  SpringBlockSummary& summary = result_.summary;
  const double hold = trueStick_ ? staticLimit(y_) : 0.0;
  if (std::fabs(Fd) <= hold && hold > 0) {
    stuck_ = true;
    summary.slipIntervals.push_back({slipStart_, t_});
    stickStart_ = t_;
    event(EventKind::Stick);
    return;
  }
  // On from rest the way the net force pushes: for a true stick state the drive beyond the limit;
  // else the acceleration at v = 0 (LuGre's bristles may push against the drive).
  const double push = trueStick_ ? Fd : rate(t_, y_)[kV];
  dir_ = push > 0 ? 1.0 : push < 0 ? -1.0 : -dir_;
  event(EventKind::Reversal);
}

// A step of size dh from (t_, y_) taken afresh (Radau's with its polynomial), not interpolated.
template <class Rate>
Trial SlipStickLoop::exactStep(Integrator running, const Rate& rate, double dh) {
  ++work_;
  Trial exact;
  if (running != Integrator::Radau) return explicitTrial(running, rate, dh);
  radau_.restart();
  exact.implicit = radau_.step(rate, t_, y_, dh, scale_);
  exact.y = exact.implicit.y;
  return exact;
}

// A state variable reaches the bound its exact flow holds, where its rate jumps (the θ model's θ = 0,
// below which renewal stops): the step ends there, so that no step integrates across the jump, which
// would cost the tolerance's accuracy (the switch times of a θ run then converge only to ~1e-6). The
// instant is located on fresh steps from t_, not on an interpolant that straddles the jump. Unless v
// changes sign first (then stop() ends the step).
template <class Rate>
bool SlipStickLoop::stopAtBound(Integrator running, const Rate& rate, const Trial& trial, double step) {
  for (std::size_t i = 0; i < law_.stateSize(); ++i) {
    const std::size_t k = kS0 + i;
    const double bound = y_[k] > lower_[i] && trial.y[k] < lower_[i]   ? lower_[i]
                         : y_[k] < upper_[i] && trial.y[k] > upper_[i] ? upper_[i]
                                                                       : NAN;
    if (std::isnan(bound)) continue;
    auto beyond = [&](double dh) { return exactStep(running, rate, dh).y[k] - bound; };
    const double hit = findCrossing(beyond, 0.0, y_[k] - bound, step, trial.y[k] - bound, kEventTolerance);
    Trial landed = exactStep(running, rate, hit);
    if (dir_ * landed.y[kV] <= 0) return false;  // the slip ended first
    locateExtrema(running, rate, landed, hit);
    landed.y[k] = bound;
    t_ += hit;
    y_ = projected(landed.y);
    emitRows(t_, landed, running);
    drive_.passChangesUpTo(t_);
    noteDrive(t_, block_.driveForce(t_, y_[kX], y_[kV]));
    radau_.restart();
    return true;
  }
  return false;
}

void SlipStickLoop::accept(const Trial& trial, Integrator running, double step, double limit, bool toGrid) {
  y_ = projected(trial.y);
  if (trueStick_ && dir_ * y_[kV] < 0) y_[kV] = 0;  // a start from rest that wobbled by rounding
  if (!trueStick_ && y_[kV] != 0) dir_ = y_[kV] > 0 ? 1.0 : -1.0;
  t_ = toGrid ? limit : t_ + step;
  result_.summary.peakVelocity = std::max(result_.summary.peakVelocity, std::fabs(y_[kV]));
  noteDrive(t_, block_.driveForce(t_, y_[kX], y_[kV]));
  emitRows(t_, trial, running);
  drive_.passChangesUpTo(t_);
  noteDrive(t_, block_.driveForce(t_, y_[kX], y_[kV]));  // after a change of v_d the dashpot's force jumps
  if (!adaptive_) return;
  h_ = trial.proposed;
  if (toGrid)
    h_ = std::max(h_, step);  // a short step to a row or a change says nothing about the next
  else
    changeMethod(running, step);
}

// After an attempted step of `running`: let `auto` judge the costs; a change of method resumes the
// new one at its own last step size.
void SlipStickLoop::changeMethod(Integrator running, double step) {
  if (!method_.note(step, t_, result_.summary.integratorSwitches)) return;
  stepOf_[running != Integrator::DormandPrince] = h_;
  const Integrator next = method_.running();
  if (stepOf_[next != Integrator::DormandPrince] > 0) h_ = stepOf_[next != Integrator::DormandPrince];
  radau_.restart();
}

// Every output row up to `upTo`: `stateAt` gives the state at a row before `upTo` (inside the last
// step Radau's polynomial, at rest the resting state); the row at `upTo` itself is the current state.
template <class StateAt>
void SlipStickLoop::emitRowsAt(double upTo, const StateAt& stateAt) {
  for (; nextRow_ < options_.samples && rowTime(nextRow_) <= upTo; ++nextRow_) {
    const double time = rowTime(nextRow_);
    record(time, time < upTo ? stateAt(time) : y_);
    if (options_.progress) options_.progress(time / sys_.duration);
  }
}

// After a step: rows inside it from its dense output (Radau's polynomial, Dormand–Prince's continuous
// extension, Rosenbrock's Hermite interpolant); a method without one has ended its step on the row.
void SlipStickLoop::emitRows(double upTo, const Trial& trial, Integrator running) {
  emitRowsAt(upTo, [&](double time) {
    if (running == Integrator::Radau) return trial.implicit.dense.at(time);
    return trial.explicitDense ? trial.explicitDense->at(time) : y_;
  });
}

void SlipStickLoop::record(double t, const State& unprojected) {
  const State y = projected(unprojected);
  Trace& trace = result_.trace;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double v = y[kV], Fd = block_.driveForce(t, y[kX], v), F = block_.friction(dir_, y).force;
  trace.t.push_back(t);
  trace.x.push_back(y[kX]);
  trace.v.push_back(v);
  trace.theta.push_back(nan);
  trace.friction.push_back(stuck_ ? Fd : F);
  trace.fk.push_back(std::fabs(F));
  for (std::size_t i = 0; i < trace.state.size(); ++i) trace.state[i].push_back(y[kS0 + i]);
  trace.spring.push_back(Fd);
  trace.vOverV0.push_back(v / sys_.v0);
  trace.fkOverFk0.push_back(nan);
  trace.staticLimit.push_back(law_.holdsAtRest() ? staticLimit(y) : result_.summary.staticLimit);
  trace.drivePosition.push_back(block_.drivePosition(t));
}

// Every kAdvanceCheckEvery steps: the progress hook hears where the run is (rows may be far apart when
// steps are tiny, and a caller's time budget or Cancel needs to be asked), and a run whose steps no
// longer move time on stops with the reason instead of spending its step budget standing still. Seen:
// rate-and-state's classic form re-sticking (F → −∞ as v → 0) on a 1 g block, where Radau's Newton
// iteration gives up and Rosenbrock then took 20 million steps (38 s) without moving time on.
void SlipStickLoop::checkAdvance() {
  if (options_.progress) options_.progress(t_ / sys_.duration);
  if (t_ - checkedAt_ < kLeastAdvance * sys_.duration)
    throw RunStopped(result_.trace, t_,
                     "The run stalled at t = " + formatNumber(t_) +
                         " s: " + formatNumber(double(kAdvanceCheckEvery)) + " steps moved it on by " +
                         approx(t_ - checkedAt_) +
                         " s; the state changes too abruptly to be "
                         "followed here (the law's force may diverge as v reaches 0).");
  checkedAt_ = t_;
  nextCheck_ = work_ + kAdvanceCheckEvery;
}

// An event, with a row of its own (at most as many event rows as output rows).
void SlipStickLoop::event(EventKind kind) {
  result_.summary.events.push_back({t_, kind});
  if (eventRows_++ < options_.samples) record(t_, y_);
}

// The last interval, the energy books (W = ΔKE + ΔPE + friction and dashpot dissipation, whose
// residual measures the integration error) and the shared analysis.
void SlipStickLoop::finish() {
  SpringBlockSummary& summary = result_.summary;
  (stuck_ ? summary.stickIntervals : summary.slipIntervals)
      .push_back({stuck_ ? stickStart_ : slipStart_, t_});
  const double e0 = -y0_[kX], e1 = drive_.position(t_) - y_[kX];
  const double kinetic = 0.5 * sys_.m * (y_[kV] * y_[kV] - y0_[kV] * y0_[kV]);
  const double spring = 0.5 * sys_.c * (e1 * e1 - e0 * e0);
  summary.driveWork = y_[kWork];
  summary.dissipated = y_[kFrictionLoss];
  summary.dashpotDissipated = y_[kDashpotLoss];
  const double imbalance = y_[kWork] - kinetic - spring - y_[kFrictionLoss] - y_[kDashpotLoss];
  summary.energyResidual = std::fabs(imbalance) / std::max(std::fabs(y_[kWork]), 1e-300);
  if (!trueStick_) nearRestIntervals(result_, sys_);
  finishAnalysis(result_, sys_);
}

}  // namespace

Integrator stiffMethod(const LawEvaluator& law) {
  return law.holdsAtRest() ? Integrator::Rosenbrock : Integrator::Radau;
}

SpringBlockResult runSlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys,
                                   const SpringBlockOptions& options, Integrator integrator, bool automatic,
                                   double stiffnessRate) {
  return SlipStickLoop(law, sys, options, integrator, automatic, stiffnessRate).run();
}

}  // namespace friction
