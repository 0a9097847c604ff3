// What a run's loop locates for the analysis (motion_watch.h).

#include "system/motion_watch.h"

#include <algorithm>
#include <utility>

namespace friction {

// The analysis's windows, after the drive's last change (a hold the protocol imposes is not
// stick-slip, and a settled velocity step is sliding at its new speed): the regime over the last
// quarter, the oscillation's peaks after the first fifth. A near-rest span is |v| ≤ 1 % of the
// reference speed.
MotionWatch::MotionWatch(const Drive& drive, bool nearRest) {
  const double end = drive.duration(), from = drive.lastChange();
  facts_.reference = drive.referenceSpeed();
  facts_.judgedFrom = from;
  facts_.windowStart = from + 0.75 * (end - from);
  facts_.peaksFrom = from + 0.2 * (end - from);
  facts_.end = end;
  facts_.nearRestThreshold = nearRest ? 1e-2 * facts_.reference : 0.0;
}

void MotionWatch::stretch(double t0, double v0, double t1, double v1, FunctionRef<double(double)> velocityAt,
                          FunctionRef<double(double)> positionAt, FunctionRef<double(double)> forceAt) {
  if (!(t1 > t0)) return;
  if (v0 != 0 || v1 != 0) facts_.moved = true;
  if (t0 < facts_.windowStart && facts_.windowStart <= t1)
    markWindowStart(velocityAt(facts_.windowStart), positionAt(facts_.windowStart));
  if (t1 >= facts_.windowStart) noteWindowVelocity(v1);
  if (v0 < facts_.reference && facts_.reference <= v1)
    facts_.referenceCrossings.push_back(locate(velocityAt, facts_.reference, t0, v0, t1, v1));
  if (facts_.nearRestThreshold > 0) watchNearRest(t0, v0, t1, v1, velocityAt, forceAt);
}

double MotionWatch::locate(FunctionRef<double(double)> velocityAt, double level, double t0, double v0,
                           double t1, double v1) {
  if (v1 == level) return t1;
  auto g = [&](double t) {
    ++evaluations_;
    return velocityAt(t) - level;
  };
  return findCrossing(g, t0, v0 - level, t1, v1 - level, kEventTolerance);
}

void MotionWatch::watchNearRest(double t0, double v0, double t1, double v1,
                                FunctionRef<double(double)> velocityAt, FunctionRef<double(double)> forceAt) {
  const double threshold = facts_.nearRestThreshold;
  double crossings[2];
  int count = 0;
  for (const double level : {threshold, -threshold})
    if ((v0 - level) * (v1 - level) < 0 || (v1 == level && v0 != level))
      crossings[count++] = locate(velocityAt, level, t0, v0, t1, v1);
  if (count == 2 && crossings[1] < crossings[0]) std::swap(crossings[0], crossings[1]);
  for (int i = 0; i < count; ++i) toggleRest(crossings[i], forceAt(crossings[i]));
}

MotionFacts MotionWatch::finish(double x, double v, std::vector<Interval>& stick, std::vector<Interval>& slip,
                                std::vector<SpringBlockEvent>& events) {
  facts_.xAtEnd = x;
  if (v != 0) facts_.moved = true;
  if (std::isnan(facts_.xAtWindowStart)) markWindowStart(v, x);  // a window of no length
  noteWindowVelocity(v);
  if (facts_.nearRestThreshold > 0) {
    (resting_ ? stick_ : slip_).push_back({spanStart_, facts_.end});
    stick = std::move(stick_);
    slip = std::move(slip_);
    // Both in time order: merged, the loop's first at equal times.
    std::vector<SpringBlockEvent> merged(events.size() + events_.size());
    std::merge(events.begin(), events.end(), events_.begin(), events_.end(), merged.begin(),
               [](const SpringBlockEvent& a, const SpringBlockEvent& b) { return a.t < b.t; });
    events = std::move(merged);
  }
  return facts_;
}

}  // namespace friction
