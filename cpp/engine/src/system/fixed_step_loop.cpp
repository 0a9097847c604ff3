// The one fixed-step loop (fixed_step_loop.h) and its two schemes.

#include "system/fixed_step_loop.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "friction/constants.h"
#include "friction/errors.h"
#include "laws/abbott_theta.h"
#include "system/recorder.h"
#include "system/slip_equations.h"
#include "system/static_limit.h"
#include "system/work_budget.h"

namespace friction {
namespace {

// What a scheme decides in one step from the state at its start: the friction F in m v' = Fd − F
// (resisting the slip), the trace's kinetic column for that instant, and whether the contact holds
// (stick) in the step. The trace's friction column comes from the scheme's rowFriction(), asked only
// at the steps that write a row.
struct StepForce {
  double resisting = 0, rowKinetic = 0;
  bool holds = false;
};

// The seed's scheme: F(v) with the law's static value at v = 0; after the update v is clamped at 0.
// At rest with the update clamping v back to 0 (v + (Fd − F)·h/m ≤ 0, the update's own arithmetic)
// the block is held: the friction on it is the drive force, not F(0).
template <class Force>
struct SeedScheme {
  Force friction;  // F(v) = law.forceMagnitude(v, Fn), bound once for the run
  const SpringBlockSystem& sys;
  double h;

  double startVelocity(double v0Block) const { return std::max(0.0, v0Block); }
  bool holdsAtStart(double v) const { return v == 0; }
  StepForce force(double v, double) const {
    const double F = friction(v);
    return {F, F, false};
  }
  double rowFriction(const StepForce& force, double v, double Fd) const {
    const bool held = v == 0 && v + (Fd - force.resisting) * (h / sys.m) <= 0;
    return held ? Fd : force.resisting;
  }
  double afterUpdate(double v) const { return v < 0 ? 0 : v; }
  // v starts at max(0, v0) and every update clamps it at 0 (from finite values it never reaches −0),
  // so it never changes sign: the loop skips the test for reversals.
  static constexpr bool kReverses = false;
  bool holdsAfter(const StepForce&, double vNext) const { return vNext == 0; }
  void commit() {}
  static constexpr double kCost = stepCost::kSeedScheme;
};

// A law stepped once per step, F = law.step(state, v, dt = h) (the force on the body, so −F resists),
// holding while the force stays inside the friction cone |F| < μ|Fn| (with a relative margin for the
// cap's rounding). Its memory advances only when the step is taken.
struct SteppedLawScheme {
  const LawEvaluator& law;
  const SpringBlockSystem& sys;
  double h;
  LawState state{}, pending{};

  double startVelocity(double v0Block) const { return v0Block; }
  bool holdsAtStart(double) const { return true; }
  StepForce force(double v, double) {
    LawInputs in;
    in.v = v;
    in.vt = {v, 0, 0};
    in.N = in.Fn = sys.Fn;
    in.dt = h;
    const LawStep step = law.step(state, in);
    pending = step.state;
    const double resisting = -step.force[0];
    return {resisting, std::fabs(resisting), step.magnitude < step.mu * std::fabs(sys.Fn) * (1 - 1e-12)};
  }
  double rowFriction(const StepForce& force, double, double) const { return force.resisting; }
  double afterUpdate(double v) const { return v; }
  static constexpr bool kReverses = true;
  bool holdsAfter(const StepForce& force, double) const { return force.holds; }
  void commit() { state = pending; }
  static constexpr double kCost = stepCost::kSteppedLaw;
};

// What the loop carries from step to step: the block's state, the energy books and the phase. It lives
// in a local of run(), apart from the result, whose growing vectors' addresses escape to the allocator:
// so the compiler need not write it back to memory around every call (the law's force, a push_back).
struct LoopState {
  double x = 0, v = 0;                                 // [m], [m/s]
  double work = 0, frictionLoss = 0, dashpotLoss = 0;  // [J]
  double peakVelocity = 0, phaseStart = 0;             // [m/s], [s]
  double lastChange = 0;                               // v's last change of direction: −1, 0 or +1
  bool moved = false;                                  // v has been non-zero (the watch knows it)
  // The drive force's extremes, over the run and from the cycle's window on (Summary::noteDriveForce's,
  // kept here and written back at the end).
  double driveForceMin = NAN, driveForceMax = NAN, cycleMin = NAN, cycleMax = NAN;
  long long steps = 0;
  bool holding = false;

  void noteDriveForce(double t, double Fd, double cycleFrom) {
    if (!(Fd >= driveForceMin)) driveForceMin = Fd;
    if (!(Fd <= driveForceMax)) driveForceMax = Fd;
    if (t < cycleFrom) return;
    if (!(Fd >= cycleMin)) cycleMin = Fd;
    if (!(Fd <= cycleMax)) cycleMax = Fd;
  }
};

// The values at one step's start, kept for the rows that fall inside the next step (the row's friction
// is the scheme's, from the step's force, worked out only for the rows written).
struct StepRow {
  double t = 0, x = 0, v = 0, Fd = 0;
  StepForce force;
};

// What makes a fixed-step run costly, and what to change, for its budget's stop.
struct FixedStepCost {
  std::string cause, change;
};

// The loop: the drive force's extremes, the energy books, the stick and slip phases by the scheme's
// holding, reversals located linearly; the rows on the output grid, linear between the steps (the
// schemes are first order), and the facts for the analysis from every step, so that neither depends on
// the rows asked for. A step's common path calls nothing but the law: every other call would make the
// compiler store the loop's state around it (the seed's scheme steps in ~15 ns).
template <class Scheme>
class FixedStepLoop {
 public:
  FixedStepLoop(const SpringBlockSystem& sys, const RunSettings& options, const Drive& drive, double h,
                long long steps, Scheme& scheme, Summary&& summary, FixedStepCost cost)
      : sys_(sys),
        options_(options),
        h_(h),
        steps_(steps),
        scheme_(scheme),
        summary_(std::move(summary)),
        recorder_(outputGrid(options.samples, sys.duration, false, {0}), 0, true, sys.speedScale(),
                  options.progress),
        watch_(drive, false),
        budget_(sys.duration, options.workBudget),
        cost_(std::move(cost)) {}

  LoopRun run() {
    LoopState s;
    s.x = options_.x0;
    s.v = scheme_.startVelocity(options_.v0Block);
    s.holding = scheme_.holdsAtStart(s.v);
    s.peakVelocity = std::fabs(s.v);
    const double cycleFrom = 0.75 * sys_.duration;
    // The system's values and the next row's time as locals, which the compiler keeps in registers
    // (read through sys_ and the recorder they would be loaded again at every step).
    const System k{sys_.c, sys_.v0, sys_.eta, sys_.m};
    // Every step is h, the last one what is left of the duration (from t = (N − 1)·h, as t is counted
    // below), each with its h/m worked out here: in the loop its division would run at every step.
    const double lastH = sys_.duration - static_cast<double>(steps_ - 1) * h_;
    const double hOverM = h_ / k.m, lastHOverM = lastH / k.m;
    const WatchLimits limits{watch_.windowStart(), watch_.reference()};
    // The scheme as a local too: its bound law and step in registers, not read through a reference.
    Scheme scheme = scheme_;
    double nextRow = recorder_.nextTime();
    long long nextBudgetCheck = kBudgetStride;
    double t = 0;
    for (long long n = 0; n <= steps_; ++n) {
      const double Fd = k.c * (k.v0 * t - s.x) + k.eta * (k.v0 - s.v);
      const StepForce force = scheme.force(s.v, Fd);
      if (t >= nextRow) nextRow = writeRows({t, s.x, s.v, Fd, force}, stepStart_);
      s.noteDriveForce(t, Fd, cycleFrom);
      if (n == steps_) break;
      const bool last = n + 1 == steps_;
      const double tNext = last ? sys_.duration : static_cast<double>(n + 1) * h_;
      // The step's start, kept only where a row falls inside the step (a few hundred of 10⁵ steps).
      if (tNext >= nextRow) stepStart_ = {t, s.x, s.v, Fd, force};
      step(scheme, k, limits, t, last ? lastH : h_, last ? lastHOverM : hOverM, Fd, force, s);
      if (n + 1 == nextBudgetCheck) nextBudgetCheck = spendBudget(n + 1);
      t = tNext;
    }
    summary_.steps += s.steps;
    summary_.peakVelocity = s.peakVelocity;
    summary_.driveForceMin = s.driveForceMin;
    summary_.driveForceMax = s.driveForceMax;
    summary_.cycleDriveForceMin = s.cycleMin;
    summary_.cycleDriveForceMax = s.cycleMax;
    (s.holding ? summary_.stickIntervals : summary_.slipIntervals).push_back({s.phaseStart, sys_.duration});
    return finish(s);
  }

 private:
  // The system's values a step reads.
  struct System {
    double c, v0, eta, m;
  };
  // What the watch's common step depends on (its window's start, its reference speed).
  struct WatchLimits {
    double windowStart, reference;
  };

  // The rows up to `now`'s time, each between the last step's start and this one's (out of the loop's
  // line: it runs at the output rows only); returns the next row's time.
  double writeRows(const StepRow& now, const StepRow& before) {
    recorder_.writeUpTo(now.t, [&](double at) { return rowBetween(before, now, at); });
    return recorder_.nextTime();
  }

  // The row at `at` between two steps' starts (at `now` exactly where it falls there).
  TraceRow rowBetween(const StepRow& a, const StepRow& b, double at) const {
    const double w = at >= b.t || !(b.t > a.t) ? 1.0 : (at - a.t) / (b.t - a.t);
    auto lerp = [w](double p, double q) { return w == 1.0 ? q : p + w * (q - p); };
    TraceRow row;
    row.t = at;
    row.x = lerp(a.x, b.x);
    row.v = lerp(a.v, b.v);
    row.spring = lerp(a.Fd, b.Fd);
    row.friction = lerp(scheme_.rowFriction(a.force, a.v, a.Fd), scheme_.rowFriction(b.force, b.v, b.Fd));
    row.kinetic = lerp(a.force.rowKinetic, b.force.rowKinetic);
    row.staticLimit = summary_.staticLimit;
    row.drivePosition = sys_.v0 * at;
    return row;
  }

  // v ← v + (Fd − F)·h/m, x ← x + h v, with the energy integrals, the scheme's own rule on v after
  // the update, and the phase the step leaves the contact in.
  // The update multiplies by h/m [s/kg], worked out once for the run's step: a division there would
  // lengthen the chain of dependent operations (x → Fd → v → x) that sets the loop's pace.
  void step(Scheme& scheme, const System& k, const WatchLimits& limits, double t, double h, double hOverM,
            double Fd, const StepForce& force, LoopState& s) {
    s.work += Fd * k.v0 * h;
    s.frictionLoss += force.resisting * s.v * h;
    // Without a dashpot every term is ±0 and the sum stays +0 exactly: skipped.
    if (k.eta != 0) s.dashpotLoss += k.eta * (k.v0 - s.v) * (k.v0 - s.v) * h;
    double vNext = s.v + (Fd - force.resisting) * hOverM;
    const double xBefore = s.x;
    s.x += h * vNext;
    // With h > 0 and x finite before the update, x + h·vNext is finite only if vNext is: one test.
    if (!std::isfinite(s.x)) stopNonFinite(t);
    const double vBefore = s.v;
    s.v = scheme.afterUpdate(vNext);
    if (Scheme::kReverses && vBefore != 0 && s.v != 0 && (s.v > 0) != (vBefore > 0)) {
      const double at = t + h * vBefore / (vBefore - s.v);
      summary_.events.push_back(
          {at, EventKind::Reversal, driveForce(at, xBefore + (s.x - xBefore) * (at - t) / h, 0)});
    }
    watchStep(limits, t, h, xBefore, vBefore, s);
    const bool holdsNow = scheme.holdsAfter(force, s.v);
    scheme.commit();
    ++s.steps;
    s.peakVelocity = std::max(s.peakVelocity, std::fabs(s.v));
    if (holdsNow != s.holding) {
      endPhase(s.phaseStart, t + h, s.holding, driveForce(t + h, s.x, s.v));
      s.holding = holdsNow;
      s.phaseStart = t + h;
    }
  }

  // The step as the watch sees it: linear between its ends, v's extremum where it turns. Most steps
  // only note v (noteRoutine, inline): those after the first motion that cross neither the reference
  // speed nor the window's start (`limits`: both, as locals); the others go to the watch itself.
  void watchStep(const WatchLimits& limits, double t, double h, double xBefore, double vBefore,
                 LoopState& s) {
    const double direction = s.v > vBefore ? 1.0 : s.v < vBefore ? -1.0 : 0.0;
    if (direction != 0 && s.lastChange != 0 && direction != s.lastChange)
      watch_.extremum(t, vBefore, s.lastChange > 0);
    if (direction != 0) s.lastChange = direction;
    const double t1 = t + h;
    const bool routine = s.moved && !(t < limits.windowStart && limits.windowStart <= t1) &&
                         !(vBefore < limits.reference && limits.reference <= s.v);
    if (routine) return watch_.noteRoutine(t1, s.v);
    s.moved = s.moved || vBefore != 0 || s.v != 0;
    stretchOf(t, h, xBefore, vBefore, s.x, s.v);
  }

  // A step the watch locates something in, linear between its ends (values, not the loop's state, whose
  // address would then escape and keep it out of registers).
  void stretchOf(double t, double h, double xBefore, double vBefore, double x1, double v1) {
    const double t1 = t + h;
    auto velocityAt = [&](double at) { return vBefore + (v1 - vBefore) * (at - t) / h; };
    auto positionAt = [&](double at) { return xBefore + (x1 - xBefore) * (at - t) / h; };
    auto forceAt = [&](double at) { return driveForce(at, positionAt(at), velocityAt(at)); };
    watch_.stretch(t, vBefore, t1, v1, velocityAt, positionAt, forceAt);
  }

  // Every kBudgetStride steps the budget hears of their work (per step it would cost the seed's scheme
  // a tenth of its time); the pace of a fixed step is exact, so the run stops as soon as the budget
  // knows it cannot carry the duration. Returns the step count of the next check.
  long long spendBudget(long long done) {
    budget_.spend(kBudgetStride * Scheme::kCost);
    const double t = static_cast<double>(done) * h_;
    if (budget_.due() && budget_.mustStop(t, 1))
      throw RunStopped(recorder_.trace(), t, budgetMessage(budget_.overrun(t), cost_.cause, cost_.change));
    return done + kBudgetStride;
  }

  [[noreturn]] void stopNonFinite(double t) const {
    throw RunStopped(recorder_.trace(), t,
                     "The state became non-finite at t = " + formatNumber(t) +
                         " s: the law's force outgrew the step of " + formatNumber(h_) + " s.");
  }

  // The phase from `start` to `end` goes into the summary's intervals, with the event that ends it.
  void endPhase(double start, double end, bool held, double Fd) {
    (held ? summary_.stickIntervals : summary_.slipIntervals).push_back({start, end});
    summary_.events.push_back({end, held ? EventKind::BreakAway : EventKind::Stick, Fd});
  }

  // Fd = c (v0 t − x) + η (v0 − v)
  double driveForce(double t, double x, double v) const {
    return sys_.c * (sys_.v0 * t - x) + sys_.eta * (sys_.v0 - v);
  }

  // The energy books, whose residual |W − ΔE_kin − ΔE_spring − losses| / |W| measures the scheme's
  // error (first order), and the facts. With the drive at rest (W = 0) the residual is relative to the
  // energy the block started with, ½ m v(0)² + ½ c x0².
  LoopRun finish(LoopState s) {
    const double e0 = -options_.x0, e1 = sys_.v0 * sys_.duration - s.x,
                 v0Block = scheme_.startVelocity(options_.v0Block);
    const double imbalance = s.work - 0.5 * sys_.m * (s.v * s.v - v0Block * v0Block) -
                             0.5 * sys_.c * (e1 * e1 - e0 * e0) - s.frictionLoss - s.dashpotLoss;
    summary_.driveWork = s.work;
    summary_.dissipated = s.frictionLoss;
    summary_.dashpotDissipated = s.dashpotLoss;
    const double started = 0.5 * sys_.m * v0Block * v0Block + 0.5 * sys_.c * e0 * e0;
    summary_.energyResidual = std::fabs(imbalance) / energyScale(s.work, started);
    LoopRun out;
    out.facts = watch_.finish(s.x, s.v, summary_.stickIntervals, summary_.slipIntervals, summary_.events);
    out.result.summary = std::move(summary_);
    out.result.trace = recorder_.take();
    return out;
  }

  const SpringBlockSystem& sys_;
  const RunSettings& options_;
  const double h_;
  const long long steps_;
  Scheme& scheme_;
  Summary summary_;
  Recorder recorder_;
  MotionWatch watch_;
  WorkBudget budget_;
  FixedStepCost cost_;
  // The start of the step a row falls in: a member, not a local, so that it takes no registers from
  // the step's own values (V8's allocator then spilled x and v in the chain that paces the loop).
  StepRow stepStart_;
  static constexpr long long kBudgetStride = 4096;
};

// The seed's law (abbott-theta) at its steady θ, bound to its parameters and the normal force: the
// same arithmetic as its SlidingForce (abbottMu(·, v, −1)·N), inline in the loop.
struct AbbottThetaForce {
  AbbottThetaParams params;
  double N;
  double operator()(double v) const { return abbottMu(params, v, -1) * N; }
};

}  // namespace

LoopRun runSeedScheme(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                      const Drive& drive) {
  constexpr double dt = 0.001;  // [s] the seed's step
  Summary summary;
  setStaticLimit(summary, law, sys, law.forceMagnitude(0, sys.Fn));  // the clamp holds up to F(0)
  summary.integrator = Integrator::SeedEuler;
  warnIfUnstable(summary, law, sys, Integrator::SeedEuler, dt);
  const long long steps = static_cast<long long>(std::ceil(sys.duration / dt));
  const FixedStepCost cost{"The seed's scheme steps 1 ms at a time: " + formatSignificant(double(steps), 3) +
                               " steps over " + formatSignificant(sys.duration, 6) + " s.",
                           "choose an adaptive integrator ('auto'), whose steps follow the motion."};
  // The seed's own law runs inline (its step of ~15 ns is the seed app's loop's); any other through its
  // bound rule.
  if (law.spec().spec.id == "abbott-theta" && std::isfinite(sys.Fn)) {
    SeedScheme<AbbottThetaForce> scheme{{abbottThetaParams(law.resolved()), sys.Fn}, sys, dt};
    return FixedStepLoop<SeedScheme<AbbottThetaForce>>(sys, options, drive, dt, steps, scheme,
                                                       std::move(summary), cost)
        .run();
  }
  SeedScheme<SlidingForce> scheme{law.slidingForce(sys.Fn), sys, dt};
  return FixedStepLoop<SeedScheme<SlidingForce>>(sys, options, drive, dt, steps, scheme, std::move(summary),
                                                 cost)
      .run();
}

// The step resolves the system's spring and the law's penalty spring K (1/200 of the period of
// √((c + K)/m)) and its damping (h ≤ 0.2 m/(η + dF/dv)), and divides the run exactly: it depends on the
// system and the law, not on the output rows.
LoopRun runSteppedLaw(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                      const Drive& drive) {
  const double omega = std::sqrt((sys.c + law.contactStiffness()) / sys.m);
  const double relaxation = (sys.eta + steepestSlope(law, sys.Fn, sys.speedScale()).value) / sys.m;
  double hMax = options.step > 0 ? options.step : 2 * kPi / omega / 200;
  if (options.step <= 0 && relaxation > 0) hMax = std::min(hMax, 0.2 / relaxation);
  const double totalSteps = std::ceil(sys.duration / hMax);
  const double h = sys.duration / totalSteps;
  Summary summary;
  // The contact holds inside the friction cone: at rest its radius is μ(0)·|Fn|.
  LawInputs atRest;
  atRest.N = atRest.Fn = sys.Fn;
  summary.staticLimit = law.coefficient(atRest) * std::fabs(sys.Fn);
  summary.staticLimitKind = StaticLimitKind::Stick;
  summary.integrator = Integrator::SemiImplicitEuler;
  warnIfUnstable(summary, law, sys, Integrator::SemiImplicitEuler, h);
  if (h * omega > 2)
    summary.warnings.push_back("The fixed step of " + approx(h) + " s is beyond the stability limit " +
                               approx(2 / omega) +
                               " s of the spring and the law's penalty stiffness together.");
  SteppedLawScheme scheme{law, sys, h};
  const FixedStepCost cost{"This law carries its force from step to step, and its step of " + approx(h) +
                               " s resolves the spring with the law's contact stiffness (" +
                               approx(law.contactStiffness()) +
                               " N/m) and its damping: " + formatSignificant(totalSteps, 3) + " steps over " +
                               formatSignificant(sys.duration, 6) + " s.",
                           "make the contact softer or the block heavier (a longer step)."};
  return FixedStepLoop<SteppedLawScheme>(sys, options, drive, h, static_cast<long long>(totalSteps), scheme,
                                         std::move(summary), cost)
      .run();
}

}  // namespace friction
