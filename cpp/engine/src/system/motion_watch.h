#pragma once
// What a run's loop locates on its solution for the analysis, whatever rows were asked for: the
// block's velocity extrema, its crossings of the reference speed, its near-rest spans (a law without
// a true stick state), its velocity range and position at the regime's window, and the drive force's
// extremes. Each loop hands it the solution stretch by stretch (each stretch monotone in v, with the
// dense solution to evaluate inside it), the extrema it located, and its true stick phases; the
// crossings are located here on the dense solution to kEventTolerance. The analysis
// (analysis/run_analysis.h) reads only these facts, never the output rows, so a summary does not
// depend on how many rows were asked for.

#include <cmath>
#include <limits>
#include <vector>

#include "friction/simulate.h"
#include "numerics/function_ref.h"
#include "numerics/rk4.h"
#include "system/drive.h"

namespace friction {

/// A time and a value there.
struct TimeValue {
  double t = 0, value = 0;
};

/// A located extremum of the block's velocity.
struct VelocityExtremum {
  double t = 0, v = 0;
  bool maximum = false;
};

/// The facts of a finished run (MotionWatch::facts()).
struct MotionFacts {
  double reference = 0;    ///< the speed the analysis refers to (Drive::referenceSpeed) [m/s]
  double judgedFrom = 0;   ///< the drive's last change: the regime is judged after it [s]
  double windowStart = 0;  ///< the regime's window: the last quarter after judgedFrom [s]
  double peaksFrom = 0;    ///< oscillation peaks count after the first fifth after judgedFrom [s]
  double end = 0;          ///< the run's end [s]
  bool moved = false;      ///< the block moved at some time
  double xAtWindowStart = NAN, xAtEnd = NAN;                 ///< [m]
  double vMinInWindow = HUGE_VAL, vMaxInWindow = -HUGE_VAL;  ///< [m/s]
  std::vector<VelocityExtremum> extrema;                     ///< after peaksFrom
  std::vector<double> referenceCrossings;                    ///< upward crossings of the reference speed [s]
  double nearRestThreshold = 0;              ///< 1 % of the reference for a law without a true stick, else 0
  std::vector<TimeValue> frictionAtChanges;  ///< the friction force at each drive change (and at 0) [N]
  std::vector<TimeValue> frictionMaxima;     ///< located maxima of the friction force [N]
};

/// Events are located to this [s] (shared by every loop).
inline constexpr double kEventTolerance = 1e-12;

class MotionWatch {
 public:
  /// `nearRest`: whether the law has no true stick state (its stick is near rest, |v| ≤ 1 % of the
  /// reference speed, located here).
  MotionWatch(const Drive& drive, bool nearRest);

  double windowStart() const { return facts_.windowStart; }

  /// The solution from t0 to t1, monotone in v there: v at the ends, `velocityAt(t)`, `positionAt(t)`
  /// and the drive force `forceAt(t)` inside. Locates the near-rest and reference crossings in it.
  void stretch(double t0, double v0, double t1, double v1, FunctionRef<double(double)> velocityAt,
               FunctionRef<double(double)> positionAt, FunctionRef<double(double)> forceAt);

  /// The speed whose upward crossings the watch locates (the drive's reference) [m/s].
  double reference() const { return facts_.reference; }
  /// What stretch() does with a stretch that neither crosses the reference speed nor the window's start
  /// and is no first motion, for a watch without near-rest spans: note v1 if the window has begun. Inline,
  /// so that the fixed-step loop's every step need not call out (fixed_step_loop.cpp).
  void noteRoutine(double t1, double v1) {
    if (t1 >= facts_.windowStart) noteWindowVelocity(v1);
  }

  /// A true stick phase from t0 to t1 at position x (v = 0 throughout).
  void rest(double t0, double t1, double x) {
    if (!(t1 > t0)) return;
    if (t0 < facts_.windowStart && facts_.windowStart <= t1) markWindowStart(0, x);
    if (t1 >= facts_.windowStart) noteWindowVelocity(0);
  }

  /// A located extremum of v.
  void extremum(double t, double v, bool maximum) {
    if (t >= facts_.windowStart) noteWindowVelocity(v);
    if (t >= facts_.peaksFrom) facts_.extrema.push_back({t, v, maximum});
  }

  /// The friction force at a change of the drive, and a located maximum of it.
  void frictionAtChange(double t, double F) { facts_.frictionAtChanges.push_back({t, F}); }
  void frictionMaximum(double t, double F) { facts_.frictionMaxima.push_back({t, F}); }

  /// How many times the watch has evaluated a loop's dense solution to locate a crossing (the loop's
  /// work budget counts them).
  long long evaluations() const { return evaluations_; }

  /// Ends the watch at the run's end (position x, velocity v): the last near-rest span, and the facts.
  MotionFacts finish(double x, double v, std::vector<Interval>& stick, std::vector<Interval>& slip,
                     std::vector<SpringBlockEvent>& events);

 private:
  void markWindowStart(double v, double x) {
    facts_.xAtWindowStart = x;
    noteWindowVelocity(v);
  }
  void noteWindowVelocity(double v) {
    if (v < facts_.vMinInWindow) facts_.vMinInWindow = v;
    if (v > facts_.vMaxInWindow) facts_.vMaxInWindow = v;
  }

  // Where v = level between (t0, v0) and (t1, v1), v0 and v1 on either side of it.
  double locate(FunctionRef<double(double)> velocityAt, double level, double t0, double v0, double t1,
                double v1);
  // |v| crosses the threshold at ±threshold, at most once each in a monotone stretch, in time order.
  void watchNearRest(double t0, double v0, double t1, double v1, FunctionRef<double(double)> velocityAt,
                     FunctionRef<double(double)> forceAt);

  void toggleRest(double t, double driveForce) {
    (resting_ ? stick_ : slip_).push_back({spanStart_, t});
    events_.push_back({t, resting_ ? EventKind::BreakAway : EventKind::Stick, driveForce});
    resting_ = !resting_;
    spanStart_ = t;
  }

  MotionFacts facts_;
  // Near-rest spans (a law without a true stick state).
  bool resting_ = false;
  double spanStart_ = 0;
  std::vector<Interval> stick_, slip_;
  std::vector<SpringBlockEvent> events_;
  long long evaluations_ = 0;

 public:
  /// Starts the near-rest spans at the run's start, resting or not.
  void startAt(double v) {
    resting_ = std::fabs(v) <= facts_.nearRestThreshold && facts_.nearRestThreshold > 0;
  }
};

/// What a run's loop returns: its result so far (trace, events, intervals, energy books) and the facts
/// the analysis reads.
struct LoopRun {
  SimulationResult result;
  MotionFacts facts;
};

}  // namespace friction
